// A linalg.generic is a row on the loop description: it fuses with the
// tir op producing its input and the arith op consuming its result, and
// its tensor.empty outs is computed nowhere (one nest, no buffer between
// them); a transposing map is a stride in that nest, not a copy. A
// reduction generic runs in place after copying its init.
// RUN: tirc -print-plan %s | FileCheck %s

#id = affine_map<(d0, d1) -> (d0, d1)>
#tr = affine_map<(d0, d1) -> (d1, d0)>
#col = affine_map<(d0, d1) -> (d0)>

// CHECK-LABEL: plan @fused
// CHECK: nest 0: arith.addf at {{[0-9]+}}:8, fused 3, loops [parallel 5, parallel 37]
// CHECK-NOT: nest 1
func.func @fused(%a: tensor<5x37xf32>, %b: tensor<37x5xf32>) -> tensor<5x37xf32> {
  %t = tir.exp %a : tensor<5x37xf32>
  %e = tensor.empty() : tensor<5x37xf32>
  %0 = linalg.generic {indexing_maps = [#id, #tr, #id], iterator_types = ["parallel", "parallel"]}
      ins(%t, %b : tensor<5x37xf32>, tensor<37x5xf32>) outs(%e : tensor<5x37xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %m = arith.mulf %x, %y : f32
    linalg.yield %m : f32
  } -> tensor<5x37xf32>
  %1 = arith.addf %0, %a : tensor<5x37xf32>
  return %1 : tensor<5x37xf32>
}

// A map of a map: one nest.
// CHECK-LABEL: plan @maps
// CHECK: nest 0: linalg.map at {{[0-9]+}}:8, fused 3, loops [parallel 4, parallel 8]
// CHECK-NOT: nest 1
func.func @maps(%a: tensor<4x8xi32>, %b: tensor<4x8xi32>) -> tensor<4x8xi32> {
  %e = tensor.empty() : tensor<4x8xi32>
  %m = linalg.map { arith.addi } ins(%a, %b : tensor<4x8xi32>, tensor<4x8xi32>) outs(%e : tensor<4x8xi32>)
  %n = linalg.map { arith.muli } ins(%m, %a : tensor<4x8xi32>, tensor<4x8xi32>) outs(%e : tensor<4x8xi32>)
  return %n : tensor<4x8xi32>
}

// The reduction's producer is a nest of its own, the init copied into
// the result, then the body runs in place.
// CHECK-LABEL: plan @rowsum
// CHECK: nest 0: tir.exp at {{[0-9]+}}:8, fused 0, loops [parallel 5, parallel 37]
// CHECK: nest 1: copy, fused 0, loops [parallel 5]
// CHECK-NOT: nest 2
func.func @rowsum(%a: tensor<5x37xf32>, %init: tensor<5xf32>) -> tensor<5xf32> {
  %t = tir.exp %a : tensor<5x37xf32>
  %0 = linalg.generic {indexing_maps = [#id, #col], iterator_types = ["parallel", "reduction"]}
      ins(%t : tensor<5x37xf32>) outs(%init : tensor<5xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  } -> tensor<5xf32>
  return %0 : tensor<5xf32>
}
