// RUN: sched-opt %s --sched-sanitize-kernel-names | FileCheck %s

// Kernels outlined from a function named like a PyTorch graph get names PTX
// accepts; launches follow, and a taken name gets a suffix.

// CHECK: gpu.module @llama_1b_kernel {
// CHECK:   gpu.func @llama_1b_kernel(
// CHECK: gpu.module @llama_1b_kernel_1 {
// CHECK:   gpu.func @_0_kernel(
// CHECK: gpu.module @ok_kernel {
// CHECK: func.func @"llama-1b"
// CHECK:   gpu.launch_func @llama_1b_kernel::@llama_1b_kernel
// CHECK:   gpu.launch_func @llama_1b_kernel_1::@_0_kernel
// CHECK:   gpu.launch_func @ok_kernel::@ok_kernel
module attributes {gpu.container_module} {
  gpu.module @"llama-1b_kernel" {
    gpu.func @"llama-1b_kernel"() kernel { gpu.return }
  }
  gpu.module @"llama.1b_kernel" {
    gpu.func @"0-kernel"() kernel { gpu.return }
  }
  gpu.module @ok_kernel {
    gpu.func @ok_kernel() kernel { gpu.return }
  }
  func.func @"llama-1b"() {
    %c1 = arith.constant 1 : index
    gpu.launch_func @"llama-1b_kernel"::@"llama-1b_kernel" blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    gpu.launch_func @"llama.1b_kernel"::@"0-kernel" blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    gpu.launch_func @ok_kernel::@ok_kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
}
