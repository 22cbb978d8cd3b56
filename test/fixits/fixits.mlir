// RUN: not tirc -verify -split-input-file %s 2>&1 | FileCheck %s
// Fix-it hints: where the likely intent is clear, a "fix-it:" line follows
// the error's excerpt. It is not part of the message, so MLIR-exact
// messages and -verify-diagnostics are unaffected.

// CHECK: fixits.mlir:[[@LINE+3]]:8: error: unregistered operation 'tir.ad' found in dialect ('tir') that does not allow unknown operations{{$}}
// CHECK: fixits.mlir:[[@LINE+2]]:8: fix-it: did you mean 'tir.add'?
func.func @typo(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "tir.ad"(%a, %a) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK: fixits.mlir:[[@LINE+3]]:8: error: custom op 'tir.mull' is unknown
// CHECK: fixits.mlir:[[@LINE+2]]:8: fix-it: did you mean 'tir.mul'?
func.func @typo_custom(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = tir.mull %a, %a : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// NumPy's name for an op: the hint names tir's.
// CHECK: fixits.mlir:[[@LINE+3]]:8: error: unregistered operation 'tir.maximum' found in dialect ('tir') that does not allow unknown operations{{$}}
// CHECK: fixits.mlir:[[@LINE+2]]:8: fix-it: did you mean 'tir.max'?
func.func @numpy_name(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "tir.maximum"(%a, %a) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// No likely reading, no hint: 'tir.mux' is not a slip of 'tir.max' (u and a
// are far apart on the keyboard), so the next line is the next error's.
// CHECK: fixits.mlir:[[@LINE+5]]:8: error: unregistered operation 'tir.mux' found in dialect ('tir') that does not allow unknown operations{{$}}
// CHECK-NEXT: {{^}}  %0 = "tir.mux"
// CHECK-NEXT: {{^}}       ^
// CHECK-NOT: fix-it
func.func @no_hint(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "tir.mux"(%a, %a) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// The seed documents' own typo: a tensor type missing its '>'.
// CHECK: fixits.mlir:[[@LINE+3]]:71: error: expected '>' in tensor type
// CHECK: fixits.mlir:[[@LINE+2]]:71: fix-it: insert '>': 'tensor<1x2xi32>'
func.func @missing_greater(%a: tensor<1x2xi32>, %b: tensor<1x2xi32>) -> tensor<1x2xi32> {
  %0 = "test.broadcastable"(%a, %b) : (tensor<1x2xi32>, tensor<1x2xi32) -> tensor<1x2xi32>
  return %0 : tensor<1x2xi32>
}

// -----

// CHECK: fixits.mlir:[[@LINE+3]]:8: error: 'tir.add' op broadcast_dimensions must be strictly increasing
// CHECK: fixits.mlir:[[@LINE+2]]:8: fix-it: did you mean array<i64: 1, 2>?
func.func @not_increasing(%x: tensor<2x3x4xf32>, %y: tensor<3x4xf32>) -> tensor<2x3x4xf32> {
  %0 = "tir.add"(%x, %y) {broadcast_dimensions = array<i64: 2, 1>} : (tensor<2x3x4xf32>, tensor<3x4xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

// A declared static result dim that contradicts the inferred one: the
// inferred type is proposed, keeping declared sizes where only '?' was
// inferred.
// CHECK: fixits.mlir:[[@LINE+3]]:8: error: 'tir.add' op result type '3x5' not broadcast compatible with broadcasted operands's shapes '?x4'
// CHECK: fixits.mlir:[[@LINE+2]]:8: fix-it: did you mean 'tensor<3x4xf32>'? (the inferred result type)
func.func @wrong_result(%a: tensor<?x1xf32>, %b: tensor<4xf32>) -> tensor<3x5xf32> {
  %0 = "tir.add"(%a, %b) : (tensor<?x1xf32>, tensor<4xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}
