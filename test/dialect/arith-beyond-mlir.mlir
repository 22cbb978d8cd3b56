// Where mlir-opt-19 crashes, tirc reports what MLIR's predicate intends.
// (mlir-opt-19 segfaults in SelectOp::verifyInvariantsImpl on this op.)
// RUN: tirc -split-input-file -verify-diagnostics %s

func.func @select_tensor_condition_scalar_values(%c: tensor<4xi1>, %a: f32) {
  // expected-error @+1 {{'arith.select' op failed to verify that condition is signless i1 or has matching shape}}
  %0 = "arith.select"(%c, %a, %a) : (tensor<4xi1>, f32, f32) -> f32
  return
}
