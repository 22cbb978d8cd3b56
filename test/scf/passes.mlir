// canonicalize, CSE and DCE inside an scf.for body: x * 1 folds, the
// body's exp(x) is the one computed before the loop (it dominates the
// body), the two equal subs merge, the unused neg goes.
// RUN: tirc -canonicalize -cse -dce %s | FileCheck %s

// CHECK-LABEL: func.func @f(%arg0: tensor<4xf32>, %arg1: index) -> tensor<4xf32> {
// CHECK:         %0 = tir.exp %arg0 : tensor<4xf32>
// CHECK-NEXT:    %1 = scf.for %arg2 = %c0 to %arg1 step %c1 iter_args(%arg3 = %arg0) -> (tensor<4xf32>) {
// CHECK-NEXT:      %3 = tir.sub %arg3, %0 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:      %4 = tir.mul %3, %3 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:      scf.yield %4 : tensor<4xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    %2 = tir.add %0, %1 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
func.func @f(%x: tensor<4xf32>, %n: index) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant dense<1.0> : tensor<4xf32>
  %e0 = tir.exp %x : (tensor<4xf32>) -> tensor<4xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x) -> (tensor<4xf32>) {
    %m = tir.mul %a, %one : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %e = tir.exp %x : (tensor<4xf32>) -> tensor<4xf32>
    %dead = tir.neg %m : (tensor<4xf32>) -> tensor<4xf32>
    %s1 = tir.sub %m, %e : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %s2 = tir.sub %m, %e : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %p = tir.mul %s1, %s2 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    scf.yield %p : tensor<4xf32>
  }
  %u = tir.add %r, %e0 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %u : tensor<4xf32>
}
