// The native ABI in LLVM IR: descriptors by pointer (MLIR memref layout),
// scalars by value, results by pointer, an i32 status; tirc_free is weak.
// RUN: tirc -emit-llvm %s -target-triple=x86_64-pc-linux-gnu -target-cpu=skylake | FileCheck %s
// RUN: tirc -emit-llvm %s -o %t.ll
// RUN: opt-14 -passes=verify %t.ll -o /dev/null
// RUN: clang -c -O2 -Werror %t.ll -o %t.o
// REQUIRES: opt-14, clang

// A descriptor's type is named after its storage type and rank, defined
// before the first function that uses it.
// CHECK: target triple = "x86_64-pc-linux-gnu"
// CHECK: attributes #0 = { "target-cpu"="skylake" }
// CHECK-DAG: %tirc.desc.float.2 = type { float*, float*, i64, [2 x i64], [2 x i64] }
// CHECK-DAG: %tirc.desc.float.0 = type { float*, float*, i64 }
// CHECK-DAG: %tirc.desc.i8.2 = type { i8*, i8*, i64, [2 x i64], [2 x i64] }
// CHECK-DAG: %tirc.desc.i64.1 = type { i64*, i64*, i64, [1 x i64], [1 x i64] }
// CHECK-LABEL: define i32 @f(%tirc.desc.float.2* nocapture %arg0, %tirc.desc.float.0* nocapture %arg1, i32 %arg2, i16 %arg3, i8 %arg4, %tirc.desc.i8.2* nocapture %res0, i32* nocapture %res1, double* nocapture %res2)
// CHECK-SAME: nounwind #0 {
// A private function is internal; a declaration stays a declaration.
// CHECK-LABEL: define internal i32 @helper(
// CHECK-LABEL: declare i32 @external(%tirc.desc.i64.1* %arg0, %tirc.desc.i64.1* nocapture %res0)
// CHECK-LABEL: define weak void @tirc_free(i8* %desc)
func.func @f(%a: tensor<?x3xf32>, %s: tensor<f32>, %n: i32, %h: f16, %p: i1) -> (tensor<?x3xi1>, i32, f64) {
  %0 = "tir.cmp"(%a, %s) {predicate = "gt"} : (tensor<?x3xf32>, tensor<f32>) -> tensor<?x3xi1>
  %c = "tensor.cast"(%0) : (tensor<?x3xi1>) -> tensor<1x3xi1>
  %v = "tir.constant"() {value = dense<[true, false, true]> : tensor<3xi1>} : () -> tensor<3xi1>
  %1 = "tir.and"(%c, %v) : (tensor<1x3xi1>, tensor<3xi1>) -> tensor<1x3xi1>
  %2 = "tensor.cast"(%1) : (tensor<1x3xi1>) -> tensor<?x3xi1>
  %r = func.call @helper(%2) : (tensor<?x3xi1>) -> tensor<?x3xi1>
  %m = arith.muli %n, %n : i32
  %d = arith.constant 2.5 : f64
  return %r, %m, %d : tensor<?x3xi1>, i32, f64
}
func.func private @helper(%a: tensor<?x3xi1>) -> tensor<?x3xi1> {
  %0 = "tir.convert"(%a) : (tensor<?x3xi1>) -> tensor<?x3xi8>
  %1 = "tir.convert"(%0) : (tensor<?x3xi8>) -> tensor<?x3xi1>
  %2 = "tensor.cast"(%1) : (tensor<?x3xi1>) -> tensor<1x3xi1>
  %3 = "tir.broadcast_in_dim"(%2) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<1x3xi1>) -> tensor<1x3xi1>
  %4 = "tir.xor"(%3, %3) : (tensor<1x3xi1>, tensor<1x3xi1>) -> tensor<1x3xi1>
  %z = "tir.constant"() {value = dense<[[true, true, true]]> : tensor<1x3xi1>} : () -> tensor<1x3xi1>
  %5 = "tir.or"(%4, %z) : (tensor<1x3xi1>, tensor<1x3xi1>) -> tensor<1x3xi1>
  %6 = "tensor.cast"(%5) : (tensor<1x3xi1>) -> tensor<?x?xi1>
  %7 = "tir.select"(%6, %3, %3) : (tensor<?x?xi1>, tensor<1x3xi1>, tensor<1x3xi1>) -> tensor<1x3xi1>
  %8 = "tensor.cast"(%7) : (tensor<1x3xi1>) -> tensor<?x3xi1>
  %9 = "tir.abs"(%8) : (tensor<?x3xi1>) -> tensor<?x3xi1>
  %10 = "tir.max"(%9, %9) : (tensor<?x3xi1>, tensor<?x3xi1>) -> tensor<1x3xi1>
  %11 = "tensor.cast"(%10) : (tensor<1x3xi1>) -> tensor<?x3xi1>
  return %11 : tensor<?x3xi1>
}
func.func private @external(%a: tensor<?xi64>) -> tensor<?xi64>
