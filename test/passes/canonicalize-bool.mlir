// tir's i1 elements are NumPy booleans, folded as natively
// (test/npy/bool_logic.test): add is or, mul is and, reduce_sum is any,
// reduce_prod is all; arith.addi keeps MLIR's wrap-around on i1 (xor).
// RUN: tirc -canonicalize %s | FileCheck %s

// CHECK-LABEL: func.func @fold
// CHECK-DAG: dense<[true, true, true, false]> : tensor<4xi1>
// CHECK-DAG: dense<[true, false, false, false]> : tensor<4xi1>
// CHECK-DAG: dense<true> : tensor<i1>
// CHECK-DAG: dense<false> : tensor<i1>
// CHECK-DAG: dense<[false, true, true, false]> : tensor<4xi1>
// CHECK-NOT: tir.add
// CHECK-NOT: arith.addi
func.func @fold() -> (tensor<4xi1>, tensor<4xi1>, tensor<i1>, tensor<i1>, tensor<4xi1>) {
  %a = tir.constant dense<[true, true, false, false]> : tensor<4xi1>
  %b = tir.constant dense<[true, false, true, false]> : tensor<4xi1>
  %0 = tir.add %a, %b : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  %1 = tir.mul %a, %b : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  %2 = tir.reduce_sum %a {dims = array<i64: 0>} : (tensor<4xi1>) -> tensor<i1>
  %3 = tir.reduce_prod %a {dims = array<i64: 0>} : (tensor<4xi1>) -> tensor<i1>
  %4 = arith.addi %a, %b : tensor<4xi1>
  return %0, %1, %2, %3, %4 : tensor<4xi1>, tensor<4xi1>, tensor<i1>, tensor<i1>, tensor<4xi1>
}
