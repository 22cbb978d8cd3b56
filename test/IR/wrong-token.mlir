// A token missing at the end of a line is reported where mlir-opt-19
// reports it (its emitWrongTokenError): just after the text before the next
// token, skipping blanks, line ends and comment lines -- where the token
// belongs, not at the next line's first token. Issue 17, item 3.
// RUN: not tirc -split-input-file %s 2>&1 | FileCheck --check-prefixes=POS,MSG,OWN %s
// mlir-opt-19-agrees.mlir checks the POS lines against mlir-opt-19.

func.func @gt(%a: tensor<4xf32>) -> tensor<4xf32> {
  // POS: wrong-token.mlir:[[@LINE+2]]:55: error:
  // MSG-SAME: expected '>' in tensor type
  %0 = "tir.neg"(%a) : (tensor<4xf32>) -> tensor<4xf32
  return %0 : tensor<4xf32>
}

// -----
func.func @gt_comments(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "tir.neg"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  // POS: wrong-token.mlir:[[@LINE+2]]:27: error:
  // MSG-SAME: expected '>' in tensor type
  return %0 : tensor<4xf32  // the '>' is missing

  // a comment line, then a blank line

}

// -----
func.func @colon(%a: tensor<4xf32>) -> tensor<4xf32> {
  // POS: wrong-token.mlir:[[@LINE+2]]:21: error:
  // MSG-SAME: expected ':' followed by operation type
  %0 = "tir.neg"(%a)
  return %0 : tensor<4xf32>
}

// -----
func.func @arrow(%a: tensor<4xf32>) -> tensor<4xf32> {
  // POS: wrong-token.mlir:[[@LINE+2]]:39: error:
  // MSG-SAME: expected '->' in function type
  %0 = "tir.neg"(%a) : (tensor<4xf32>)
  return %0 : tensor<4xf32>
}

// -----
func.func @rparen_same_line(%a: tensor<4xf32>) -> tensor<4xf32> {
  // POS: wrong-token.mlir:[[@LINE+2]]:38: error:
  // MSG-SAME: expected ')' to end the operand types
  %0 = "tir.neg"(%a) : (tensor<4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----
func.func @elem(%a: tensor<4xf32>) -> tensor<4xf32> {
  // POS: wrong-token.mlir:[[@LINE+2]]:52: error:
  // MSG-SAME: expected element type in tensor type, found 'return'
  %0 = "tir.neg"(%a) : (tensor<4xf32>) -> tensor<4x
  return %0 : tensor<4xf32>
}

// -----
func.func @type(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "tir.neg"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  // POS: wrong-token.mlir:[[@LINE+2]]:14: error:
  // MSG-SAME: expected a type, found '}'
  return %0 :
}

// -----
func.func @result_type(%a: tensor<4xf32>) -> tensor<4xf32> {
  // POS: wrong-token.mlir:[[@LINE+2]]:42: error:
  // MSG-SAME: expected a type, found 'return'
  %0 = "tir.neg"(%a) : (tensor<4xf32>) ->
  return %0 : tensor<4xf32>
}

// -----
func.func @attr(%a: tensor<4xf32>) -> tensor<4xf32> {
  // POS: wrong-token.mlir:[[@LINE+2]]:26: error:
  // MSG-SAME: expected attribute value
  %0 = "tir.neg"(%a) {x =
  } : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----
func.func @dense(%a: tensor<4xf32>) -> tensor<4xf32> {
  // POS: wrong-token.mlir:[[@LINE+2]]:32: error:
  // MSG-SAME: expected '>' to end the dense attribute
  %c = arith.constant dense<1.0
  return %a : tensor<4xf32>
}

// -----
func.func @operand(%a: tensor<4xf32>) -> tensor<4xf32> {
  // POS: wrong-token.mlir:[[@LINE+2]]:22: error:
  // MSG-SAME: expected SSA operand (a value like %0), found 'return'
  %0 = arith.addf %a,
  return %a : tensor<4xf32>
}

// -----
func.func @array(%a: tensor<4xf32>) -> tensor<4xf32> {
  // POS: wrong-token.mlir:[[@LINE+2]]:32: error:
  // MSG-SAME: expected '<' after 'array'
  %0 = "tir.neg"(%a) {x = array
  } : (tensor<4xf32>) -> tensor<4xf32>
  return %a : tensor<4xf32>
}

// -----
// A wrong word is reported at the word (mlir-opt-19: 'expected
// non-function type' before it).
func.func @misspelt(%a: tensor<4xf32>) -> tensor<4xf32> {
  // OWN: wrong-token.mlir:[[@LINE+2]]:15: error:
  // OWN-SAME: unknown type 'tnsor'
  return %a : tnsor<4xf32>
}
