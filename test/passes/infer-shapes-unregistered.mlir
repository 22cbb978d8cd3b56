// Operands of unregistered ops keep their declared types through a cast
// (nothing is known about what such an op accepts); a second run keeps it.
// RUN: tirc -allow-unregistered-dialect -infer-shapes %s | FileCheck %s
// RUN: tirc -allow-unregistered-dialect -infer-shapes %s > %t.1.mlir && tirc -allow-unregistered-dialect -infer-shapes %t.1.mlir | diff %t.1.mlir -

// CHECK-LABEL: func.func @f(%arg0: tensor<4xf32>) -> tensor<?xf32>
// CHECK-NEXT: %[[N:.*]] = tir.neg %arg0 : tensor<4xf32>
// CHECK-NEXT: %[[C:.*]] = tensor.cast %[[N]] : tensor<4xf32> to tensor<?xf32>
// CHECK-NEXT: %[[U:.*]] = "foo.bar"(%[[C]]) : (tensor<?xf32>) -> tensor<?xf32>
// CHECK-NEXT: tir.abs %[[U]] : tensor<?xf32>
func.func @f(%a: tensor<4xf32>) -> tensor<?xf32> {
  %0 = "tir.neg"(%a) : (tensor<4xf32>) -> tensor<?xf32>
  %1 = "foo.bar"(%0) : (tensor<?xf32>) -> tensor<?xf32>
  %2 = "tir.abs"(%1) : (tensor<?xf32>) -> tensor<?xf32>
  return %2 : tensor<?xf32>
}
