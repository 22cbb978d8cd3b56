// The contractions' plans (SPEC 7): the path (generic, small or packed,
// from the shape, element type and target only), the accumulator, the
// micro-kernel's tile and the cache blocks, sized for the target.
// RUN: tirc -print-plan -target-cpu=skylake-avx512 %s | FileCheck %s --check-prefix=AVX512
// RUN: tirc -print-plan -target-cpu=portable %s | FileCheck %s --check-prefix=PORT

// AVX512-LABEL: plan @sgemm
// AVX512: contraction 0: tir.matmul at 12:8: contract packed acc=f32 lanes=16 MRxNR=14x32 MC=252 KC=512 NC=4096 packA packB threads=M/N blocks
// PORT-LABEL: plan @sgemm
// PORT: contraction 0: tir.matmul at 12:8: contract packed acc=f32 lanes=8 MRxNR=6x16 MC=126 KC=512 NC=4096 packA packB threads=M/N blocks
func.func @sgemm(%a: tensor<1024x1024xf32>, %b: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %r = tir.matmul %a, %b : (tensor<1024x1024xf32>, tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  return %r : tensor<1024x1024xf32>
}

// Batched 32x32 with a broadcast weight: no packing (32 rows are four
// tiles of 8).
// AVX512-LABEL: plan @batched
// AVX512: contraction 0: tir.matmul at [[@LINE+2]]:8: contract small acc=f32 lanes=16 MRxNR=14x32 {{.*}} smallMR=8
func.func @batched(%x: tensor<64x32x32xf32>, %w: tensor<32x32xf32>) -> tensor<64x32x32xf32> {
  %r = tir.matmul %x, %w : (tensor<64x32x32xf32>, tensor<32x32xf32>) -> tensor<64x32x32xf32>
  return %r : tensor<64x32x32xf32>
}

// Sizes known at run time: small or packed is chosen then, by the same
// rule.
// AVX512-LABEL: plan @dynamic
// AVX512: contraction 0: tir.matmul at [[@LINE+2]]:8: contract runtime acc=f64 lanes=8 MRxNR=14x16
func.func @dynamic(%a: tensor<?x?xf64>, %b: tensor<?x?xf64>) -> tensor<?x?xf64> {
  %r = tir.matmul %a, %b : (tensor<?x?xf64>, tensor<?x?xf64>) -> tensor<?x?xf64>
  return %r : tensor<?x?xf64>
}

// Three operands, and f16 summed in f32: the generic nest.
// AVX512-LABEL: plan @generic
// AVX512: contraction 0: tir.einsum at [[@LINE+2]]:8: contract generic acc=f32
func.func @generic(%a: tensor<8x9xf16>, %b: tensor<9x10xf16>, %c: tensor<10x11xf16>) -> tensor<8x11xf16> {
  %r = tir.einsum %a, %b, %c {equation = "ij,jk,kl->il"} : (tensor<8x9xf16>, tensor<9x10xf16>, tensor<10x11xf16>) -> tensor<8x11xf16>
  return %r : tensor<8x11xf16>
}

// A product whose only use is an elementwise consumer reading it at the
// same element is written into that consumer's buffer, which the
// consumer then updates in place; a second use keeps it in its own.
// AVX512-LABEL: plan @bias
// AVX512: contraction 0: tir.matmul at [[@LINE+3]]:8: contract packed
// AVX512-NEXT: contraction 0 writes into: tir.add at [[@LINE+3]]:8 (computed in place, no temporary)
func.func @bias(%a: tensor<256x256xf32>, %b: tensor<256x256xf32>, %c: tensor<256xf32>) -> tensor<256x256xf32> {
  %m = tir.matmul %a, %b : (tensor<256x256xf32>, tensor<256x256xf32>) -> tensor<256x256xf32>
  %r = tir.add %m, %c : (tensor<256x256xf32>, tensor<256xf32>) -> tensor<256x256xf32>
  return %r : tensor<256x256xf32>
}

// AVX512-LABEL: plan @twice
// AVX512: contraction 0: tir.matmul at [[@LINE+3]]:8: contract packed
// AVX512-NOT: writes into
func.func @twice(%a: tensor<256x256xf32>, %b: tensor<256x256xf32>, %c: tensor<256xf32>) -> (tensor<256x256xf32>, tensor<256x256xf32>) {
  %m = tir.matmul %a, %b : (tensor<256x256xf32>, tensor<256x256xf32>) -> tensor<256x256xf32>
  %r = tir.add %m, %c : (tensor<256x256xf32>, tensor<256xf32>) -> tensor<256x256xf32>
  return %r, %m : tensor<256x256xf32>, tensor<256x256xf32>
}
