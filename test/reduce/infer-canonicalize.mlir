// Shape refinement and canonicalization of reductions.
// RUN: tirc -infer-shapes %s | FileCheck %s --check-prefix=INFER
// RUN: tirc -canonicalize %s | FileCheck %s --check-prefix=CANON
// RUN: tirc -infer-shapes -canonicalize -cse -dce %s | tirc -verify

// infer-shapes refines '?' and unranked results from the operand where the
// loops decide them; a keepdims result then broadcasts back with no op.
// INFER-LABEL: func.func @softmax
// INFER: tir.reduce_max %arg0 {dims = array<i64: 1>, keepdims} : (tensor<?x1000xf32>) -> tensor<?x1xf32>
// INFER: tir.sub %arg0, %0 : (tensor<?x1000xf32>, tensor<?x1xf32>) -> tensor<?x1000xf32>
// INFER: tir.reduce_sum %2 {dims = array<i64: 1>, keepdims} : (tensor<?x1000xf32>) -> tensor<?x1xf32>
// INFER: tir.div %2, %3 : (tensor<?x1000xf32>, tensor<?x1xf32>) -> tensor<?x1000xf32>
func.func @softmax(%x: tensor<?x1000xf32>) -> tensor<?x1000xf32> {
  %m = "tir.reduce_max"(%x) {dims = array<i64: 1>, keepdims} : (tensor<?x1000xf32>) -> tensor<?x?xf32>
  %d = "tir.sub"(%x, %m) : (tensor<?x1000xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %e = "tir.exp"(%d) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %s = "tir.reduce_sum"(%e) {dims = array<i64: 1>, keepdims} : (tensor<?x?xf32>) -> tensor<*xf32>
  %r = "tir.div"(%e, %s) : (tensor<?x?xf32>, tensor<*xf32>) -> tensor<?x1000xf32>
  return %r : tensor<?x1000xf32>
}

// Without keepdims the reduced dims go; argmax gives i64 of that shape.
// INFER-LABEL: func.func @ranks
// INFER: tir.reduce_mean %arg0 {dims = array<i64: 0, 2>} : (tensor<3x?x5xf64>) -> tensor<?xf64>
// INFER: tir.argmax %arg0 {dims = array<i64: 2>} : (tensor<3x?x5xf64>) -> tensor<3x?xi64>
func.func @ranks(%x: tensor<3x?x5xf64>) -> (tensor<*xf64>, tensor<*xi64>) {
  %0 = "tir.reduce_mean"(%x) {dims = array<i64: 0, 2>} : (tensor<3x?x5xf64>) -> tensor<*xf64>
  %1 = "tir.argmax"(%x) {dims = array<i64: 2>} : (tensor<3x?x5xf64>) -> tensor<*xi64>
  return %0, %1 : tensor<*xf64>, tensor<*xi64>
}

// canonicalize folds reductions of constants (eval's numbers: the exact sum
// rounded once, the first maximum, an integer sum that wraps).
// CANON-LABEL: func.func @constants
// CANON-DAG: tir.constant dense<[9.000000e+00, 1.500000e+01]> : tensor<2xf32>
// CANON-DAG: tir.constant dense<[1, 0, 1]> : tensor<3xi64>
// CANON-DAG: tir.constant dense<44> : tensor<i8>
// CANON-NOT: tir.reduce
// CANON: return
func.func @constants() -> (tensor<2xf32>, tensor<3xi64>, tensor<i8>) {
  %c = "tir.constant"() {value = dense<[[1.0, 5.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %0 = "tir.reduce_sum"(%c) {dims = array<i64: 1>} : (tensor<2x3xf32>) -> tensor<2xf32>
  %1 = "tir.argmax"(%c) {dims = array<i64: 0>} : (tensor<2x3xf32>) -> tensor<3xi64>
  %k = "tir.constant"() {value = dense<100> : tensor<3xi8>} : () -> tensor<3xi8>
  %2 = "tir.reduce_sum"(%k) {dims = array<i64: 0>} : (tensor<3xi8>) -> tensor<i8>
  return %0, %1, %2 : tensor<2xf32>, tensor<3xi64>, tensor<i8>
}

// A reduction that moves nothing goes: no dims, or only size-1 dims kept by
// keepdims (decided from the loop description); size-1 dims leave the dims
// of a keepdims reduction; without keepdims or with argmax they stay.
// CANON-LABEL: func.func @noops
// CANON-NEXT: %[[C:.*]] = tensor.cast %arg0 : tensor<4x1xf32> to tensor<?x1xf32>
// CANON-NEXT: %[[S:.*]] = tir.reduce_sum %arg1 {dims = array<i64: 1>, keepdims} : (tensor<4x5x1xf32>) -> tensor<4x1x1xf32>
// CANON-NEXT: %[[T:.*]] = tir.reduce_sum %arg0 {dims = array<i64: 1>} : (tensor<4x1xf32>) -> tensor<4xf32>
// CANON-NEXT: %[[A:.*]] = tir.argmax %arg0 {dims = array<i64: 1>, keepdims} : (tensor<4x1xf32>) -> tensor<4x1xi64>
// CANON-NEXT: return %arg0, %arg0, %[[C]], %[[S]], %[[T]], %[[A]]
func.func @noops(%x: tensor<4x1xf32>, %y: tensor<4x5x1xf32>) -> (tensor<4x1xf32>, tensor<4x1xf32>, tensor<?x1xf32>, tensor<4x1x1xf32>, tensor<4xf32>, tensor<4x1xi64>) {
  %0 = "tir.reduce_prod"(%x) {dims = array<i64>} : (tensor<4x1xf32>) -> tensor<4x1xf32>
  %1 = "tir.reduce_max"(%x) {dims = array<i64: 1>, keepdims} : (tensor<4x1xf32>) -> tensor<4x1xf32>
  %2 = "tir.reduce_mean"(%x) {dims = array<i64: 1>, keepdims} : (tensor<4x1xf32>) -> tensor<?x1xf32>
  %3 = "tir.reduce_sum"(%y) {dims = array<i64: 1, 2>, keepdims} : (tensor<4x5x1xf32>) -> tensor<4x1x1xf32>
  %4 = "tir.reduce_sum"(%x) {dims = array<i64: 1>} : (tensor<4x1xf32>) -> tensor<4xf32>
  %5 = "tir.argmax"(%x) {dims = array<i64: 1>, keepdims} : (tensor<4x1xf32>) -> tensor<4x1xi64>
  return %0, %1, %2, %3, %4, %5 : tensor<4x1xf32>, tensor<4x1xf32>, tensor<?x1xf32>, tensor<4x1x1xf32>, tensor<4xf32>, tensor<4x1xi64>
}

// cse merges equal reductions (they are Pure); dce erases an unused one.
// RUN: tirc -cse -dce %s | FileCheck %s --check-prefix=CSE
// CSE-LABEL: func.func @pure
// CSE-COUNT-1: tir.reduce_sum
// CSE-NOT: tir.reduce
// CSE: return
func.func @pure(%x: tensor<4x3xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = "tir.reduce_sum"(%x) {dims = array<i64: 1>} : (tensor<4x3xf32>) -> tensor<4xf32>
  %1 = "tir.reduce_sum"(%x) {dims = array<i64: 1>} : (tensor<4x3xf32>) -> tensor<4xf32>
  %2 = "tir.reduce_max"(%x) {dims = array<i64: 1>} : (tensor<4x3xf32>) -> tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}
