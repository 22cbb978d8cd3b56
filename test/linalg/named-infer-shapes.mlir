// -infer-shapes refines a named op's result to its init's type (the op
// is destination-passing: its result is its init), through the implicit
// body, whose block arguments are elements.
// RUN: tirc -infer-shapes -arg-shapes=@f:0=4x8,2=4x16 %s | FileCheck %s

// CHECK-LABEL: func.func @f(%arg0: tensor<4x8xf32>, %arg1: tensor<8x16xf32>, %arg2: tensor<4x16xf32>) -> tensor<4x16xf32>
func.func @f(%a: tensor<?x8xf32>, %b: tensor<8x16xf32>, %c: tensor<?x16xf32>) -> tensor<?x16xf32> {
  // CHECK-NEXT: %0 = linalg.matmul ins(%arg0, %arg1 : tensor<4x8xf32>, tensor<8x16xf32>) outs(%arg2 : tensor<4x16xf32>) -> tensor<4x16xf32>
  %0 = linalg.matmul ins(%a, %b : tensor<?x8xf32>, tensor<8x16xf32>) outs(%c : tensor<?x16xf32>) -> tensor<?x16xf32>
  // CHECK-NEXT: %1 = linalg.elemwise_unary ins(%0 : tensor<4x16xf32>) outs(%0 : tensor<4x16xf32>) -> tensor<4x16xf32>
  %1 = linalg.elemwise_unary ins(%0 : tensor<?x16xf32>) outs(%0 : tensor<?x16xf32>) -> tensor<?x16xf32>
  // CHECK-NEXT: return %1 : tensor<4x16xf32>
  return %1 : tensor<?x16xf32>
}
