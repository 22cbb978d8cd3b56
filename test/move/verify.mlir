// The data-movement ops of SPEC 3b verify with StableHLO's messages at the
// op (MLIR's "inferred type(s) ... are incompatible" for a result that
// contradicts the operands and attributes); every error of a split is
// reported. The valid forms come first.
// RUN: tirc -split-input-file -verify-diagnostics %s

func.func @valid(%x: tensor<4x8xf32>, %y: tensor<?x8xf32>, %u: tensor<*xf32>) -> (tensor<8x4xf32>, tensor<?x?xf32>, tensor<*xf32>, tensor<3x4xf32>, tensor<2xf32>, tensor<?x4xf32>, tensor<2x16xf32>, tensor<?x2x4xf32>, tensor<4x8xf32>, tensor<?x8xf32>, tensor<*xf32>, tensor<2x3xi32>, tensor<5xf16>) {
  %0 = "tir.transpose"(%x) {permutation = array<i64: 1, 0>} : (tensor<4x8xf32>) -> tensor<8x4xf32>
  // '?' where the operand says a size, or the other way round.
  %1 = "tir.transpose"(%y) {permutation = array<i64: 1, 0>} : (tensor<?x8xf32>) -> tensor<?x?xf32>
  %2 = "tir.transpose"(%u) {permutation = array<i64: 1, 0>} : (tensor<*xf32>) -> tensor<*xf32>
  %3 = "tir.slice"(%x) {start_indices = array<i64: 1, 0>, limit_indices = array<i64: 4, 8>, strides = array<i64: 1, 2>} : (tensor<4x8xf32>) -> tensor<3x4xf32>
  // A slice of an unranked operand has the attributes' rank.
  %4 = "tir.slice"(%u) {start_indices = array<i64: 2>, limit_indices = array<i64: 6>, strides = array<i64: 3>} : (tensor<*xf32>) -> tensor<2xf32>
  // A dynamic operand size is checked at run time.
  %5 = "tir.slice"(%y) {start_indices = array<i64: 0, 0>, limit_indices = array<i64: 9, 8>, strides = array<i64: 2, 2>} : (tensor<?x8xf32>) -> tensor<?x4xf32>
  %6 = "tir.reshape"(%x) : (tensor<4x8xf32>) -> tensor<2x16xf32>
  %7 = "tir.reshape"(%y) : (tensor<?x8xf32>) -> tensor<?x2x4xf32>
  // A static result from a dynamic operand: the count is checked at run time.
  %8 = "tir.reshape"(%y) : (tensor<?x8xf32>) -> tensor<4x8xf32>
  %9 = "tir.concat"(%x, %y) {dimension = 0 : i64} : (tensor<4x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
  %10 = "tir.concat"(%x, %u) {dimension = 1 : i64} : (tensor<4x8xf32>, tensor<*xf32>) -> tensor<*xf32>
  %11 = "tir.iota"() {iota_dimension = 1 : i64} : () -> tensor<2x3xi32>
  %12 = "tir.iota"() {iota_dimension = 0 : i64} : () -> tensor<5xf16>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12 : tensor<8x4xf32>, tensor<?x?xf32>, tensor<*xf32>, tensor<3x4xf32>, tensor<2xf32>, tensor<?x4xf32>, tensor<2x16xf32>, tensor<?x2x4xf32>, tensor<4x8xf32>, tensor<?x8xf32>, tensor<*xf32>, tensor<2x3xi32>, tensor<5xf16>
}

// -----

func.func @transpose(%x: tensor<4x8xf32>, %u: tensor<*xf32>, %v: vector<4xf32>) {
  // expected-error@+1 {{'tir.transpose' op requires attribute 'permutation'}}
  %0 = "tir.transpose"(%x) : (tensor<4x8xf32>) -> tensor<8x4xf32>
  // expected-error@+1 {{'tir.transpose' op attribute 'permutation' failed to satisfy constraint: i64 dense array attribute}}
  %1 = "tir.transpose"(%x) {permutation = [1, 0]} : (tensor<4x8xf32>) -> tensor<8x4xf32>
  // expected-error@+1 {{'tir.transpose' op TransposeOp operand rank 2 does not match permutation size 3}}
  %2 = "tir.transpose"(%x) {permutation = array<i64: 1, 0, 2>} : (tensor<4x8xf32>) -> tensor<8x4xf32>
  // expected-error@+1 {{'tir.transpose' op attribute permutation must be a permutation of [0, 1] but got 1, 1}}
  %3 = "tir.transpose"(%x) {permutation = array<i64: 1, 1>} : (tensor<4x8xf32>) -> tensor<8x4xf32>
  // expected-error@+1 {{'tir.transpose' op attribute permutation must be a permutation of [0, 1] but got 0, 2}}
  %4 = "tir.transpose"(%x) {permutation = array<i64: 0, 2>} : (tensor<4x8xf32>) -> tensor<8x4xf32>
  // expected-error@+1 {{'tir.transpose' op inferred type(s) 'tensor<8x4xf32>' are incompatible with return type(s) of operation 'tensor<4x8xf32>'}}
  %5 = "tir.transpose"(%x) {permutation = array<i64: 1, 0>} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  // expected-error@+1 {{'tir.transpose' op result rank 3 does not match permutation size 2}}
  %6 = "tir.transpose"(%u) {permutation = array<i64: 1, 0>} : (tensor<*xf32>) -> tensor<1x2x3xf32>
  // expected-error@+1 {{'tir.transpose' op requires the same element type for all operands and results}}
  %7 = "tir.transpose"(%x) {permutation = array<i64: 1, 0>} : (tensor<4x8xf32>) -> tensor<8x4xf64>
  // expected-error@+1 {{'tir.transpose' op operand #0 must be tensor of any type values, but got 'vector<4xf32>'}}
  %8 = "tir.transpose"(%v) {permutation = array<i64: 0>} : (vector<4xf32>) -> vector<4xf32>
  return
}

// -----

func.func @slice(%x: tensor<4x8xf32>, %y: tensor<?x8xf32>) {
  // expected-error@+1 {{'tir.slice' op requires attribute 'strides'}}
  %0 = "tir.slice"(%x) {start_indices = array<i64: 0, 0>, limit_indices = array<i64: 4, 8>} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  // expected-error@+1 {{'tir.slice' op all of {start_indices, limit_indices, strides} must have the same size}}
  %1 = "tir.slice"(%x) {start_indices = array<i64: 0, 0>, limit_indices = array<i64: 4>, strides = array<i64: 1, 1>} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  // expected-error@+1 {{'tir.slice' op the number of elements in start_indices (1) does not match the rank of the operand (2)}}
  %2 = "tir.slice"(%x) {start_indices = array<i64: 0>, limit_indices = array<i64: 4>, strides = array<i64: 1>} : (tensor<4x8xf32>) -> tensor<4xf32>
  // expected-error@+1 {{'tir.slice' op negative start index -1 in dimension 1}}
  %3 = "tir.slice"(%x) {start_indices = array<i64: 0, -1>, limit_indices = array<i64: 4, 8>, strides = array<i64: 1, 1>} : (tensor<4x8xf32>) -> tensor<4x9xf32>
  // expected-error@+1 {{'tir.slice' op limit index 9 is larger than dimension size 8 in dimension 1}}
  %4 = "tir.slice"(%y) {start_indices = array<i64: 0, 0>, limit_indices = array<i64: 4, 9>, strides = array<i64: 1, 1>} : (tensor<?x8xf32>) -> tensor<4x9xf32>
  // expected-error@+1 {{'tir.slice' op start index 3 is larger than limit index 2 in dimension 0}}
  %5 = "tir.slice"(%x) {start_indices = array<i64: 3, 0>, limit_indices = array<i64: 2, 8>, strides = array<i64: 1, 1>} : (tensor<4x8xf32>) -> tensor<0x8xf32>
  // expected-error@+1 {{'tir.slice' op stride must be positive but got 0 in dimension 1}}
  %6 = "tir.slice"(%x) {start_indices = array<i64: 0, 0>, limit_indices = array<i64: 4, 8>, strides = array<i64: 1, 0>} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  // expected-error@+1 {{'tir.slice' op inferred type(s) 'tensor<2x3xf32>' are incompatible with return type(s) of operation 'tensor<2x4xf32>'}}
  %7 = "tir.slice"(%x) {start_indices = array<i64: 0, 1>, limit_indices = array<i64: 2, 7>, strides = array<i64: 1, 2>} : (tensor<4x8xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @reshape(%x: tensor<2x4xi32>, %y: tensor<?x4xi32>) {
  // expected-error@+1 {{'tir.reshape' op number of output elements (9) doesn't match expected number of elements (8)}}
  %0 = "tir.reshape"(%x) : (tensor<2x4xi32>) -> tensor<3x3xi32>
  // expected-error@+1 {{'tir.reshape' op cannot reshape array of size 8 into shape (3,?)}}
  %1 = "tir.reshape"(%x) : (tensor<2x4xi32>) -> tensor<3x?xi32>
  // expected-error@+1 {{'tir.reshape' op result type has 2 dynamic dimensions ('?x?'), but the element count decides at most one}}
  %2 = "tir.reshape"(%y) : (tensor<?x4xi32>) -> tensor<?x?xi32>
  // expected-error@+1 {{'tir.reshape' op result type '0x?' has a dynamic dimension beside a dimension of size 0, which no element count decides}}
  %3 = "tir.reshape"(%y) : (tensor<?x4xi32>) -> tensor<0x?xi32>
  // expected-error@+1 {{'tir.reshape' op requires the same element type for all operands and results}}
  %4 = "tir.reshape"(%x) : (tensor<2x4xi32>) -> tensor<8xi64>
  return
}

// -----

func.func @concat(%x: tensor<3x4xf32>, %y: tensor<3x5xf32>, %s: tensor<f32>, %z: tensor<3xf32>, %i: tensor<3x4xi32>) {
  // expected-error@+1 {{'tir.concat' op requires attribute 'dimension'}}
  %0 = "tir.concat"(%x, %x) : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<6x4xf32>
  // expected-error@+1 {{'tir.concat' op dimension -1 is negative}}
  %1 = "tir.concat"(%x, %x) {dimension = -1 : i64} : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<6x4xf32>
  // expected-error@+1 {{'tir.concat' op rank-0 values cannot be concatenated}}
  %2 = "tir.concat"(%s, %s) {dimension = 0 : i64} : (tensor<f32>, tensor<f32>) -> tensor<2xf32>
  // expected-error@+1 {{'tir.concat' op dimension 2 is out-of-bounds for input rank 2}}
  %3 = "tir.concat"(%x, %x) {dimension = 2 : i64} : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  // expected-error@+1 {{'tir.concat' op operands (0) and (1) do not match rank}}
  %4 = "tir.concat"(%x, %z) {dimension = 0 : i64} : (tensor<3x4xf32>, tensor<3xf32>) -> tensor<6x4xf32>
  // expected-error@+1 {{'tir.concat' op shapes of operand (0) and (1) do not match at non-concat index: (3, 4) != (3, 5) at non-concat index 1}}
  %5 = "tir.concat"(%x, %y) {dimension = 0 : i64} : (tensor<3x4xf32>, tensor<3x5xf32>) -> tensor<6x4xf32>
  // expected-error@+1 {{'tir.concat' op inferred type(s) 'tensor<3x9xf32>' are incompatible with return type(s) of operation 'tensor<3x8xf32>'}}
  %6 = "tir.concat"(%x, %y) {dimension = 1 : i64} : (tensor<3x4xf32>, tensor<3x5xf32>) -> tensor<3x8xf32>
  // expected-error@+1 {{'tir.concat' op requires the same element type for all operands and results}}
  %7 = "tir.concat"(%x, %i) {dimension = 0 : i64} : (tensor<3x4xf32>, tensor<3x4xi32>) -> tensor<6x4xf32>
  // expected-error@+1 {{'tir.concat' op expected 1 or more operands, but found 0}}
  %8 = "tir.concat"() {dimension = 0 : i64} : () -> tensor<6x4xf32>
  // expected-error@+1 {{'tir.concat' op attribute 'dimension' failed to satisfy constraint: 64-bit signless integer attribute}}
  %9 = "tir.concat"(%x, %x) {dimension = 0 : i32} : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<6x4xf32>
  return
}

// -----

func.func @iota() {
  // expected-error@+1 {{'tir.iota' op requires attribute 'iota_dimension'}}
  %0 = "tir.iota"() : () -> tensor<4xf32>
  // expected-error@+1 {{'tir.iota' op does not support scalars.}}
  %1 = "tir.iota"() {iota_dimension = 0 : i64} : () -> tensor<f32>
  // expected-error@+1 {{'tir.iota' op iota dimension cannot go beyond the output rank or be negative.}}
  %2 = "tir.iota"() {iota_dimension = 2 : i64} : () -> tensor<2x3xf32>
  // expected-error@+1 {{'tir.iota' op iota dimension cannot go beyond the output rank or be negative.}}
  %3 = "tir.iota"() {iota_dimension = -1 : i64} : () -> tensor<2x3xf32>
  // expected-error@+1 {{'tir.iota' op result #0 must be statically shaped tensor of any type values, but got 'tensor<?x3xf32>'}}
  %4 = "tir.iota"() {iota_dimension = 0 : i64} : () -> tensor<?x3xf32>
  return
}

// -----

// A constant index out of range is an error, as MLIR's tensor.dim verifier
// once said (mlir-opt-19 accepts it and leaves it undefined); a dynamic
// index is checked at run time.
func.func @dim(%x: tensor<4x?xf32>, %u: tensor<*xf32>, %i: index) -> (index, index) {
  %c2 = arith.constant 2 : index
  %cm = arith.constant -1 : index
  // expected-error@+1 {{'tensor.dim' op index is out of range}}
  %0 = tensor.dim %x, %c2 : tensor<4x?xf32>
  // expected-error@+1 {{'tensor.dim' op index is out of range}}
  %1 = tensor.dim %x, %cm : tensor<4x?xf32>
  %2 = tensor.dim %u, %c2 : tensor<*xf32>
  %3 = tensor.dim %x, %i : tensor<4x?xf32>
  return %2, %3 : index, index
}
