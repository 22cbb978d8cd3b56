// A function's own globals -- the string naming it in its messages, the
// formats naming its ops' locations, its dense constants -- are named
// after it (f.str0, f.const0: codegen/module.go ownSymbol), not from the
// module's counters, so that functions lowered in parallel (shard.go)
// name them alike. A name the module's functions already have is
// skipped: the private @"f.str0" keeps its name, and @f's own strings
// start at f.str1.
// RUN: tirc -emit-llvm %s | FileCheck %s
// RUN: tirc -emit-llvm %s -o %t.ll
// RUN: opt-14 -passes=verify %t.ll -o /dev/null
// REQUIRES: opt-14

// CHECK-DAG: @f.str1 = private unnamed_addr constant [2 x i8] c"f\00"
// CHECK-DAG: @f.const0 = private unnamed_addr constant [4 x float] [float 1.0, float 2.0, float 3.0, float 4.0], align 64
// CHECK-DAG: @[[LOC:f\.str[0-9]+]] = private unnamed_addr constant {{.*}} c"tirc: error: %s: {{.*}}own_names.mlir:[[#@LINE+11]]:8: 'tir.add' op operands could not be broadcast
// CHECK-NOT: @f.str0 =
// CHECK: getelementptr inbounds ([4 x float], [4 x float]* @f.const0, i64 0, i64 0)
// CHECK-LABEL: define i32 @f(
// CHECK-DAG: @[[LOC]]
// CHECK-DAG: call i32 @f.str0(
// CHECK: @f.str0.str0 = private unnamed_addr constant [7 x i8] c"f.str0\00"
// CHECK-NOT: @f.str0 =
// CHECK-LABEL: define internal i32 @f.str0(
func.func @f(%a: tensor<?x?xf32>) -> tensor<?x4xf32> {
  %c = tir.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %0 = tir.add %a, %c : (tensor<?x?xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  %1 = func.call @"f.str0"(%0) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  return %1 : tensor<?x4xf32>
}

func.func private @"f.str0"(%a: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %0 = tir.neg %a : tensor<?x4xf32>
  %1 = tir.add %0, %a : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  return %1 : tensor<?x4xf32>
}
