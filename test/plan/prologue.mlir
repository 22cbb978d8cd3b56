// A contraction's prologues (contract_prologue.go): an operand computed
// by elementwise ops used only by the contraction is computed while the
// operand is packed (or, on the generic path, where the nest reads it):
// it has no nest and no temporary of its own.
// RUN: tirc -print-plan -target-cpu=skylake-avx512 %s | FileCheck %s

// (x * s) @ w: the scale on A's packing; no nest.
// CHECK-LABEL: plan @xs
// CHECK-NOT: nest {{[0-9]+}}:
// CHECK: contraction 0: tir.matmul at [[@LINE+5]]:8: contract packed
// CHECK-NEXT: contraction 0 prologue on A packing: tir.mul at [[@LINE+3]]:8
// CHECK-NOT: nest {{[0-9]+}}:
func.func @xs(%x: tensor<256x512xf32>, %s: tensor<512xf32>, %w: tensor<512x384xf32>) -> tensor<256x384xf32> {
  %a = tir.mul %x, %s : (tensor<256x512xf32>, tensor<512xf32>) -> tensor<256x512xf32>
  %r = tir.matmul %a, %w : (tensor<256x512xf32>, tensor<512x384xf32>) -> tensor<256x384xf32>
  return %r : tensor<256x384xf32>
}

// B's producers, a chain of two (the fusion's tree), and a transposed
// view of A (strides only).
// CHECK-LABEL: plan @both
// CHECK-NOT: nest {{[0-9]+}}:
// CHECK: contraction 0: tir.matmul at [[@LINE+8]]:8: contract packed
// CHECK-NEXT: contraction 0 prologue on A packing: tir.transpose at [[@LINE+4]]:8
// CHECK-NEXT: contraction 0 prologue on B packing: tir.tanh at [[@LINE+4]]:8, tir.mul at [[@LINE+5]]:8
// CHECK-NOT: nest {{[0-9]+}}:
func.func @both(%xt: tensor<512x256xf32>, %w: tensor<512x384xf32>, %s: tensor<384xf32>) -> tensor<256x384xf32> {
  %a = tir.transpose %xt {permutation = array<i64: 1, 0>} : (tensor<512x256xf32>) -> tensor<256x512xf32>
  %t = tir.tanh %w : tensor<512x384xf32>
  %b = tir.mul %t, %s : (tensor<512x384xf32>, tensor<384xf32>) -> tensor<512x384xf32>
  %r = tir.matmul %a, %b : (tensor<256x512xf32>, tensor<512x384xf32>) -> tensor<256x384xf32>
  return %r : tensor<256x384xf32>
}

// A small problem with a prologue packs (the small path reads its
// operands in place, so would compute them once per tile).
// CHECK-LABEL: plan @small
// CHECK: contraction 0: tir.matmul at [[@LINE+4]]:8: contract packed
// CHECK-NEXT: contraction 0 prologue on A packing: tir.mul at [[@LINE+2]]:8
func.func @small(%x: tensor<64x32x32xf32>, %s: tensor<f32>, %w: tensor<32x32xf32>) -> tensor<64x32x32xf32> {
  %a = tir.mul %x, %s : (tensor<64x32x32xf32>, tensor<f32>) -> tensor<64x32x32xf32>
  %r = tir.matmul %a, %w : (tensor<64x32x32xf32>, tensor<32x32xf32>) -> tensor<64x32x32xf32>
  return %r : tensor<64x32x32xf32>
}

// The generic path reads through the producers: i8 -> i32 and a scale.
// CHECK-LABEL: plan @int8
// CHECK-NOT: nest {{[0-9]+}}:
// CHECK: contraction 0: tir.matmul at [[@LINE+6]]:8: contract generic acc=i32
// CHECK-NEXT: contraction 0 prologue on operand 0 reads: tir.convert at [[@LINE+3]]:8, tir.mul at [[@LINE+4]]:8
func.func @int8(%x: tensor<33x30xi8>, %w: tensor<30x20xi32>) -> tensor<33x20xi32> {
  %three = tir.constant dense<3> : tensor<i32>
  %c = tir.convert %x : (tensor<33x30xi8>) -> tensor<33x30xi32>
  %a = tir.mul %c, %three : (tensor<33x30xi32>, tensor<i32>) -> tensor<33x30xi32>
  %r = tir.matmul %a, %w : (tensor<33x30xi32>, tensor<30x20xi32>) -> tensor<33x20xi32>
  return %r : tensor<33x20xi32>
}

// A producer with a second use keeps its nest and buffer; so does an
// integer division (its faults are a nest's to report).
// CHECK-LABEL: plan @twice
// CHECK: nest 0: tir.mul at [[@LINE+4]]:8
// CHECK: contraction 0: tir.matmul
// CHECK-NOT: prologue
func.func @twice(%x: tensor<256x512xf32>, %s: tensor<512xf32>, %w: tensor<512x384xf32>) -> (tensor<256x384xf32>, tensor<256x512xf32>) {
  %a = tir.mul %x, %s : (tensor<256x512xf32>, tensor<512xf32>) -> tensor<256x512xf32>
  %r = tir.matmul %a, %w : (tensor<256x512xf32>, tensor<512x384xf32>) -> tensor<256x384xf32>
  return %r, %a : tensor<256x384xf32>, tensor<256x512xf32>
}
// CHECK-LABEL: plan @intdiv
// CHECK: nest 0: tir.div at [[@LINE+4]]:8
// CHECK: contraction 0: tir.matmul
// CHECK-NOT: prologue
func.func @intdiv(%x: tensor<33x30xi32>, %d: tensor<33x30xi32>, %w: tensor<30x20xi32>) -> tensor<33x20xi32> {
  %a = tir.div %x, %d : (tensor<33x30xi32>, tensor<33x30xi32>) -> tensor<33x30xi32>
  %r = tir.matmul %a, %w : (tensor<33x30xi32>, tensor<30x20xi32>) -> tensor<33x20xi32>
  return %r : tensor<33x20xi32>
}
