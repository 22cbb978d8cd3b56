// The arith ops verify as mlir-opt-19 does: type constraints, ODS
// predicates, SameOperandsAndResultType / SameTypeOperands,
// ElementwiseMappable, and the inferred-type check (two errors). One op per
// split; the verdicts were produced by mlir-opt-19, which still agrees
// (test/dialect/mlir-opt-19-agrees.mlir). No broadcasting in arith.
// RUN: tirc -split-input-file -verify-diagnostics %s

// The custom short forms.
func.func @short_forms(%a: tensor<4xf32>, %b: tensor<4xf32>, %i: i32, %j: i32, %v: vector<4xf32>) -> tensor<4xf32> {
  %0 = arith.addf %a, %b : tensor<4xf32>
  %1 = arith.mulf %0, %b : tensor<4xf32>
  %2 = arith.addi %i, %j : i32
  %3 = arith.cmpf olt, %a, %b : tensor<4xf32>
  %4 = arith.select %3, %a, %1 : tensor<4xi1>, tensor<4xf32>
  %5 = arith.negf %v : vector<4xf32>
  %c = arith.constant dense<1.0> : tensor<4xf32>
  %6 = arith.subf %4, %c : tensor<4xf32>
  return %6 : tensor<4xf32>
}

// -----
func.func @c0(%a0: tensor<4xf32>, %a1: tensor<4xf32>) {
  %r = "arith.addf"(%a0, %a1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}
// -----
func.func @c1(%a0: f32, %a1: f32) {
  %r = "arith.addf"(%a0, %a1) : (f32, f32) -> f32
  return
}
// -----
func.func @c2(%a0: vector<4xf32>, %a1: vector<4xf32>) {
  %r = "arith.addf"(%a0, %a1) : (vector<4xf32>, vector<4xf32>) -> vector<4xf32>
  return
}
// -----
func.func @c3(%a0: tensor<*xf32>, %a1: tensor<*xf32>) {
  %r = "arith.addf"(%a0, %a1) : (tensor<*xf32>, tensor<*xf32>) -> tensor<*xf32>
  return
}
// -----
func.func @c4(%a0: tensor<?xf32>, %a1: tensor<?xf32>) {
  %r = "arith.addf"(%a0, %a1) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return
}
// -----
func.func @c5(%a0: tensor<?xf32>, %a1: tensor<4xf32>) {
  // expected-error @+2 {{'arith.addf' op inferred type(s) 'tensor<?xf32>' are incompatible with return type(s) of operation 'tensor<4xf32>'}}
  // expected-error @+1 {{'arith.addf' op failed to infer returned types}}
  %r = "arith.addf"(%a0, %a1) : (tensor<?xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}
// -----
func.func @c6(%a0: tensor<4xf32>, %a1: tensor<?xf32>) {
  %r = "arith.addf"(%a0, %a1) : (tensor<4xf32>, tensor<?xf32>) -> tensor<4xf32>
  return
}
// -----
func.func @c7(%a0: tensor<4xf32>, %a1: tensor<4xf32>) {
  // expected-error @+2 {{'arith.addf' op inferred type(s) 'tensor<4xf32>' are incompatible with return type(s) of operation 'tensor<?xf32>'}}
  // expected-error @+1 {{'arith.addf' op failed to infer returned types}}
  %r = "arith.addf"(%a0, %a1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<?xf32>
  return
}
// -----
func.func @c8(%a0: tensor<4xf32>, %a1: tensor<1xf32>) {
  // expected-error @+1 {{'arith.addf' op requires the same type for all operands and results}}
  %r = "arith.addf"(%a0, %a1) : (tensor<4xf32>, tensor<1xf32>) -> tensor<4xf32>
  return
}
// -----
func.func @c9(%a0: tensor<4xf32>, %a1: tensor<4xf32>) {
  // expected-error @+1 {{'arith.addf' op requires the same type for all operands and results}}
  %r = "arith.addf"(%a0, %a1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf64>
  return
}
// -----
func.func @c10(%a0: tensor<4xf32>, %a1: tensor<4xf64>) {
  // expected-error @+1 {{'arith.addf' op requires the same type for all operands and results}}
  %r = "arith.addf"(%a0, %a1) : (tensor<4xf32>, tensor<4xf64>) -> tensor<4xf32>
  return
}
// -----
func.func @c11(%a0: f32, %a1: f16) {
  // expected-error @+1 {{'arith.addf' op requires the same type for all operands and results}}
  %r = "arith.addf"(%a0, %a1) : (f32, f16) -> f32
  return
}
// -----
func.func @c12(%a0: tensor<4xf32>, %a1: vector<4xf32>) {
  // expected-error @+1 {{'arith.addf' op all non-scalar operands/results must have the same shape and base type}}
  %r = "arith.addf"(%a0, %a1) : (tensor<4xf32>, vector<4xf32>) -> tensor<4xf32>
  return
}
// -----
func.func @c13(%a0: tensor<*xf32>, %a1: tensor<4xf32>) {
  // expected-error @+1 {{'arith.addf' op all non-scalar operands/results must have the same shape and base type}}
  %r = "arith.addf"(%a0, %a1) : (tensor<*xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}
// -----
func.func @c14(%a0: tensor<4xf32>, %a1: tensor<*xf32>) {
  // expected-error @+1 {{'arith.addf' op all non-scalar operands/results must have the same shape and base type}}
  %r = "arith.addf"(%a0, %a1) : (tensor<4xf32>, tensor<*xf32>) -> tensor<4xf32>
  return
}
// -----
func.func @c15(%a0: tensor<4xf32>, %a1: tensor<4xf32>) {
  // expected-error @+1 {{'arith.addf' op all non-scalar operands/results must have the same shape and base type}}
  %r = "arith.addf"(%a0, %a1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<*xf32>
  return
}
// -----
func.func @c16(%a0: tensor<4xi32>, %a1: tensor<4xi32>) {
  // expected-error @+1 {{'arith.addf' op operand #0 must be floating-point-like, but got 'tensor<4xi32>'}}
  %r = "arith.addf"(%a0, %a1) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return
}
// -----
func.func @c17(%a0: f32, %a1: f32) {
  // expected-error @+1 {{'arith.addf' op requires the same type for all operands and results}}
  %r = "arith.addf"(%a0, %a1) : (f32, f32) -> vector<4xf32>
  return
}
// -----
func.func @c18(%a0: tensor<4xf32>, %a1: tensor<4xf32>) {
  %r = "arith.subf"(%a0, %a1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}
// -----
func.func @c19(%a0: f32, %a1: f32) {
  %r = "arith.subf"(%a0, %a1) : (f32, f32) -> f32
  return
}
// -----
func.func @c20(%a0: vector<4xf32>, %a1: vector<4xf32>) {
  %r = "arith.subf"(%a0, %a1) : (vector<4xf32>, vector<4xf32>) -> vector<4xf32>
  return
}
// -----
func.func @c21(%a0: tensor<*xf32>, %a1: tensor<*xf32>) {
  %r = "arith.subf"(%a0, %a1) : (tensor<*xf32>, tensor<*xf32>) -> tensor<*xf32>
  return
}
// -----
func.func @c22(%a0: tensor<?xf32>, %a1: tensor<?xf32>) {
  %r = "arith.subf"(%a0, %a1) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return
}
// -----
func.func @c23(%a0: tensor<?xf32>, %a1: tensor<4xf32>) {
  // expected-error @+2 {{'arith.subf' op inferred type(s) 'tensor<?xf32>' are incompatible with return type(s) of operation 'tensor<4xf32>'}}
  // expected-error @+1 {{'arith.subf' op failed to infer returned types}}
  %r = "arith.subf"(%a0, %a1) : (tensor<?xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}
// -----
func.func @c24(%a0: tensor<4xf32>, %a1: tensor<?xf32>) {
  %r = "arith.subf"(%a0, %a1) : (tensor<4xf32>, tensor<?xf32>) -> tensor<4xf32>
  return
}
// -----
func.func @c25(%a0: tensor<4xf32>, %a1: tensor<4xf32>) {
  // expected-error @+2 {{'arith.subf' op inferred type(s) 'tensor<4xf32>' are incompatible with return type(s) of operation 'tensor<?xf32>'}}
  // expected-error @+1 {{'arith.subf' op failed to infer returned types}}
  %r = "arith.subf"(%a0, %a1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<?xf32>
  return
}
// -----
func.func @c26(%a0: tensor<4xf32>, %a1: tensor<1xf32>) {
  // expected-error @+1 {{'arith.subf' op requires the same type for all operands and results}}
  %r = "arith.subf"(%a0, %a1) : (tensor<4xf32>, tensor<1xf32>) -> tensor<4xf32>
  return
}
// -----
func.func @c27(%a0: tensor<4xf32>, %a1: tensor<4xf32>) {
  // expected-error @+1 {{'arith.subf' op requires the same type for all operands and results}}
  %r = "arith.subf"(%a0, %a1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf64>
  return
}
// -----
func.func @c28(%a0: tensor<4xf32>, %a1: tensor<4xf64>) {
  // expected-error @+1 {{'arith.subf' op requires the same type for all operands and results}}
  %r = "arith.subf"(%a0, %a1) : (tensor<4xf32>, tensor<4xf64>) -> tensor<4xf32>
  return
}
// -----
func.func @c29(%a0: f32, %a1: f16) {
  // expected-error @+1 {{'arith.subf' op requires the same type for all operands and results}}
  %r = "arith.subf"(%a0, %a1) : (f32, f16) -> f32
  return
}
// -----
func.func @c30(%a0: tensor<4xf32>, %a1: vector<4xf32>) {
  // expected-error @+1 {{'arith.subf' op all non-scalar operands/results must have the same shape and base type}}
  %r = "arith.subf"(%a0, %a1) : (tensor<4xf32>, vector<4xf32>) -> tensor<4xf32>
  return
}
// -----
func.func @c31(%a0: tensor<*xf32>, %a1: tensor<4xf32>) {
  // expected-error @+1 {{'arith.subf' op all non-scalar operands/results must have the same shape and base type}}
  %r = "arith.subf"(%a0, %a1) : (tensor<*xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}
// -----
func.func @c32(%a0: tensor<4xf32>, %a1: tensor<*xf32>) {
  // expected-error @+1 {{'arith.subf' op all non-scalar operands/results must have the same shape and base type}}
  %r = "arith.subf"(%a0, %a1) : (tensor<4xf32>, tensor<*xf32>) -> tensor<4xf32>
  return
}
// -----
func.func @c33(%a0: tensor<4xf32>, %a1: tensor<4xf32>) {
  // expected-error @+1 {{'arith.subf' op all non-scalar operands/results must have the same shape and base type}}
  %r = "arith.subf"(%a0, %a1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<*xf32>
  return
}
// -----
func.func @c34(%a0: tensor<4xi32>, %a1: tensor<4xi32>) {
  // expected-error @+1 {{'arith.subf' op operand #0 must be floating-point-like, but got 'tensor<4xi32>'}}
  %r = "arith.subf"(%a0, %a1) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return
}
// -----
func.func @c35(%a0: f32, %a1: f32) {
  // expected-error @+1 {{'arith.subf' op requires the same type for all operands and results}}
  %r = "arith.subf"(%a0, %a1) : (f32, f32) -> vector<4xf32>
  return
}
// -----
func.func @c36(%a0: tensor<4xf32>, %a1: tensor<4xf32>) {
  %r = "arith.mulf"(%a0, %a1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}
// -----
func.func @c37(%a0: f32, %a1: f32) {
  %r = "arith.mulf"(%a0, %a1) : (f32, f32) -> f32
  return
}
// -----
func.func @c38(%a0: vector<4xf32>, %a1: vector<4xf32>) {
  %r = "arith.mulf"(%a0, %a1) : (vector<4xf32>, vector<4xf32>) -> vector<4xf32>
  return
}
// -----
func.func @c39(%a0: tensor<*xf32>, %a1: tensor<*xf32>) {
  %r = "arith.mulf"(%a0, %a1) : (tensor<*xf32>, tensor<*xf32>) -> tensor<*xf32>
  return
}
// -----
func.func @c40(%a0: tensor<?xf32>, %a1: tensor<?xf32>) {
  %r = "arith.mulf"(%a0, %a1) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return
}
// -----
func.func @c41(%a0: tensor<?xf32>, %a1: tensor<4xf32>) {
  // expected-error @+2 {{'arith.mulf' op inferred type(s) 'tensor<?xf32>' are incompatible with return type(s) of operation 'tensor<4xf32>'}}
  // expected-error @+1 {{'arith.mulf' op failed to infer returned types}}
  %r = "arith.mulf"(%a0, %a1) : (tensor<?xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}
// -----
func.func @c42(%a0: tensor<4xf32>, %a1: tensor<1xf32>) {
  // expected-error @+1 {{'arith.mulf' op requires the same type for all operands and results}}
  %r = "arith.mulf"(%a0, %a1) : (tensor<4xf32>, tensor<1xf32>) -> tensor<4xf32>
  return
}
// -----
func.func @c43(%a0: tensor<4xi32>, %a1: tensor<4xi32>) {
  // expected-error @+1 {{'arith.mulf' op operand #0 must be floating-point-like, but got 'tensor<4xi32>'}}
  %r = "arith.mulf"(%a0, %a1) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return
}
// -----
func.func @c44(%a0: tensor<4xf32>, %a1: tensor<4xf32>) {
  %r = "arith.divf"(%a0, %a1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}
// -----
func.func @c45(%a0: f32, %a1: f32) {
  %r = "arith.divf"(%a0, %a1) : (f32, f32) -> f32
  return
}
// -----
func.func @c46(%a0: vector<4xf32>, %a1: vector<4xf32>) {
  %r = "arith.divf"(%a0, %a1) : (vector<4xf32>, vector<4xf32>) -> vector<4xf32>
  return
}
// -----
func.func @c47(%a0: tensor<*xf32>, %a1: tensor<*xf32>) {
  %r = "arith.divf"(%a0, %a1) : (tensor<*xf32>, tensor<*xf32>) -> tensor<*xf32>
  return
}
// -----
func.func @c48(%a0: tensor<?xf32>, %a1: tensor<?xf32>) {
  %r = "arith.divf"(%a0, %a1) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return
}
// -----
func.func @c49(%a0: tensor<?xf32>, %a1: tensor<4xf32>) {
  // expected-error @+2 {{'arith.divf' op inferred type(s) 'tensor<?xf32>' are incompatible with return type(s) of operation 'tensor<4xf32>'}}
  // expected-error @+1 {{'arith.divf' op failed to infer returned types}}
  %r = "arith.divf"(%a0, %a1) : (tensor<?xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}
// -----
func.func @c50(%a0: tensor<4xf32>, %a1: tensor<1xf32>) {
  // expected-error @+1 {{'arith.divf' op requires the same type for all operands and results}}
  %r = "arith.divf"(%a0, %a1) : (tensor<4xf32>, tensor<1xf32>) -> tensor<4xf32>
  return
}
// -----
func.func @c51(%a0: tensor<4xi32>, %a1: tensor<4xi32>) {
  // expected-error @+1 {{'arith.divf' op operand #0 must be floating-point-like, but got 'tensor<4xi32>'}}
  %r = "arith.divf"(%a0, %a1) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return
}
// -----
func.func @c52(%a0: tensor<4xf32>, %a1: tensor<4xf32>) {
  %r = "arith.remf"(%a0, %a1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}
// -----
func.func @c53(%a0: f32, %a1: f32) {
  %r = "arith.remf"(%a0, %a1) : (f32, f32) -> f32
  return
}
// -----
func.func @c54(%a0: vector<4xf32>, %a1: vector<4xf32>) {
  %r = "arith.remf"(%a0, %a1) : (vector<4xf32>, vector<4xf32>) -> vector<4xf32>
  return
}
// -----
func.func @c55(%a0: tensor<*xf32>, %a1: tensor<*xf32>) {
  %r = "arith.remf"(%a0, %a1) : (tensor<*xf32>, tensor<*xf32>) -> tensor<*xf32>
  return
}
// -----
func.func @c56(%a0: tensor<?xf32>, %a1: tensor<?xf32>) {
  %r = "arith.remf"(%a0, %a1) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return
}
// -----
func.func @c57(%a0: tensor<?xf32>, %a1: tensor<4xf32>) {
  // expected-error @+2 {{'arith.remf' op inferred type(s) 'tensor<?xf32>' are incompatible with return type(s) of operation 'tensor<4xf32>'}}
  // expected-error @+1 {{'arith.remf' op failed to infer returned types}}
  %r = "arith.remf"(%a0, %a1) : (tensor<?xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}
// -----
func.func @c58(%a0: tensor<4xf32>, %a1: tensor<1xf32>) {
  // expected-error @+1 {{'arith.remf' op requires the same type for all operands and results}}
  %r = "arith.remf"(%a0, %a1) : (tensor<4xf32>, tensor<1xf32>) -> tensor<4xf32>
  return
}
// -----
func.func @c59(%a0: tensor<4xi32>, %a1: tensor<4xi32>) {
  // expected-error @+1 {{'arith.remf' op operand #0 must be floating-point-like, but got 'tensor<4xi32>'}}
  %r = "arith.remf"(%a0, %a1) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return
}
// -----
func.func @c60(%a0: tensor<4xf32>, %a1: tensor<4xf32>) {
  %r = "arith.maximumf"(%a0, %a1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}
// -----
func.func @c61(%a0: f32, %a1: f32) {
  %r = "arith.maximumf"(%a0, %a1) : (f32, f32) -> f32
  return
}
// -----
func.func @c62(%a0: vector<4xf32>, %a1: vector<4xf32>) {
  %r = "arith.maximumf"(%a0, %a1) : (vector<4xf32>, vector<4xf32>) -> vector<4xf32>
  return
}
// -----
func.func @c63(%a0: tensor<*xf32>, %a1: tensor<*xf32>) {
  %r = "arith.maximumf"(%a0, %a1) : (tensor<*xf32>, tensor<*xf32>) -> tensor<*xf32>
  return
}
// -----
func.func @c64(%a0: tensor<?xf32>, %a1: tensor<?xf32>) {
  %r = "arith.maximumf"(%a0, %a1) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return
}
// -----
func.func @c65(%a0: tensor<?xf32>, %a1: tensor<4xf32>) {
  // expected-error @+2 {{'arith.maximumf' op inferred type(s) 'tensor<?xf32>' are incompatible with return type(s) of operation 'tensor<4xf32>'}}
  // expected-error @+1 {{'arith.maximumf' op failed to infer returned types}}
  %r = "arith.maximumf"(%a0, %a1) : (tensor<?xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}
// -----
func.func @c66(%a0: tensor<4xf32>, %a1: tensor<1xf32>) {
  // expected-error @+1 {{'arith.maximumf' op requires the same type for all operands and results}}
  %r = "arith.maximumf"(%a0, %a1) : (tensor<4xf32>, tensor<1xf32>) -> tensor<4xf32>
  return
}
// -----
func.func @c67(%a0: tensor<4xi32>, %a1: tensor<4xi32>) {
  // expected-error @+1 {{'arith.maximumf' op operand #0 must be floating-point-like, but got 'tensor<4xi32>'}}
  %r = "arith.maximumf"(%a0, %a1) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return
}
// -----
func.func @c68(%a0: tensor<4xf32>, %a1: tensor<4xf32>) {
  %r = "arith.minimumf"(%a0, %a1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}
// -----
func.func @c69(%a0: f32, %a1: f32) {
  %r = "arith.minimumf"(%a0, %a1) : (f32, f32) -> f32
  return
}
// -----
func.func @c70(%a0: vector<4xf32>, %a1: vector<4xf32>) {
  %r = "arith.minimumf"(%a0, %a1) : (vector<4xf32>, vector<4xf32>) -> vector<4xf32>
  return
}
// -----
func.func @c71(%a0: tensor<*xf32>, %a1: tensor<*xf32>) {
  %r = "arith.minimumf"(%a0, %a1) : (tensor<*xf32>, tensor<*xf32>) -> tensor<*xf32>
  return
}
// -----
func.func @c72(%a0: tensor<?xf32>, %a1: tensor<?xf32>) {
  %r = "arith.minimumf"(%a0, %a1) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return
}
// -----
func.func @c73(%a0: tensor<?xf32>, %a1: tensor<4xf32>) {
  // expected-error @+2 {{'arith.minimumf' op inferred type(s) 'tensor<?xf32>' are incompatible with return type(s) of operation 'tensor<4xf32>'}}
  // expected-error @+1 {{'arith.minimumf' op failed to infer returned types}}
  %r = "arith.minimumf"(%a0, %a1) : (tensor<?xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}
// -----
func.func @c74(%a0: tensor<4xf32>, %a1: tensor<1xf32>) {
  // expected-error @+1 {{'arith.minimumf' op requires the same type for all operands and results}}
  %r = "arith.minimumf"(%a0, %a1) : (tensor<4xf32>, tensor<1xf32>) -> tensor<4xf32>
  return
}
// -----
func.func @c75(%a0: tensor<4xi32>, %a1: tensor<4xi32>) {
  // expected-error @+1 {{'arith.minimumf' op operand #0 must be floating-point-like, but got 'tensor<4xi32>'}}
  %r = "arith.minimumf"(%a0, %a1) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return
}
// -----
func.func @c76(%a0: tensor<4xi32>, %a1: tensor<4xi32>) {
  %r = "arith.addi"(%a0, %a1) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return
}
// -----
func.func @c77(%a0: i32, %a1: i32) {
  %r = "arith.addi"(%a0, %a1) : (i32, i32) -> i32
  return
}
// -----
func.func @c78(%a0: index, %a1: index) {
  %r = "arith.addi"(%a0, %a1) : (index, index) -> index
  return
}
// -----
func.func @c79(%a0: vector<4xi32>, %a1: vector<4xi32>) {
  %r = "arith.addi"(%a0, %a1) : (vector<4xi32>, vector<4xi32>) -> vector<4xi32>
  return
}
// -----
func.func @c80(%a0: tensor<*xi32>, %a1: tensor<*xi32>) {
  %r = "arith.addi"(%a0, %a1) : (tensor<*xi32>, tensor<*xi32>) -> tensor<*xi32>
  return
}
// -----
func.func @c81(%a0: tensor<?xi32>, %a1: tensor<4xi32>) {
  // expected-error @+2 {{'arith.addi' op inferred type(s) 'tensor<?xi32>' are incompatible with return type(s) of operation 'tensor<4xi32>'}}
  // expected-error @+1 {{'arith.addi' op failed to infer returned types}}
  %r = "arith.addi"(%a0, %a1) : (tensor<?xi32>, tensor<4xi32>) -> tensor<4xi32>
  return
}
// -----
func.func @c82(%a0: tensor<4xi32>, %a1: tensor<4xi32>) {
  // expected-error @+2 {{'arith.addi' op inferred type(s) 'tensor<4xi32>' are incompatible with return type(s) of operation 'tensor<?xi32>'}}
  // expected-error @+1 {{'arith.addi' op failed to infer returned types}}
  %r = "arith.addi"(%a0, %a1) : (tensor<4xi32>, tensor<4xi32>) -> tensor<?xi32>
  return
}
// -----
func.func @c83(%a0: tensor<4xi32>, %a1: tensor<1xi32>) {
  // expected-error @+1 {{'arith.addi' op requires the same type for all operands and results}}
  %r = "arith.addi"(%a0, %a1) : (tensor<4xi32>, tensor<1xi32>) -> tensor<4xi32>
  return
}
// -----
func.func @c84(%a0: tensor<4xi32>, %a1: tensor<4xi32>) {
  // expected-error @+1 {{'arith.addi' op requires the same type for all operands and results}}
  %r = "arith.addi"(%a0, %a1) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi64>
  return
}
// -----
func.func @c85(%a0: i32, %a1: index) {
  // expected-error @+1 {{'arith.addi' op requires the same type for all operands and results}}
  %r = "arith.addi"(%a0, %a1) : (i32, index) -> i32
  return
}
// -----
func.func @c86(%a0: tensor<4xf32>, %a1: tensor<4xf32>) {
  // expected-error @+1 {{'arith.addi' op operand #0 must be signless-integer-like, but got 'tensor<4xf32>'}}
  %r = "arith.addi"(%a0, %a1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}
// -----
func.func @c87(%a0: i1, %a1: i1) {
  %r = "arith.addi"(%a0, %a1) : (i1, i1) -> i1
  return
}
// -----
func.func @c88(%a0: tensor<4xi1>, %a1: tensor<4xi1>) {
  %r = "arith.addi"(%a0, %a1) : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  return
}
// -----
func.func @c89(%a0: tensor<4xi32>, %a1: tensor<4xi32>) {
  %r = "arith.subi"(%a0, %a1) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return
}
// -----
func.func @c90(%a0: i32, %a1: i32) {
  %r = "arith.subi"(%a0, %a1) : (i32, i32) -> i32
  return
}
// -----
func.func @c91(%a0: index, %a1: index) {
  %r = "arith.subi"(%a0, %a1) : (index, index) -> index
  return
}
// -----
func.func @c92(%a0: vector<4xi32>, %a1: vector<4xi32>) {
  %r = "arith.subi"(%a0, %a1) : (vector<4xi32>, vector<4xi32>) -> vector<4xi32>
  return
}
// -----
func.func @c93(%a0: tensor<*xi32>, %a1: tensor<*xi32>) {
  %r = "arith.subi"(%a0, %a1) : (tensor<*xi32>, tensor<*xi32>) -> tensor<*xi32>
  return
}
// -----
func.func @c94(%a0: tensor<?xi32>, %a1: tensor<4xi32>) {
  // expected-error @+2 {{'arith.subi' op inferred type(s) 'tensor<?xi32>' are incompatible with return type(s) of operation 'tensor<4xi32>'}}
  // expected-error @+1 {{'arith.subi' op failed to infer returned types}}
  %r = "arith.subi"(%a0, %a1) : (tensor<?xi32>, tensor<4xi32>) -> tensor<4xi32>
  return
}
// -----
func.func @c95(%a0: tensor<4xi32>, %a1: tensor<4xi32>) {
  // expected-error @+2 {{'arith.subi' op inferred type(s) 'tensor<4xi32>' are incompatible with return type(s) of operation 'tensor<?xi32>'}}
  // expected-error @+1 {{'arith.subi' op failed to infer returned types}}
  %r = "arith.subi"(%a0, %a1) : (tensor<4xi32>, tensor<4xi32>) -> tensor<?xi32>
  return
}
// -----
func.func @c96(%a0: tensor<4xi32>, %a1: tensor<1xi32>) {
  // expected-error @+1 {{'arith.subi' op requires the same type for all operands and results}}
  %r = "arith.subi"(%a0, %a1) : (tensor<4xi32>, tensor<1xi32>) -> tensor<4xi32>
  return
}
// -----
func.func @c97(%a0: tensor<4xi32>, %a1: tensor<4xi32>) {
  // expected-error @+1 {{'arith.subi' op requires the same type for all operands and results}}
  %r = "arith.subi"(%a0, %a1) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi64>
  return
}
// -----
func.func @c98(%a0: i32, %a1: index) {
  // expected-error @+1 {{'arith.subi' op requires the same type for all operands and results}}
  %r = "arith.subi"(%a0, %a1) : (i32, index) -> i32
  return
}
// -----
func.func @c99(%a0: tensor<4xf32>, %a1: tensor<4xf32>) {
  // expected-error @+1 {{'arith.subi' op operand #0 must be signless-integer-like, but got 'tensor<4xf32>'}}
  %r = "arith.subi"(%a0, %a1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}
// -----
func.func @c100(%a0: i1, %a1: i1) {
  %r = "arith.subi"(%a0, %a1) : (i1, i1) -> i1
  return
}
// -----
func.func @c101(%a0: tensor<4xi1>, %a1: tensor<4xi1>) {
  %r = "arith.subi"(%a0, %a1) : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  return
}
// -----
func.func @c102(%a0: tensor<4xi32>, %a1: tensor<4xi32>) {
  %r = "arith.muli"(%a0, %a1) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return
}
// -----
func.func @c103(%a0: i32, %a1: i32) {
  %r = "arith.muli"(%a0, %a1) : (i32, i32) -> i32
  return
}
// -----
func.func @c104(%a0: index, %a1: index) {
  %r = "arith.muli"(%a0, %a1) : (index, index) -> index
  return
}
// -----
func.func @c105(%a0: vector<4xi32>, %a1: vector<4xi32>) {
  %r = "arith.muli"(%a0, %a1) : (vector<4xi32>, vector<4xi32>) -> vector<4xi32>
  return
}
// -----
func.func @c106(%a0: tensor<*xi32>, %a1: tensor<*xi32>) {
  %r = "arith.muli"(%a0, %a1) : (tensor<*xi32>, tensor<*xi32>) -> tensor<*xi32>
  return
}
// -----
func.func @c107(%a0: tensor<4xi32>, %a1: tensor<1xi32>) {
  // expected-error @+1 {{'arith.muli' op requires the same type for all operands and results}}
  %r = "arith.muli"(%a0, %a1) : (tensor<4xi32>, tensor<1xi32>) -> tensor<4xi32>
  return
}
// -----
func.func @c108(%a0: tensor<4xf32>, %a1: tensor<4xf32>) {
  // expected-error @+1 {{'arith.muli' op operand #0 must be signless-integer-like, but got 'tensor<4xf32>'}}
  %r = "arith.muli"(%a0, %a1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}
// -----
func.func @c109(%a0: tensor<4xi32>, %a1: tensor<4xi32>) {
  %r = "arith.divsi"(%a0, %a1) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return
}
// -----
func.func @c110(%a0: i32, %a1: i32) {
  %r = "arith.divsi"(%a0, %a1) : (i32, i32) -> i32
  return
}
// -----
func.func @c111(%a0: index, %a1: index) {
  %r = "arith.divsi"(%a0, %a1) : (index, index) -> index
  return
}
// -----
func.func @c112(%a0: vector<4xi32>, %a1: vector<4xi32>) {
  %r = "arith.divsi"(%a0, %a1) : (vector<4xi32>, vector<4xi32>) -> vector<4xi32>
  return
}
// -----
func.func @c113(%a0: tensor<*xi32>, %a1: tensor<*xi32>) {
  %r = "arith.divsi"(%a0, %a1) : (tensor<*xi32>, tensor<*xi32>) -> tensor<*xi32>
  return
}
// -----
func.func @c114(%a0: tensor<4xi32>, %a1: tensor<1xi32>) {
  // expected-error @+1 {{'arith.divsi' op requires the same type for all operands and results}}
  %r = "arith.divsi"(%a0, %a1) : (tensor<4xi32>, tensor<1xi32>) -> tensor<4xi32>
  return
}
// -----
func.func @c115(%a0: tensor<4xf32>, %a1: tensor<4xf32>) {
  // expected-error @+1 {{'arith.divsi' op operand #0 must be signless-integer-like, but got 'tensor<4xf32>'}}
  %r = "arith.divsi"(%a0, %a1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}
// -----
func.func @c116(%a0: tensor<4xi32>, %a1: tensor<4xi32>) {
  %r = "arith.remsi"(%a0, %a1) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return
}
// -----
func.func @c117(%a0: i32, %a1: i32) {
  %r = "arith.remsi"(%a0, %a1) : (i32, i32) -> i32
  return
}
// -----
func.func @c118(%a0: index, %a1: index) {
  %r = "arith.remsi"(%a0, %a1) : (index, index) -> index
  return
}
// -----
func.func @c119(%a0: vector<4xi32>, %a1: vector<4xi32>) {
  %r = "arith.remsi"(%a0, %a1) : (vector<4xi32>, vector<4xi32>) -> vector<4xi32>
  return
}
// -----
func.func @c120(%a0: tensor<*xi32>, %a1: tensor<*xi32>) {
  %r = "arith.remsi"(%a0, %a1) : (tensor<*xi32>, tensor<*xi32>) -> tensor<*xi32>
  return
}
// -----
func.func @c121(%a0: tensor<4xi32>, %a1: tensor<1xi32>) {
  // expected-error @+1 {{'arith.remsi' op requires the same type for all operands and results}}
  %r = "arith.remsi"(%a0, %a1) : (tensor<4xi32>, tensor<1xi32>) -> tensor<4xi32>
  return
}
// -----
func.func @c122(%a0: tensor<4xf32>, %a1: tensor<4xf32>) {
  // expected-error @+1 {{'arith.remsi' op operand #0 must be signless-integer-like, but got 'tensor<4xf32>'}}
  %r = "arith.remsi"(%a0, %a1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}
// -----
func.func @c123(%a0: tensor<4xi32>, %a1: tensor<4xi32>) {
  %r = "arith.maxsi"(%a0, %a1) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return
}
// -----
func.func @c124(%a0: i32, %a1: i32) {
  %r = "arith.maxsi"(%a0, %a1) : (i32, i32) -> i32
  return
}
// -----
func.func @c125(%a0: index, %a1: index) {
  %r = "arith.maxsi"(%a0, %a1) : (index, index) -> index
  return
}
// -----
func.func @c126(%a0: vector<4xi32>, %a1: vector<4xi32>) {
  %r = "arith.maxsi"(%a0, %a1) : (vector<4xi32>, vector<4xi32>) -> vector<4xi32>
  return
}
// -----
func.func @c127(%a0: tensor<*xi32>, %a1: tensor<*xi32>) {
  %r = "arith.maxsi"(%a0, %a1) : (tensor<*xi32>, tensor<*xi32>) -> tensor<*xi32>
  return
}
// -----
func.func @c128(%a0: tensor<4xi32>, %a1: tensor<1xi32>) {
  // expected-error @+1 {{'arith.maxsi' op requires the same type for all operands and results}}
  %r = "arith.maxsi"(%a0, %a1) : (tensor<4xi32>, tensor<1xi32>) -> tensor<4xi32>
  return
}
// -----
func.func @c129(%a0: tensor<4xf32>, %a1: tensor<4xf32>) {
  // expected-error @+1 {{'arith.maxsi' op operand #0 must be signless-integer-like, but got 'tensor<4xf32>'}}
  %r = "arith.maxsi"(%a0, %a1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}
// -----
func.func @c130(%a0: tensor<4xi32>, %a1: tensor<4xi32>) {
  %r = "arith.minsi"(%a0, %a1) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return
}
// -----
func.func @c131(%a0: i32, %a1: i32) {
  %r = "arith.minsi"(%a0, %a1) : (i32, i32) -> i32
  return
}
// -----
func.func @c132(%a0: index, %a1: index) {
  %r = "arith.minsi"(%a0, %a1) : (index, index) -> index
  return
}
// -----
func.func @c133(%a0: vector<4xi32>, %a1: vector<4xi32>) {
  %r = "arith.minsi"(%a0, %a1) : (vector<4xi32>, vector<4xi32>) -> vector<4xi32>
  return
}
// -----
func.func @c134(%a0: tensor<*xi32>, %a1: tensor<*xi32>) {
  %r = "arith.minsi"(%a0, %a1) : (tensor<*xi32>, tensor<*xi32>) -> tensor<*xi32>
  return
}
// -----
func.func @c135(%a0: tensor<4xi32>, %a1: tensor<1xi32>) {
  // expected-error @+1 {{'arith.minsi' op requires the same type for all operands and results}}
  %r = "arith.minsi"(%a0, %a1) : (tensor<4xi32>, tensor<1xi32>) -> tensor<4xi32>
  return
}
// -----
func.func @c136(%a0: tensor<4xf32>, %a1: tensor<4xf32>) {
  // expected-error @+1 {{'arith.minsi' op operand #0 must be signless-integer-like, but got 'tensor<4xf32>'}}
  %r = "arith.minsi"(%a0, %a1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}
// -----
func.func @c137(%a0: tensor<4xi32>, %a1: tensor<4xi32>) {
  %r = "arith.andi"(%a0, %a1) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return
}
// -----
func.func @c138(%a0: i32, %a1: i32) {
  %r = "arith.andi"(%a0, %a1) : (i32, i32) -> i32
  return
}
// -----
func.func @c139(%a0: index, %a1: index) {
  %r = "arith.andi"(%a0, %a1) : (index, index) -> index
  return
}
// -----
func.func @c140(%a0: vector<4xi32>, %a1: vector<4xi32>) {
  %r = "arith.andi"(%a0, %a1) : (vector<4xi32>, vector<4xi32>) -> vector<4xi32>
  return
}
// -----
func.func @c141(%a0: tensor<*xi32>, %a1: tensor<*xi32>) {
  %r = "arith.andi"(%a0, %a1) : (tensor<*xi32>, tensor<*xi32>) -> tensor<*xi32>
  return
}
// -----
func.func @c142(%a0: tensor<4xi32>, %a1: tensor<1xi32>) {
  // expected-error @+1 {{'arith.andi' op requires the same type for all operands and results}}
  %r = "arith.andi"(%a0, %a1) : (tensor<4xi32>, tensor<1xi32>) -> tensor<4xi32>
  return
}
// -----
func.func @c143(%a0: tensor<4xf32>, %a1: tensor<4xf32>) {
  // expected-error @+1 {{'arith.andi' op operand #0 must be signless-integer-like, but got 'tensor<4xf32>'}}
  %r = "arith.andi"(%a0, %a1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}
// -----
func.func @c144(%a0: tensor<4xi32>, %a1: tensor<4xi32>) {
  %r = "arith.ori"(%a0, %a1) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return
}
// -----
func.func @c145(%a0: i32, %a1: i32) {
  %r = "arith.ori"(%a0, %a1) : (i32, i32) -> i32
  return
}
// -----
func.func @c146(%a0: index, %a1: index) {
  %r = "arith.ori"(%a0, %a1) : (index, index) -> index
  return
}
// -----
func.func @c147(%a0: vector<4xi32>, %a1: vector<4xi32>) {
  %r = "arith.ori"(%a0, %a1) : (vector<4xi32>, vector<4xi32>) -> vector<4xi32>
  return
}
// -----
func.func @c148(%a0: tensor<*xi32>, %a1: tensor<*xi32>) {
  %r = "arith.ori"(%a0, %a1) : (tensor<*xi32>, tensor<*xi32>) -> tensor<*xi32>
  return
}
// -----
func.func @c149(%a0: tensor<4xi32>, %a1: tensor<1xi32>) {
  // expected-error @+1 {{'arith.ori' op requires the same type for all operands and results}}
  %r = "arith.ori"(%a0, %a1) : (tensor<4xi32>, tensor<1xi32>) -> tensor<4xi32>
  return
}
// -----
func.func @c150(%a0: tensor<4xf32>, %a1: tensor<4xf32>) {
  // expected-error @+1 {{'arith.ori' op operand #0 must be signless-integer-like, but got 'tensor<4xf32>'}}
  %r = "arith.ori"(%a0, %a1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}
// -----
func.func @c151(%a0: tensor<4xi32>, %a1: tensor<4xi32>) {
  %r = "arith.xori"(%a0, %a1) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return
}
// -----
func.func @c152(%a0: i32, %a1: i32) {
  %r = "arith.xori"(%a0, %a1) : (i32, i32) -> i32
  return
}
// -----
func.func @c153(%a0: index, %a1: index) {
  %r = "arith.xori"(%a0, %a1) : (index, index) -> index
  return
}
// -----
func.func @c154(%a0: vector<4xi32>, %a1: vector<4xi32>) {
  %r = "arith.xori"(%a0, %a1) : (vector<4xi32>, vector<4xi32>) -> vector<4xi32>
  return
}
// -----
func.func @c155(%a0: tensor<*xi32>, %a1: tensor<*xi32>) {
  %r = "arith.xori"(%a0, %a1) : (tensor<*xi32>, tensor<*xi32>) -> tensor<*xi32>
  return
}
// -----
func.func @c156(%a0: tensor<4xi32>, %a1: tensor<1xi32>) {
  // expected-error @+1 {{'arith.xori' op requires the same type for all operands and results}}
  %r = "arith.xori"(%a0, %a1) : (tensor<4xi32>, tensor<1xi32>) -> tensor<4xi32>
  return
}
// -----
func.func @c157(%a0: tensor<4xf32>, %a1: tensor<4xf32>) {
  // expected-error @+1 {{'arith.xori' op operand #0 must be signless-integer-like, but got 'tensor<4xf32>'}}
  %r = "arith.xori"(%a0, %a1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}
// -----
func.func @c158(%a0: tensor<4xf32>) {
  %r = "arith.negf"(%a0) : (tensor<4xf32>) -> tensor<4xf32>
  return
}
// -----
func.func @c159(%a0: f32) {
  %r = "arith.negf"(%a0) : (f32) -> f32
  return
}
// -----
func.func @c160(%a0: tensor<4xf32>) {
  // expected-error @+2 {{'arith.negf' op inferred type(s) 'tensor<4xf32>' are incompatible with return type(s) of operation 'tensor<?xf32>'}}
  // expected-error @+1 {{'arith.negf' op failed to infer returned types}}
  %r = "arith.negf"(%a0) : (tensor<4xf32>) -> tensor<?xf32>
  return
}
// -----
func.func @c161(%a0: tensor<?xf32>) {
  // expected-error @+2 {{'arith.negf' op inferred type(s) 'tensor<?xf32>' are incompatible with return type(s) of operation 'tensor<4xf32>'}}
  // expected-error @+1 {{'arith.negf' op failed to infer returned types}}
  %r = "arith.negf"(%a0) : (tensor<?xf32>) -> tensor<4xf32>
  return
}
// -----
func.func @c162(%a0: tensor<4xi32>) {
  // expected-error @+1 {{'arith.negf' op operand #0 must be floating-point-like, but got 'tensor<4xi32>'}}
  %r = "arith.negf"(%a0) : (tensor<4xi32>) -> tensor<4xi32>
  return
}
// -----
func.func @c163(%a0: vector<4xf32>) {
  %r = "arith.negf"(%a0) : (vector<4xf32>) -> vector<4xf32>
  return
}
// -----
func.func @c164(%a0: tensor<4xf32>) {
  // expected-error @+1 {{'arith.negf' op requires the same type for all operands and results}}
  %r = "arith.negf"(%a0) : (tensor<4xf32>) -> tensor<1xf32>
  return
}
// -----
func.func @c165(%a0: tensor<*xf32>) {
  %r = "arith.negf"(%a0) : (tensor<*xf32>) -> tensor<*xf32>
  return
}
// -----
func.func @c166(%a0: tensor<4xf32>, %a1: tensor<4xf32>) {
  %r = "arith.cmpf"(%a0, %a1) {predicate = 1 : i64} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return
}
// -----
func.func @c167(%a0: f32, %a1: f32) {
  %r = "arith.cmpf"(%a0, %a1) {predicate = 1 : i64} : (f32, f32) -> i1
  return
}
// -----
func.func @c168(%a0: vector<4xf32>, %a1: vector<4xf32>) {
  %r = "arith.cmpf"(%a0, %a1) {predicate = 1 : i64} : (vector<4xf32>, vector<4xf32>) -> vector<4xi1>
  return
}
// -----
func.func @c169(%a0: tensor<4xf32>, %a1: tensor<?xf32>) {
  // expected-error @+1 {{'arith.cmpf' op requires all operands to have the same type}}
  %r = "arith.cmpf"(%a0, %a1) {predicate = 1 : i64} : (tensor<4xf32>, tensor<?xf32>) -> tensor<4xi1>
  return
}
// -----
func.func @c170(%a0: tensor<4xf32>, %a1: tensor<4xf32>) {
  // expected-error @+1 {{'arith.cmpf' op failed to verify that result type has i1 element type and same shape as operands}}
  %r = "arith.cmpf"(%a0, %a1) {predicate = 1 : i64} : (tensor<4xf32>, tensor<4xf32>) -> i1
  return
}
// -----
func.func @c171(%a0: tensor<4xf32>, %a1: tensor<4xf32>) {
  // expected-error @+1 {{'arith.cmpf' op result #0 must be bool-like, but got 'tensor<4xi32>'}}
  %r = "arith.cmpf"(%a0, %a1) {predicate = 1 : i64} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi32>
  return
}
// -----
func.func @c172(%a0: tensor<4xf32>, %a1: tensor<1xf32>) {
  // expected-error @+1 {{'arith.cmpf' op requires all operands to have the same type}}
  %r = "arith.cmpf"(%a0, %a1) {predicate = 1 : i64} : (tensor<4xf32>, tensor<1xf32>) -> tensor<4xi1>
  return
}
// -----
func.func @c173(%a0: f32, %a1: f16) {
  // expected-error @+1 {{'arith.cmpf' op requires all operands to have the same type}}
  %r = "arith.cmpf"(%a0, %a1) {predicate = 1 : i64} : (f32, f16) -> i1
  return
}
// -----
func.func @c174(%a0: tensor<?xf32>, %a1: tensor<?xf32>) {
  %r = "arith.cmpf"(%a0, %a1) {predicate = 1 : i64} : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xi1>
  return
}
// -----
func.func @c175(%a0: tensor<4xf32>, %a1: tensor<4xf32>) {
  // expected-error @+1 {{'arith.cmpf' op failed to verify that result type has i1 element type and same shape as operands}}
  %r = "arith.cmpf"(%a0, %a1) {predicate = 1 : i64} : (tensor<4xf32>, tensor<4xf32>) -> tensor<?xi1>
  return
}
// -----
func.func @c176(%a0: tensor<4xi32>, %a1: tensor<4xi32>) {
  // expected-error @+1 {{'arith.cmpf' op operand #0 must be floating-point-like, but got 'tensor<4xi32>'}}
  %r = "arith.cmpf"(%a0, %a1) {predicate = 1 : i64} : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  return
}
// -----
func.func @c177(%a0: tensor<4xi32>, %a1: tensor<4xi32>) {
  %r = "arith.cmpi"(%a0, %a1) {predicate = 2 : i64} : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  return
}
// -----
func.func @c178(%a0: i32, %a1: i32) {
  %r = "arith.cmpi"(%a0, %a1) {predicate = 2 : i64} : (i32, i32) -> i1
  return
}
// -----
func.func @c179(%a0: index, %a1: index) {
  %r = "arith.cmpi"(%a0, %a1) {predicate = 2 : i64} : (index, index) -> i1
  return
}
// -----
func.func @c180(%a0: tensor<4xi32>, %a1: tensor<?xi32>) {
  // expected-error @+1 {{'arith.cmpi' op requires all operands to have the same type}}
  %r = "arith.cmpi"(%a0, %a1) {predicate = 2 : i64} : (tensor<4xi32>, tensor<?xi32>) -> tensor<4xi1>
  return
}
// -----
func.func @c181(%a0: tensor<4xi32>, %a1: tensor<4xi32>) {
  // expected-error @+1 {{'arith.cmpi' op failed to verify that result type has i1 element type and same shape as operands}}
  %r = "arith.cmpi"(%a0, %a1) {predicate = 2 : i64} : (tensor<4xi32>, tensor<4xi32>) -> i1
  return
}
// -----
func.func @c182(%a0: i32, %a1: index) {
  // expected-error @+1 {{'arith.cmpi' op requires all operands to have the same type}}
  %r = "arith.cmpi"(%a0, %a1) {predicate = 2 : i64} : (i32, index) -> i1
  return
}
// -----
func.func @c183(%a0: tensor<4xf32>, %a1: tensor<4xf32>) {
  // expected-error @+1 {{'arith.cmpi' op operand #0 must be signless-integer-like, but got 'tensor<4xf32>'}}
  %r = "arith.cmpi"(%a0, %a1) {predicate = 2 : i64} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return
}
// -----
func.func @c184(%a0: i32, %a1: i32) {
  // expected-error @+1 {{'arith.cmpi' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9}}
  %r = "arith.cmpi"(%a0, %a1) {predicate = 10 : i64} : (i32, i32) -> i1
  return
}
// -----
func.func @c185(%a0: f32, %a1: f32) {
  // expected-error @+1 {{'arith.cmpf' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}}
  %r = "arith.cmpf"(%a0, %a1) {predicate = 16 : i64} : (f32, f32) -> i1
  return
}
// -----
func.func @c186(%a0: i32, %a1: i32) {
  // expected-error @+1 {{'arith.cmpi' op requires attribute 'predicate'}}
  %r = "arith.cmpi"(%a0, %a1) : (i32, i32) -> i1
  return
}
// -----
func.func @c187(%a0: i1, %a1: tensor<4xf32>, %a2: tensor<4xf32>) {
  %r = "arith.select"(%a0, %a1, %a2) : (i1, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}
// -----
func.func @c188(%a0: tensor<4xi1>, %a1: tensor<4xf32>, %a2: tensor<4xf32>) {
  %r = "arith.select"(%a0, %a1, %a2) : (tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}
// -----
func.func @c189(%a0: i32, %a1: tensor<4xf32>, %a2: tensor<4xf32>) {
  // expected-error @+1 {{'arith.select' op operand #0 must be bool-like, but got 'i32'}}
  %r = "arith.select"(%a0, %a1, %a2) : (i32, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}
// -----
func.func @c190(%a0: tensor<2xi1>, %a1: tensor<4xf32>, %a2: tensor<4xf32>) {
  // expected-error @+1 {{'arith.select' op failed to verify that condition is signless i1 or has matching shape}}
  %r = "arith.select"(%a0, %a1, %a2) : (tensor<2xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}
// -----
func.func @c191(%a0: i1, %a1: tensor<4xf32>, %a2: tensor<4xf32>) {
  // expected-error @+1 {{'arith.select' op failed to verify that all of {true_value, false_value, result} have same type}}
  %r = "arith.select"(%a0, %a1, %a2) : (i1, tensor<4xf32>, tensor<4xf32>) -> tensor<?xf32>
  return
}
// -----
func.func @c192(%a0: i1, %a1: f32, %a2: f32) {
  %r = "arith.select"(%a0, %a1, %a2) : (i1, f32, f32) -> f32
  return
}
// -----
func.func @c193(%a0: vector<4xi1>, %a1: vector<4xf32>, %a2: vector<4xf32>) {
  %r = "arith.select"(%a0, %a1, %a2) : (vector<4xi1>, vector<4xf32>, vector<4xf32>) -> vector<4xf32>
  return
}
// -----
func.func @c194() {
  %r = "arith.constant"() {value = 1.0 : f32} : () -> f32
  return
}
// -----
func.func @c195() {
  %r = "arith.constant"() {value = 1 : i32} : () -> i32
  return
}
// -----
func.func @c196() {
  %r = "arith.constant"() {value = dense<1.0> : tensor<4xf32>} : () -> tensor<4xf32>
  return
}
// -----
func.func @c197() {
  // expected-error @+1 {{'arith.constant' op failed to verify that all of {value, result} have same type}}
  %r = "arith.constant"() {value = 1.0 : f32} : () -> f64
  return
}
// -----
func.func @c198() {
  // expected-error @+1 {{'arith.constant' op failed to verify that all of {value, result} have same type}}
  %r = "arith.constant"() {value = dense<1> : tensor<4xi32>} : () -> tensor<?xi32>
  return
}
// -----
func.func @c199() {
  %r = "arith.constant"() {value = true} : () -> i1
  return
}
// -----
func.func @c200() {
  %r = "arith.constant"() {value = 3 : index} : () -> index
  return
}
