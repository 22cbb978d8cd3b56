// Refinement that exposes a static mismatch is a verifier error at the op.
// Each chunk verifies without the pass.
// RUN: tirc -split-input-file -verify %s
// RUN: tirc -split-input-file -verify-diagnostics -infer-shapes %s
// RUN: not tirc -infer-shapes %s -o %t 2>&1 | FileCheck %s

// Refining %0 to 4 meets the static 3 of %b.
// CHECK: error: 'tir.add' op operands don't have broadcast-compatible shapes
func.func @f(%a: tensor<4xf32>, %b: tensor<3xf32>) -> tensor<?xf32> {
  %0 = "tir.neg"(%a) : (tensor<4xf32>) -> tensor<?xf32>
  // expected-error @+1 {{'tir.add' op operands don't have broadcast-compatible shapes}}
  %1 = "tir.add"(%0, %b) : (tensor<?xf32>, tensor<3xf32>) -> tensor<?xf32>
  return %1 : tensor<?xf32>
}

// -----

// A cast to '?' hides the size; its result is refined through the cast.
func.func @g(%a: tensor<4xf32>, %b: tensor<3xf32>) -> tensor<?xf32> {
  %c = tensor.cast %a : tensor<4xf32> to tensor<?xf32>
  // expected-error @+1 {{'tir.mul' op operands don't have broadcast-compatible shapes}}
  %0 = "tir.mul"(%c, %b) : (tensor<?xf32>, tensor<3xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// A refined operand against a declared static result.
func.func @h(%a: tensor<4xf32>) -> tensor<5xf32> {
  %0 = "tir.abs"(%a) : (tensor<4xf32>) -> tensor<?xf32>
  // expected-error @+1 {{'tir.exp' op all non-scalar operands/results must have the same shape and base type}}
  %1 = "tir.exp"(%0) : (tensor<?xf32>) -> tensor<5xf32>
  return %1 : tensor<5xf32>
}

// -----

// arith ops: two operands refined to different sizes.
func.func @k(%a: tensor<4xf32>, %b: tensor<3xf32>) -> tensor<?xf32> {
  %0 = tensor.cast %a : tensor<4xf32> to tensor<?xf32>
  %1 = tensor.cast %b : tensor<3xf32> to tensor<?xf32>
  %2 = "tir.neg"(%0) : (tensor<?xf32>) -> tensor<?xf32>
  %3 = "tir.neg"(%1) : (tensor<?xf32>) -> tensor<?xf32>
  // expected-error @+1 {{'arith.addf' op all non-scalar operands/results must have the same shape and base type}}
  %4 = arith.addf %2, %3 : tensor<?xf32>
  return %4 : tensor<?xf32>
}

// -----

// The callee's refined result meets the caller's static 2.
func.func @callee(%a: tensor<3xf32>) -> tensor<?xf32> {
  %0 = "tir.neg"(%a) : (tensor<3xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
func.func @caller(%a: tensor<3xf32>, %b: tensor<2xf32>) -> tensor<?xf32> {
  %0 = func.call @callee(%a) : (tensor<3xf32>) -> tensor<?xf32>
  // expected-error @+1 {{'tir.sub' op operands don't have broadcast-compatible shapes}}
  %1 = "tir.sub"(%0, %b) : (tensor<?xf32>, tensor<2xf32>) -> tensor<?xf32>
  return %1 : tensor<?xf32>
}
