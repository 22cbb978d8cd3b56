// The tensor ops' custom forms print as mlir-opt-19 prints them (result
// names, lists, regions, elided properties), and the printed custom and
// generic forms read back to the same module.
// RUN: tirc %s | FileCheck %s
// RUN: tirc %s | tirc | FileCheck %s
// RUN: tirc -mlir-print-op-generic %s | tirc | FileCheck %s

// CHECK-LABEL: func.func @forms(%arg0: tensor<8x16xf32>, %arg1: index, %arg2: index, %arg3: tensor<4x4xf32>, %arg4: f32, %arg5: tensor<?x16xf32>) -> tensor<2x4x16xf32> {
// CHECK-NEXT: %0 = tensor.empty() : tensor<4x8xf32>
// CHECK-NEXT: %1 = tensor.empty(%arg2) {tag} : tensor<?x8xf32>
// CHECK-NEXT: %collapsed = tensor.collapse_shape %arg0 {{\[\[}}0, 1]] : tensor<8x16xf32> into tensor<128xf32>
// CHECK-NEXT: %collapsed_0 = tensor.collapse_shape %0 [] : tensor<4x8xf32> into tensor<f32>
// CHECK-NEXT: %expanded = tensor.expand_shape %arg0 {{\[\[}}0, 1], [2]] output_shape [2, 4, 16] : tensor<8x16xf32> into tensor<2x4x16xf32>
// CHECK-NEXT: %expanded_1 = tensor.expand_shape %arg5 {{\[\[}}0, 1], [2]] output_shape [%arg2, 4, 16] : tensor<?x16xf32> into tensor<?x4x16xf32>
// CHECK-NEXT: %extracted_slice = tensor.extract_slice %arg0[%arg1, 4] [2, %arg2] [1, 2] : tensor<8x16xf32> to tensor<2x?xf32>
// CHECK-NEXT: %extracted_slice_2 = tensor.extract_slice %arg0[0, 4] [1, 4] [1, 1] {tag} : tensor<8x16xf32> to tensor<4xf32>
// CHECK-NEXT: %inserted_slice = tensor.insert_slice %arg3 into %arg0[%arg1, 0] [4, 4] [1, 1] : tensor<4x4xf32> into tensor<8x16xf32>
// CHECK-NEXT: %extracted = tensor.extract %arg0[%arg1, %arg2] : tensor<8x16xf32>
// CHECK-NEXT: %inserted = tensor.insert %arg4 into %arg0[%arg1, %arg2] : tensor<8x16xf32>
// CHECK-NEXT: %from_elements = tensor.from_elements %arg4, %arg4 : tensor<2xf32>
// CHECK-NEXT: %from_elements_3 = tensor.from_elements %arg4 : tensor<f32>
// CHECK-NEXT: %from_elements_4 = tensor.from_elements  : tensor<0xindex>
// CHECK-NEXT: %generated = tensor.generate %arg2 {
// CHECK-NEXT: ^bb0(%arg6: index, %arg7: index):
// CHECK-NEXT:   %2 = arith.index_cast %arg6 : index to i32
// CHECK-NEXT:   %3 = arith.sitofp %2 : i32 to f32
// CHECK-NEXT:   tensor.yield %3 : f32
// CHECK-NEXT: } : tensor<?x3xf32>
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %padded = tensor.pad %arg0 low[1, %arg1] high[2, 3] {
// CHECK-NEXT: ^bb0(%arg6: index, %arg7: index):
// CHECK-NEXT:   tensor.yield %cst : f32
// CHECK-NEXT: } : tensor<8x16xf32> to tensor<11x?xf32>
// CHECK-NEXT: %padded_5 = tensor.pad %arg0 nofold low[0, 0] high[0, 0] {
// CHECK-NEXT: ^bb0(%arg6: index, %arg7: index):
// CHECK-NEXT:   tensor.yield %arg4 : f32
// CHECK-NEXT: } {tag} : tensor<8x16xf32> to tensor<8x16xf32>
// CHECK-NEXT: %cast = tensor.cast %arg0 : tensor<8x16xf32> to tensor<?x16xf32>
// CHECK-NEXT: return %expanded : tensor<2x4x16xf32>
// CHECK-NEXT: }

func.func @forms(%t: tensor<8x16xf32>, %o: index, %s: index, %d: tensor<4x4xf32>, %x: f32, %dyn: tensor<?x16xf32>) -> tensor<2x4x16xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %e2 = tensor.empty(%s) {tag} : tensor<?x8xf32>
  %c = tensor.collapse_shape %t [[0, 1]] : tensor<8x16xf32> into tensor<128xf32>
  %c0 = tensor.collapse_shape %e [] : tensor<4x8xf32> into tensor<f32>
  %x1 = tensor.expand_shape %t [[0, 1], [2]] output_shape [2, 4, 16] : tensor<8x16xf32> into tensor<2x4x16xf32>
  %x2 = tensor.expand_shape %dyn [[0, 1], [2]] output_shape [%s, 4, 16] : tensor<?x16xf32> into tensor<?x4x16xf32>
  %sl = tensor.extract_slice %t[%o, 4] [2, %s] [1, 2] : tensor<8x16xf32> to tensor<2x?xf32>
  %sl2 = tensor.extract_slice %t[0, 4][1, 4][1, 1] {tag} : tensor<8x16xf32> to tensor<4xf32>
  %in = tensor.insert_slice %d into %t[%o, 0] [4, 4] [1, 1] : tensor<4x4xf32> into tensor<8x16xf32>
  %v = tensor.extract %t[%o, %s] : tensor<8x16xf32>
  %i = tensor.insert %x into %t[%o, %s] : tensor<8x16xf32>
  %fe = tensor.from_elements %x, %x : tensor<2xf32>
  %fe0 = tensor.from_elements %x : tensor<f32>
  %fe00 = tensor.from_elements : tensor<0xindex>
  %g = tensor.generate %s {
  ^bb0(%a: index, %b: index):
    %q = arith.index_cast %a : index to i32
    %r = arith.sitofp %q : i32 to f32
    tensor.yield %r : f32
  } : tensor<?x3xf32>
  %cst = arith.constant 0.0 : f32
  %p = tensor.pad %t low[1, %o] high[2, 3] {
  ^bb0(%a: index, %b: index):
    tensor.yield %cst : f32
  } : tensor<8x16xf32> to tensor<11x?xf32>
  %p2 = tensor.pad %t nofold low[0, 0] high[0, 0] {
  ^bb0(%a: index, %b: index):
    tensor.yield %x : f32
  } {tag} : tensor<8x16xf32> to tensor<8x16xf32>
  %ca = tensor.cast %t : tensor<8x16xf32> to tensor<?x16xf32>
  return %x1 : tensor<2x4x16xf32>
}

