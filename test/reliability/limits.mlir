// Hostile but well-formed-looking inputs get a clear error at the exact
// place and exit code 1, never a crash: sizes overflowing int64, ranks
// beyond ir.MaxRank (64), nesting beyond ir.MaxNesting (256).
// RUN: (tirc -split-input-file %s; echo "exit=$?") 2>&1 | FileCheck %s

// Element count overflow: each size fits, the product does not.
// CHECK: limits.mlir:[[@LINE+1]]:22: error: tensor type is too large: the product of its dimensions exceeds 576460752303423488
func.func @count(%a: tensor<4294967296x4294967296x4294967296xf32>) {
  return
}

// -----
// A zero dimension does not excuse the others: their strides overflow.
// CHECK: limits.mlir:[[@LINE+1]]:21: error: tensor type is too large
func.func @zero(%a: tensor<0x4294967296x4294967296x4294967296x4294967296xf32>) {
  return
}

// -----
// A dimension beyond int64.
// CHECK: limits.mlir:[[@LINE+1]]:27: error: dimension size is too large (the maximum is 576460752303423488)
func.func @dim(%a: tensor<99999999999999999999999999999999xf32>) {
  return
}

// -----
// Byte size: the maximum element count of f64 still fits in int64 bytes,
// one more element does not parse.
// CHECK: limits.mlir:[[@LINE+1]]:29: error: dimension size is too large
func.func @bytes(%a: vector<576460752303423489xf64>) {
  return
}

// -----
// CHECK: limits.mlir:[[@LINE+1]]:20: error: vector type is too large
func.func @vec(%a: vector<1048576x1048576x1048576xi8>) {
  return
}

// -----
// A vector holds at most 1024 elements (ir.MaxVectorElements: clang -O3
// took 114 s on a 65536-lane vector and refused 2^32 lanes).
// CHECK: limits.mlir:[[@LINE+1]]:26: error: vector type is too large: 65536 elements, more than the maximum 1024
func.func @vec_lanes(%a: vector<65536xf32>) {
  return
}

// -----
// CHECK: limits.mlir:[[@LINE+1]]:25: error: vector type is too large: 4294967296 elements, more than the maximum 1024
func.func @vec_2_32(%a: vector<4294967296xf32>) {
  return
}

// -----
// Zero sizes, at the element type, as mlir-opt-19 reports them
// (vector-sizes.mlir checks the verdicts against it).
// CHECK: limits.mlir:[[@LINE+1]]:34: error: vector types must have positive constant sizes
func.func @vec_zero(%a: vector<0xf32>) {
  return
}

// -----
// CHECK: limits.mlir:[[@LINE+1]]:37: error: vector types must have positive constant sizes
func.func @vec_zero2(%a: vector<4x0xf32>) {
  return
}

// -----
// Rank 65 is refused, at the 65th dimension.
// CHECK: limits.mlir:[[@LINE+1]]:156: error: rank is larger than the maximum rank 64
func.func @rank(%a: tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32>) {
  return
}

// -----
// Nesting of attributes beyond 256 levels.
func.func @nest(%a: tensor<1xi32>) {
  // CHECK: limits.mlir:[[@LINE+1]]:{{[0-9]+}}: error: nesting too deep: more than 256 levels
  %0 = "tir.neg"(%a) {x = [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]} : (tensor<1xi32>) -> tensor<1xi32>
  return
}

// -----
// Integers beyond their type or beyond int64.
func.func @int() {
  // CHECK: limits.mlir:[[@LINE+1]]:23: error: integer constant out of range for attribute of type 'i64'
  %0 = arith.constant 99999999999999999999999 : i64
  return
}

// -----
// Result counts and result numbers beyond anything allocated.
func.func @results() {
  // CHECK: limits.mlir:[[@LINE+1]]:3: error: operation defines 1 results but was provided 99999999 to bind
  %0:99999999 = "tir.neg"(%0) : (tensor<1xi32>) -> tensor<1xi32>
  return
}

// -----
func.func @result_number(%a: tensor<1xi32>) {
  // CHECK: limits.mlir:[[@LINE+1]]:20: error: expected a result number after '#'
  %0 = "tir.neg"(%1#99999999999999999999) : (tensor<1xi32>) -> tensor<1xi32>
  return
}

// -----
// Rank 64 and the largest sizes are fine: limits, not crashes.
func.func @ok(%v: vector<1024xf32>, %w: vector<2x512xi8>, %a: tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32>, %b: tensor<576460752303423488xf64>, %c: tensor<0x?x576460752303423488xi8>) {
  return
}

// CHECK-NOT: error:
// CHECK: exit=1
