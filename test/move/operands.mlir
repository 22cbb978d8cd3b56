// Operand counts of tir's data-movement ops (tensor.dim's: tensor-verify.mlir,
// which mlir-opt-19 also runs).
// RUN: tirc -split-input-file -verify-diagnostics %s

func.func @counts(%x: tensor<4x8xf32>, %y: tensor<4x8xf32>) {
  // expected-error@+1 {{'tir.reshape' op requires a single operand}}
  %0 = "tir.reshape"(%x, %y) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<32xf32>
  // expected-error@+1 {{'tir.transpose' op requires a single operand}}
  %1 = "tir.transpose"(%x, %y) {permutation = array<i64: 1, 0>} : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<8x4xf32>
  // expected-error@+1 {{'tir.slice' op requires a single operand}}
  %2 = "tir.slice"(%x, %y) {start_indices = array<i64: 0, 0>, limit_indices = array<i64: 4, 8>, strides = array<i64: 1, 1>} : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  // expected-error@+1 {{'tir.iota' op requires zero operands}}
  %3 = "tir.iota"(%x) {iota_dimension = 0 : i64} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return
}
