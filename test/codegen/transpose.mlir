// Transposed reads (codegen/transpose.go). W11 of BENCH.md, x.T + b: the
// transpose is read inside the add's nest, with no buffer for x.T (the
// only malloc is the result's), in 8x8 blocks: 8 contiguous vector loads
// of x, a register transpose (shufflevector), the add on vectors and 8
// vector stores, inside tiles whose rows of x are first copied, row by
// row, into a 256x128 buffer on the stack; the edges run the scalar body. A transpose that keeps the inner dim in place (perm 1, 0, 2) is
// read with stride 1 in the inner loop: no blocks, and clang vectorizes it.
// RUN: tirc -emit-llvm %s | FileCheck %s
// RUN: tirc -emit-llvm %s | FileCheck %s --check-prefix=ONE
// RUN: tirc -emit-llvm %s | FileCheck %s --check-prefix=NESTS
// RUN: tirc -emit-llvm %s | opt-14 -O3 -S | FileCheck %s --check-prefix=VEC
// RUN: tirc -emit-llvm -nontemporal-threshold=1 %s | FileCheck %s --check-prefix=NT

// Non-temporal stores write whole 64-byte lines: each output row's
// vectors of two f32 blocks side by side (four i16 ones) are stored one
// after the other (lineBlocks); a tile's last block that does not fill a
// line is stored alone.
// NT-LABEL: define internal i64 @w11.nest1(
// NT: tile.b.body:
// NT-COUNT-16: store <8 x float> {{.*}}, align 32, !nontemporal
// NT-NOT: store
// NT: tile.b.exit:
// NT: tile.b.rest.body:
// NT-COUNT-8: store <8 x float> {{.*}}, align 32, !nontemporal
// NT-NOT: store
// NT: tile.b.rest.exit:
// NT-LABEL: define internal i64 @nhwc.nest{{[0-9]+}}(
// NT: tile.b.body:
// NT-COUNT-32: store <8 x i16> {{.*}}, align 16, !nontemporal
// NT-NOT: store
// NT: tile.b.exit:

// The fast entry (static shapes, result allocated by the caller) and the
// general one: one nest each, the result's malloc the only one.
// ONE-LABEL: define internal i32 @w11.general(
// ONE: call i32 @tirc.result.f32.2(
// ONE-NOT: call i8* @tirc.alloc(
// ONE: call i64 @w11.nest{{[0-9]+}}(
// ONE: call i64 @w11.nest{{[0-9]+}}.strided(
// ONE-LABEL: define i32 @w11(
// ONE-NOT: call i8* @tirc.alloc(
// ONE: call i64 @w11.nest{{[0-9]+}}(
// ONE-LABEL: define i32 @nhwc(
// NESTS-COUNT-3: define internal i64 @w11.nest
// NESTS-NOT: define internal i64 @w11.nest
// CHECK-LABEL: define internal i64 @w11.nest1(
// CHECK: alloca [32768 x float], align 64
// CHECK: tile.header:
// CHECK: tile.fill.v.body:
// CHECK: call void @llvm.prefetch
// CHECK: load <8 x float>
// CHECK: store <8 x float>
// CHECK: tile.b.body:
// CHECK-COUNT-8: load <8 x float>
// CHECK: shufflevector <8 x float>
// CHECK: fadd <8 x float>
// CHECK: store <8 x float>
// CHECK: t.b.body:
// CHECK: fadd float
// CHECK: store float
// CHECK-LABEL: define internal i64 @w11.nest2.strided(
func.func @w11(%x: tensor<1024x512xf32>, %b: tensor<1024xf32>) -> tensor<512x1024xf32> {
  %t = tir.transpose %x {permutation = array<i64: 1, 0>} : (tensor<1024x512xf32>) -> tensor<512x1024xf32>
  %r = tir.add %t, %b : (tensor<512x1024xf32>, tensor<1024xf32>) -> tensor<512x1024xf32>
  return %r : tensor<512x1024xf32>
}

// NCHW -> NHWC: the output's inner loop (C) reads x with stride H*W, the
// loop outside it (W) with stride 1: blocked too, 16-bit elements.
// CHECK-LABEL: define internal i64 @nhwc.nest{{[0-9]+}}(
// CHECK: tile.b.body:
// CHECK-COUNT-8: load <8 x i16>
// CHECK: shufflevector <8 x i16>
// CHECK: store <8 x i16>
func.func @nhwc(%x: tensor<2x16x8x24xi16>) -> tensor<2x8x24x16xi16> {
  %t = tir.transpose %x {permutation = array<i64: 0, 2, 3, 1>} : (tensor<2x16x8x24xi16>) -> tensor<2x8x24x16xi16>
  return %t : tensor<2x8x24x16xi16>
}

// The inner dim stays contiguous: an ordinary nest (no tiles) that clang
// vectorizes.
// CHECK-LABEL: define internal i64 @keep_inner.nest{{[0-9]+}}(
// CHECK-NOT: tile.header:
// CHECK: define internal
// VEC-LABEL: define {{.*}}i32 @keep_inner(
// VEC: load <{{[0-9]+}} x float>
// VEC: fmul <{{[0-9]+}} x float>
// VEC: ret i32
func.func @keep_inner(%x: tensor<64x32x256xf32>) -> tensor<32x64x256xf32> {
  %t = tir.transpose %x {permutation = array<i64: 1, 0, 2>} : (tensor<64x32x256xf32>) -> tensor<32x64x256xf32>
  %r = tir.mul %t, %t : (tensor<32x64x256xf32>, tensor<32x64x256xf32>) -> tensor<32x64x256xf32>
  return %r : tensor<32x64x256xf32>
}
