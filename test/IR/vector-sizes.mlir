// Vector sizes: zero sizes are refused by the parser with mlir-opt-19's
// message (mlir-opt-19-agrees.mlir runs this file through it too), and a
// vector holds at most 1024 elements (ir.MaxVectorElements), a limit of
// tirc's (issue 19 item 3).
// RUN: tirc -split-input-file -verify-diagnostics %s

// expected-error @+1 {{vector types must have positive constant sizes}}
func.func @zero(%a: vector<0xf32>) {
  return
}

// -----
// expected-error @+1 {{vector types must have positive constant sizes}}
func.func @zero_inner(%a: vector<4x0xf32>) {
  return
}

// -----
// expected-error @+1 {{vector types must have positive constant sizes}}
func.func @zero_middle(%a: vector<1x0x3xi8>) {
  return
}

// -----
func.func @zero_result(%a: tensor<4xf32>) {
  // expected-error @+1 {{vector types must have positive constant sizes}}
  %0 = "tir.neg"(%a) : (tensor<4xf32>) -> vector<0xf32>
  return
}
