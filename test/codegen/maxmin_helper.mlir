// NumPy's maximum and minimum of two float values (NaN propagating, -0 <
// +0) are eleven instructions; a nest computing them calls a module-level
// helper instead, defined once per kernel and type and inlined everywhere
// (alwaysinline: LLVM's code is the same as with the sequence written out
// at each use, codegen/kernel.go maxMinFunc). Against a constant, which
// needs fewer, the sequence stays inline, in the vector loop too (a
// constant splat is a constant vector). test/native runs them on NaN and
// signed zeros.
// RUN: tirc -emit-llvm %s | FileCheck %s
// RUN: tirc -emit-llvm %s -o %t.ll
// RUN: opt-14 -passes=verify %t.ll -o /dev/null
// REQUIRES: opt-14

// CHECK-LABEL: define internal float @tirc.max.f32(float %x, float %y) alwaysinline nounwind
// CHECK: fcmp ogt float %x, %y
// CHECK: fcmp uno float %x, %y
// CHECK: and i32
// CHECK: fcmp oeq float %x, %y
// CHECK-LABEL: define internal i64 @mm.nest1(
// CHECK: call float @tirc.max.f32(float
// CHECK: call float @tirc.min.f32(float
// CHECK-NOT: define internal float @tirc.max.f32(
func.func @mm(%a: tensor<?x8xf32>, %b: tensor<?x8xf32>, %c: tensor<?x8xf32>) -> tensor<?x8xf32> {
  %0 = tir.max %a, %b : tensor<?x8xf32>
  %1 = tir.min %0, %c : tensor<?x8xf32>
  %2 = tir.max %1, %a : tensor<?x8xf32>
  return %2 : tensor<?x8xf32>
}

// CHECK-LABEL: define internal i64 @relu.nest{{[0-9]+}}(
// CHECK-NOT: call {{.*}} @tirc.max
// CHECK: ret i64
func.func @relu(%a: tensor<?x8xf32>) -> tensor<?x8xf32> {
  %z = tir.constant dense<0.0> : tensor<f32>
  %0 = tir.max %a, %z : (tensor<?x8xf32>, tensor<f32>) -> tensor<?x8xf32>
  return %0 : tensor<?x8xf32>
}
