// What tirc refuses of the linalg named ops where mlir-opt-19 reports at
// an unknown location (an elemwise function on a type its op refuses),
// and what -emit-llvm does not lower.
// RUN: tirc -split-input-file -verify-diagnostics -emit-llvm %s -o /dev/null

func.func @abs_int(%a: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{'math.absf' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = linalg.elemwise_unary {fun = #linalg.unary_fn<abs>} ins(%a : tensor<4xi32>) outs(%a : tensor<4xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @div_unsigned_float(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'arith.divui' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = linalg.elemwise_binary {fun = #linalg.binary_fn<div_unsigned>} ins(%a, %a : tensor<4xf32>, tensor<4xf32>) outs(%a : tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @fill_dynamic(%v: f32, %a: tensor<?xf32>) -> tensor<?xf32> {
  // expected-error @+1 {{'linalg.fill' op has a scalar input and the dynamic result type 'tensor<?xf32>': tirc lowers that with static shapes only}}
  %0 = linalg.fill ins(%v : f32) outs(%a : tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
