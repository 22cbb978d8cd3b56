// W9: column sums, the outer dimension reduced (a scratch row of f64
// accumulators, the input read in memory order).
func.func @w9(%x: tensor<8192x4096xf32>) -> tensor<4096xf32> {
  %s = tir.reduce_sum %x {dims = array<i64: 0>} : (tensor<8192x4096xf32>) -> tensor<4096xf32>
  return %s : tensor<4096xf32>
}
