// materialize-broadcasts: implicit and InDim broadcasting become explicit
// tir.broadcast_in_dim ops followed by same-shape elementwise ops; a second
// run changes nothing. (The Go test passes/materialize_test.go also checks
// that eval computes identical numbers before and after.)
// REQUIRES: tirc-materialize-broadcasts
// RUN: tirc -materialize-broadcasts %s | FileCheck %s
// RUN: tirc -materialize-broadcasts %s > %t.once.mlir
// RUN: tirc -materialize-broadcasts %t.once.mlir > %t.twice.mlir
// RUN: diff %t.once.mlir %t.twice.mlir
// RUN: tirc -verify %t.once.mlir

// CHECK-LABEL: func.func @implicit
// CHECK: %[[B:.*]] = tir.broadcast_in_dim %arg1 {broadcast_dimensions = array<i64: 1>} : (tensor<3xf32>) -> tensor<2x3xf32>
// CHECK: tir.add %arg0, %[[B]] : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
func.func @implicit(%x: tensor<2x3xf32>, %v: tensor<3xf32>) -> tensor<2x3xf32> {
  %r = "tir.add"(%x, %v) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// The outer product: both operands broadcast.
// CHECK-LABEL: func.func @outer
// CHECK: %[[A:.*]] = tir.broadcast_in_dim %arg0 {broadcast_dimensions = array<i64: 0, 1>} : (tensor<2x1xi32>) -> tensor<2x3xi32>
// CHECK: %[[B:.*]] = tir.broadcast_in_dim %arg1 {broadcast_dimensions = array<i64: 0, 1>} : (tensor<1x3xi32>) -> tensor<2x3xi32>
// CHECK: tir.mul %[[A]], %[[B]] : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
func.func @outer(%a: tensor<2x1xi32>, %b: tensor<1x3xi32>) -> tensor<2x3xi32> {
  %r = "tir.mul"(%a, %b) : (tensor<2x1xi32>, tensor<1x3xi32>) -> tensor<2x3xi32>
  return %r : tensor<2x3xi32>
}

// InDim: the mapping becomes broadcast_in_dim's, the attribute goes away.
// CHECK-LABEL: func.func @indim_columns
// CHECK: %[[B:.*]] = tir.broadcast_in_dim %arg1 {broadcast_dimensions = array<i64: 0>} : (tensor<3xi32>) -> tensor<3x3xi32>
// CHECK: tir.add %arg0, %[[B]] : (tensor<3x3xi32>, tensor<3x3xi32>) -> tensor<3x3xi32>
// CHECK-NOT: broadcast_dimensions = array<i64: 0>} : (tensor<3x3xi32>
func.func @indim_columns(%x: tensor<3x3xi32>, %v: tensor<3xi32>) -> tensor<3x3xi32> {
  %r = "tir.add"(%x, %v) {broadcast_dimensions = array<i64: 0>} : (tensor<3x3xi32>, tensor<3xi32>) -> tensor<3x3xi32>
  return %r : tensor<3x3xi32>
}

// The seed's compositions.
// CHECK-LABEL: func.func @composition
// CHECK: tir.broadcast_in_dim %arg0 {broadcast_dimensions = array<i64: 0>} : (tensor<4xi32>) -> tensor<4x2xi32>
// CHECK: tir.broadcast_in_dim %arg1 {broadcast_dimensions = array<i64: 0, 1>} : (tensor<1x2xi32>) -> tensor<4x2xi32>
// CHECK: tir.broadcast_in_dim %arg2 {broadcast_dimensions = array<i64: 1, 2>} : (tensor<1x2xf32>) -> tensor<4x3x2xf32>
// CHECK: tir.broadcast_in_dim %arg3 {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<4x3x1xf32>) -> tensor<4x3x2xf32>
func.func @composition(%v: tensor<4xi32>, %m: tensor<1x2xi32>, %n: tensor<1x2xf32>, %x: tensor<4x3x1xf32>) -> (tensor<4x2xi32>, tensor<4x3x2xf32>) {
  %r = "tir.add"(%v, %m) {broadcast_dimensions = array<i64: 0>} : (tensor<4xi32>, tensor<1x2xi32>) -> tensor<4x2xi32>
  %s = "tir.add"(%n, %x) {broadcast_dimensions = array<i64: 1, 2>} : (tensor<1x2xf32>, tensor<4x3x1xf32>) -> tensor<4x3x2xf32>
  return %r, %s : tensor<4x2xi32>, tensor<4x3x2xf32>
}

// Dynamic dims: broadcast along static result dims; along a '?' result
// dim an operand keeps its size 1 and the op's checked broadcasting does
// the rest.
// CHECK-LABEL: func.func @dynamic
// CHECK: tir.broadcast_in_dim %arg1 {broadcast_dimensions = array<i64: 1>} : (tensor<4xf32>) -> tensor<1x4xf32>
// CHECK: tir.add %arg0, %{{.*}} : (tensor<?x4xf32>, tensor<1x4xf32>) -> tensor<?x4xf32>
func.func @dynamic(%a: tensor<?x4xf32>, %b: tensor<4xf32>) -> tensor<?x4xf32> {
  %r = "tir.add"(%a, %b) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  return %r : tensor<?x4xf32>
}

// Already explicit: unchanged.
// CHECK-LABEL: func.func @explicit
// CHECK-NEXT: tir.add %arg0, %arg1 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
func.func @explicit(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %r = "tir.add"(%a, %b) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// A contraction without a summed index (an outer product) has parallel
// loops only, but its operand maps are its own (the einsum equation, the
// dot_general dims): not a broadcast, so unchanged (the pass used to
// broadcast the operands to the result and leave the equation invalid).
// CHECK-LABEL: func.func @outer_contraction
// CHECK-NEXT: tir.einsum %arg0, %arg1, %arg2 {equation = "a,b,c->abc"} : (tensor<1xf64>, tensor<2xf64>, tensor<3xf64>) -> tensor<1x2x3xf64>
// CHECK-NEXT: tir.dot_general %arg1, %arg2 : (tensor<2xf64>, tensor<3xf64>) -> tensor<2x3xf64>
func.func @outer_contraction(%a: tensor<1xf64>, %b: tensor<2xf64>, %c: tensor<3xf64>) -> (tensor<1x2x3xf64>, tensor<2x3xf64>) {
  %r = "tir.einsum"(%a, %b, %c) {equation = "a,b,c->abc"} : (tensor<1xf64>, tensor<2xf64>, tensor<3xf64>) -> tensor<1x2x3xf64>
  %s = "tir.dot_general"(%b, %c) : (tensor<2xf64>, tensor<3xf64>) -> tensor<2x3xf64>
  return %r, %s : tensor<1x2x3xf64>, tensor<2x3xf64>
}
