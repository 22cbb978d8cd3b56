// Both boundary modes of infer-shapes: signature (the default) refines the
// function's result types and its call sites; cast keeps the declared
// signature and casts back at the return.
// RUN: tirc -infer-shapes %s | FileCheck %s --check-prefix=SIG
// RUN: tirc -infer-shapes -infer-shapes-boundary=signature %s | FileCheck %s --check-prefix=SIG
// RUN: tirc -infer-shapes -infer-shapes-boundary=cast %s | FileCheck %s --check-prefix=CAST
// RUN: tirc -pass-pipeline='builtin.module(infer-shapes{boundary=cast})' %s | FileCheck %s --check-prefix=CAST
// RUN: tirc -infer-shapes -infer-shapes-boundary=cast %s | tirc -verify
// RUN: tirc -infer-shapes -infer-shapes-boundary=cast %s > %t.1.mlir && tirc -infer-shapes -infer-shapes-boundary=cast %t.1.mlir | diff %t.1.mlir -

// SIG-LABEL: func.func @f(%arg0: tensor<?x4xf32>, %arg1: tensor<3x1xf32>) -> (tensor<3x4xf32>, tensor<3x1xf32>)
// SIG-NEXT: %[[R:.*]] = tir.add %arg0, %arg1 : (tensor<?x4xf32>, tensor<3x1xf32>) -> tensor<3x4xf32>
// SIG-NEXT: %[[N:.*]] = tir.add %arg1, %arg1 : (tensor<3x1xf32>, tensor<3x1xf32>) -> tensor<3x1xf32>
// SIG-NEXT: return %[[R]], %[[N]] : tensor<3x4xf32>, tensor<3x1xf32>
// CAST-LABEL: func.func @f(%arg0: tensor<?x4xf32>, %arg1: tensor<3x1xf32>) -> (tensor<?x?xf32>, tensor<*xf32>)
// CAST-NEXT: %[[R:.*]] = tir.add %arg0, %arg1 : (tensor<?x4xf32>, tensor<3x1xf32>) -> tensor<3x4xf32>
// CAST-NEXT: %[[N:.*]] = tir.add %arg1, %arg1 : (tensor<3x1xf32>, tensor<3x1xf32>) -> tensor<3x1xf32>
// CAST-NEXT: %[[C0:.*]] = tensor.cast %[[R]] : tensor<3x4xf32> to tensor<?x?xf32>
// CAST-NEXT: %[[C1:.*]] = tensor.cast %[[N]] : tensor<3x1xf32> to tensor<*xf32>
// CAST-NEXT: return %[[C0]], %[[C1]] : tensor<?x?xf32>, tensor<*xf32>
func.func @f(%a: tensor<?x4xf32>, %b: tensor<3x1xf32>) -> (tensor<?x?xf32>, tensor<*xf32>) {
  %0 = "tir.add"(%a, %b) : (tensor<?x4xf32>, tensor<3x1xf32>) -> tensor<?x?xf32>
  %1 = "tir.add"(%b, %b) : (tensor<3x1xf32>, tensor<3x1xf32>) -> tensor<*xf32>
  return %0, %1 : tensor<?x?xf32>, tensor<*xf32>
}

// The caller: in signature mode the refined call results flow on.
// SIG-LABEL: func.func @g
// SIG: %[[R:.*]]:2 = call @f(%arg0, %arg1) : (tensor<?x4xf32>, tensor<3x1xf32>) -> (tensor<3x4xf32>, tensor<3x1xf32>)
// SIG: tir.mul %[[R]]#0, %[[R]]#1 : (tensor<3x4xf32>, tensor<3x1xf32>) -> tensor<3x4xf32>
// CAST-LABEL: func.func @g
// CAST: %[[R:.*]]:2 = call @f(%arg0, %arg1) : (tensor<?x4xf32>, tensor<3x1xf32>) -> (tensor<?x?xf32>, tensor<*xf32>)
// CAST: tir.mul %[[R]]#0, %[[R]]#1 : (tensor<?x?xf32>, tensor<*xf32>) -> tensor<*xf32>
func.func @g(%a: tensor<?x4xf32>, %b: tensor<3x1xf32>) -> tensor<*xf32> {
  %r:2 = func.call @f(%a, %b) : (tensor<?x4xf32>, tensor<3x1xf32>) -> (tensor<?x?xf32>, tensor<*xf32>)
  %0 = "tir.mul"(%r#0, %r#1) : (tensor<?x?xf32>, tensor<*xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// A recursive function keeps its result types in both modes, so the call
// inside the cycle stays consistent.
// SIG-LABEL: func.func @rec(%arg0: tensor<4xf32>) -> tensor<?xf32>
// SIG: tensor.cast {{.*}} : tensor<4xf32> to tensor<?xf32>
// CAST-LABEL: func.func @rec(%arg0: tensor<4xf32>) -> tensor<?xf32>
func.func @rec(%a: tensor<4xf32>) -> tensor<?xf32> {
  %0 = "tir.neg"(%a) : (tensor<4xf32>) -> tensor<?xf32>
  %1 = func.call @rec(%a) : (tensor<4xf32>) -> tensor<?xf32>
  %2 = "tir.add"(%0, %1) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %2 : tensor<?xf32>
}
