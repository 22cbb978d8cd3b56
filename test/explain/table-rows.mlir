// RUN: tirc -verify -explain -split-input-file -verify-diagnostics %s
// -explain: one remark per broadcasting op, one note per operand expansion
// and per result dimension, naming the row of the seed's dimension
// inference table (dim0, dim1) and of its verification table
// (inferredDim, actualDim).

// Row (?, ?) -> ?, verification row (?, ?).
func.func @dyn_dyn(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  // expected-remark@below {{broadcast (?, ?) -> ?: inferred ?, result compatible}}
  // expected-note@below {{dim 0: (?, ?) -> ?; row (?, ?) -> ?: equal at run time, or one of them is 1 and broadcast; result ? (verification row (?, ?): OK)}}
  %0 = "tir.add"(%a, %b) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// Row (?, 1) -> ?, and its mirror (1, ?).
func.func @dyn_one(%a: tensor<?xf32>, %b: tensor<1xf32>) -> tensor<?xf32> {
  // expected-remark@below {{broadcast (?, 1) -> ?}}
  // expected-note@below {{dim 0: (?, 1) -> ?; row (?, 1) -> ?: broadcast to the run-time size}}
  %0 = "tir.add"(%a, %b) : (tensor<?xf32>, tensor<1xf32>) -> tensor<?xf32>
  // expected-remark@below {{broadcast (1, ?) -> ?}}
  // expected-note@below {{dim 0: (1, ?) -> ?; row (1, ?) -> ?: broadcast to the run-time size}}
  %1 = "tir.add"(%b, %a) : (tensor<1xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// Row (?, >1) -> dim1, with the verification row (static, static).
func.func @dyn_big(%a: tensor<?xf32>, %b: tensor<5xf32>) -> tensor<5xf32> {
  // expected-remark@below {{broadcast (?, 5) -> 5: inferred 5, result compatible}}
  // expected-note@below {{dim 0: (?, 5) -> 5; row (?, >1) -> 5: the ? must be 1 or 5 at run time; result 5 (verification row (static, static): OK, equal)}}
  %0 = "tir.add"(%a, %b) : (tensor<?xf32>, tensor<5xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

// Row (1, 1) -> 1.
func.func @one_one(%a: tensor<1xi32>) -> tensor<1xi32> {
  // expected-remark@below {{broadcast (1, 1) -> 1: inferred 1}}
  // expected-note@below {{dim 0: (1, 1) -> 1; row (1, 1) -> 1: equal sizes}}
  %0 = "tir.mul"(%a, %a) : (tensor<1xi32>, tensor<1xi32>) -> tensor<1xi32>
  return %0 : tensor<1xi32>
}

// -----

// Row (1, >1) -> dim1: operand 0 is broadcast.
func.func @one_big(%a: tensor<1xi32>, %b: tensor<4xi32>) -> tensor<4xi32> {
  // expected-remark@below {{broadcast (1, 4) -> 4: inferred 4, result compatible}}
  // expected-note@below {{dim 0: (1, 4) -> 4, operand 0 broadcast; row (1, >1) -> 4: the 1 is broadcast}}
  %0 = "tir.mul"(%a, %b) : (tensor<1xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// Row (>1, >1) with equal sizes.
func.func @big_big(%a: tensor<3xi32>) -> tensor<3xi32> {
  // expected-remark@below {{broadcast (3, 3) -> 3: inferred 3, result compatible}}
  // expected-note@below {{dim 0: (3, 3) -> 3; row (>1, >1) -> 3: equal sizes}}
  %0 = "tir.max"(%a, %a) : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}

// -----

// Row (>1, >1) with different sizes: the explanation comes with the error.
func.func @big_big_error(%a: tensor<3xi32>, %b: tensor<2xi32>) -> tensor<?xi32> {
  // expected-remark@below {{broadcast (3, 2) -> ?: operands don't have broadcast-compatible shapes}}
  // expected-note@below {{dim 0: (3, 2) -> ?; row (>1, >1): static sizes differ, a compile-time error (3 against 2)}}
  // expected-error@below {{operands don't have broadcast-compatible shapes}}
  %0 = "test.broadcastable"(%a, %b) : (tensor<3xi32>, tensor<2xi32>) -> tensor<?xi32>
  return %0 : tensor<?xi32>
}

// -----

// Verification rows (?, static) and (static, ?).
func.func @verification_rows(%a: tensor<?xf32>, %b: tensor<4xf32>) -> tensor<?xf32> {
  // expected-remark@below {{broadcast (?, ?) -> 4: inferred ?, result compatible}}
  // expected-note@below {{result 4 (verification row (?, static): OK, the run-time size must be 4)}}
  %0 = "test.broadcastable"(%a, %a) : (tensor<?xf32>, tensor<?xf32>) -> tensor<4xf32>
  // expected-remark@below {{broadcast (4, 4) -> ?: inferred 4, result compatible}}
  // expected-note@below {{result ? (verification row (static, ?): OK, the result relaxes the static size)}}
  %1 = "test.broadcastable"(%b, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<?xf32>
  return %1 : tensor<?xf32>
}

// -----

// Verification row (static, static) with different sizes.
func.func @verification_mismatch(%a: tensor<2xf32>) -> tensor<4xf32> {
  // expected-remark@below {{broadcast (2, 2) -> 4: inferred 2, result NOT compatible}}
  // expected-note@below {{dim 0: (2, 2) -> 2; row (>1, >1) -> 2: equal sizes; result 4 (verification row (static, static): error, 2 != 4)}}
  // expected-error@below {{result type '4' not broadcast compatible with broadcasted operands's shapes '2'}}
  %0 = "test.broadcastable"(%a, %a) : (tensor<2xf32>, tensor<2xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Rank expansion (ExpandRank) and a dimension whose only size comes from
// the expanded operand's 1.
func.func @expand(%a: tensor<?x1xf32>, %b: tensor<4xf32>) -> tensor<?x4xf32> {
  // expected-remark@below {{broadcast (?x1, 4) -> ?x4: inferred ?x4, result compatible}}
  // expected-note@below {{operand 1: rank 1 expanded to 2 by prepending 1 (4 -> 1x4)}}
  // expected-note@below {{dim 0: (?, 1) -> ?, operand 1 expanded with 1; row (?, 1) -> ?}}
  // expected-note@below {{dim 1: (1, 4) -> 4, operand 0 broadcast; row (1, >1) -> 4}}
  %0 = "tir.add"(%a, %b) : (tensor<?x1xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// -----

// A rank-0 operand and three operands folded pairwise.
func.func @scalar_and_three(%s: tensor<f32>, %a: tensor<2x1xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-remark@below {{broadcast (scalar, 2x1, 3) -> 2x3: inferred 2x3, result compatible}}
  // expected-note@below {{operand 0: rank 0 expanded to 2 by prepending 1 (scalar (rank 0) -> 1x1)}}
  // expected-note@below {{operand 2: rank 1 expanded to 2 by prepending 1 (3 -> 1x3)}}
  // expected-note@below {{dim 0: (1, 2, 1) -> 2, operands 0, 2 expanded with 1, operands 0, 2 broadcast; row (1, >1) -> 2: the 1 is broadcast; then row (>1, 1) -> 2: the 1 is broadcast}}
  // expected-note@below {{dim 1: (1, 1, 3) -> 3, operand 0 expanded with 1, operands 0, 1 broadcast; row (1, 1) -> 1: equal sizes; then row (1, >1) -> 3: the 1 is broadcast}}
  %0 = "test.broadcastable"(%s, %a, %b) : (tensor<f32>, tensor<2x1xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// Size-0 dimensions (SPEC section 4, point 4).
func.func @zero(%a: tensor<0xf32>, %b: tensor<1xf32>, %c: tensor<?xf32>) -> tensor<0xf32> {
  // expected-remark@below {{broadcast (0, 1) -> 0: inferred 0, result compatible}}
  // expected-note@below {{dim 0: (0, 1) -> 0; row (0, 1) -> 0: the 1 is broadcast}}
  %0 = "test.broadcastable"(%a, %b) : (tensor<0xf32>, tensor<1xf32>) -> tensor<0xf32>
  // expected-remark@below {{broadcast (0, ?) -> ?: inferred ?}}
  // expected-note@below {{dim 0: (0, ?) -> ?; row (0, ?) -> ?: a static 0 against ? stays dynamic (SPEC section 4, point 4)}}
  %1 = "test.broadcastable"(%a, %c) : (tensor<0xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<0xf32>
}

// -----

// Unranked operands are discarded; with no ranked operand nothing is inferred.
func.func @unranked(%a: tensor<*xf32>, %b: tensor<2x3xf32>) -> tensor<*xf32> {
  // expected-remark@below {{broadcast (*, 2x3) -> 4x2x3: inferred 2x3; the result rank 3 differs from the inferred rank 2 (allowed: with an unranked operand the inferred rank is a lower bound)}}
  // expected-note@below {{operand 0: unranked, discarded (InferResultShape ignores unranked operands)}}
  // expected-note@below {{dim 0: (2) -> 2; a single ranked operand gives its own size}}
  // expected-note@below {{dim 1: (3) -> 3; a single ranked operand gives its own size}}
  %0 = "test.broadcastable"(%a, %b) : (tensor<*xf32>, tensor<2x3xf32>) -> tensor<4x2x3xf32>
  // expected-remark@below {{broadcast (*, *) -> 2: no ranked operand, the result shape cannot be inferred}}
  // expected-note@below {{operand 0: unranked}}
  // expected-note@below {{operand 1: unranked}}
  %1 = "test.broadcastable"(%a, %a) : (tensor<*xf32>, tensor<*xf32>) -> tensor<2xf32>
  // expected-remark@below {{broadcast (2x3) -> *: inferred 2x3; the result is unranked, nothing to check}}
  // expected-note@below {{dim 0: (2) -> 2}}
  // expected-note@below {{dim 1: (3) -> 3}}
  %2 = "test.broadcastable"(%b) : (tensor<2x3xf32>) -> tensor<*xf32>
  return %2 : tensor<*xf32>
}

// -----

// XLA: broadcast_dimensions (InDim) and tir.broadcast_in_dim.
func.func @xla(%x: tensor<2x3x4xf32>, %y: tensor<3x4xf32>, %v: tensor<3xf32>, %m: tensor<7x1x5xf32>, %n: tensor<7x2x5xf32>) -> tensor<4x3x2xf32> {
  // expected-remark@below {{broadcast (2x3x4, 3x4) -> 2x3x4 with broadcast_dimensions = [1, 2]: XLA InDim broadcasting: inferred 2x3x4}}
  // expected-note@below {{operand 1 dim 0 (size 3) maps to operand 0 dim 1 (size 3)}}
  // expected-note@below {{operand 1 dim 1 (size 4) maps to operand 0 dim 2 (size 4)}}
  // expected-note@below {{dim 0: 2 from operand 0, operand 1 broadcast along it}}
  // expected-note@below {{dim 1: (3, 3) -> 3, operand 1 dim 0 placed here}}
  // expected-note@below {{dim 2: (4, 4) -> 4, operand 1 dim 1 placed here}}
  %0 = "tir.add"(%x, %y) {broadcast_dimensions = array<i64: 1, 2>} : (tensor<2x3x4xf32>, tensor<3x4xf32>) -> tensor<2x3x4xf32>
  // expected-remark@below {{broadcast (7x1x5, 7x2x5) -> 7x2x5 with broadcast_dimensions = [0, 1, 2]: XLA InDim broadcasting: inferred 7x2x5}}
  // expected-note@below {{dim 0: (7, 7) -> 7, degenerate-dimension broadcasting}}
  // expected-note@below {{dim 1: (1, 2) -> 2, degenerate-dimension broadcasting, operand 0 broadcast}}
  // expected-note@below {{dim 2: (5, 5) -> 5, degenerate-dimension broadcasting}}
  %1 = "tir.add"(%m, %n) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<7x1x5xf32>, tensor<7x2x5xf32>) -> tensor<7x2x5xf32>
  // expected-remark@below {{broadcast_in_dim 3 -> 4x3x2 with broadcast_dimensions = [1]}}
  // expected-note@below {{dim 0: 4, a new dimension: the operand is repeated along it}}
  // expected-note@below {{dim 1: 3 from operand dim 0 (size 3)}}
  // expected-note@below {{dim 2: 2, a new dimension: the operand is repeated along it}}
  %2 = "tir.broadcast_in_dim"(%v) {broadcast_dimensions = array<i64: 1>} : (tensor<3xf32>) -> tensor<4x3x2xf32>
  return %2 : tensor<4x3x2xf32>
}
