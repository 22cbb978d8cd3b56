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
// same element gets the consumer as its epilogue, on each output tile
// (no nest of its own); a second use keeps it in its own buffer.
// AVX512-LABEL: plan @bias
// AVX512-NOT: nest {{[0-9]+}}:
// AVX512: contraction 0: tir.matmul at [[@LINE+4]]:8: contract packed
// AVX512-NEXT: contraction 0 epilogue on each output tile: tir.add at [[@LINE+4]]:8
// AVX512-NOT: nest {{[0-9]+}}:
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

// gelu_tanh(x @ w + b): the bias add is read four times; all ten ops are
// the epilogue, and there is no nest.
// AVX512-LABEL: plan @mlp
// AVX512-NOT: nest {{[0-9]+}}:
// AVX512: contraction 0: tir.matmul at [[@LINE+8]]:9: contract packed
// AVX512-NEXT: contraction 0 epilogue on each output tile: tir.add at [[@LINE+8]]:8, tir.mul at [[@LINE+9]]:9, tir.mul at [[@LINE+10]]:9, tir.mul at [[@LINE+11]]:10, tir.add at [[@LINE+12]]:9, tir.mul at [[@LINE+13]]:8, tir.tanh at [[@LINE+14]]:8, tir.add at [[@LINE+15]]:8, tir.mul at [[@LINE+16]]:8, tir.mul at [[@LINE+17]]:8
// AVX512-NOT: nest {{[0-9]+}}:
func.func @mlp(%x: tensor<256x512xf32>, %w: tensor<512x384xf32>, %b: tensor<384xf32>) -> tensor<256x384xf32> {
  %c = tir.constant dense<0.044715> : tensor<f32>
  %k = tir.constant dense<0.7978845608> : tensor<f32>
  %one = tir.constant dense<1.0> : tensor<f32>
  %half = tir.constant dense<0.5> : tensor<f32>
  %mm = tir.matmul %x, %w : (tensor<256x512xf32>, tensor<512x384xf32>) -> tensor<256x384xf32>
  %y = tir.add %mm, %b : (tensor<256x384xf32>, tensor<384xf32>) -> tensor<256x384xf32>
  %y2 = tir.mul %y, %y : (tensor<256x384xf32>, tensor<256x384xf32>) -> tensor<256x384xf32>
  %y3 = tir.mul %y2, %y : (tensor<256x384xf32>, tensor<256x384xf32>) -> tensor<256x384xf32>
  %cy3 = tir.mul %y3, %c : (tensor<256x384xf32>, tensor<f32>) -> tensor<256x384xf32>
  %in = tir.add %y, %cy3 : (tensor<256x384xf32>, tensor<256x384xf32>) -> tensor<256x384xf32>
  %s = tir.mul %in, %k : (tensor<256x384xf32>, tensor<f32>) -> tensor<256x384xf32>
  %t = tir.tanh %s : tensor<256x384xf32>
  %p = tir.add %t, %one : (tensor<256x384xf32>, tensor<f32>) -> tensor<256x384xf32>
  %h = tir.mul %y, %half : (tensor<256x384xf32>, tensor<f32>) -> tensor<256x384xf32>
  %r = tir.mul %h, %p : (tensor<256x384xf32>, tensor<256x384xf32>) -> tensor<256x384xf32>
  return %r : tensor<256x384xf32>
}

// Attention: the scores' row softmax and the second matmul are fused in
// row blocks with the first matmul; no nest computes the scores, their
// max, exp, sum or quotient, and kᵀ is read through k's strides.
// AVX512-LABEL: plan @attention
// AVX512-NOT: nest {{[0-9]+}}:
// AVX512: contraction 0: tir.matmul at [[@LINE+7]]:9: contract packed
// AVX512-NEXT: contraction 0 prologue on operand 1, a strided view of its source: tir.transpose at [[@LINE+5]]:9
// AVX512-NEXT: contraction 0 rows: blocks of 56 rows in a per-thread scratch (the product is never stored): tir.mul at [[@LINE+6]]:8, tir.reduce_max at [[@LINE+7]]:8, tir.sub at [[@LINE+8]]:8, tir.exp at [[@LINE+9]]:8, tir.reduce_sum at [[@LINE+10]]:8, tir.div at [[@LINE+11]]:8; then tir.matmul at [[@LINE+12]]:8 on each block
// AVX512-NOT: contraction 1
func.func @attention(%q: tensor<32x1024x64xf32>, %k: tensor<32x1024x64xf32>, %v: tensor<32x1024x64xf32>) -> tensor<32x1024x64xf32> {
  %scale = tir.constant dense<0.125> : tensor<f32>
  %kt = tir.transpose %k {permutation = array<i64: 0, 2, 1>} : (tensor<32x1024x64xf32>) -> tensor<32x64x1024xf32>
  %qk = tir.matmul %q, %kt : (tensor<32x1024x64xf32>, tensor<32x64x1024xf32>) -> tensor<32x1024x1024xf32>
  %s = tir.mul %qk, %scale : (tensor<32x1024x1024xf32>, tensor<f32>) -> tensor<32x1024x1024xf32>
  %m = tir.reduce_max %s {dims = array<i64: 2>, keepdims} : (tensor<32x1024x1024xf32>) -> tensor<32x1024x1xf32>
  %d = tir.sub %s, %m : (tensor<32x1024x1024xf32>, tensor<32x1024x1xf32>) -> tensor<32x1024x1024xf32>
  %e = tir.exp %d : tensor<32x1024x1024xf32>
  %z = tir.reduce_sum %e {dims = array<i64: 2>, keepdims} : (tensor<32x1024x1024xf32>) -> tensor<32x1024x1xf32>
  %p = tir.div %e, %z : (tensor<32x1024x1024xf32>, tensor<32x1024x1xf32>) -> tensor<32x1024x1024xf32>
  %r = tir.matmul %p, %v : (tensor<32x1024x1024xf32>, tensor<32x1024x64xf32>) -> tensor<32x1024x64xf32>
  return %r : tensor<32x1024x64xf32>
}

// A row softmax with no contraction after it: each row block of the
// product is finished in the result; no nest.
// AVX512-LABEL: plan @probs
// AVX512-NOT: nest {{[0-9]+}}:
// AVX512: contraction 0 rows: blocks of {{[0-9]+}} rows, each computed in the result and finished there: tir.reduce_max at [[@LINE+4]]:8, tir.sub at [[@LINE+5]]:8, tir.exp at [[@LINE+6]]:8, tir.reduce_sum at [[@LINE+7]]:8, tir.div at [[@LINE+8]]:8
// AVX512-NOT: nest {{[0-9]+}}:
func.func @probs(%x: tensor<2x100x40xf32>, %w: tensor<40x150xf32>) -> tensor<2x100x150xf32> {
  %l = tir.matmul %x, %w : (tensor<2x100x40xf32>, tensor<40x150xf32>) -> tensor<2x100x150xf32>
  %m = tir.reduce_max %l {dims = array<i64: 2>, keepdims} : (tensor<2x100x150xf32>) -> tensor<2x100x1xf32>
  %d = tir.sub %l, %m : (tensor<2x100x150xf32>, tensor<2x100x1xf32>) -> tensor<2x100x150xf32>
  %e = tir.exp %d : tensor<2x100x150xf32>
  %z = tir.reduce_sum %e {dims = array<i64: 2>, keepdims} : (tensor<2x100x150xf32>) -> tensor<2x100x1xf32>
  %p = tir.div %e, %z : (tensor<2x100x150xf32>, tensor<2x100x1xf32>) -> tensor<2x100x150xf32>
  return %p : tensor<2x100x150xf32>
}

// Not fused: a consumer whose other operand is computed after the product
// (the epilogue reads only values lowered before it: the add updates the
// product in place instead), and a softmax over the first dim (no row
// blocks; the reductions are nests).
// AVX512-LABEL: plan @late
// AVX512: contraction 0: tir.matmul at [[@LINE+4]]:8: contract packed
// AVX512-NEXT: contraction 0 writes into: tir.add at [[@LINE+5]]:8 (computed in place, no temporary)
// AVX512-NOT: epilogue
func.func @late(%a: tensor<256x256xf32>, %b: tensor<256x256xf32>, %c: tensor<256x256xf32>) -> tensor<256x256xf32> {
  %m = tir.matmul %a, %b : (tensor<256x256xf32>, tensor<256x256xf32>) -> tensor<256x256xf32>
  %e = tir.exp %c : tensor<256x256xf32>
  %r = tir.add %m, %e : (tensor<256x256xf32>, tensor<256x256xf32>) -> tensor<256x256xf32>
  return %r : tensor<256x256xf32>
}

// AVX512-LABEL: plan @colsoftmax
// AVX512: nest 0: tir.reduce_max
// AVX512-NOT: rows:
// AVX512: contraction 0: tir.matmul
// AVX512-NOT: rows:
func.func @colsoftmax(%x: tensor<100x40xf32>, %w: tensor<40x150xf32>) -> tensor<100x150xf32> {
  %l = tir.matmul %x, %w : (tensor<100x40xf32>, tensor<40x150xf32>) -> tensor<100x150xf32>
  %m = tir.reduce_max %l {dims = array<i64: 0>, keepdims} : (tensor<100x150xf32>) -> tensor<1x150xf32>
  %d = tir.sub %l, %m : (tensor<100x150xf32>, tensor<1x150xf32>) -> tensor<100x150xf32>
  %e = tir.exp %d : tensor<100x150xf32>
  %z = tir.reduce_sum %e {dims = array<i64: 0>, keepdims} : (tensor<100x150xf32>) -> tensor<1x150xf32>
  %p = tir.div %e, %z : (tensor<100x150xf32>, tensor<1x150xf32>) -> tensor<100x150xf32>
  return %p : tensor<100x150xf32>
}
