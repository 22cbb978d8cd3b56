// W15: log-softmax over the last axis: (x - max) - log(sum(exp(x - max))).
func.func @w15(%x: tensor<16384x1000xf32>) -> tensor<16384x1000xf32> {
  %m = tir.reduce_max %x {dims = array<i64: 1>, keepdims} : (tensor<16384x1000xf32>) -> tensor<16384x1xf32>
  %d = tir.sub %x, %m : (tensor<16384x1000xf32>, tensor<16384x1xf32>) -> tensor<16384x1000xf32>
  %e = tir.exp %d : tensor<16384x1000xf32>
  %s = tir.reduce_sum %e {dims = array<i64: 1>, keepdims} : (tensor<16384x1000xf32>) -> tensor<16384x1xf32>
  %l = tir.log %s : tensor<16384x1xf32>
  %r = tir.sub %d, %l : (tensor<16384x1000xf32>, tensor<16384x1xf32>) -> tensor<16384x1000xf32>
  return %r : tensor<16384x1000xf32>
}
