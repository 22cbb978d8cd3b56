// mlir-opt-19 gives the same verdicts and messages as tirc on the tensor
// ops, and reads tirc's printed forms of them back.
// REQUIRES: mlir-opt-19
// RUN: mlir-opt-19 -split-input-file -verify-diagnostics %S/tensor-verify.mlir -o /dev/null
// RUN: tirc %s | mlir-opt-19 | FileCheck %s
// RUN: tirc -mlir-print-op-generic %s | mlir-opt-19 | FileCheck %s

// CHECK-LABEL: func.func @f
// CHECK: %[[D:.*]] = tensor.dim %arg0, %{{.*}} : tensor<4x?xf32>
// CHECK: tensor.splat %[[D]] : tensor<index>
// CHECK: tensor.splat %arg1 : tensor<2x3xf32>
func.func @f(%x: tensor<4x?xf32>, %v: f32) -> (tensor<index>, tensor<2x3xf32>) {
  %c1 = arith.constant 1 : index
  %d = tensor.dim %x, %c1 : tensor<4x?xf32>
  %s = tensor.splat %d : tensor<index>
  %t = tensor.splat %v : tensor<2x3xf32>
  return %s, %t : tensor<index>, tensor<2x3xf32>
}
