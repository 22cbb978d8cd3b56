// The reductions (SPEC 3a) verify with MLIR-style messages at the op: every
// error of a split is reported. The valid forms come first.
// RUN: tirc -split-input-file -verify-diagnostics %s

func.func @valid(%x: tensor<?x128xf32>, %i: tensor<4x3xi8>, %b: tensor<2x5xi1>, %u: tensor<*xf32>) -> (tensor<?x1xf32>, tensor<?xf32>, tensor<i8>, tensor<2xi1>, tensor<1x5xi1>, tensor<3xi64>, tensor<4x1xi64>, tensor<*xf32>, tensor<?x?xf32>, tensor<?x128xf32>) {
  %0 = "tir.reduce_max"(%x) {dims = array<i64: 1>, keepdims} : (tensor<?x128xf32>) -> tensor<?x1xf32>
  %1 = "tir.reduce_sum"(%x) {dims = array<i64: 1>, keepdims = false} : (tensor<?x128xf32>) -> tensor<?xf32>
  %2 = "tir.reduce_prod"(%i) {dims = array<i64: 0, 1>} : (tensor<4x3xi8>) -> tensor<i8>
  %3 = "tir.reduce_any"(%b) {dims = array<i64: 1>} : (tensor<2x5xi1>) -> tensor<2xi1>
  %4 = "tir.reduce_all"(%b) {dims = array<i64: 0>, keepdims = true} : (tensor<2x5xi1>) -> tensor<1x5xi1>
  %5 = "tir.argmax"(%i) {dims = array<i64: 0>} : (tensor<4x3xi8>) -> tensor<3xi64>
  %6 = "tir.argmin"(%i) {dims = array<i64: 1>, keepdims} : (tensor<4x3xi8>) -> tensor<4x1xi64>
  %7 = "tir.reduce_mean"(%u) {dims = array<i64: 0>} : (tensor<*xf32>) -> tensor<*xf32>
  // A result dim may be '?' where the operand's is static, or static where it is '?'.
  %8 = "tir.reduce_min"(%x) {dims = array<i64: 1>, keepdims} : (tensor<?x128xf32>) -> tensor<?x?xf32>
  // No dims: the operand itself.
  %9 = "tir.reduce_sum"(%x) {dims = array<i64>} : (tensor<?x128xf32>) -> tensor<?x128xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : tensor<?x1xf32>, tensor<?xf32>, tensor<i8>, tensor<2xi1>, tensor<1x5xi1>, tensor<3xi64>, tensor<4x1xi64>, tensor<*xf32>, tensor<?x?xf32>, tensor<?x128xf32>
}

// -----

func.func @dims(%x: tensor<4x3xf32>) {
  // expected-error@+1 {{'tir.reduce_sum' op reduction dim 2 is out of range for an operand of rank 2}}
  %0 = "tir.reduce_sum"(%x) {dims = array<i64: 2>} : (tensor<4x3xf32>) -> tensor<4xf32>
  // expected-error@+1 {{'tir.reduce_sum' op reduction dim -1 is out of range for an operand of rank 2}}
  %1 = "tir.reduce_sum"(%x) {dims = array<i64: -1>} : (tensor<4x3xf32>) -> tensor<4xf32>
  // expected-error@+1 {{'tir.reduce_max' op reduction dims must be strictly increasing, but got [1, 0]}}
  %2 = "tir.reduce_max"(%x) {dims = array<i64: 1, 0>} : (tensor<4x3xf32>) -> tensor<f32>
  // expected-error@+1 {{'tir.reduce_max' op reduction dims must be strictly increasing, but got [1, 1]}}
  %3 = "tir.reduce_max"(%x) {dims = array<i64: 1, 1>} : (tensor<4x3xf32>) -> tensor<4xf32>
  // expected-error@+1 {{'tir.argmax' op requires exactly one reduction dim, but got 2}}
  %4 = "tir.argmax"(%x) {dims = array<i64: 0, 1>} : (tensor<4x3xf32>) -> tensor<i64>
  // expected-error@+1 {{'tir.argmin' op requires exactly one reduction dim, but got 0}}
  %5 = "tir.argmin"(%x) {dims = array<i64>} : (tensor<4x3xf32>) -> tensor<4x3xi64>
  return
}

// -----

func.func @attributes(%x: tensor<4x3xf32>) {
  // expected-error@+1 {{'tir.reduce_sum' op requires attribute 'dims'}}
  %0 = "tir.reduce_sum"(%x) : (tensor<4x3xf32>) -> tensor<4xf32>
  // expected-error@+1 {{'tir.reduce_sum' op attribute 'dims' failed to satisfy constraint: i64 dense array attribute}}
  %1 = "tir.reduce_sum"(%x) {dims = [1]} : (tensor<4x3xf32>) -> tensor<4xf32>
  // expected-error@+1 {{'tir.reduce_sum' op attribute 'keepdims' failed to satisfy constraint: unit or bool attribute}}
  %2 = "tir.reduce_sum"(%x) {dims = array<i64: 1>, keepdims = 1} : (tensor<4x3xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @result_shape(%x: tensor<4x3xf32>, %y: tensor<?x3xf32>) {
  // expected-error@+1 {{'tir.reduce_sum' op result type 'tensor<4xf32>' does not match the reduced shape '3'}}
  %0 = "tir.reduce_sum"(%x) {dims = array<i64: 0>} : (tensor<4x3xf32>) -> tensor<4xf32>
  // expected-error@+1 {{'tir.reduce_sum' op result type 'tensor<4x3xf32>' does not match the reduced shape '1x3'}}
  %1 = "tir.reduce_sum"(%x) {dims = array<i64: 0>, keepdims} : (tensor<4x3xf32>) -> tensor<4x3xf32>
  // expected-error@+1 {{'tir.reduce_sum' op result type 'tensor<3xf32>' does not match the reduced shape '?x1'}}
  %2 = "tir.reduce_sum"(%y) {dims = array<i64: 1>, keepdims} : (tensor<?x3xf32>) -> tensor<3xf32>
  // expected-error@+1 {{'tir.reduce_max' op result element type 'f64' must match the operand element type 'f32'}}
  %3 = "tir.reduce_max"(%x) {dims = array<i64: 0>} : (tensor<4x3xf32>) -> tensor<3xf64>
  return
}

// -----

func.func @types(%x: tensor<4x3xi32>, %f: tensor<4x3xf32>, %v: vector<4xf32>) {
  // expected-error@+1 {{'tir.reduce_mean' op operand #0 must be tensor of floating-point values, but got 'tensor<4x3xi32>'}}
  %0 = "tir.reduce_mean"(%x) {dims = array<i64: 0>} : (tensor<4x3xi32>) -> tensor<3xi32>
  // expected-error@+1 {{'tir.reduce_any' op operand #0 must be tensor of 1-bit signless integer values, but got 'tensor<4x3xf32>'}}
  %1 = "tir.reduce_any"(%f) {dims = array<i64: 0>} : (tensor<4x3xf32>) -> tensor<3xf32>
  // expected-error@+1 {{'tir.argmax' op result #0 must be tensor of 64-bit signless integer values, but got 'tensor<3xi32>'}}
  %2 = "tir.argmax"(%x) {dims = array<i64: 0>} : (tensor<4x3xi32>) -> tensor<3xi32>
  // expected-error@+1 {{'tir.reduce_sum' op operand #0 must be tensor of integer or floating-point values, but got 'vector<4xf32>'}}
  %3 = "tir.reduce_sum"(%v) {dims = array<i64: 0>} : (vector<4xf32>) -> vector<1xf32>
  return
}

// -----

// An empty extent: max, min, argmax and argmin have no identity, so a static
// empty reduced extent is an error, even with no element to produce (as
// NumPy); sum, prod, mean, any and all have one (0, 1, NaN, false, true).
func.func @empty(%z: tensor<4x0xf32>, %w: tensor<0x0xf32>, %d: tensor<?x0xf32>, %e: tensor<0x?xi8>, %n: tensor<0x5xf32>, %k: tensor<5x0xf32>) {
  // expected-error@+1 {{'tir.reduce_max' op reduces dimension 1 of size 0, which has no max (no identity for an empty set)}}
  %0 = "tir.reduce_max"(%z) {dims = array<i64: 1>} : (tensor<4x0xf32>) -> tensor<4xf32>
  // expected-error@+1 {{'tir.argmin' op reduces dimension 1 of size 0, which has no argmin (no identity for an empty set)}}
  %1 = "tir.argmin"(%z) {dims = array<i64: 1>} : (tensor<4x0xf32>) -> tensor<4xi64>
  %2 = "tir.reduce_sum"(%z) {dims = array<i64: 1>} : (tensor<4x0xf32>) -> tensor<4xf32>
  // expected-error@+1 {{'tir.reduce_max' op reduces dimension 1 of size 0, which has no max (no identity for an empty set)}}
  %3 = "tir.reduce_max"(%w) {dims = array<i64: 1>} : (tensor<0x0xf32>) -> tensor<0xf32>
  // expected-error@+1 {{'tir.reduce_min' op reduces dimension 1 of size 0, which has no min (no identity for an empty set)}}
  %4 = "tir.reduce_min"(%d) {dims = array<i64: 1>} : (tensor<?x0xf32>) -> tensor<?xf32>
  // expected-error@+1 {{'tir.argmax' op reduces dimension 0 of size 0, which has no argmax (no identity for an empty set)}}
  %5 = "tir.argmax"(%e) {dims = array<i64: 0>} : (tensor<0x?xi8>) -> tensor<?xi64>
  // expected-error@+1 {{'tir.argmin' op reduces dimension 1 of size 0, which has no argmin (no identity for an empty set)}}
  %6 = "tir.argmin"(%w) {dims = array<i64: 1>, keepdims} : (tensor<0x0xf32>) -> tensor<0x1xi64>
  // expected-error@+1 {{'tir.reduce_max' op reduces dimension 0 of size 0, which has no max (no identity for an empty set)}}
  %7 = "tir.reduce_max"(%n) {dims = array<i64: 0, 1>} : (tensor<0x5xf32>) -> tensor<f32>
  // Empty results over non-empty reduced extents, and identities.
  %8 = "tir.reduce_max"(%n) {dims = array<i64: 1>} : (tensor<0x5xf32>) -> tensor<0xf32>
  %9 = "tir.argmax"(%k) {dims = array<i64: 0>} : (tensor<5x0xf32>) -> tensor<0xi64>
  %10 = "tir.reduce_prod"(%w) {dims = array<i64: 1>} : (tensor<0x0xf32>) -> tensor<0xf32>
  %11 = "tir.reduce_mean"(%w) {dims = array<i64: 0, 1>} : (tensor<0x0xf32>) -> tensor<f32>
  return
}
