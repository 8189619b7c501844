// RUN: sched-opt %s --sched-strip-binary-timings | FileCheck %s

// Compile-time measurements leave gpu.object properties; everything else
// stays.
// CHECK: gpu.binary @k [#gpu.object<#nvvm.target, properties = {O = 2 : i32}, "ptx">]
// CHECK: gpu.binary @plain [#gpu.object<#nvvm.target, "ptx">]
module attributes {gpu.container_module} {
  gpu.binary @k [#gpu.object<#nvvm.target, properties = {LLVMIRToISATimeInMs = 8 : i64, O = 2 : i32, ISAToBinaryTimeInMs = 3 : i64}, "ptx">]
  gpu.binary @plain [#gpu.object<#nvvm.target, "ptx">]
}
