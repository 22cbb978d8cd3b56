// linalg ops on memrefs verify and print as on tensors (memrefs are
// parsed and verified, not lowered): the short-form body of map and
// reduce takes the memrefs' element types, and reads back.
// RUN: tirc %s | tirc | FileCheck %s
// RUN: tirc -mlir-print-op-generic %s | tirc | FileCheck %s

// CHECK-LABEL: func.func @reduce_short
// CHECK: linalg.reduce { arith.addf } ins(%arg0 : memref<4x8xf32>) outs(%arg1 : memref<4xf32>) dimensions = [1]
func.func @reduce_short(%a: memref<4x8xf32>, %e: memref<4xf32>) {
  linalg.reduce { arith.addf } ins(%a : memref<4x8xf32>) outs(%e : memref<4xf32>) dimensions = [1]
  return
}

// CHECK-LABEL: func.func @map_short
// CHECK: linalg.map { arith.mulf } ins(%arg0, %arg0 : memref<4xf32>, memref<4xf32>) outs(%arg1 : memref<4xf32>)
func.func @map_short(%a: memref<4xf32>, %e: memref<4xf32>) {
  linalg.map { arith.mulf } ins(%a, %a : memref<4xf32>, memref<4xf32>) outs(%e : memref<4xf32>)
  return
}

// CHECK-LABEL: func.func @generic_rank
// CHECK: linalg.generic
func.func @generic_rank(%a: memref<4x8xf32>, %e: memref<4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%a : memref<4x8xf32>) outs(%e : memref<4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.addf %x, %o : f32
    linalg.yield %s : f32
  }
  return
}
