// W8: the sum of 2^26 floats (accumulated in f64, in fixed blocks that the
// threads share).
func.func @w8(%x: tensor<67108864xf32>) -> tensor<f32> {
  %s = tir.reduce_sum %x {dims = array<i64: 0>} : (tensor<67108864xf32>) -> tensor<f32>
  return %s : tensor<f32>
}
