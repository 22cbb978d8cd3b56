// The points where tirc follows the written Broadcastable spec rather than
// mlir-opt-19 (SPEC section 4, points 1-5; point 6 is
// test/traits/multiple-errors.mlir).
// RUN: tirc -split-input-file -verify-diagnostics %s

// Point 1: "The operation has at least one input operand."
func.func @zero_operands() {
  // expected-error @+1 {{'test.broadcastable' op expected 1 or more operands, but found 0}}
  %0 = "test.broadcastable"() : () -> tensor<3xi32>
  return
}

// -----
// Point 1, on a tir op: two operands are required.
func.func @tir_one_operand(%a: tensor<3xf32>) {
  // expected-error @+1 {{'tir.add' op expected 2 operands, but found 1}}
  %0 = "tir.add"(%a) : (tensor<3xf32>) -> tensor<3xf32>
  return
}

// -----
// Point 2: every operand ranked, so the result rank must equal the inferred
// rank, also when the trailing dims would match.
func.func @rank_must_match(%a: tensor<3xi32>) {
  // expected-error @+1 {{'test.broadcastable' op result type '2x3' not broadcast compatible with broadcasted operands's shapes '3'}}
  %0 = "test.broadcastable"(%a, %a) : (tensor<3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  return
}

// -----
// Point 2, on a tir op.
func.func @tir_rank_must_match(%a: tensor<3xf32>, %b: tensor<1xf32>) {
  // expected-error @+1 {{'tir.add' op result type '?x3' not broadcast compatible with broadcasted operands's shapes '3'}}
  %0 = "tir.add"(%a, %b) : (tensor<3xf32>, tensor<1xf32>) -> tensor<?x3xf32>
  return
}

// -----
// Point 2: with an unranked operand the inferred rank is only a lower bound
// (MLIR's traits.mlir case (3x2, 3x2, *) -> 4x3x2).
func.func @rank_lower_bound(%a: tensor<3x2xi32>, %b: tensor<*xi32>) -> tensor<4x3x2xi32> {
  %0 = "test.broadcastable"(%a, %a, %b) : (tensor<3x2xi32>, tensor<3x2xi32>, tensor<*xi32>) -> tensor<4x3x2xi32>
  return %0 : tensor<4x3x2xi32>
}

// -----
// Point 3: an inferred '?' against a static result dim is OK.
func.func @dynamic_to_static(%a: tensor<?x?xf32>, %b: tensor<1x?xf32>) -> tensor<4x5xf32> {
  %0 = "tir.add"(%a, %b) : (tensor<?x?xf32>, tensor<1x?xf32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----
// Point 4: size-0 dims as in mlir-opt-19.
func.func @size0(%a: tensor<0x3xf32>, %b: tensor<1x?xf32>, %c: tensor<0x1xf32>) -> tensor<0x3xf32> {
  %0 = "tir.add"(%a, %b) : (tensor<0x3xf32>, tensor<1x?xf32>) -> tensor<0x3xf32>
  %1 = "tir.mul"(%0, %c) : (tensor<0x3xf32>, tensor<0x1xf32>) -> tensor<0x3xf32>
  return %1 : tensor<0x3xf32>
}

// -----
func.func @size0_vs_3(%a: tensor<0xf32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{'tir.add' op operands don't have broadcast-compatible shapes}}
  %0 = "tir.add"(%a, %b) : (tensor<0xf32>, tensor<3xf32>) -> tensor<?xf32>
  return
}

// -----
// Point 5: tensors and vectors may not be mixed (an emitError: no op prefix).
func.func @vector_with_tensor(%a: tensor<4xf32>, %b: vector<4xf32>) {
  // expected-error @+1 {{cannot broadcast vector with tensor}}
  %0 = "tir.add"(%a, %b) : (tensor<4xf32>, vector<4xf32>) -> tensor<4xf32>
  return
}

// -----
func.func @vector_result_tensor_operands(%a: tensor<4xf32>) {
  // expected-error @+1 {{cannot broadcast vector with tensor}}
  %0 = "tir.mul"(%a, %a) : (tensor<4xf32>, tensor<4xf32>) -> vector<4xf32>
  return
}

// -----
// Point 5: test.broadcastable accepts tensors only, with MLIR's ODS messages.
func.func @test_op_vector_operand(%a: tensor<4xf32>, %b: vector<4xf32>) {
  // expected-error @+1 {{'test.broadcastable' op operand #1 must be variadic of tensor of any type values, but got 'vector<4xf32>'}}
  %0 = "test.broadcastable"(%a, %b) : (tensor<4xf32>, vector<4xf32>) -> tensor<4xf32>
  return
}

// -----
func.func @test_op_vector_result(%a: tensor<4xf32>) {
  // expected-error @+1 {{'test.broadcastable' op result #0 must be tensor of any type values, but got 'vector<4xf32>'}}
  %0 = "test.broadcastable"(%a) : (tensor<4xf32>) -> vector<4xf32>
  return
}
