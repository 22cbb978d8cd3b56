// Every example of the XLA broadcasting seeds (002 Chinese, 003
// Portuguese) with its shapes; the numbers are checked by eval's Go test
// TestXLASeedExamples. The illegal examples are in indim-verify-errors.mlir.
// RUN: tirc %s | FileCheck %s

// "X+v": a (2,3) matrix plus a (3) vector with dims (1).
// CHECK-LABEL: func.func @matrix_plus_vector_dims_1
// CHECK: tir.add %{{.*}}, %{{.*}} {broadcast_dimensions = array<i64: 1>} : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
func.func @matrix_plus_vector_dims_1(%x: tensor<2x3xi32>, %v: tensor<3xi32>) -> tensor<2x3xi32> {
  %r = "tir.add"(%x, %v) {broadcast_dimensions = array<i64: 1>} : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  return %r : tensor<2x3xi32>
}

// A scalar broadcasts without the attribute.
// CHECK-LABEL: func.func @matrix_plus_scalar
// CHECK: (tensor<2x3xi32>, tensor<i32>) -> tensor<2x3xi32>
func.func @matrix_plus_scalar(%x: tensor<2x3xi32>, %s: tensor<i32>) -> tensor<2x3xi32> {
  %r = "tir.add"(%x, %s) : (tensor<2x3xi32>, tensor<i32>) -> tensor<2x3xi32>
  return %r : tensor<2x3xi32>
}

// A 3x3 matrix plus a 3-vector, with dims (1) and with dims (0).
// CHECK-LABEL: func.func @square_plus_vector
// CHECK: array<i64: 1>} : (tensor<3x3xi32>, tensor<3xi32>) -> tensor<3x3xi32>
// CHECK: array<i64: 0>} : (tensor<3x3xi32>, tensor<3xi32>) -> tensor<3x3xi32>
func.func @square_plus_vector(%x: tensor<3x3xi32>, %v: tensor<3xi32>) -> (tensor<3x3xi32>, tensor<3x3xi32>) {
  %rows = "tir.add"(%x, %v) {broadcast_dimensions = array<i64: 1>} : (tensor<3x3xi32>, tensor<3xi32>) -> tensor<3x3xi32>
  %cols = "tir.add"(%x, %v) {broadcast_dimensions = array<i64: 0>} : (tensor<3x3xi32>, tensor<3xi32>) -> tensor<3x3xi32>
  return %rows, %cols : tensor<3x3xi32>, tensor<3x3xi32>
}

// A 2x3x4 array plus a 3x4 matrix with dims (1,2).
// CHECK-LABEL: func.func @cuboid_plus_matrix
// CHECK: array<i64: 1, 2>} : (tensor<2x3x4xf32>, tensor<3x4xf32>) -> tensor<2x3x4xf32>
func.func @cuboid_plus_matrix(%x: tensor<2x3x4xf32>, %m: tensor<3x4xf32>) -> tensor<2x3x4xf32> {
  %r = "tir.add"(%x, %m) {broadcast_dimensions = array<i64: 1, 2>} : (tensor<2x3x4xf32>, tensor<3x4xf32>) -> tensor<2x3x4xf32>
  return %r : tensor<2x3x4xf32>
}

// Degenerate dimensions of same-rank arrays: (2,1)+(2,3), (1,2,5)+(7,2,5),
// (7,2,5)+(7,1,5), with and without the identity attribute.
// CHECK-LABEL: func.func @degenerate
// CHECK: (tensor<2x1xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK: (tensor<1x2x5xf32>, tensor<7x2x5xf32>) -> tensor<7x2x5xf32>
// CHECK: array<i64: 0, 1, 2>} : (tensor<7x2x5xf32>, tensor<7x1x5xf32>) -> tensor<7x2x5xf32>
func.func @degenerate(%a: tensor<2x1xf32>, %b: tensor<2x3xf32>, %c: tensor<1x2x5xf32>, %d: tensor<7x2x5xf32>, %e: tensor<7x1x5xf32>) -> (tensor<2x3xf32>, tensor<7x2x5xf32>, tensor<7x2x5xf32>) {
  %r1 = "tir.add"(%a, %b) : (tensor<2x1xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %r2 = "tir.add"(%c, %d) {broadcast_dimensions = array<i64>} : (tensor<1x2x5xf32>, tensor<7x2x5xf32>) -> tensor<7x2x5xf32>
  %r3 = "tir.add"(%d, %e) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<7x2x5xf32>, tensor<7x1x5xf32>) -> tensor<7x2x5xf32>
  return %r1, %r2, %r3 : tensor<2x3xf32>, tensor<7x2x5xf32>, tensor<7x2x5xf32>
}

// The outer product (2,1)+(1,3) -> (2,3).
// CHECK-LABEL: func.func @outer
// CHECK: array<i64: 0, 1>} : (tensor<2x1xf32>, tensor<1x3xf32>) -> tensor<2x3xf32>
func.func @outer(%a: tensor<2x1xf32>, %b: tensor<1x3xf32>) -> tensor<2x3xf32> {
  %r = "tir.add"(%a, %b) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<2x1xf32>, tensor<1x3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// Composition: [1,2,3,4] + [[5,6]] with dims (0) is 4x2.
// CHECK-LABEL: func.func @composition
// CHECK: array<i64: 0>} : (tensor<4xi32>, tensor<1x2xi32>) -> tensor<4x2xi32>
func.func @composition(%v: tensor<4xi32>, %m: tensor<1x2xi32>) -> tensor<4x2xi32> {
  %r = "tir.add"(%v, %m) {broadcast_dimensions = array<i64: 0>} : (tensor<4xi32>, tensor<1x2xi32>) -> tensor<4x2xi32>
  return %r : tensor<4x2xi32>
}

// Composition: a 1x2 plus a 4x3x1 with dims (1,2) is 4x3x2.
// CHECK-LABEL: func.func @composition_rank3
// CHECK: array<i64: 1, 2>} : (tensor<1x2xf32>, tensor<4x3x1xf32>) -> tensor<4x3x2xf32>
func.func @composition_rank3(%m: tensor<1x2xf32>, %x: tensor<4x3x1xf32>) -> tensor<4x3x2xf32> {
  %r = "tir.add"(%m, %x) {broadcast_dimensions = array<i64: 1, 2>} : (tensor<1x2xf32>, tensor<4x3x1xf32>) -> tensor<4x3x2xf32>
  return %r : tensor<4x3x2xf32>
}

// Dynamic sizes are allowed and checked at run time; '?' against a 1 or
// a static size is fine.
// CHECK-LABEL: func.func @dynamic
// CHECK: array<i64: 1>} : (tensor<?x3xf32>, tensor<?xf32>) -> tensor<?x3xf32>
func.func @dynamic(%x: tensor<?x3xf32>, %v: tensor<?xf32>) -> tensor<?x3xf32> {
  %r = "tir.add"(%x, %v) {broadcast_dimensions = array<i64: 1>} : (tensor<?x3xf32>, tensor<?xf32>) -> tensor<?x3xf32>
  return %r : tensor<?x3xf32>
}

// The explicit op: vectors become rows (dims (1)) or columns (dims (0)),
// a size-1 dimension broadcasts, '?' is checked at run time.
// CHECK-LABEL: func.func @explicit
// CHECK: tir.broadcast_in_dim %{{.*}} {broadcast_dimensions = array<i64: 1>} : (tensor<3xi32>) -> tensor<2x3xi32>
// CHECK: tir.broadcast_in_dim %{{.*}} {broadcast_dimensions = array<i64: 0>} : (tensor<3xi32>) -> tensor<3x3xi32>
// CHECK: tir.broadcast_in_dim %{{.*}} {broadcast_dimensions = array<i64: 0, 2>} : (tensor<1x2xi32>) -> tensor<4x3x2xi32>
// CHECK: tir.broadcast_in_dim %{{.*}} {broadcast_dimensions = array<i64: 0>} : (tensor<?xi32>) -> tensor<5x2xi32>
// CHECK: tir.broadcast_in_dim %{{.*}} {broadcast_dimensions = array<i64>} : (tensor<i32>) -> tensor<2x2xi32>
func.func @explicit(%v: tensor<3xi32>, %m: tensor<1x2xi32>, %d: tensor<?xi32>, %s: tensor<i32>) -> (tensor<2x3xi32>, tensor<3x3xi32>, tensor<4x3x2xi32>, tensor<5x2xi32>, tensor<2x2xi32>) {
  %rows = "tir.broadcast_in_dim"(%v) {broadcast_dimensions = array<i64: 1>} : (tensor<3xi32>) -> tensor<2x3xi32>
  %cols = "tir.broadcast_in_dim"(%v) {broadcast_dimensions = array<i64: 0>} : (tensor<3xi32>) -> tensor<3x3xi32>
  %up = "tir.broadcast_in_dim"(%m) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<1x2xi32>) -> tensor<4x3x2xi32>
  %dyn = "tir.broadcast_in_dim"(%d) {broadcast_dimensions = array<i64: 0>} : (tensor<?xi32>) -> tensor<5x2xi32>
  %sc = "tir.broadcast_in_dim"(%s) {broadcast_dimensions = array<i64>} : (tensor<i32>) -> tensor<2x2xi32>
  return %rows, %cols, %up, %dyn, %sc : tensor<2x3xi32>, tensor<3x3xi32>, tensor<4x3x2xi32>, tensor<5x2xi32>, tensor<2x2xi32>
}
