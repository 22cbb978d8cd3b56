// Codegen errors are diagnostics at the op or function, like verifier errors.
// RUN: tirc -emit-llvm -split-input-file -verify-diagnostics %s

// expected-error @+1 {{argument #0 of @unranked: unranked tensor type 'tensor<*xf32>' cannot be lowered; run -infer-shapes (and -arg-shapes) to give it a rank}}
func.func @unranked(%a: tensor<*xf32>) -> tensor<*xf32> {
  %0 = "tir.neg"(%a) : (tensor<*xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

func.func @unranked_value(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'tensor.cast' op casts to 'tensor<*xf32>', which cannot be lowered; run -infer-shapes first}}
  %c = "tensor.cast"(%a) : (tensor<4xf32>) -> tensor<*xf32>
  %0 = "tir.neg"(%c) : (tensor<*xf32>) -> tensor<*xf32>
  %1 = "tensor.cast"(%0) : (tensor<*xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}

// -----

func.func @verify_only(%a: tensor<4xf32>, %b: tensor<1xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'test.broadcastable' op cannot be lowered to LLVM IR}}
  %0 = "test.broadcastable"(%a, %b) : (tensor<4xf32>, tensor<1xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @vectors(%a: vector<4xf32>, %b: vector<1xf32>) -> vector<4xf32> {
  // expected-error @+1 {{broadcasts between vector types vector<1xf32> and vector<4xf32>, which codegen does not support}}
  %0 = "tir.add"(%a, %b) : (vector<4xf32>, vector<1xf32>) -> vector<4xf32>
  return %0 : vector<4xf32>
}

// -----

// expected-error @+1 {{function name '@main' clashes with the program's main(); rename it, or make the function private}}
func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}
