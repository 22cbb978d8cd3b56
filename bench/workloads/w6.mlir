// W6: softmax over the last axis, out = e / sum(e) with e = exp(x - max(x)).
// The max and the sum are reductions with keepdims, read back with stride
// 0 along the row; exp(x - max) has two users (the sum and the division)
// and is recomputed in each nest rather than written to a temporary.
func.func @w6(%x: tensor<16384x1000xf32>) -> tensor<16384x1000xf32> {
  %m = tir.reduce_max %x {dims = array<i64: 1>, keepdims} : (tensor<16384x1000xf32>) -> tensor<16384x1xf32>
  %d = tir.sub %x, %m : (tensor<16384x1000xf32>, tensor<16384x1xf32>) -> tensor<16384x1000xf32>
  %e = tir.exp %d : tensor<16384x1000xf32>
  %s = tir.reduce_sum %e {dims = array<i64: 1>, keepdims} : (tensor<16384x1000xf32>) -> tensor<16384x1xf32>
  %r = tir.div %e, %s : (tensor<16384x1000xf32>, tensor<16384x1xf32>) -> tensor<16384x1000xf32>
  return %r : tensor<16384x1000xf32>
}
