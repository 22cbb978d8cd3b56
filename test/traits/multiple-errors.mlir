// SPEC section 4, point 6: tirc reports every failing op in every function
// (mlir-opt-19 stops at the first one), with no "block with no terminator"
// for a body whose ops already failed. One chunk, no -split-input-file.
// RUN: tirc -verify-diagnostics %s
// RUN: not tirc %s 2>&1 | FileCheck %s --implicit-check-not=error:

// CHECK: multiple-errors.mlir:[[@LINE+3]]:8: error: 'test.broadcastable' op operands don't have broadcast-compatible shapes
func.func @first(%a: tensor<3xi32>, %b: tensor<2xi32>) -> tensor<3xi32> {
  // expected-error @+1 {{'test.broadcastable' op operands don't have broadcast-compatible shapes}}
  %0 = "test.broadcastable"(%a, %b) : (tensor<3xi32>, tensor<2xi32>) -> tensor<?xi32>
  // The op after a failing op is still verified.
  // CHECK: multiple-errors.mlir:[[@LINE+2]]:8: error: 'test.broadcastable' op result type '4' not broadcast compatible with broadcasted operands's shapes '3'
  // expected-error @+1 {{'test.broadcastable' op result type '4' not broadcast compatible with broadcasted operands's shapes '3'}}
  %1 = "test.broadcastable"(%a, %a) : (tensor<3xi32>, tensor<3xi32>) -> tensor<4xi32>
  %2 = "tir.add"(%a, %a) : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32>
  return %2 : tensor<3xi32>
}

// A valid function between two invalid ones.
func.func @valid(%a: tensor<4xf32>, %b: tensor<1xf32>) -> tensor<4xf32> {
  %0 = "tir.add"(%a, %b) : (tensor<4xf32>, tensor<1xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// No terminator, but its ops failed: only the op errors are reported.
func.func @second(%a: tensor<4xf32>, %v: vector<4xf32>) {
  // CHECK: multiple-errors.mlir:[[@LINE+2]]:8: error: cannot broadcast vector with tensor
  // expected-error @+1 {{cannot broadcast vector with tensor}}
  %0 = "tir.add"(%a, %v) : (tensor<4xf32>, vector<4xf32>) -> tensor<4xf32>
  // CHECK: multiple-errors.mlir:[[@LINE+2]]:8: error: 'test.same_operand_and_result_shape' op requires the same shape for all operands and results
  // expected-error @+1 {{'test.same_operand_and_result_shape' op requires the same shape for all operands and results}}
  %1 = "test.same_operand_and_result_shape"(%a) : (tensor<4xf32>) -> tensor<5xf32>
  // CHECK: multiple-errors.mlir:[[@LINE+2]]:8: error: 'test.elementwise_mappable' op all non-scalar operands/results must have the same shape and base type
  // expected-error @+1 {{'test.elementwise_mappable' op all non-scalar operands/results must have the same shape and base type}}
  %2 = "test.elementwise_mappable"(%a, %v) : (tensor<4xf32>, vector<4xf32>) -> tensor<4xf32>
}

func.func @third(%a: tensor<2xf32>, %b: tensor<2xi32>) -> tensor<2xf32> {
  // CHECK: multiple-errors.mlir:[[@LINE+2]]:8: error: 'tir.sub' op requires the same element type for all operands
  // expected-error @+1 {{'tir.sub' op requires the same element type for all operands}}
  %0 = "tir.sub"(%a, %b) : (tensor<2xf32>, tensor<2xi32>) -> tensor<2xf32>
  // CHECK: multiple-errors.mlir:[[@LINE+2]]:8: error: 'tir.and' op operand #0 must be tensor or vector of integer values, but got 'tensor<2xf32>'
  // expected-error @+1 {{'tir.and' op operand #0 must be tensor or vector of integer values, but got 'tensor<2xf32>'}}
  %1 = "tir.and"(%a, %a) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %a : tensor<2xf32>
}

// A valid body without a terminator is still an error.
func.func @no_terminator(%a: tensor<2xf32>) {
  // CHECK: multiple-errors.mlir:[[@LINE+2]]:8: error: block with no terminator, has %0 = "tir.neg"(%arg0) : (tensor<2xf32>) -> tensor<2xf32>
  // expected-error @+1 {{block with no terminator}}
  %0 = "tir.neg"(%a) : (tensor<2xf32>) -> tensor<2xf32>
}
