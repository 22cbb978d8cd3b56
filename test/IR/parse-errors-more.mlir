// More parse errors of each class, each with its message and exact column
// (see parse-errors.mlir for the first of each class).
// RUN: not tirc -split-input-file %s 2>&1 | FileCheck %s

// Missing '>' after a dynamic dimension.
// CHECK: parse-errors-more.mlir:[[@LINE+1]]:45: error: expected '>' in tensor type
func.func @missing_gt_dyn(%a: tensor<4x?xf32) {
  return
}

// -----
// Bad dimension: '?' in a vector type.
// CHECK: parse-errors-more.mlir:[[@LINE+1]]:38: error: vector dimensions must be static: '?' is not allowed in a vector type
func.func @dynamic_vector(%a: vector<?x4xf32>) {
  return
}

// -----
// Bad dimension: larger than any tensor could be.
// CHECK: parse-errors-more.mlir:[[@LINE+1]]:34: error: dimension size is too large (the maximum is 576460752303423488)
func.func @huge_dim(%a: tensor<4x18446744073709551616xf32>) {
  return
}

// -----
// Unknown type in an attribute.
func.func @unknown_attr_type(%a: tensor<4xf32>) {
  // CHECK: parse-errors-more.mlir:[[@LINE+1]]:31: error: unknown type 'foo'
  %0 = "tir.neg"(%a) {x = 1 : foo} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----
// Undefined value in a return.
func.func @undefined_in_return(%a: tensor<4xf32>) -> tensor<4xf32> {
  // CHECK: parse-errors-more.mlir:[[@LINE+1]]:10: error: use of undeclared SSA value name
  return %b : tensor<4xf32>
}

// -----
// Redefinition of a function argument.
// CHECK: parse-errors-more.mlir:[[@LINE+1]]:45: error: redefinition of SSA value '%a'
func.func @redefined_arg(%a: tensor<4xf32>, %a: tensor<4xf32>) {
  return
}

// -----
// Type-count mismatch in a return.
func.func @return_count(%a: tensor<4xf32>) -> tensor<4xf32> {
  // CHECK: parse-errors-more.mlir:[[@LINE+1]]:19: error: expected 2 types for the returned values but had 1
  return %a, %a : tensor<4xf32>
}

// -----
// Type-count mismatch in results.
func.func @result_types(%a: tensor<4xf32>) {
  // CHECK: parse-errors-more.mlir:[[@LINE+1]]:3: error: operation defines 2 results but was provided 1 to bind
  %0 = "tir.neg"(%a) : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  return
}

// -----
// Unterminated string: reported at the end of the line.
func.func @string_newline(%a: tensor<4xf32>) {
  // CHECK: parse-errors-more.mlir:[[@LINE+1]]:31: error: expected '"' in string literal
  %0 = "tir.neg"(%a) {s = "abc
} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----
// A bad escape in a string.
func.func @string_escape(%a: tensor<4xf32>) {
  // CHECK: parse-errors-more.mlir:[[@LINE+1]]:29: error: unknown escape in string literal
  %0 = "tir.neg"(%a) {s = "a\qb"} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----
// Bad attributes: a dense array element (mlir-opt-19's message), an unclosed dense list, an
// unclosed dictionary, a float in an integer dense.
func.func @bad_array(%a: tensor<4xf32>) {
  // CHECK: parse-errors-more.mlir:[[@LINE+1]]:41: error: expected integer literal
  %0 = "tir.neg"(%a) {x = array<i64: 1, x>} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----
func.func @bad_dense_list(%a: tensor<4xf32>) {
  // CHECK: parse-errors-more.mlir:[[@LINE+1]]:38: error: expected ']'
  %0 = "tir.neg"(%a) {x = dense<[1, 2> : tensor<2xi32>} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----
func.func @unclosed_dict(%a: tensor<4xf32>) {
  // Reported just after the inner dictionary, as mlir-opt-19 does.
  // CHECK: parse-errors-more.mlir:[[@LINE+1]]:34: error: expected '}' to end the attribute dictionary
  %0 = "tir.neg"(%a) {x = {a = 1} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----
func.func @float_in_int_dense(%a: tensor<4xf32>) {
  // CHECK: parse-errors-more.mlir:[[@LINE+1]]:33: error: expected integer elements, but parsed floating-point
  %0 = "tir.neg"(%a) {x = dense<1.5> : tensor<2xi32>} : (tensor<4xf32>) -> tensor<4xf32>
  return
}
