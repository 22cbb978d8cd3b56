// Broadcastable with unranked tensors ("discarding unranked operands") and
// size-0 dims (SPEC section 4, point 4: as mlir-opt-19, (0,1) -> 0,
// (0,?) -> ?, (0,3) fails). mlir-opt-19 gives the same verdicts
// (test/traits/mlir-opt-19-agrees.mlir).
// RUN: tirc -split-input-file -verify-diagnostics %s

// "No result shape verification needed when all inputs are unranked."
func.func @all_unranked(%a: tensor<*xi32>, %b: tensor<*xf32>) -> tensor<2x?x7xi32> {
  %0 = "test.broadcastable"(%a, %b) : (tensor<*xi32>, tensor<*xf32>) -> tensor<2x?x7xi32>
  %1 = "test.broadcastable"(%a) : (tensor<*xi32>) -> tensor<i32>
  %2 = "test.broadcastable"(%a, %b) : (tensor<*xi32>, tensor<*xf32>) -> tensor<*xi32>
  return %0 : tensor<2x?x7xi32>
}

// -----
// "No result shape verification is needed when the result is unranked."
func.func @result_unranked(%a: tensor<2xi32>, %b: tensor<3x1xi32>) -> tensor<*xi32> {
  %0 = "test.broadcastable"(%a, %b) : (tensor<2xi32>, tensor<3x1xi32>) -> tensor<*xi32>
  return %0 : tensor<*xi32>
}

// -----
// An unranked result does not hide incompatible operands.
func.func @result_unranked_operands_incompatible(%a: tensor<2xi32>, %b: tensor<3xi32>) {
  // expected-error @+1 {{'test.broadcastable' op operands don't have broadcast-compatible shapes}}
  %0 = "test.broadcastable"(%a, %b) : (tensor<2xi32>, tensor<3xi32>) -> tensor<*xi32>
  return
}

// -----
// Unranked operands are discarded; the ranked ones decide.
func.func @mixed(%a: tensor<*xi32>, %b: tensor<4xi32>, %c: tensor<3x1xi32>) -> tensor<3x4xi32> {
  %0 = "test.broadcastable"(%a, %b, %c) : (tensor<*xi32>, tensor<4xi32>, tensor<3x1xi32>) -> tensor<3x4xi32>
  %1 = "test.broadcastable"(%b, %a) : (tensor<4xi32>, tensor<*xi32>) -> tensor<?xi32>
  return %0 : tensor<3x4xi32>
}

// -----
func.func @mixed_incompatible(%a: tensor<*xi32>, %b: tensor<4xi32>, %c: tensor<3xi32>) {
  // expected-error @+1 {{'test.broadcastable' op operands don't have broadcast-compatible shapes}}
  %0 = "test.broadcastable"(%b, %a, %c) : (tensor<4xi32>, tensor<*xi32>, tensor<3xi32>) -> tensor<*xi32>
  return
}

// -----
// With an unranked operand the trailing dims are still checked.
func.func @mixed_result_mismatch(%a: tensor<*xi32>, %b: tensor<4xi32>) {
  // expected-error @+1 {{'test.broadcastable' op result type '5' not broadcast compatible with broadcasted operands's shapes '4'}}
  %0 = "test.broadcastable"(%a, %b) : (tensor<*xi32>, tensor<4xi32>) -> tensor<5xi32>
  return
}

// -----
// Size 0: (0,1) -> 0, (0,0) -> 0, (0,?) -> ?.
func.func @size0(%a: tensor<0x0x0xi32>, %b: tensor<1x0x?xi32>) -> tensor<0x0x?xi32> {
  %0 = "test.broadcastable"(%a, %b) : (tensor<0x0x0xi32>, tensor<1x0x?xi32>) -> tensor<0x0x?xi32>
  %1 = "test.broadcastable"(%b, %a) : (tensor<1x0x?xi32>, tensor<0x0x0xi32>) -> tensor<0x0x0xi32>
  // expected-error @+1 {{'test.broadcastable' op result type '' not broadcast compatible with broadcasted operands's shapes '0x0x?'}}
  %2 = "test.broadcastable"(%b, %a) : (tensor<1x0x?xi32>, tensor<0x0x0xi32>) -> tensor<i32>
  return %0 : tensor<0x0x?xi32>
}

// -----
// Size 0 is not 1: (0,3) fails.
func.func @size0_vs_3(%a: tensor<0xi32>, %b: tensor<3xi32>) {
  // expected-error @+1 {{'test.broadcastable' op operands don't have broadcast-compatible shapes}}
  %0 = "test.broadcastable"(%a, %b) : (tensor<0xi32>, tensor<3xi32>) -> tensor<?xi32>
  return
}

// -----
// An inferred 0 against a static result dim of 1 fails.
func.func @size0_result(%a: tensor<0xi32>, %b: tensor<1xi32>) {
  // expected-error @+1 {{'test.broadcastable' op result type '1' not broadcast compatible with broadcasted operands's shapes '0'}}
  %0 = "test.broadcastable"(%a, %b) : (tensor<0xi32>, tensor<1xi32>) -> tensor<1xi32>
  return
}
