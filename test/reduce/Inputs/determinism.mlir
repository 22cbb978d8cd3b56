// Reductions whose bits must not depend on threads, alignment, layout or
// checks (test/reduce/determinism.test).
func.func @rows_f32(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %r = "tir.reduce_sum"(%x) {dims = array<i64: 1>} : (tensor<?x?xf32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}
func.func @cols_f32(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %r = "tir.reduce_sum"(%x) {dims = array<i64: 0>} : (tensor<?x?xf32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}
func.func @all_f32(%x: tensor<?x?xf32>) -> tensor<f32> {
  %r = "tir.reduce_sum"(%x) {dims = array<i64: 0, 1>} : (tensor<?x?xf32>) -> tensor<f32>
  return %r : tensor<f32>
}
func.func @rows_f64(%x: tensor<?x?xf64>) -> tensor<?xf64> {
  %r = "tir.reduce_sum"(%x) {dims = array<i64: 1>} : (tensor<?x?xf64>) -> tensor<?xf64>
  return %r : tensor<?xf64>
}
func.func @cols_f64(%x: tensor<?x?xf64>) -> tensor<?xf64> {
  %r = "tir.reduce_sum"(%x) {dims = array<i64: 0>} : (tensor<?x?xf64>) -> tensor<?xf64>
  return %r : tensor<?xf64>
}
func.func @all_f64(%x: tensor<?x?xf64>) -> tensor<f64> {
  %r = "tir.reduce_sum"(%x) {dims = array<i64: 0, 1>} : (tensor<?x?xf64>) -> tensor<f64>
  return %r : tensor<f64>
}
func.func @mean_f64(%x: tensor<?x?xf64>) -> tensor<?x1xf64> {
  %r = "tir.reduce_mean"(%x) {dims = array<i64: 1>, keepdims} : (tensor<?x?xf64>) -> tensor<?x1xf64>
  return %r : tensor<?x1xf64>
}
// The softmax denominator: exp(x - max) computed inside the sum's loop.
func.func @softmax_den(%x: tensor<?x?xf32>) -> tensor<?x1xf32> {
  %m = "tir.reduce_max"(%x) {dims = array<i64: 1>, keepdims} : (tensor<?x?xf32>) -> tensor<?x1xf32>
  %d = "tir.sub"(%x, %m) : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  %e = "tir.exp"(%d) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %s = "tir.reduce_sum"(%e) {dims = array<i64: 1>, keepdims} : (tensor<?x?xf32>) -> tensor<?x1xf32>
  return %s : tensor<?x1xf32>
}
func.func @prod_f32(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %r = "tir.reduce_prod"(%x) {dims = array<i64: 1>} : (tensor<?x?xf32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}
// Full reductions of a long vector: fixed blocks shared by the threads.
func.func @vec_f64(%x: tensor<?xf64>) -> tensor<f64> {
  %r = "tir.reduce_sum"(%x) {dims = array<i64: 0>} : (tensor<?xf64>) -> tensor<f64>
  return %r : tensor<f64>
}
func.func @vec_mean32(%x: tensor<?xf32>) -> tensor<f32> {
  %r = "tir.reduce_mean"(%x) {dims = array<i64: 0>} : (tensor<?xf32>) -> tensor<f32>
  return %r : tensor<f32>
}
func.func @vec_argmax(%x: tensor<?xf32>) -> tensor<i64> {
  %r = "tir.argmax"(%x) {dims = array<i64: 0>} : (tensor<?xf32>) -> tensor<i64>
  return %r : tensor<i64>
}
// Static twins of rows_f32, rows_f64 and softmax_den: their reductions'
// tails (517 = 32 x 16 + 5; 64 x 8 + 5) are unrolled with constant lanes
// and must give the bits of the dynamic functions' tail loops.
func.func @rows_f32s(%x: tensor<67x517xf32>) -> tensor<67xf32> {
  %r = "tir.reduce_sum"(%x) {dims = array<i64: 1>} : (tensor<67x517xf32>) -> tensor<67xf32>
  return %r : tensor<67xf32>
}
func.func @rows_f64s(%x: tensor<67x517xf64>) -> tensor<67xf64> {
  %r = "tir.reduce_sum"(%x) {dims = array<i64: 1>} : (tensor<67x517xf64>) -> tensor<67xf64>
  return %r : tensor<67xf64>
}
func.func @softmax_den_s(%x: tensor<67x517xf32>) -> tensor<67x1xf32> {
  %m = "tir.reduce_max"(%x) {dims = array<i64: 1>, keepdims} : (tensor<67x517xf32>) -> tensor<67x1xf32>
  %d = "tir.sub"(%x, %m) : (tensor<67x517xf32>, tensor<67x1xf32>) -> tensor<67x517xf32>
  %e = "tir.exp"(%d) : (tensor<67x517xf32>) -> tensor<67x517xf32>
  %s = "tir.reduce_sum"(%e) {dims = array<i64: 1>, keepdims} : (tensor<67x517xf32>) -> tensor<67x1xf32>
  return %s : tensor<67x1xf32>
}
