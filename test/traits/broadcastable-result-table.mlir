// MLIR's Broadcastable spec (seed 001), the result-verification table
// (inferredDim, actualDim) -> outcome, row by row. mlir-opt-19 gives the same
// verdicts (test/traits/mlir-opt-19-agrees.mlir).
// RUN: tirc -split-input-file -verify-diagnostics %s

// Row (?, ?): OK.
func.func @row_dyn_dyn(%a: tensor<?xi32>, %b: tensor<?xi32>) -> tensor<?xi32> {
  %0 = "test.broadcastable"(%a, %b) : (tensor<?xi32>, tensor<?xi32>) -> tensor<?xi32>
  return %0 : tensor<?xi32>
}

// -----
// Row (?, static): OK. "this implicit dynamic-to-static cast is convenient
// in certain scenarios, such as an intermediate state of a shape inference pass."
func.func @row_dyn_static(%a: tensor<?xi32>, %b: tensor<1xi32>) -> tensor<4xi32> {
  %0 = "test.broadcastable"(%a, %b) : (tensor<?xi32>, tensor<1xi32>) -> tensor<4xi32>
  %1 = "test.broadcastable"(%a, %a) : (tensor<?xi32>, tensor<?xi32>) -> tensor<1xi32>
  return %0 : tensor<4xi32>
}

// -----
// Row (static, ?): OK. "The programmer may choose to relax the specificity
// of the result dimension for forward compatibility of the result type."
func.func @row_static_dyn(%a: tensor<4xi32>, %b: tensor<1xi32>) -> tensor<?xi32> {
  %0 = "test.broadcastable"(%a, %b) : (tensor<4xi32>, tensor<1xi32>) -> tensor<?xi32>
  %1 = "test.broadcastable"(%b, %b) : (tensor<1xi32>, tensor<1xi32>) -> tensor<?xi32>
  return %0 : tensor<?xi32>
}

// -----
// Row (static, static): OK if equal.
func.func @row_static_static_equal(%a: tensor<4xi32>, %b: tensor<1xi32>) -> tensor<4xi32> {
  %0 = "test.broadcastable"(%a, %b) : (tensor<4xi32>, tensor<1xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----
// Row (static, static): "they must be set to the same size".
func.func @row_static_static_different(%a: tensor<4xi32>) {
  // expected-error @+1 {{'test.broadcastable' op result type '2' not broadcast compatible with broadcasted operands's shapes '4'}}
  %0 = "test.broadcastable"(%a, %a) : (tensor<4xi32>, tensor<4xi32>) -> tensor<2xi32>
  return
}

// -----
// Row (static, static) with an inferred 1: "Broadcast semantics are not
// applicable for results."
func.func @row_static_static_one(%a: tensor<1xi32>) {
  // expected-error @+1 {{'test.broadcastable' op result type '4' not broadcast compatible with broadcasted operands's shapes '1'}}
  %0 = "test.broadcastable"(%a, %a) : (tensor<1xi32>, tensor<1xi32>) -> tensor<4xi32>
  return
}

// -----
// Every row at once, one per dimension: (?,?) (?,7) (4,?) (4,4).
func.func @all_rows(%a: tensor<?x?x4x4xi32>, %b: tensor<?x1x1x4xi32>) -> tensor<?x7x?x4xi32> {
  %0 = "test.broadcastable"(%a, %b) : (tensor<?x?x4x4xi32>, tensor<?x1x1x4xi32>) -> tensor<?x7x?x4xi32>
  return %0 : tensor<?x7x?x4xi32>
}

// -----
// The failing dim is found wherever it is.
func.func @all_rows_last_fails(%a: tensor<?x?x4x4xi32>, %b: tensor<?x1x1x4xi32>) {
  // expected-error @+1 {{'test.broadcastable' op result type '?x7x?x5' not broadcast compatible with broadcasted operands's shapes '?x?x4x4'}}
  %0 = "test.broadcastable"(%a, %b) : (tensor<?x?x4x4xi32>, tensor<?x1x1x4xi32>) -> tensor<?x7x?x5xi32>
  return
}

// -----
// "Rank must match": a result of lower rank than the inferred shape.
func.func @rank_lower(%a: tensor<2x3xi32>) {
  // expected-error @+1 {{'test.broadcastable' op result type '3' not broadcast compatible with broadcasted operands's shapes '2x3'}}
  %0 = "test.broadcastable"(%a) : (tensor<2x3xi32>) -> tensor<3xi32>
  return
}

// -----
// Rank 0: inferred '' (printed as the empty string).
func.func @rank0(%a: tensor<i32>, %b: tensor<4xi32>) -> tensor<i32> {
  %0 = "test.broadcastable"(%a, %a) : (tensor<i32>, tensor<i32>) -> tensor<i32>
  // expected-error @+1 {{'test.broadcastable' op result type '' not broadcast compatible with broadcasted operands's shapes '4'}}
  %1 = "test.broadcastable"(%a, %b) : (tensor<i32>, tensor<4xi32>) -> tensor<i32>
  return %0 : tensor<i32>
}
