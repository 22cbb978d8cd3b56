// W3 of BENCH.md: a chain of broadcasting elementwise ops whose
// intermediates have one use each becomes ONE loop nest, with no buffer for
// (a + b) or (a + b) * c: the only malloc is the result's.
// RUN: tirc -emit-llvm %s | FileCheck %s
// RUN: tirc -emit-llvm %s | FileCheck %s --check-prefix=ONE

// The nest (written before the function that calls it): every pointer is
// noalias; the body loads a, b, c, adds, multiplies, takes the
// NaN-propagating max with 0 and stores once.
// CHECK-LABEL: define internal i64 @w3.nest1(float* noalias
// CHECK: fadd float
// CHECK-NEXT: load float
// CHECK-NEXT: fmul float
// CHECK: fcmp ogt float %[[P:[0-9]+]], 0.0
// Against a constant only %p can be NaN: the NaN branch is %p + -0.0, which
// LLVM folds to %p, leaving one compare and select (NaN still propagates).
// CHECK: fcmp uno float %[[P]], %[[P]]
// CHECK-NEXT: fadd float %[[P]], -0.0
// CHECK-NOT: fcmp oeq
// CHECK: store float
// CHECK-LABEL: define i32 @w3(
// CHECK: call i32 @tirc.result.f32.2(
// CHECK-NOT: call i8* @tirc.alloc(
// The same single nest in two versions: row-major (constant strides,
// inlined) and general strided, chosen by a layout guard.
// CHECK: call i64 @w3.nest1.run(
// CHECK: call i64 @w3.nest2.strided.run(
// CHECK: ret i32
// Each version has a runner, the one line w3 calls (it starts libgomp's
// threads when linked): nothing else.
// ONE-COUNT-2: define internal i64 @w3.nest{{[0-9]+(.strided)?}}(
// ONE-COUNT-2: define internal i64 @w3.nest{{[0-9]+(.strided)?}}.run(
// ONE-NOT: define internal i64
// ONE-NOT: call i8* @tirc.alloc(
// ONE: define i32 @w3(
// ONE-NOT: define internal i64
func.func @w3(%a: tensor<4096x4096xf32>, %b: tensor<4096xf32>, %c: tensor<4096x4096xf32>) -> tensor<4096x4096xf32> {
  %zero = "tir.constant"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %s = "tir.add"(%a, %b) : (tensor<4096x4096xf32>, tensor<4096xf32>) -> tensor<4096x4096xf32>
  %p = "tir.mul"(%s, %c) : (tensor<4096x4096xf32>, tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
  %r = "tir.max"(%p, %zero) : (tensor<4096x4096xf32>, tensor<f32>) -> tensor<4096x4096xf32>
  return %r : tensor<4096x4096xf32>
}
