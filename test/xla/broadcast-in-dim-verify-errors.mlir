// Every verifier rule of tir.broadcast_in_dim (StableHLO's rules, SPEC
// section 5), each with its message.
// RUN: tirc -split-input-file -verify-diagnostics %s

// Rule: the attribute is required.
func.func @missing(%a: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'tir.broadcast_in_dim' op requires attribute 'broadcast_dimensions'}}
  %r = "tir.broadcast_in_dim"(%a) : (tensor<3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----
// Rule: it is an i64 dense array.
func.func @i32_array(%a: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'tir.broadcast_in_dim' op attribute 'broadcast_dimensions' failed to satisfy constraint: i64 dense array attribute}}
  %r = "tir.broadcast_in_dim"(%a) {broadcast_dimensions = array<i32: 1>} : (tensor<3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----
// Rule: one entry per operand dimension.
func.func @too_many(%a: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'tir.broadcast_in_dim' op broadcast_dimensions size (2) does not match operand rank (1)}}
  %r = "tir.broadcast_in_dim"(%a) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----
func.func @rank_reduction(%a: tensor<2x3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'tir.broadcast_in_dim' op broadcast_dimensions size (1) does not match operand rank (2)}}
  %r = "tir.broadcast_in_dim"(%a) {broadcast_dimensions = array<i64: 0>} : (tensor<2x3xf32>) -> tensor<3xf32>
  return %r : tensor<3xf32>
}

// -----
// Rule: each entry is a result dimension.
func.func @out_of_range(%a: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'tir.broadcast_in_dim' op broadcast_dimensions contains invalid value 2 for result with rank 2}}
  %r = "tir.broadcast_in_dim"(%a) {broadcast_dimensions = array<i64: 2>} : (tensor<3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----
func.func @negative(%a: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'tir.broadcast_in_dim' op broadcast_dimensions contains invalid value -1 for result with rank 2}}
  %r = "tir.broadcast_in_dim"(%a) {broadcast_dimensions = array<i64: -1>} : (tensor<3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----
// Rule: no duplicates.
func.func @duplicates(%a: tensor<3x3xf32>) -> tensor<3x3xf32> {
  // expected-error @+1 {{'tir.broadcast_in_dim' op broadcast_dimensions should not have duplicates: 1 appears twice}}
  %r = "tir.broadcast_in_dim"(%a) {broadcast_dimensions = array<i64: 1, 1>} : (tensor<3x3xf32>) -> tensor<3x3xf32>
  return %r : tensor<3x3xf32>
}

// -----
// Rule: an operand dimension equals its result dimension or is 1.
func.func @size_mismatch(%a: tensor<3xf32>) -> tensor<3x2xf32> {
  // expected-error @+1 {{'tir.broadcast_in_dim' op size of operand dimension 0 (3) is not equal to 1 or size of result dimension 1 (2)}}
  %r = "tir.broadcast_in_dim"(%a) {broadcast_dimensions = array<i64: 1>} : (tensor<3xf32>) -> tensor<3x2xf32>
  return %r : tensor<3x2xf32>
}

// -----
func.func @size_zero(%a: tensor<0xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'tir.broadcast_in_dim' op size of operand dimension 0 (0) is not equal to 1 or size of result dimension 1 (3)}}
  %r = "tir.broadcast_in_dim"(%a) {broadcast_dimensions = array<i64: 1>} : (tensor<0xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----
// Rule: the element type is kept.
func.func @element_type(%a: tensor<3xf32>) -> tensor<2x3xf64> {
  // expected-error @+1 {{'tir.broadcast_in_dim' op requires the same element type for all operands and results}}
  %r = "tir.broadcast_in_dim"(%a) {broadcast_dimensions = array<i64: 1>} : (tensor<3xf32>) -> tensor<2x3xf64>
  return %r : tensor<2x3xf64>
}

// -----
// Rule: ranked operand and result.
func.func @unranked_operand(%a: tensor<*xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'tir.broadcast_in_dim' op requires ranked operand and result types, but got 'tensor<*xf32>' and 'tensor<2x3xf32>'}}
  %r = "tir.broadcast_in_dim"(%a) {broadcast_dimensions = array<i64: 1>} : (tensor<*xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----
func.func @unranked_result(%a: tensor<3xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{'tir.broadcast_in_dim' op requires ranked operand and result types, but got 'tensor<3xf32>' and 'tensor<*xf32>'}}
  %r = "tir.broadcast_in_dim"(%a) {broadcast_dimensions = array<i64: 0>} : (tensor<3xf32>) -> tensor<*xf32>
  return %r : tensor<*xf32>
}

// -----
// Rule: tensors stay tensors and vectors vectors.
func.func @vector_to_tensor(%a: vector<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'tir.broadcast_in_dim' op operand and result must both be tensors or both be vectors, but got 'vector<3xf32>' and 'tensor<2x3xf32>'}}
  %r = "tir.broadcast_in_dim"(%a) {broadcast_dimensions = array<i64: 1>} : (vector<3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----
// Rule: exactly one operand and one result.
func.func @two_operands(%a: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'tir.broadcast_in_dim' op requires a single operand}}
  %r = "tir.broadcast_in_dim"(%a, %a) {broadcast_dimensions = array<i64: 1>} : (tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}
