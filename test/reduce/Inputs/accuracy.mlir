func.func @sum32(%x: tensor<?xf32>) -> tensor<f32> {
  %r = "tir.reduce_sum"(%x) {dims = array<i64: 0>} : (tensor<?xf32>) -> tensor<f32>
  return %r : tensor<f32>
}
func.func @sum64(%x: tensor<?xf64>) -> tensor<f64> {
  %r = "tir.reduce_sum"(%x) {dims = array<i64: 0>} : (tensor<?xf64>) -> tensor<f64>
  return %r : tensor<f64>
}
func.func @cols32(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %r = "tir.reduce_sum"(%x) {dims = array<i64: 0>} : (tensor<?x?xf32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}
func.func @cols64(%x: tensor<?x?xf64>) -> tensor<?xf64> {
  %r = "tir.reduce_sum"(%x) {dims = array<i64: 0>} : (tensor<?x?xf64>) -> tensor<?xf64>
  return %r : tensor<?xf64>
}
func.func @mean16(%x: tensor<?x?xf16>) -> tensor<?xf16> {
  %r = "tir.reduce_mean"(%x) {dims = array<i64: 1>} : (tensor<?x?xf16>) -> tensor<?xf16>
  return %r : tensor<?xf16>
}
