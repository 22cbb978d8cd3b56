// Shape refinement and canonicalization of the data-movement ops, written
// in tir's short form.
// RUN: tirc -infer-shapes %s | FileCheck %s --check-prefix=INFER
// RUN: tirc -canonicalize %s | FileCheck %s --check-prefix=CANON
// RUN: tirc -infer-shapes -canonicalize -cse -dce %s | tirc -verify

// infer-shapes refines every result: the transpose's and concat's from
// their operands, the slice's from its attributes (even of an unranked
// operand), the reshape's one '?' from the element count.
// INFER-LABEL: func.func @refine
// INFER-SAME: -> (tensor<8x4xf32>, tensor<2x3xf32>, tensor<4x4x2xf32>, tensor<8x8xf32>, tensor<4x16xf32>, tensor<*xf32>)
// INFER: tir.transpose %arg0 {permutation = array<i64: 1, 0>} : (tensor<4x8xf32>) -> tensor<8x4xf32>
// INFER: tir.slice %arg2 {{.*}} : (tensor<*xf32>) -> tensor<2x3xf32>
// INFER: tir.reshape %arg0 : (tensor<4x8xf32>) -> tensor<4x4x2xf32>
// INFER: tir.concat %arg0, %arg0 {dimension = 0 : i64} : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<8x8xf32>
// INFER: tir.concat %arg0, %arg1 {dimension = 1 : i64} : (tensor<4x8xf32>, tensor<?x8xf32>) -> tensor<4x16xf32>
// A reshape to an unranked type keeps it: no rank is known.
// INFER: tir.reshape %arg0 : (tensor<4x8xf32>) -> tensor<*xf32>
func.func @refine(%x: tensor<4x8xf32>, %y: tensor<?x8xf32>, %u: tensor<*xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x4x2xf32>, tensor<*xf32>, tensor<?x?xf32>, tensor<*xf32>) {
  %t = tir.transpose %x {permutation = array<i64: 1, 0>} : (tensor<4x8xf32>) -> tensor<?x?xf32>
  %s = tir.slice %u {start_indices = array<i64: 0, 1>, limit_indices = array<i64: 2, 7>, strides = array<i64: 1, 2>} : (tensor<*xf32>) -> tensor<?x?xf32>
  %r = tir.reshape %x : (tensor<4x8xf32>) -> tensor<?x4x2xf32>
  %c = tir.concat %x, %x {dimension = 0 : i64} : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<*xf32>
  %c2 = tir.concat %x, %y {dimension = 1 : i64} : (tensor<4x8xf32>, tensor<?x8xf32>) -> tensor<?x?xf32>
  %r2 = tir.reshape %x : (tensor<4x8xf32>) -> tensor<*xf32>
  return %t, %s, %r, %c, %c2, %r2 : tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x4x2xf32>, tensor<*xf32>, tensor<?x?xf32>, tensor<*xf32>
}

// A transpose of a transpose is one transpose with the composed
// permutation; an identity one is its operand, as is a slice that takes a
// whole static dimension at offset 0 and stride 1.
// CANON-LABEL: func.func @chains
// CANON-NEXT: %[[T:.*]] = tir.transpose %arg0 {permutation = array<i64: 2, 0, 1>} : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
// CANON-NEXT: return %arg0, %[[T]], %arg0 :
func.func @chains(%x: tensor<2x3x4xf32>) -> (tensor<2x3x4xf32>, tensor<4x2x3xf32>, tensor<2x3x4xf32>) {
  %a = tir.transpose %x {permutation = array<i64: 1, 2, 0>} : (tensor<2x3x4xf32>) -> tensor<3x4x2xf32>
  %b = tir.transpose %a {permutation = array<i64: 2, 0, 1>} : (tensor<3x4x2xf32>) -> tensor<2x3x4xf32>
  %c = tir.transpose %a {permutation = array<i64: 1, 2, 0>} : (tensor<3x4x2xf32>) -> tensor<4x2x3xf32>
  %s = tir.slice %x {start_indices = array<i64: 0, 0, 0>, limit_indices = array<i64: 2, 3, 4>, strides = array<i64: 1, 1, 1>} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  return %b, %c, %s : tensor<2x3x4xf32>, tensor<4x2x3xf32>, tensor<2x3x4xf32>
}

// A slice that drops elements, or whose dimension is dynamic, stays; so
// does an identity transpose into a more static type (it becomes a cast).
// CANON-LABEL: func.func @kept
// CANON: tir.slice %arg0 {{.*}} : (tensor<2x3x4xf32>) -> tensor<2x3x3xf32>
// CANON: tir.slice %arg1 {{.*}} : tensor<?x4xf32>
// CANON: tensor.cast %arg1 : tensor<?x4xf32> to tensor<5x4xf32>
func.func @kept(%x: tensor<2x3x4xf32>, %y: tensor<?x4xf32>) -> (tensor<2x3x3xf32>, tensor<?x4xf32>, tensor<5x4xf32>) {
  %s = tir.slice %x {start_indices = array<i64: 0, 0, 1>, limit_indices = array<i64: 2, 3, 4>, strides = array<i64: 1, 1, 1>} : (tensor<2x3x4xf32>) -> tensor<2x3x3xf32>
  %t = tir.slice %y {start_indices = array<i64: 0, 0>, limit_indices = array<i64: 5, 4>, strides = array<i64: 1, 1>} : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %u = tir.transpose %y {permutation = array<i64: 0, 1>} : (tensor<?x4xf32>) -> tensor<5x4xf32>
  return %s, %t, %u : tensor<2x3x3xf32>, tensor<?x4xf32>, tensor<5x4xf32>
}

// A reshape of a reshape reshapes the first operand; a reshape to the
// operand's own shape is the operand.
// CANON-LABEL: func.func @reshapes
// CANON-NEXT: %[[R:.*]] = tir.reshape %arg0 : (tensor<4x6xi8>) -> tensor<2x12xi8>
// CANON-NEXT: return %[[R]], %arg0 :
func.func @reshapes(%x: tensor<4x6xi8>) -> (tensor<2x12xi8>, tensor<4x6xi8>) {
  %a = tir.reshape %x : (tensor<4x6xi8>) -> tensor<24xi8>
  %b = tir.reshape %a : (tensor<24xi8>) -> tensor<2x12xi8>
  %c = tir.reshape %x : (tensor<4x6xi8>) -> tensor<4x6xi8>
  return %b, %c : tensor<2x12xi8>, tensor<4x6xi8>
}

// tensor.dim of a static dimension is an index constant; of a dynamic one
// it stays.
// CANON-LABEL: func.func @dims
// CANON-DAG: %[[C8:.*]] = arith.constant 8 : index
// CANON-DAG: %[[D:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?x8xf32>
// CANON: return %[[D]], %[[C8]] : index, index
func.func @dims(%x: tensor<?x8xf32>) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = tensor.dim %x, %c0 : tensor<?x8xf32>
  %d1 = tensor.dim %x, %c1 : tensor<?x8xf32>
  return %d0, %d1 : index, index
}

// Slices, transposes, reshapes and concatenations of constants fold
// (eval's numbers); iota does not (it would only grow the program).
// CANON-LABEL: func.func @constants
// CANON-DAG: tir.constant dense<[2.000000e+00, 3.000000e+00, 5.000000e+00, 6.000000e+00]> : tensor<4xf32>
// CANON-DAG: tir.constant dense<{{\[}}[1.000000e+00, 4.000000e+00], [2.000000e+00, 5.000000e+00], [3.000000e+00, 6.000000e+00]]> : tensor<3x2xf32>
// CANON-DAG: tir.constant dense<[1, 2, 3, 7, 7]> : tensor<5xi32>
// CANON-DAG: tir.iota
// CANON-NOT: tir.slice
// CANON-NOT: tir.reshape
// CANON-NOT: tir.concat
// CANON: return
func.func @constants() -> (tensor<4xf32>, tensor<3x2xf32>, tensor<5xi32>, tensor<3xi32>) {
  %c = tir.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %s = tir.slice %c {start_indices = array<i64: 0, 1>, limit_indices = array<i64: 2, 3>, strides = array<i64: 1, 1>} : (tensor<2x3xf32>) -> tensor<2x2xf32>
  %r = tir.reshape %s : (tensor<2x2xf32>) -> tensor<4xf32>
  %t = tir.transpose %c {permutation = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %a = tir.constant dense<[1, 2, 3]> : tensor<3xi32>
  %b = tir.constant dense<7> : tensor<2xi32>
  %j = tir.concat %a, %b {dimension = 0 : i64} : (tensor<3xi32>, tensor<2xi32>) -> tensor<5xi32>
  %i = tir.iota {iota_dimension = 0 : i64} : () -> tensor<3xi32>
  return %r, %t, %j, %i : tensor<4xf32>, tensor<3x2xf32>, tensor<5xi32>, tensor<3xi32>
}
