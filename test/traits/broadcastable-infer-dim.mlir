// MLIR's Broadcastable spec (seed 001), "Dimension inference" table: every
// row, in both operand orders ("dim0 and dim1 ... in an interchangeable
// order"). In each split the ops with the inferred result verify, and an op
// with a rank-0 result is rejected with a message that shows the inferred
// shape. mlir-opt-19 gives the same verdicts (test/traits/mlir-opt-19-agrees.mlir).
// RUN: tirc -split-input-file -verify-diagnostics %s
// Row (?, ?) -> ?: If RuntimeSize(dim0) is 1, dimension dim0 is broadcast to RuntimeSize(dim1)... Operands (?, ?).
func.func @row1_dim0_dim1(%a: tensor<?xi32>, %b: tensor<?xi32>) -> tensor<?xi32> {
  %0 = "test.broadcastable"(%a, %b) : (tensor<?xi32>, tensor<?xi32>) -> tensor<?xi32>
  // expected-error @+1 {{'test.broadcastable' op result type '' not broadcast compatible with broadcasted operands's shapes '?'}}
  %1 = "test.broadcastable"(%a, %b) : (tensor<?xi32>, tensor<?xi32>) -> tensor<i32>
  return %0 : tensor<?xi32>
}

// -----
// Row (?, ?) -> ?: If RuntimeSize(dim0) is 1, dimension dim0 is broadcast to RuntimeSize(dim1)... Operands (?, ?).
func.func @row1_dim1_dim0(%a: tensor<?xi32>, %b: tensor<?xi32>) -> tensor<?xi32> {
  %0 = "test.broadcastable"(%a, %b) : (tensor<?xi32>, tensor<?xi32>) -> tensor<?xi32>
  // expected-error @+1 {{'test.broadcastable' op result type '' not broadcast compatible with broadcasted operands's shapes '?'}}
  %1 = "test.broadcastable"(%a, %b) : (tensor<?xi32>, tensor<?xi32>) -> tensor<i32>
  return %0 : tensor<?xi32>
}

// -----
// Row (?, 1) -> ?: Dimension dim1 is broadcast to RuntimeSize(dim0). Operands (?, 1).
func.func @row2_dim0_dim1(%a: tensor<?xi32>, %b: tensor<1xi32>) -> tensor<?xi32> {
  %0 = "test.broadcastable"(%a, %b) : (tensor<?xi32>, tensor<1xi32>) -> tensor<?xi32>
  // expected-error @+1 {{'test.broadcastable' op result type '' not broadcast compatible with broadcasted operands's shapes '?'}}
  %1 = "test.broadcastable"(%a, %b) : (tensor<?xi32>, tensor<1xi32>) -> tensor<i32>
  return %0 : tensor<?xi32>
}

// -----
// Row (?, 1) -> ?: Dimension dim1 is broadcast to RuntimeSize(dim0). Operands (1, ?).
func.func @row2_dim1_dim0(%a: tensor<1xi32>, %b: tensor<?xi32>) -> tensor<?xi32> {
  %0 = "test.broadcastable"(%a, %b) : (tensor<1xi32>, tensor<?xi32>) -> tensor<?xi32>
  // expected-error @+1 {{'test.broadcastable' op result type '' not broadcast compatible with broadcasted operands's shapes '?'}}
  %1 = "test.broadcastable"(%a, %b) : (tensor<1xi32>, tensor<?xi32>) -> tensor<i32>
  return %0 : tensor<?xi32>
}

// -----
// Row (?, >1) -> dim1: If RuntimeSize(dim0) is 1, dim0 is broadcast to dim1. Operands (?, 3).
func.func @row3_dim0_dim1(%a: tensor<?xi32>, %b: tensor<3xi32>) -> tensor<3xi32> {
  %0 = "test.broadcastable"(%a, %b) : (tensor<?xi32>, tensor<3xi32>) -> tensor<3xi32>
  // expected-error @+1 {{'test.broadcastable' op result type '' not broadcast compatible with broadcasted operands's shapes '3'}}
  %1 = "test.broadcastable"(%a, %b) : (tensor<?xi32>, tensor<3xi32>) -> tensor<i32>
  return %0 : tensor<3xi32>
}

// -----
// Row (?, >1) -> dim1: If RuntimeSize(dim0) is 1, dim0 is broadcast to dim1. Operands (3, ?).
func.func @row3_dim1_dim0(%a: tensor<3xi32>, %b: tensor<?xi32>) -> tensor<3xi32> {
  %0 = "test.broadcastable"(%a, %b) : (tensor<3xi32>, tensor<?xi32>) -> tensor<3xi32>
  // expected-error @+1 {{'test.broadcastable' op result type '' not broadcast compatible with broadcasted operands's shapes '3'}}
  %1 = "test.broadcastable"(%a, %b) : (tensor<3xi32>, tensor<?xi32>) -> tensor<i32>
  return %0 : tensor<3xi32>
}

// -----
// Row (1, 1) -> 1 Operands (1, 1).
func.func @row4_dim0_dim1(%a: tensor<1xi32>, %b: tensor<1xi32>) -> tensor<1xi32> {
  %0 = "test.broadcastable"(%a, %b) : (tensor<1xi32>, tensor<1xi32>) -> tensor<1xi32>
  // expected-error @+1 {{'test.broadcastable' op result type '' not broadcast compatible with broadcasted operands's shapes '1'}}
  %1 = "test.broadcastable"(%a, %b) : (tensor<1xi32>, tensor<1xi32>) -> tensor<i32>
  return %0 : tensor<1xi32>
}

// -----
// Row (1, 1) -> 1 Operands (1, 1).
func.func @row4_dim1_dim0(%a: tensor<1xi32>, %b: tensor<1xi32>) -> tensor<1xi32> {
  %0 = "test.broadcastable"(%a, %b) : (tensor<1xi32>, tensor<1xi32>) -> tensor<1xi32>
  // expected-error @+1 {{'test.broadcastable' op result type '' not broadcast compatible with broadcasted operands's shapes '1'}}
  %1 = "test.broadcastable"(%a, %b) : (tensor<1xi32>, tensor<1xi32>) -> tensor<i32>
  return %0 : tensor<1xi32>
}

// -----
// Row (1, >1) -> dim1: Dimension dim0 is broadcast to dim1. Operands (1, 3).
func.func @row5_dim0_dim1(%a: tensor<1xi32>, %b: tensor<3xi32>) -> tensor<3xi32> {
  %0 = "test.broadcastable"(%a, %b) : (tensor<1xi32>, tensor<3xi32>) -> tensor<3xi32>
  // expected-error @+1 {{'test.broadcastable' op result type '' not broadcast compatible with broadcasted operands's shapes '3'}}
  %1 = "test.broadcastable"(%a, %b) : (tensor<1xi32>, tensor<3xi32>) -> tensor<i32>
  return %0 : tensor<3xi32>
}

// -----
// Row (1, >1) -> dim1: Dimension dim0 is broadcast to dim1. Operands (3, 1).
func.func @row5_dim1_dim0(%a: tensor<3xi32>, %b: tensor<1xi32>) -> tensor<3xi32> {
  %0 = "test.broadcastable"(%a, %b) : (tensor<3xi32>, tensor<1xi32>) -> tensor<3xi32>
  // expected-error @+1 {{'test.broadcastable' op result type '' not broadcast compatible with broadcasted operands's shapes '3'}}
  %1 = "test.broadcastable"(%a, %b) : (tensor<3xi32>, tensor<1xi32>) -> tensor<i32>
  return %0 : tensor<3xi32>
}

// -----
// Row (>1, >1) -> dim0: dim0 == dim1 Operands (4, 4).
func.func @row6_dim0_dim1(%a: tensor<4xi32>, %b: tensor<4xi32>) -> tensor<4xi32> {
  %0 = "test.broadcastable"(%a, %b) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  // expected-error @+1 {{'test.broadcastable' op result type '' not broadcast compatible with broadcasted operands's shapes '4'}}
  %1 = "test.broadcastable"(%a, %b) : (tensor<4xi32>, tensor<4xi32>) -> tensor<i32>
  return %0 : tensor<4xi32>
}

// -----
// Row (>1, >1) -> dim0: dim0 == dim1 Operands (4, 4).
func.func @row6_dim1_dim0(%a: tensor<4xi32>, %b: tensor<4xi32>) -> tensor<4xi32> {
  %0 = "test.broadcastable"(%a, %b) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  // expected-error @+1 {{'test.broadcastable' op result type '' not broadcast compatible with broadcasted operands's shapes '4'}}
  %1 = "test.broadcastable"(%a, %b) : (tensor<4xi32>, tensor<4xi32>) -> tensor<i32>
  return %0 : tensor<4xi32>
}

// -----
// Row (>1, >1): The operation verifier produces a compile-time error if dim0 != dim1. Operands (3, 2).
func.func @row6_mismatch_3_2(%a: tensor<3xi32>, %b: tensor<2xi32>) {
  // expected-error @+1 {{'test.broadcastable' op operands don't have broadcast-compatible shapes}}
  %0 = "test.broadcastable"(%a, %b) : (tensor<3xi32>, tensor<2xi32>) -> tensor<?xi32>
  return
}

// -----
// Row (>1, >1): The operation verifier produces a compile-time error if dim0 != dim1. Operands (2, 3).
func.func @row6_mismatch_2_3(%a: tensor<2xi32>, %b: tensor<3xi32>) {
  // expected-error @+1 {{'test.broadcastable' op operands don't have broadcast-compatible shapes}}
  %0 = "test.broadcastable"(%a, %b) : (tensor<2xi32>, tensor<3xi32>) -> tensor<?xi32>
  return
}

// -----
// The InferDim pseudo-function, every case in its order, one per dimension:
// (?,?) (?,1) (1,1) (>1,?) (>1,1) return dim0; (?,>1) (1,?) (1,>1) return dim1; (>1,>1) equal.
func.func @pseudo_function(%a: tensor<?x?x1x5x5x?x1x1x2xi32>, %b: tensor<?x1x1x?x1x2x?x2x2xi32>) -> tensor<?x?x1x5x5x2x?x2x2xi32> {
  %0 = "test.broadcastable"(%a, %b) : (tensor<?x?x1x5x5x?x1x1x2xi32>, tensor<?x1x1x?x1x2x?x2x2xi32>) -> tensor<?x?x1x5x5x2x?x2x2xi32>
  // expected-error @+1 {{'test.broadcastable' op result type '' not broadcast compatible with broadcasted operands's shapes '?x?x1x5x5x2x?x2x2'}}
  %1 = "test.broadcastable"(%a, %b) : (tensor<?x?x1x5x5x?x1x1x2xi32>, tensor<?x1x1x?x1x2x?x2x2xi32>) -> tensor<i32>
  return %0 : tensor<?x?x1x5x5x2x?x2x2xi32>
}
