// W16: row argmax (the first index of the maximum of each row), as i64.
func.func @w16(%x: tensor<16384x1000xf32>) -> tensor<16384xi64> {
  %r = tir.argmax %x {dims = array<i64: 1>} : (tensor<16384x1000xf32>) -> tensor<16384xi64>
  return %r : tensor<16384xi64>
}
