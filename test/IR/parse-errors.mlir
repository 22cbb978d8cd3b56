// Every class of parse error, with its message and its exact column.
// RUN: not tirc -split-input-file %s 2>&1 | FileCheck %s

// The seed documents' typo: a missing '>' is reported at the ')'.
// CHECK: parse-errors.mlir:[[@LINE+2]]:71: error: expected '>' in tensor type
func.func @missing_gt(%a: tensor<1x2xi32>) {
  %0 = "test.broadcastable"(%a, %a) : (tensor<1x2xi32>, tensor<1x2xi32) -> tensor<1x2xi32>
  return
}

// -----
// CHECK: parse-errors.mlir:[[@LINE+1]]:33: error: invalid dimension size 'a2': sizes are non-negative integers or '?'
func.func @bad_dim(%a: tensor<1xa2xi32>) {
  return
}

// -----
// CHECK: parse-errors.mlir:[[@LINE+1]]:36: error: invalid dimension size: sizes are non-negative integers or '?'
func.func @negative_dim(%a: tensor<-1xf32>) {
  return
}

// -----
// CHECK: parse-errors.mlir:[[@LINE+1]]:35: error: expected 'x' in dimension list
func.func @missing_x(%a: tensor<4 4xf32>) {
  return
}

// -----
// CHECK: parse-errors.mlir:[[@LINE+1]]:38: error: unknown element type 'foo' in tensor type
func.func @unknown_elem(%a: tensor<2xfoo>) {
  return
}

// -----
// CHECK: parse-errors.mlir:[[@LINE+1]]:29: error: unknown type 'foo'
func.func @unknown_type(%a: foo) {
  return
}

// -----
// CHECK: parse-errors.mlir:[[@LINE+1]]:26: error: integer bitwidth is limited to 16777215 bits
func.func @odd_width(%a: i16777216) {
  return
}

// -----
func.func @undefined_value(%a: tensor<4xf32>) {
  // CHECK: parse-errors.mlir:[[@LINE+1]]:18: error: use of undeclared SSA value name
  %0 = "tir.neg"(%b) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----
func.func @redefinition(%a: tensor<4xf32>) {
  %0 = "tir.neg"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  // CHECK: parse-errors.mlir:[[@LINE+1]]:3: error: redefinition of SSA value '%0'
  %0 = "tir.neg"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----
func.func @type_count(%a: tensor<4xf32>) {
  // CHECK: parse-errors.mlir:[[@LINE+1]]:28: error: expected 2 operand types but had 1
  %0 = "tir.add"(%a, %a) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----
func.func @result_count(%a: tensor<4xf32>) {
  // CHECK: parse-errors.mlir:[[@LINE+1]]:3: error: operation defines 1 results but was provided 2 to bind
  %0:2 = "tir.neg"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----
func.func @type_mismatch(%a: tensor<4xf32>) {
  // CHECK: parse-errors.mlir:[[@LINE+2]]:18: error: use of value '%a' expects different type than prior uses: 'tensor<4xi32>' vs 'tensor<4xf32>'
  // CHECK: parse-errors.mlir:[[@LINE-2]]:26: note: prior use here
  %0 = "tir.neg"(%a) : (tensor<4xi32>) -> tensor<4xi32>
  return
}

// -----
func.func @unterminated_string(%a: tensor<4xf32>) {
  // CHECK: parse-errors.mlir:[[@LINE+1]]:55: error: expected '"' in string literal
  %0 = "tir.neg(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----
func.func @bad_attribute(%a: tensor<4xf32>) {
  // The missing value is reported just after the =, as mlir-opt-19 does.
  // CHECK: parse-errors.mlir:[[@LINE+1]]:26: error: expected attribute value
  %0 = "tir.neg"(%a) {x = } : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----
func.func @bad_dense(%a: tensor<4xf32>) {
  // CHECK: parse-errors.mlir:[[@LINE+1]]:50: error: inferred shape of elements literal ([2]) does not match type ([3])
  %0 = "tir.constant"() {value = dense<[1, 2]> : tensor<3xi32>} : () -> tensor<3xi32>
  return
}

// -----
func.func @int_range(%a: tensor<4xf32>) {
  // CHECK: parse-errors.mlir:[[@LINE+1]]:23: error: integer constant out of range for attribute of type 'i8'
  %0 = arith.constant 300 : i8
  return
}

// -----
func.func @unknown_op(%a: tensor<4xf32>) {
  // CHECK: parse-errors.mlir:[[@LINE+2]]:8: error: custom op 'tir.ad' is unknown
  // CHECK: parse-errors.mlir:[[@LINE+1]]:8: fix-it: did you mean 'tir.add'?
  %0 = tir.ad %a, %a : tensor<4xf32>
  return
}

// -----
// CHECK: parse-errors.mlir:[[@LINE+3]]:8: error: operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with tirc
func.func @unregistered(%a: tensor<4xf32>) {
  // The dialect "foo" is unknown.
  %0 = "foo.bar"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----
// CHECK: parse-errors.mlir:[[@LINE+1]]:1: error: expected 'func.func' or 'module' at the top level, found 'fun'
fun @typo() {
}

// -----
func.func @unterminated_body(%a: tensor<4xf32>) {
  return
// CHECK: parse-errors.mlir:[[@LINE-2]]:49: error: expected '}' to close this function body
