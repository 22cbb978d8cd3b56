// tensor.splat's dynamic sizes print as mlir-opt-19 prints them
// (mlir-opt-19-agrees.mlir checks this file with mlir-opt-19).
// RUN: tirc %s | FileCheck %s
// RUN: tirc -mlir-print-op-generic %s | tirc | FileCheck %s

// CHECK-LABEL: func.func @splat_sizes(%arg0: f32, %arg1: index, %arg2: index) -> tensor<?x4x?xf32> {
// CHECK-NEXT: %splat = tensor.splat %arg0[%arg1, %arg2] : tensor<?x4x?xf32>
func.func @splat_sizes(%v: f32, %m: index, %n: index) -> tensor<?x4x?xf32> {
  %s = tensor.splat %v[%m, %n] : tensor<?x4x?xf32>
  return %s : tensor<?x4x?xf32>
}
