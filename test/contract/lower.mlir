// The packed path's IR (SPEC 7, codegen/contract_gemm.go): the micro-kernel
// keeps an MR x NR tile of vector accumulators, one FMA per row and vector
// per k on a broadcast element of the packed A strip (14 x 32 f32 with
// AVX-512's 16 lanes, 6 x 16 with AVX2's 8, 14 x 16 f64); B's panel is
// packed NR elements per k, A's block MR rows per k; the driver runs on
// libgomp's team; the small path (32 x 32) allocates no packing buffers.
// RUN: tirc -emit-llvm -target-cpu=skylake-avx512 %s -o %t.512.ll
// RUN: tirc -emit-llvm -target-cpu=haswell %s -o %t.256.ll
// RUN: FileCheck %s --check-prefix=CALL < %t.512.ll
// RUN: FileCheck %s --check-prefix=SMALL < %t.512.ll
// RUN: FileCheck %s --check-prefix=PACK512 < %t.512.ll
// RUN: FileCheck %s --check-prefix=KERNEL512 < %t.512.ll
// RUN: FileCheck %s --check-prefix=FMA512 < %t.512.ll
// RUN: FileCheck %s --check-prefix=F64 < %t.512.ll
// RUN: FileCheck %s --check-prefix=PACK256 < %t.256.ll
// RUN: FileCheck %s --check-prefix=KERNEL256 < %t.256.ll
// RUN: opt-14 -passes=verify %t.512.ll -o /dev/null

// CALL-LABEL: define i32 @sgemm(
// CALL: call i8* @tirc.alloc(
// CALL: call void @GOMP_parallel(void (i8*)* @tirc.gemm.f32.[[PLAN:[0-9x.]+]],
// CALL: call void @tirc.gemm.f32.[[PLAN]](i8*
// CALL: ret i32
func.func @sgemm(%a: tensor<512x512xf32>, %b: tensor<512x512xf32>) -> tensor<512x512xf32> {
  %0 = tir.matmul %a, %b : (tensor<512x512xf32>, tensor<512x512xf32>) -> tensor<512x512xf32>
  return %0 : tensor<512x512xf32>
}

// SMALL-LABEL: define i32 @small(
// SMALL-NOT: @tirc.alloc
// SMALL: call void @tirc.gemm.f32
// SMALL-NOT: @tirc.alloc
// SMALL: ret i32
func.func @small(%a: tensor<8x32x32xf32>, %b: tensor<32x32xf32>) -> tensor<8x32x32xf32> {
  %0 = tir.matmul %a, %b : (tensor<8x32x32xf32>, tensor<32x32xf32>) -> tensor<8x32x32xf32>
  return %0 : tensor<8x32x32xf32>
}

func.func @dgemm(%a: tensor<300x300xf64>, %b: tensor<300x300xf64>) -> tensor<300x300xf64> {
  %0 = tir.matmul %a, %b : (tensor<300x300xf64>, tensor<300x300xf64>) -> tensor<300x300xf64>
  return %0 : tensor<300x300xf64>
}

// The driver: B packed in NR-wide rows (a unit-stride row is one vector
// copy), A in MR-high strips.
// PACK512-LABEL: define internal void @tirc.gemm.f32.14x32.
// PACK512: packb.k.body:
// PACK512-NEXT: mul i64 %{{[0-9]+}}, 32
// PACK512: load <32 x float>, <32 x float>* %{{[0-9]+}}, align 4
// PACK512: store <32 x float>
// PACK512: packa.k.body:
// PACK512: mul i64 %{{[0-9]+}}, 14
// PACK512: call void @tirc.gemm.kernel.f32.14x32.
// PACK256-LABEL: define internal void @tirc.gemm.f32.6x16.
// PACK256: packb.k.body:
// PACK256: load <16 x float>
// PACK256: packa.k.body:
// PACK256: mul i64 %{{[0-9]+}}, 6
// PACK256: call void @tirc.gemm.kernel.f32.6x16.

// The micro-kernel's k loop: NR/lanes vector loads of B, then per row a
// broadcast of A's element and one FMA per vector, and nothing else.
// KERNEL512-LABEL: define internal void @tirc.gemm.kernel.f32.14x32.
// KERNEL512: k.body:
// KERNEL512-COUNT-2: load <16 x float>
// KERNEL512-COUNT-14: shufflevector <16 x float> %{{[0-9]+}}, <16 x float> undef, <16 x i32> zeroinitializer
// KERNEL512-NOT: shufflevector
// KERNEL512: br label %k.header
// FMA512-LABEL: define internal void @tirc.gemm.kernel.f32.14x32.
// FMA512: k.body:
// FMA512-COUNT-28: call <16 x float> @llvm.fma.v16f32
// FMA512-NOT: call
// FMA512: br label %k.header
// KERNEL256-LABEL: define internal void @tirc.gemm.kernel.f32.6x16.
// KERNEL256: k.body:
// KERNEL256-COUNT-2: load <8 x float>
// KERNEL256-COUNT-12: call <8 x float> @llvm.fma.v8f32
// KERNEL256-NOT: call
// KERNEL256: br label %k.header

// F64-LABEL: define internal void @tirc.gemm.kernel.f64.14x16.
// F64: k.body:
// F64-COUNT-28: call <8 x double> @llvm.fma.v8f64
// F64-NOT: call
// F64: br label %k.header
