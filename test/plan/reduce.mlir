// The reduction strategies of the plan (codegen/plan: NewReduction,
// Blocked; the nest records scratch rows, i32 indices and argmax's
// compare-only pass).
// RUN: tirc -print-plan %s | FileCheck %s

// A full reduction runs in fixed blocks, combined in block order.
// CHECK-LABEL: plan @total
// CHECK: nest 0: tir.reduce_sum at {{[0-9]+}}:8, fused 0, loops [reduction 4194304]
// CHECK: nest 0 reduction: sum, acc f64, 16 lanes x 1 chains, blocks of 65536 elements
func.func @total(%x: tensor<4194304xf32>) -> tensor<f32> {
  %s = tir.reduce_sum %x {dims = array<i64: 0>} : (tensor<4194304xf32>) -> tensor<f32>
  return %s : tensor<f32>
}

// Row maxima: four chains hide the compare's latency; f64 sums are
// compensated.
// CHECK-LABEL: plan @rows
// CHECK: nest 0 reduction: max, acc f32, 16 lanes x 4 chains
// CHECK-NOT: blocks
// CHECK: nest 1 reduction: sum, acc f64 compensated, 8 lanes x 1 chains
func.func @rows(%x: tensor<64x100xf32>, %y: tensor<64x100xf64>) -> (tensor<64xf32>, tensor<64xf64>) {
  %m = tir.reduce_max %x {dims = array<i64: 1>} : (tensor<64x100xf32>) -> tensor<64xf32>
  %s = tir.reduce_sum %y {dims = array<i64: 1>} : (tensor<64x100xf64>) -> tensor<64xf64>
  return %m, %s : tensor<64xf32>, tensor<64xf64>
}

// Reducing the outer dimension: the parallel loop runs inside the
// reduction on scratch rows; a sum into f64 adds four rows at a time,
// a max (or a compensated f64 sum) one.
// CHECK-LABEL: plan @columns
// CHECK: nest 0: tir.reduce_sum at {{[0-9]+}}:8, fused 0, loops [reduction 100, parallel 64]
// CHECK: nest 0 reduction: sum, acc f64, 16 lanes x 1 chains, scratch rows, four rows at a time
// CHECK: nest 1 reduction: max, acc f32, 16 lanes x 4 chains, scratch rows{{$}}
// CHECK: nest 2 reduction: sum, acc f64 compensated, 8 lanes x 1 chains, scratch rows{{$}}
func.func @columns(%x: tensor<100x64xf32>, %y: tensor<100x64xf64>) -> (tensor<64xf32>, tensor<64xf32>, tensor<64xf64>) {
  %s = tir.reduce_sum %x {dims = array<i64: 0>} : (tensor<100x64xf32>) -> tensor<64xf32>
  %m = tir.reduce_max %x {dims = array<i64: 0>} : (tensor<100x64xf32>) -> tensor<64xf32>
  %t = tir.reduce_sum %y {dims = array<i64: 0>} : (tensor<100x64xf64>) -> tensor<64xf64>
  return %s, %m, %t : tensor<64xf32>, tensor<64xf32>, tensor<64xf64>
}

// A float argmax compares only and redoes a row with a NaN; a static
// row fits i32 lane indices.
// CHECK-LABEL: plan @argmax
// CHECK: nest 0 reduction: argmax, acc f32, 16 lanes x 4 chains, i32 indices, compare only (exact again on NaN)
func.func @argmax(%x: tensor<64x100xf32>) -> tensor<64xi64> {
  %a = tir.argmax %x {dims = array<i64: 1>} : (tensor<64x100xf32>) -> tensor<64xi64>
  return %a : tensor<64xi64>
}
