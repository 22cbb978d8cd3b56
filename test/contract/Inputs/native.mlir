// Contractions of every op and element type, run by native.test.py against
// NumPy: dynamic sizes (the small, packed and generic paths by size),
// broadcast batch dims (stride 0), rank-1 operands, a transposed operand in
// einsum's maps, zero points.
func.func @mm_f32(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = tir.matmul %a, %b : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
func.func @mm_f64(%a: tensor<?x?xf64>, %b: tensor<?x?xf64>) -> tensor<?x?xf64> {
  %0 = tir.matmul %a, %b : (tensor<?x?xf64>, tensor<?x?xf64>) -> tensor<?x?xf64>
  return %0 : tensor<?x?xf64>
}
func.func @bmm_f32(%a: tensor<?x1x?x?xf32>, %b: tensor<?x?x?xf32>) -> tensor<?x?x?x?xf32> {
  %0 = tir.matmul %a, %b : (tensor<?x1x?x?xf32>, tensor<?x?x?xf32>) -> tensor<?x?x?x?xf32>
  return %0 : tensor<?x?x?x?xf32>
}
func.func @bmm_f64(%a: tensor<?x?x?xf64>, %b: tensor<?x?xf64>) -> tensor<?x?x?xf64> {
  %0 = tir.matmul %a, %b : (tensor<?x?x?xf64>, tensor<?x?xf64>) -> tensor<?x?x?xf64>
  return %0 : tensor<?x?x?xf64>
}
func.func @mv_f32(%a: tensor<?x?xf32>, %v: tensor<?xf32>) -> tensor<?xf32> {
  %0 = tir.matmul %a, %v : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
func.func @vm_f64(%v: tensor<?xf64>, %a: tensor<?x?xf64>) -> tensor<?xf64> {
  %0 = tir.matmul %v, %a : (tensor<?xf64>, tensor<?x?xf64>) -> tensor<?xf64>
  return %0 : tensor<?xf64>
}
func.func @mm_f16(%a: tensor<?x?xf16>, %b: tensor<?x?xf16>) -> tensor<?x?xf16> {
  %0 = tir.matmul %a, %b : (tensor<?x?xf16>, tensor<?x?xf16>) -> tensor<?x?xf16>
  return %0 : tensor<?x?xf16>
}
func.func @mm_i32(%a: tensor<?x?xi32>, %b: tensor<?x?xi32>) -> tensor<?x?xi32> {
  %0 = tir.matmul %a, %b : (tensor<?x?xi32>, tensor<?x?xi32>) -> tensor<?x?xi32>
  return %0 : tensor<?x?xi32>
}
func.func @mm_ui8(%a: tensor<?x?xui8>, %b: tensor<?x?xui8>) -> tensor<?x?xui8> {
  %0 = tir.matmul %a, %b : (tensor<?x?xui8>, tensor<?x?xui8>) -> tensor<?x?xui8>
  return %0 : tensor<?x?xui8>
}
func.func @dot_i8(%a: tensor<?x?x?xi8>, %b: tensor<?x?x?xi8>) -> tensor<?x?x?xi32> {
  %0 = tir.dot_general %a, %b {lhs_batching_dimensions = array<i64: 0>, rhs_batching_dimensions = array<i64: 0>, lhs_contracting_dimensions = array<i64: 2>, rhs_contracting_dimensions = array<i64: 1>} : (tensor<?x?x?xi8>, tensor<?x?x?xi8>) -> tensor<?x?x?xi32>
  return %0 : tensor<?x?x?xi32>
}
func.func @dot_f32(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = tir.dot_general %a, %b {lhs_contracting_dimensions = array<i64: 0>, rhs_contracting_dimensions = array<i64: 1>} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
func.func @ein_qk(%q: tensor<?x?x?x?xf32>, %k: tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32> {
  %0 = tir.einsum %q, %k {equation = "bhqd,bhkd->bhqk"} : (tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32>
  return %0 : tensor<?x?x?x?xf32>
}
func.func @ein3_f64(%a: tensor<?x?xf64>, %b: tensor<?x?xf64>, %c: tensor<?xf64>) -> tensor<?xf64> {
  %0 = tir.einsum %a, %b, %c {equation = "ij,jk,k->i"} : (tensor<?x?xf64>, tensor<?x?xf64>, tensor<?xf64>) -> tensor<?xf64>
  return %0 : tensor<?xf64>
}
func.func @tosa_q(%a: tensor<?x?x?xi8>, %b: tensor<?x?x?xi8>) -> tensor<?x?x?xi32> {
  %0 = tosa.matmul %a, %b {quantization_info = #tosa.matmul_quant<a_zp = 3, b_zp = -5>} : (tensor<?x?x?xi8>, tensor<?x?x?xi8>) -> tensor<?x?x?xi32>
  return %0 : tensor<?x?x?xi32>
}
func.func @tosa_f16(%a: tensor<?x?x?xf16>, %b: tensor<?x?x?xf16>) -> tensor<?x?x?xf32> {
  %0 = tosa.matmul %a, %b : (tensor<?x?x?xf16>, tensor<?x?x?xf16>) -> tensor<?x?x?xf32>
  return %0 : tensor<?x?x?xf32>
}
func.func @mm_static(%a: tensor<200x150xf32>, %b: tensor<150x90xf32>) -> tensor<200x90xf32> {
  %0 = tir.matmul %a, %b : (tensor<200x150xf32>, tensor<150x90xf32>) -> tensor<200x90xf32>
  return %0 : tensor<200x90xf32>
}
