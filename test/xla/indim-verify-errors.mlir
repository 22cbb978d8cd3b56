// Every verifier rule of XLA's InDim broadcasting on binary tir ops
// (SPEC section 5, seeds 002/003), each with its message.
// RUN: tirc -split-input-file -verify-diagnostics %s

// Rule: broadcast_dimensions is an i64 dense array.
func.func @not_a_dense_array(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'tir.add' op attribute 'broadcast_dimensions' failed to satisfy constraint: i64 dense array attribute}}
  %r = "tir.add"(%a, %b) {broadcast_dimensions = [1]} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----
func.func @i32_array(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'tir.sub' op attribute 'broadcast_dimensions' failed to satisfy constraint: i64 dense array attribute}}
  %r = "tir.sub"(%a, %b) {broadcast_dimensions = array<i32: 1>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----
// Rule: one entry per dimension of the lower-rank operand.
func.func @too_few_entries(%a: tensor<2x3x4xf32>, %b: tensor<3x4xf32>) -> tensor<2x3x4xf32> {
  // expected-error @+1 {{'tir.add' op broadcast_dimensions has 1 entry but the lower-rank operand #1 has rank 2: it needs one entry per dimension}}
  %r = "tir.add"(%a, %b) {broadcast_dimensions = array<i64: 1>} : (tensor<2x3x4xf32>, tensor<3x4xf32>) -> tensor<2x3x4xf32>
  return %r : tensor<2x3x4xf32>
}

// -----
func.func @empty_for_a_vector(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'tir.add' op broadcast_dimensions has 0 entries but the lower-rank operand #1 has rank 1: it needs one entry per dimension}}
  %r = "tir.add"(%a, %b) {broadcast_dimensions = array<i64>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----
// The lower-rank operand may be the left one.
func.func @lhs_lower_rank_too_many(%a: tensor<3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'tir.mul' op broadcast_dimensions has 2 entries but the lower-rank operand #0 has rank 1: it needs one entry per dimension}}
  %r = "tir.mul"(%a, %b) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----
// Rule: a scalar needs no entries.
func.func @scalar_with_entries(%a: tensor<2x3xf32>, %b: tensor<f32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'tir.add' op broadcast_dimensions has 1 entry but the lower-rank operand #1 has rank 0: it needs one entry per dimension}}
  %r = "tir.add"(%a, %b) {broadcast_dimensions = array<i64: 0>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----
// Rule: each entry is a dimension of the higher-rank operand.
func.func @out_of_range(%a: tensor<2x3x4xf32>, %b: tensor<3x4xf32>) -> tensor<2x3x4xf32> {
  // expected-error @+1 {{'tir.add' op broadcast_dimensions[1] = 3 is out of range for the higher-rank operand #0 of rank 3}}
  %r = "tir.add"(%a, %b) {broadcast_dimensions = array<i64: 1, 3>} : (tensor<2x3x4xf32>, tensor<3x4xf32>) -> tensor<2x3x4xf32>
  return %r : tensor<2x3x4xf32>
}

// -----
func.func @negative(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'tir.add' op broadcast_dimensions[0] = -1 is out of range for the higher-rank operand #0 of rank 2}}
  %r = "tir.add"(%a, %b) {broadcast_dimensions = array<i64: -1>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----
// Rule: strictly increasing (the seed: matching V with N and T with P is
// illegal, and so is matching V with both P and N).
func.func @decreasing(%a: tensor<2x3x4xf32>, %b: tensor<4x3xf32>) -> tensor<2x3x4xf32> {
  // expected-error @+1 {{'tir.add' op broadcast_dimensions must be strictly increasing, but entry 1 (1) comes after entry 0 (2)}}
  %r = "tir.add"(%a, %b) {broadcast_dimensions = array<i64: 2, 1>} : (tensor<2x3x4xf32>, tensor<4x3xf32>) -> tensor<2x3x4xf32>
  return %r : tensor<2x3x4xf32>
}

// -----
func.func @repeated(%a: tensor<2x3x3xf32>, %b: tensor<3x3xf32>) -> tensor<2x3x3xf32> {
  // expected-error @+1 {{'tir.add' op broadcast_dimensions must be strictly increasing, but entry 1 (1) comes after entry 0 (1)}}
  %r = "tir.add"(%a, %b) {broadcast_dimensions = array<i64: 1, 1>} : (tensor<2x3x3xf32>, tensor<3x3xf32>) -> tensor<2x3x3xf32>
  return %r : tensor<2x3x3xf32>
}

// -----
// Rule: a mapped size equals its target or one of them is 1 (the seed: a
// 2x3 matrix plus a 3-vector with dims (0) is illegal).
func.func @seed_2x3_plus_3_dims_0(%a: tensor<2x3xi32>, %b: tensor<3xi32>) -> tensor<2x3xi32> {
  // expected-error @+1 {{'tir.add' op dimension 0 of operand #1 (size 3) maps to dimension 0 of operand #0 (size 2): the sizes must be equal or one of them 1}}
  %r = "tir.add"(%a, %b) {broadcast_dimensions = array<i64: 0>} : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  return %r : tensor<2x3xi32>
}

// -----
// Rule: same rank needs no entries, or the identity.
func.func @same_rank_permutation(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'tir.add' op broadcast_dimensions must be empty or the identity [0, 1] for operands of the same rank 2, but got [1, 0]}}
  %r = "tir.add"(%a, %b) {broadcast_dimensions = array<i64: 1, 0>} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----
// Rule: degenerate-dimension broadcasting of same-rank shapes (the seed:
// (7,2,5) and (7,2,6) are incompatible).
func.func @seed_7x2x5_7x2x6(%a: tensor<7x2x5xf32>, %b: tensor<7x2x6xf32>) -> tensor<7x2x6xf32> {
  // expected-error @+1 {{'tir.add' op dimension 2 of operand #0 (size 5) and of operand #1 (size 6) are incompatible: the sizes must be equal or one of them 1}}
  %r = "tir.add"(%a, %b) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<7x2x5xf32>, tensor<7x2x6xf32>) -> tensor<7x2x6xf32>
  return %r : tensor<7x2x6xf32>
}

// -----
// After the mapping, the expanded lower-rank operand and the other one
// broadcast per dimension.
func.func @after_mapping(%a: tensor<3xf32>, %b: tensor<2x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{'tir.add' op dimension 0 of operand #0 (size 3) maps to dimension 0 of operand #1 (size 2): the sizes must be equal or one of them 1}}
  %r = "tir.add"(%a, %b) {broadcast_dimensions = array<i64: 0>} : (tensor<3xf32>, tensor<2x4xf32>) -> tensor<3x4xf32>
  return %r : tensor<3x4xf32>
}

// -----
// Rule: the result-verification table applies to the InDim shape.
func.func @result_shape(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<3x3xf32> {
  // expected-error @+1 {{'tir.add' op result type '3x3' not broadcast compatible with broadcasted operands's shapes '2x3'}}
  %r = "tir.add"(%a, %b) {broadcast_dimensions = array<i64: 1>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<3x3xf32>
  return %r : tensor<3x3xf32>
}

// -----
func.func @result_rank(%a: tensor<4xi32>, %b: tensor<1x2xi32>) -> tensor<2xi32> {
  // expected-error @+1 {{'tir.add' op result type '2' not broadcast compatible with broadcasted operands's shapes '4x2'}}
  %r = "tir.add"(%a, %b) {broadcast_dimensions = array<i64: 0>} : (tensor<4xi32>, tensor<1x2xi32>) -> tensor<2xi32>
  return %r : tensor<2xi32>
}

// -----
// Rule: the mapping needs ranked operands.
func.func @unranked(%a: tensor<*xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'tir.add' op broadcast_dimensions needs ranked operands: the mapping is meaningless for an unranked tensor}}
  %r = "tir.add"(%a, %b) {broadcast_dimensions = array<i64: 1>} : (tensor<*xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----
// Rule: only binary ops take the attribute.
func.func @select(%c: tensor<2x3xi1>, %a: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'tir.select' op broadcast_dimensions applies to ops with two operands, but this one has 3}}
  %r = "tir.select"(%c, %a, %a) {broadcast_dimensions = array<i64: 1>} : (tensor<2x3xi1>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----
// Every op with an error is reported, and cmp takes the attribute too.
func.func @two_errors(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2x3xi1> {
  // expected-error @+1 {{'tir.cmp' op dimension 0 of operand #1 (size 3) maps to dimension 0 of operand #0 (size 2)}}
  %c = "tir.cmp"(%a, %b) {predicate = "lt", broadcast_dimensions = array<i64: 0>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  // expected-error @+1 {{'tir.max' op broadcast_dimensions[0] = 2 is out of range for the higher-rank operand #0 of rank 2}}
  %m = "tir.max"(%a, %b) {broadcast_dimensions = array<i64: 2>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %c : tensor<2x3xi1>
}
