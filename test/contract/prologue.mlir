// A contraction's elementwise producer computed while its operand is
// packed (contract_prologue.go): (x * s) @ w has no nest and no buffer for
// x * s. The function allocates the packing buffers only (the unfused
// program also a temporary) and calls the driver, whose A packing loads
// x's and s's vectors and multiplies them; the plan lists no nest.
// RUN: tirc -emit-llvm -target-cpu=skylake-avx512 %s -o %t.ll
// RUN: FileCheck %s < %t.ll
// RUN: tirc -print-plan -target-cpu=skylake-avx512 %s | FileCheck %s --check-prefix=PLAN

// CHECK-LABEL: define internal void @tirc.gemm.f32.{{.*}}.pro.xs.{{[0-9]+}}(i8* %args)
// CHECK: packa.chunk.body{{[0-9]*}}:
// CHECK: call <8 x float> @llvm.masked.load.v8f32.p0v8f32(
// CHECK: call <8 x float> @llvm.masked.load.v8f32.p0v8f32(
// CHECK: fmul <8 x float>
// CHECK: call void @tirc.gemm.kernel.f32.14x32
// CHECK-LABEL: define i32 @xs(
// CHECK: call i8* @tirc.alloc(
// CHECK-NOT: call i8* @tirc.alloc(
// CHECK: call void @tirc.gemm.f32.{{.*}}.pro.xs.{{[0-9]+}}(i8*
// CHECK-NOT: call i8* @tirc.alloc(
// CHECK: ret i32

// PLAN-LABEL: plan @xs
// PLAN-NOT: nest {{[0-9]+}}:
// PLAN: contraction 0 prologue on A packing: tir.mul
// PLAN-NOT: nest {{[0-9]+}}:
func.func @xs(%x: tensor<256x512xf32>, %s: tensor<512xf32>, %w: tensor<512x384xf32>) -> tensor<256x384xf32> {
  %a = tir.mul %x, %s : (tensor<256x512xf32>, tensor<512xf32>) -> tensor<256x512xf32>
  %r = tir.matmul %a, %w : (tensor<256x512xf32>, tensor<512x384xf32>) -> tensor<256x384xf32>
  return %r : tensor<256x384xf32>
}
