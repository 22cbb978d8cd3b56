// A comma-separated list takes no trailing comma, as in mlir-opt-19: an
// element must follow each ',' (ir/asm/parser.go, more). Reported where
// mlir-opt-19 reports it, with its message: just after the ',' for
// operands, types, attribute names and values; at the close for function
// arguments and dense elements. mlir-opt-19-agrees.mlir checks the POS and
// MSG lines against mlir-opt-19.
// RUN: not tirc -allow-unregistered-dialect -split-input-file %s 2>&1 | FileCheck --check-prefixes=POS,MSG %s

// POS: trailing-comma.mlir:[[@LINE+2]]:36: error:
// MSG-SAME: expected SSA identifier
func.func @args(%a: tensor<4xf32>, ) {
  return
}

// -----
// POS: trailing-comma.mlir:[[@LINE+2]]:57: error:
// MSG-SAME: expected non-function type
func.func @results(%a: tensor<4xf32>) -> (tensor<4xf32>,) {
  return %a : tensor<4xf32>
}

// -----
func.func @operands(%a: tensor<4xf32>) {
  // POS: trailing-comma.mlir:[[@LINE+2]]:21: error:
  // MSG-SAME: expected SSA operand
  %0 = "tir.neg"(%a, ) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----
func.func @operand_types(%a: tensor<4xf32>) {
  // POS: trailing-comma.mlir:[[@LINE+2]]:39: error:
  // MSG-SAME: expected non-function type
  %0 = "tir.neg"(%a) : (tensor<4xf32>,) -> tensor<4xf32>
  return
}

// -----
func.func @result_types(%a: tensor<4xf32>) {
  // POS: trailing-comma.mlir:[[@LINE+2]]:55: error:
  // MSG-SAME: expected non-function type
  %0 = "t.op"(%a) : (tensor<4xf32>) -> (tensor<4xf32>, )
  return
}

// -----
func.func @dict(%a: tensor<4xf32>) {
  // POS: trailing-comma.mlir:[[@LINE+2]]:21: error:
  // MSG-SAME: expected attribute name
  "t.op"(%a) {a = 1, } : (tensor<4xf32>) -> ()
  return
}

// -----
func.func @array(%a: tensor<4xf32>) {
  // POS: trailing-comma.mlir:[[@LINE+2]]:25: error:
  // MSG-SAME: expected attribute value
  "t.op"(%a) {a = [1, 2, ]} : (tensor<4xf32>) -> ()
  return
}

// -----
func.func @dense(%a: tensor<4xf32>) {
  // POS: trailing-comma.mlir:[[@LINE+2]]:36: error:
  // MSG-SAME: expected element literal of primitive type
  "t.op"(%a) {a = dense<[1.0, 2.0, ]> : tensor<2xf32>} : (tensor<4xf32>) -> ()
  return
}

// -----
func.func @dense_array(%a: tensor<4xf32>) {
  // POS: trailing-comma.mlir:[[@LINE+2]]:36: error:
  // MSG-SAME: expected integer literal
  "t.op"(%a) {a = array<i64: 1, 2, >} : (tensor<4xf32>) -> ()
  return
}

// -----
func.func @dense_array_f32(%a: tensor<4xf32>) {
  // POS: trailing-comma.mlir:[[@LINE+2]]:35: error:
  // MSG-SAME: expected integer or floating point literal
  "t.op"(%a) {a = array<f32: 1.0, >} : (tensor<4xf32>) -> ()
  return
}

// -----
// POS: trailing-comma.mlir:[[@LINE+3]]:24: error:
// MSG-SAME: expected SSA operand
func.func @block_args(tensor<4xf32>) {
^bb0(%x: tensor<4xf32>, ):
  return
}
