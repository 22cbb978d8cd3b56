// Each nest's layout in the plan (codegen/plan/prepass_layout.go): a
// nest is row-major when every view it reads or writes is known
// row-major from the IR (a buffer the function allocates, a dense
// constant) or folds to it (sizes of 1, constant strides equal to the
// row-major ones); else guarded: a run-time test of the strides picks
// its row-major version or its strided one, and the plan names the
// first view that is not known row-major.
// RUN: tirc -print-plan %s | FileCheck %s
// RUN: tirc -emit-llvm %s | FileCheck %s --check-prefix=IR

// Arguments' and results' descriptors have strides known at run time.
// CHECK-LABEL: plan @args
// CHECK: nest 0: tir.exp at [[@LINE+5]]:8, fused 0, loops [parallel 8, parallel 16], layout guarded, rows 0 (layout: argument #0's strides are known at run time)
// CHECK: nest 1: tir.add at [[@LINE+5]]:8, fused 0, loops [parallel 8, parallel 16], layout guarded, rows 0 (layout: result #1 is the caller's buffer, its strides known at run time)
// IR-LABEL: define i32 @args(
// IR: br i1 %{{[0-9]+}}, label %layout.then, label %layout.else
func.func @args(%a: tensor<8x16xf32>) -> (tensor<8x16xf32>, tensor<8x16xf32>) {
  %e = tir.exp %a : tensor<8x16xf32>
  %s = tir.add %e, %e : tensor<8x16xf32>
  return %e, %s : tensor<8x16xf32>, tensor<8x16xf32>
}

// A transpose is a map of the nest reading it, not a view: the nest
// reading a constant through it, into a rank-0 result, is row-major (one
// version, no test).
// CHECK-LABEL: plan @transposed
// CHECK: nest 0: tir.reduce_sum at [[@LINE+7]]:8, fused 1, loops [reduction 3, reduction 2], layout row-major{{$}}
// IR-LABEL: define i32 @transposed(
// IR-NOT: layout.then
// IR: ret i32
func.func @transposed() -> tensor<f32> {
  %c = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %t = tir.transpose %c {permutation = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %r = tir.reduce_sum %t {dims = array<i64: 0, 1>} : (tensor<3x2xf32>) -> tensor<f32>
  return %r : tensor<f32>
}

// A slice is a strided view: of a static buffer its strides are
// constants. Half of each row is not row-major (a test folded to false:
// still guarded); whole rows are.
// CHECK-LABEL: plan @slices
// CHECK: nest 1: tir.reduce_sum at [[@LINE+8]]:9, fused 0, loops [reduction 8, reduction 8], layout guarded (layout: tensor.extract_slice at [[@LINE+6]]:8 is a strided view)
// CHECK: nest 2: tir.reduce_sum at [[@LINE+8]]:9, fused 0, loops [reduction 4, reduction 16], layout row-major{{$}}
// IR-LABEL: define i32 @slices(
// IR: br i1 false, label %layout.then1, label %layout.else1
func.func @slices(%a: tensor<8x16xf32>) -> (tensor<f32>, tensor<f32>) {
  %e = tir.exp %a : tensor<8x16xf32>
  %w = tensor.extract_slice %e[0, 0] [8, 8] [1, 1] : tensor<8x16xf32> to tensor<8x8xf32>
  %rows = tensor.extract_slice %e[2, 0] [4, 16] [1, 1] : tensor<8x16xf32> to tensor<4x16xf32>
  %s1 = tir.reduce_sum %w {dims = array<i64: 0, 1>} : (tensor<8x8xf32>) -> tensor<f32>
  %s2 = tir.reduce_sum %rows {dims = array<i64: 0, 1>} : (tensor<4x16xf32>) -> tensor<f32>
  return %s1, %s2 : tensor<f32>, tensor<f32>
}

// An argument of sizes 1 is row-major whatever its strides.
// CHECK-LABEL: plan @unit
// CHECK: nest 0: tir.exp at [[@LINE+2]]:8, fused 0, loops [parallel 1, parallel 1], layout row-major{{$}}
func.func @unit(%a: tensor<1x1xf32>) -> tensor<1x1xf32> {
  %e = tir.exp %a : tensor<1x1xf32>
  return %e : tensor<1x1xf32>
}
