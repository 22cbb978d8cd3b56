// Canonicalization folds constant offsets, sizes, strides and extents
// into the static lists; a result that becomes more static gets a
// tensor.cast back to the old type (MLIR's constant-argument folders).
// @insert_and_empty is what mlir-opt-19 -canonicalize prints
// (mlir-opt-19-agrees.mlir); on @slice mlir-opt-19 folds the sizes but
// keeps the '?' result and then fails its own verifier, so the cast is
// the folders' documented form.
// RUN: tirc -canonicalize %s | FileCheck %s
// RUN: tirc -canonicalize %s | tirc | FileCheck %s

// CHECK-LABEL: func.func @insert_and_empty
// CHECK-NEXT: %inserted_slice = tensor.insert_slice %arg1 into %arg0[2, %arg2] [2, 4] [1, 1] : tensor<2x4xf32> into tensor<8x4xf32>
// CHECK-NEXT: %0 = tensor.empty(%arg2) : tensor<2x?xf32>
// CHECK-NEXT: %cast = tensor.cast %0 : tensor<2x?xf32> to tensor<?x?xf32>
// CHECK-NEXT: return %inserted_slice, %cast : tensor<8x4xf32>, tensor<?x?xf32>
func.func @insert_and_empty(%t: tensor<8x4xf32>, %d: tensor<2x4xf32>, %i: index) -> (tensor<8x4xf32>, tensor<?x?xf32>) {
  %c2 = arith.constant 2 : index
  %c1 = arith.constant 1 : index
  %in = tensor.insert_slice %d into %t[%c2, %i] [2, 4] [%c1, 1] : tensor<2x4xf32> into tensor<8x4xf32>
  %e = tensor.empty(%c2, %i) : tensor<?x?xf32>
  return %in, %e : tensor<8x4xf32>, tensor<?x?xf32>
}

// CHECK-LABEL: func.func @slice
// CHECK-NEXT: %extracted_slice = tensor.extract_slice %arg0[2, 0] [2, 4] [1, 1] : tensor<8x4xf32> to tensor<2x4xf32>
// CHECK-NEXT: %cast = tensor.cast %extracted_slice : tensor<2x4xf32> to tensor<?x4xf32>
// CHECK-NEXT: %extracted_slice_0 = tensor.extract_slice %arg0[%arg1, 0] [1, 2] [1, 1] : tensor<8x4xf32> to tensor<2xf32>
// CHECK-NEXT: %cast_1 = tensor.cast %extracted_slice_0 : tensor<2xf32> to tensor<?xf32>
// CHECK-NEXT: return %cast, %cast_1
func.func @slice(%t: tensor<8x4xf32>, %i: index) -> (tensor<?x4xf32>, tensor<?xf32>) {
  %c2 = arith.constant 2 : index
  %c1 = arith.constant 1 : index
  %s = tensor.extract_slice %t[%c2, 0] [%c2, 4] [%c1, 1] : tensor<8x4xf32> to tensor<?x4xf32>
  %r = tensor.extract_slice %t[%i, 0] [1, %c2] [1, %c1] : tensor<8x4xf32> to tensor<?xf32>
  return %s, %r : tensor<?x4xf32>, tensor<?xf32>
}

// A negative constant stays dynamic: it is an error when it runs.
// CHECK-LABEL: func.func @negative
// CHECK: tensor.extract_slice %arg0[%c-1, 0] [2, 4] [1, 1]
func.func @negative(%t: tensor<8x4xf32>) -> tensor<2x4xf32> {
  %m = arith.constant -1 : index
  %s = tensor.extract_slice %t[%m, 0] [2, 4] [1, 1] : tensor<8x4xf32> to tensor<2x4xf32>
  return %s : tensor<2x4xf32>
}
