// sched-parse-fuzzer regression: costs near 2^63 that sched-fuse-compute
// summed with an overflow. The input's hash selects the pipeline options;
// this one runs sched-pipeline with fuse=1 (the last line sets the hash).
func.func @f(%x: tensor<1024xf32>) -> tensor<1xf32> {
  %t = sched.compute "exp" ins(%x : tensor<1024xf32>) cost <flops = 5000000000000000000> -> (tensor<1024xf32>)
  %s = sched.compute "sum" ins(%t : tensor<1024xf32>) cost <flops = 5000000000000000000> -> (tensor<1xf32>)
  return %s : tensor<1xf32>
}
// 0
