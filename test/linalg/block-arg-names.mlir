// The arguments of linalg.generic, linalg.map and linalg.reduce bodies
// print as mlir-opt-19 names them (LinalgOp's getAsmBlockArgumentNames):
// %in for the ins, %out for generic's outs, %init for reduce's, made unique
// with the function's conflict counter (%in_0, %out_1, nested regions
// after their parents); the function's own arguments stay %argN, and the
// generic form numbers them all %argN. A multi-result linalg.reduce is the
// group %reduced:2, used as %reduced#0.
// RUN: tirc %s | FileCheck %s
// RUN: tirc %s | tirc | FileCheck %s
// RUN: tirc -mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @f(%arg0: tensor<4x8xf32>, %arg1: tensor<4x8xf32>, %arg2: tensor<4xf32>)
// CHECK: ^bb0(%in: f32, %in_0: f32, %out: f32, %out_1: f32):
// CHECK-NEXT: %{{[0-9]+}} = arith.addf %in, %in_0 : f32
// CHECK-NEXT: %{{[0-9]+}} = arith.addf %{{[0-9]+}}, %out : f32
// CHECK-NEXT: %cst_2 = arith.constant 2.000000e+00 : f32
// CHECK: ^bb0(%in_3: f32, %out_4: f32):
// CHECK-NEXT: %{{[0-9]+}} = arith.mulf %in_3, %in : f32
// CHECK: %mapped = linalg.map { arith.addf }
// CHECK: (%in: f32, %init: f32) {
// CHECK-NEXT: %{{[0-9]+}} = arith.addf %in, %init : f32
// CHECK: ^bb0(%in: f32, %out: f32):
// CHECK-NEXT: %{{[0-9]+}} = arith.negf %in : f32
// GENERIC: ^bb0(%arg{{[0-9]+}}: f32, %arg{{[0-9]+}}: f32, %arg{{[0-9]+}}: f32, %arg{{[0-9]+}}: f32):
// GENERIC-NOT: %in
// GENERIC-NOT: %out
func.func @f(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>, %c: tensor<4xf32>) -> (tensor<4xf32>, tensor<4x8xf32>) {
  %cst = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<4x8xf32>
  %0:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "reduction"]} ins(%a, %b : tensor<4x8xf32>, tensor<4x8xf32>) outs(%c, %e : tensor<4xf32>, tensor<4x8xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32, %w: f32):
    %1 = arith.addf %x, %y : f32
    %2 = arith.addf %1, %z : f32
    %cst_1 = arith.constant 2.0 : f32
    %3 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
    ^bb0(%p: f32, %q: f32):
      %4 = arith.mulf %p, %x : f32
      linalg.yield %4 : f32
    } -> tensor<4x8xf32>
    linalg.yield %2, %cst_1 : f32, f32
  } -> (tensor<4xf32>, tensor<4x8xf32>)
  %m = linalg.map ins(%a, %b : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>)
    (%i: f32, %j: f32) {
      %s = arith.addf %i, %j : f32
      linalg.yield %s : f32
    }
  %r = linalg.reduce ins(%a : tensor<4x8xf32>) outs(%c : tensor<4xf32>) dimensions = [1]
    (%i: f32, %j: f32) {
      %s = arith.addf %i, %j : f32
      linalg.yield %s : f32
    }
  %r2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
    ^bb0(%p: f32, %q: f32):
      %in = arith.negf %p : f32
      linalg.yield %in : f32
    } -> tensor<4x8xf32>
  return %r, %0#1 : tensor<4xf32>, tensor<4x8xf32>
}

// CHECK-LABEL: func.func @g
// CHECK: %mapped = linalg.map ins
// CHECK-NEXT: (%in: f32, %in_0: f32) {
// CHECK-NEXT: %{{[0-9]+}} = arith.addf %in, %in_0 : f32
// CHECK-NEXT: %{{[0-9]+}} = arith.addf %{{[0-9]+}}, %in_0 : f32
// CHECK: %reduced:2 = linalg.reduce ins
// CHECK-NEXT: (%in: f32, %in_0: i32, %init: f32, %init_1: i32) {
// CHECK-NEXT: arith.addf %in, %init : f32
// CHECK-NEXT: arith.addi %in_0, %init_1 : i32
// CHECK: return %mapped, %reduced#0
func.func @g(%a: tensor<4xf32>, %e: tensor<4xf32>, %i: tensor<f32>, %i2: tensor<i32>, %b: tensor<4xi32>) -> (tensor<4xf32>, tensor<f32>) {
  %m = linalg.map ins(%a, %a : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>)
    (%x: f32, %y: f32) {
      %s = arith.addf %x, %y : f32
      %t = arith.addf %s, %y : f32
      linalg.yield %t : f32
    }
  %r:2 = linalg.reduce ins(%a, %b : tensor<4xf32>, tensor<4xi32>) outs(%i, %i2 : tensor<f32>, tensor<i32>) dimensions = [0]
    (%x: f32, %y: i32, %z: f32, %w: i32) {
      %s = arith.addf %x, %z : f32
      %t = arith.addi %y, %w : i32
      linalg.yield %s, %t : f32, i32
    }
  return %m, %r#0 : tensor<4xf32>, tensor<f32>
}
