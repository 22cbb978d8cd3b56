// The row-major version of each nest, decided before emission from the
// sizes and maps of the views it reads (plan.PlanFast, by the pre-pass):
// its loops (dims of size 1 get none, dims every view reads alike merge),
// its tiles (a transposed operand read through 8x8 blocks) and a
// reduction's strategy; and the layout guard choosing it at run time,
// absent when every view is known row-major.
// RUN: tirc -print-plan %s | FileCheck %s

// A loop body's nest reads the carried buffer and writes the spare, both
// row-major: no guard, one loop; the copies of the argument in and of the
// result out are guarded.
// CHECK-LABEL: plan @carried
// CHECK: nest 0: copy, fused 0, loops [parallel 64, parallel 32], layout guarded
// CHECK-NEXT: nest 0 runs: [parallel 2048]
// CHECK: nest 0 copies: init #0 of scf.for at {{[0-9]+}}:{{[0-9]+}}: copied
// CHECK: nest 1: tir.mul at {{[0-9]+}}:10, fused 0, loops [parallel 64, parallel 32], layout row-major
// CHECK-NEXT: nest 1 runs: [parallel 2048]
func.func @carried(%x: tensor<64x32xf32>, %n: index) -> tensor<64x32xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %h = arith.constant dense<0.5> : tensor<f32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x) -> (tensor<64x32xf32>) {
    %m = tir.mul %a, %h : (tensor<64x32xf32>, tensor<f32>) -> tensor<64x32xf32>
    scf.yield %m : tensor<64x32xf32>
  }
  return %r : tensor<64x32xf32>
}

// An operand broadcast along the middle dimension keeps the loops apart.
// CHECK-LABEL: plan @broadcast
// CHECK: nest 0: tir.add at {{[0-9]+}}:8, fused 0, loops [parallel 8, parallel 16, parallel 32], layout guarded
// CHECK-NEXT: nest 0 runs: [parallel 8, parallel 16, parallel 32]
func.func @broadcast(%x: tensor<8x16x32xf32>, %z: tensor<8x1x32xf32>) -> tensor<8x16x32xf32> {
  %b = tir.add %x, %z : (tensor<8x16x32xf32>, tensor<8x1x32xf32>) -> tensor<8x16x32xf32>
  return %b : tensor<8x16x32xf32>
}

// A transposed read: 8x8 tiles through a buffer.
// CHECK-LABEL: plan @transposed
// CHECK: nest 0: tir.exp at {{[0-9]+}}:8, fused 1, loops [parallel 128, parallel 64], layout guarded
// CHECK-NEXT: nest 0 runs: [parallel 128, parallel 64]
// CHECK-NEXT: nest 0 tile: loops 0,1 in 8x8 blocks, transposed operands 1
func.func @transposed(%x: tensor<64x128xf32>) -> tensor<128x64xf32> {
  %t = tir.transpose %x {permutation = array<i64: 1, 0>} : (tensor<64x128xf32>) -> tensor<128x64xf32>
  %y = tir.exp %t : tensor<128x64xf32>
  return %y : tensor<128x64xf32>
}

// Reduction strategies: column reductions on scratch rows (a float sum
// four rows at a time), a row argmax with i32 indices comparing only.
// CHECK-LABEL: plan @strategies
// CHECK: nest 0 reduction: sum, acc f64, 16 lanes x 1 chains, scratch rows, four rows at a time
// CHECK: nest 1 reduction: max, acc f32, 16 lanes x 4 chains, scratch rows{{$}}
// CHECK: nest 2 reduction: argmax, acc f32, 16 lanes x 4 chains, i32 indices, compare only (exact again on NaN)
func.func @strategies(%x: tensor<100x64xf32>) -> (tensor<64xf32>, tensor<64xf32>, tensor<100xi64>) {
  %s = tir.reduce_sum %x {dims = array<i64: 0>} : (tensor<100x64xf32>) -> tensor<64xf32>
  %m = tir.reduce_max %x {dims = array<i64: 0>} : (tensor<100x64xf32>) -> tensor<64xf32>
  %i = tir.argmax %x {dims = array<i64: 1>} : (tensor<100x64xf32>) -> tensor<100xi64>
  return %s, %m, %i : tensor<64xf32>, tensor<64xf32>, tensor<100xi64>
}
