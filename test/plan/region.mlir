// The plan's strategy for each region op run in its own loops (a
// linalg.generic or linalg.reduce with reduction loops), decided from the
// IR before emission (plan.NewRegion): a vector fold (behind a run-time
// test of the strides the inputs move by), rows side by side, one by one
// in a register, or every point in index order.
// RUN: tirc -print-plan %s | FileCheck %s

#x = affine_map<(d0, d1) -> (d0, d1)>
#r = affine_map<(d0, d1) -> (d0)>
#c = affine_map<(d0, d1) -> (d1)>

// An integer sum is exact in any order: 16 lanes of i32, when the input
// moves by one element along the reduced loop at run time.
// CHECK-LABEL: plan @vector
// CHECK: region 0: linalg.generic at {{[0-9]+}}:8: vector fold, 16 lanes when operand 0 dim 1 has stride 1 at run time, else one by one (arith.addi on i32 is exact in any order)
func.func @vector(%x: tensor<?x?xi32>, %init: tensor<?xi32>) -> tensor<?xi32> {
  %r = linalg.generic {indexing_maps = [#x, #r], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<?x?xi32>) outs(%init : tensor<?xi32>) {
  ^bb0(%a: i32, %acc: i32):
    %s = arith.addi %acc, %a : i32
    linalg.yield %s : i32
  } -> tensor<?xi32>
  return %r : tensor<?xi32>
}

// A splat constant read along the reduced loop is the same element in
// every lane: no stride of it to test, only the argument's.
// CHECK-LABEL: plan @splat
// CHECK: region 0: linalg.generic at {{[0-9]+}}:8: vector fold, 8 lanes when operand 0 dim 1 has stride 1 at run time, else one by one (arith.maximumf on f64 is exact in any order)
// CHECK-LABEL: plan @splat_only
// CHECK: region 0: linalg.generic at {{[0-9]+}}:8: vector fold, 16 lanes (arith.minsi on i32 is exact in any order)
func.func @splat(%x: tensor<4x37xf64>, %init: tensor<4xf64>) -> tensor<4xf64> {
  %k = arith.constant dense<2.0> : tensor<4x37xf64>
  %r = linalg.generic {indexing_maps = [#x, #x, #r], iterator_types = ["parallel", "reduction"]}
      ins(%x, %k : tensor<4x37xf64>, tensor<4x37xf64>) outs(%init : tensor<4xf64>) {
  ^bb0(%a: f64, %b: f64, %acc: f64):
    %p = arith.mulf %a, %b : f64
    %m = arith.maximumf %p, %acc : f64
    linalg.yield %m : f64
  } -> tensor<4xf64>
  return %r : tensor<4xf64>
}

func.func @splat_only(%init: tensor<3xi32>) -> tensor<3xi32> {
  %k = arith.constant dense<7> : tensor<3x10xi32>
  %r = linalg.generic {indexing_maps = [#x, #r], iterator_types = ["parallel", "reduction"]}
      ins(%k : tensor<3x10xi32>) outs(%init : tensor<3xi32>) {
  ^bb0(%a: i32, %acc: i32):
    %s = arith.minsi %acc, %a : i32
    linalg.yield %s : i32
  } -> tensor<3xi32>
  return %r : tensor<3xi32>
}

// A float sum keeps linalg's index order; the rows of the parallel loop
// outside it are chains of their own, 8 side by side.
// CHECK-LABEL: plan @rows
// CHECK: region 0: linalg.generic at {{[0-9]+}}:8: fold 8 rows side by side, one by one in each (arith.addf on f32 keeps the index order; the loop outside the innermost is parallel, each row its own element)
func.func @rows(%x: tensor<?x?xf32>, %init: tensor<?xf32>) -> tensor<?xf32> {
  %r = linalg.generic {indexing_maps = [#x, #r], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<?x?xf32>) outs(%init : tensor<?xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %acc, %a : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// A full float sum has no parallel loop outside the innermost: one by
// one, in a register; so does an integer sum whose body may fault, and
// one reading its input with a stride of 2 along the reduced loop.
// CHECK-LABEL: plan @serial
// CHECK: region 0: linalg.generic at {{[0-9]+}}:8: fold one by one in a register (arith.addf on f32 keeps the index order; the loop outside the innermost is a reduction)
// CHECK-LABEL: plan @serial_fault
// CHECK: region 0: linalg.generic at {{[0-9]+}}:8: fold one by one in a register (arith.addi on i32 keeps the index order (the body may fault))
// CHECK-LABEL: plan @serial_strided
// CHECK: region 0: linalg.generic at {{[0-9]+}}:8: fold one by one in a register (arith.addi on i64 is exact in any order, but operand 0 moves by 2 elements along the innermost loop)
func.func @serial(%x: tensor<?x?xf32>, %init: tensor<f32>) -> tensor<f32> {
  %r = linalg.generic {indexing_maps = [#x, affine_map<(d0, d1) -> ()>], iterator_types = ["reduction", "reduction"]}
      ins(%x : tensor<?x?xf32>) outs(%init : tensor<f32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %acc, %a : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  return %r : tensor<f32>
}

func.func @serial_fault(%x: tensor<?x?xi32>, %init: tensor<?xi32>) -> tensor<?xi32> {
  %r = linalg.generic {indexing_maps = [#x, #r], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<?x?xi32>) outs(%init : tensor<?xi32>) {
  ^bb0(%a: i32, %acc: i32):
    %c = arith.constant 3 : i32
    %q = arith.divsi %c, %a : i32
    %s = arith.addi %acc, %q : i32
    linalg.yield %s : i32
  } -> tensor<?xi32>
  return %r : tensor<?xi32>
}

func.func @serial_strided(%x: tensor<3x20xi64>, %y: tensor<3x10xi64>, %init: tensor<3xi64>) -> tensor<3xi64> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, 2 * d1)>, #x, #r], iterator_types = ["parallel", "reduction"]}
      ins(%x, %y : tensor<3x20xi64>, tensor<3x10xi64>) outs(%init : tensor<3xi64>) {
  ^bb0(%a: i64, %b: i64, %acc: i64):
    %p = arith.muli %a, %b : i64
    %s = arith.addi %acc, %p : i64
    linalg.yield %s : i64
  } -> tensor<3xi64>
  return %r : tensor<3xi64>
}

// A reduction over the outer loop: the result indexes the innermost, so
// the body runs at every point, the element loaded and stored at each.
// CHECK-LABEL: plan @points
// CHECK: region 0: linalg.generic at {{[0-9]+}}:8: every point in index order (no fold: the innermost loop is parallel)
func.func @points(%x: tensor<?x?xf32>, %init: tensor<?xf32>) -> tensor<?xf32> {
  %r = linalg.generic {indexing_maps = [#x, #c], iterator_types = ["reduction", "parallel"]}
      ins(%x : tensor<?x?xf32>) outs(%init : tensor<?xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %acc, %a : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}
