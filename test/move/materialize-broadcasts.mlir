// -materialize-broadcasts is unaffected by the data-movement ops: it makes
// the add's implicit broadcast of %b explicit and leaves the transpose,
// slice and concat (which never broadcast) as they are.
// RUN: tirc -materialize-broadcasts %s | FileCheck %s
// RUN: tirc -materialize-broadcasts %s | tirc -verify -

// CHECK-LABEL: func.func @g
// CHECK-NEXT: %[[T:.*]] = tir.transpose %arg0 {permutation = array<i64: 1, 0>} : (tensor<8x4xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %[[S:.*]] = tir.slice %[[T]] {{.*}} : (tensor<4x8xf32>) -> tensor<2x8xf32>
// CHECK-NEXT: %[[B:.*]] = tir.broadcast_in_dim %arg1 {broadcast_dimensions = array<i64: 1>} : (tensor<8xf32>) -> tensor<2x8xf32>
// CHECK-NEXT: %[[A:.*]] = tir.add %[[S]], %[[B]] : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
// CHECK-NEXT: tir.concat %[[A]], %[[A]] {dimension = 0 : i64} : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<4x8xf32>
func.func @g(%x: tensor<8x4xf32>, %b: tensor<8xf32>) -> tensor<4x8xf32> {
  %t = tir.transpose %x {permutation = array<i64: 1, 0>} : (tensor<8x4xf32>) -> tensor<4x8xf32>
  %s = tir.slice %t {start_indices = array<i64: 0, 0>, limit_indices = array<i64: 4, 8>, strides = array<i64: 2, 1>} : (tensor<4x8xf32>) -> tensor<2x8xf32>
  %r = tir.add %s, %b : (tensor<2x8xf32>, tensor<8xf32>) -> tensor<2x8xf32>
  %c = tir.concat %r, %r {dimension = 0 : i64} : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<4x8xf32>
  return %c : tensor<4x8xf32>
}
