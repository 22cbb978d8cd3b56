// tir's i1 elements are NumPy booleans: sub and neg are errors, as NumPy's
// TypeError for boolean subtract and negative (add is or and mul is and:
// test/passes/canonicalize-bool.mlir, test/npy/bool_logic.test).
// RUN: tirc -split-input-file -verify-diagnostics %s

func.func @sub(%a: tensor<4xi1>, %b: tensor<4xi1>) -> tensor<4xi1> {
  // expected-error @+1 {{'tir.sub' op subtraction is not defined on booleans (i1 operands), as in NumPy; use tir.xor instead}}
  %0 = tir.sub %a, %b : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @neg(%a: tensor<?xi1>) -> tensor<?xi1> {
  // expected-error @+1 {{'tir.neg' op negation is not defined on booleans (i1 operands), as in NumPy; use tir.xor with true instead}}
  %0 = tir.neg %a : tensor<?xi1>
  return %0 : tensor<?xi1>
}

// -----

// Integer subtraction and negation stay valid.
func.func @ints(%a: tensor<4xi8>, %b: tensor<4xi8>) -> tensor<4xi8> {
  %0 = tir.sub %a, %b : (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi8>
  %1 = tir.neg %0 : tensor<4xi8>
  return %1 : tensor<4xi8>
}
