// Affine maps print as aliases #map, #map1, ... defined before the module,
// as mlir-opt-19 prints them: numbered in the order of first use in the
// custom form; in the generic form the attributes of an op count as one
// dictionary sorted by name (extra's map before indexing_maps'). Text
// inside a string stays; -mlir-print-local-scope prints maps inline.
// RUN: tirc %s | FileCheck %s
// RUN: tirc %s | tirc | FileCheck %s
// RUN: tirc -mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC
// RUN: tirc -mlir-print-local-scope %s | FileCheck %s --check-prefix=LOCAL

// CHECK: #map = affine_map<(d0) -> (d0)>
// CHECK-NEXT: #map1 = affine_map<(d0) -> (d0 + 1)>
// CHECK-NEXT: #map2 = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-NEXT: #map3 = affine_map<(d0, d1) -> (d0)>
// CHECK-NEXT: module {
// CHECK: linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg0 : tensor<4xf32>) outs(%arg1 : tensor<4xf32>) attrs =  {extra = {k = #map1}, note = "affine_map<(d0) -> (d0 + 7)>"} {
// CHECK: linalg.generic {indexing_maps = [#map2, #map3], iterator_types = ["parallel", "reduction"]}

// GENERIC: #map = affine_map<(d0) -> (d0 + 1)>
// GENERIC-NEXT: #map1 = affine_map<(d0) -> (d0)>
// GENERIC-NEXT: #map2 = affine_map<(d0, d1) -> (d0, d1)>
// GENERIC-NEXT: #map3 = affine_map<(d0, d1) -> (d0)>
// GENERIC-NEXT: "builtin.module"() ({
// GENERIC: <{indexing_maps = [#map1, #map1],
// GENERIC: {extra = {k = #map}, note = "affine_map<(d0) -> (d0 + 7)>"}
// GENERIC: <{indexing_maps = [#map2, #map3],

// LOCAL-NOT: #map
// LOCAL: indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>]
// LOCAL-NOT: #map

func.func @first(%a: tensor<4xf32>, %e: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%e : tensor<4xf32>) attrs = {note = "affine_map<(d0) -> (d0 + 7)>", extra = {k = affine_map<(d0) -> (d0 + 1)>}} {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func @second(%a: tensor<4x8xf32>, %e: tensor<8x4xf32>, %i: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<4x8xf32>) outs(%i : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
