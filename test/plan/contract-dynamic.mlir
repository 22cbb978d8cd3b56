// A contraction's fusions over sizes known only at run time (SPEC 7,
// "Contractions"; plan/contract_guard.go): the README's MLP block and
// attention, whose every size is `?`, keep the epilogue and the row
// blocks, guarded by run-time checks of the leaves that could broadcast
// the product larger; the unfused nests are the path taken otherwise,
// and on the fused path the consumers have no nest of their own.
// RUN: tirc -infer-shapes -print-plan -target-cpu=skylake-avx512 %S/../../examples/mlp.mlir | FileCheck %s --check-prefix=MLP
// RUN: tirc -infer-shapes -print-plan -target-cpu=skylake-avx512 %S/../../examples/attention.mlir | FileCheck %s --check-prefix=ATT
// RUN: tirc -print-plan -target-cpu=skylake-avx512 %s | FileCheck %s

// The bias is the one leaf: its size must be N's, or 1. The ten ops are
// the epilogue; their two nests (a row group) run only when it is not.
// MLP-LABEL: plan @mlp
// MLP: nest 0: tir.add at 11:8
// MLP: nest 1: tir.mul at 20:8
// MLP-NOT: nest 2:
// MLP: contraction 0: tir.matmul at 10:9: contract runtime
// MLP-NEXT: contraction 0 epilogue on each output tile: tir.add at 11:8, tir.mul at 12:9, tir.mul at 13:9, tir.mul at 14:10, tir.add at 15:9, tir.mul at 16:8, tir.tanh at 17:8, tir.add at 18:8, tir.mul at 19:8, tir.mul at 20:8
// MLP-NEXT: contraction 0 fused when (at run time): operand 1 of tir.add at 11:8 dim 0 == product dim 1 or 1; else unfused: nests 0 1
// MLP-NOT: contraction 1

// Attention: v's batch must be the scores' (or 1) and its rows their
// columns, every size at least 1, and MR rows of the scores must fit the
// scratch; kᵀ is read through k's strides either way (no nest), the
// softmax's nests and the second product run only unfused.
// ATT-LABEL: plan @attention
// ATT-NOT: tir.transpose
// ATT-NOT: nest 2:
// ATT: contraction 0: tir.matmul at 10:9: contract runtime
// ATT-NEXT: contraction 0 prologue on operand 1, a strided view of its source: tir.transpose at 9:9
// ATT-NEXT: contraction 0 rows: blocks of ? rows in a per-thread scratch (the product is never stored): tir.mul at 11:8, tir.reduce_max at 12:8, tir.sub at 13:8, tir.exp at 14:8, tir.reduce_sum at 15:8, tir.div at 16:8; then tir.matmul at 17:8 on each block
// ATT-NEXT: contraction 0 fused when (at run time): operand 1 of tir.matmul at 17:8 dim 0 == product dim 0 or 1; operand 1 of tir.matmul at 17:8 dim 1 == product dim 2; every size >= 1; 14 rows of the scores in 256 KiB; else unfused: nests 0 1
// ATT-NEXT: contraction 1: tir.matmul at 17:8: contract packed
// ATT-NEXT: contraction 1 prologue on A packing: tir.mul at 11:8, tir.sub at 13:8, tir.exp at 14:8, tir.div at 16:8

// A static product whose residual is known at run time: checked per dim.
// CHECK-LABEL: plan @resid
// CHECK: nest 0: tir.add at [[@LINE+8]]:8
// CHECK-NOT: nest 1:
// CHECK: contraction 0: tir.matmul at [[@LINE+4]]:9: contract packed
// CHECK-NEXT: contraction 0 epilogue on each output tile: tir.tanh at [[@LINE+4]]:8, tir.add at [[@LINE+5]]:8
// CHECK-NEXT: contraction 0 fused when (at run time): operand 1 of tir.add at [[@LINE+4]]:8 dim 0 == product dim 0 or 1; operand 1 of tir.add at [[@LINE+4]]:8 dim 1 == product dim 1 or 1; else unfused: nests 0
func.func @resid(%x: tensor<64x520xf32>, %w: tensor<520x48xf32>, %y: tensor<?x?xf32>) -> tensor<64x48xf32> {
  %xw = tir.matmul %x, %w : (tensor<64x520xf32>, tensor<520x48xf32>) -> tensor<64x48xf32>
  %t = tir.tanh %xw : tensor<64x48xf32>
  %r = tir.add %t, %y : (tensor<64x48xf32>, tensor<?x?xf32>) -> tensor<64x48xf32>
  return %r : tensor<64x48xf32>
}

// Leaves that are constants or settled by the static sizes need no
// check: the epilogue always runs.
// CHECK-LABEL: plan @scaled
// CHECK-NOT: nest {{[0-9]+}}:
// CHECK: contraction 0 epilogue on each output tile: tir.mul at [[@LINE+5]]:8, tir.add at [[@LINE+6]]:8
// CHECK-NOT: fused when
func.func @scaled(%x: tensor<?x?xf32>, %w: tensor<?x8xf32>, %b: tensor<1x8xf32>) -> tensor<?x8xf32> {
  %s = tir.constant dense<0.5> : tensor<f32>
  %xw = tir.matmul %x, %w : (tensor<?x?xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
  %y = tir.mul %xw, %s : (tensor<?x8xf32>, tensor<f32>) -> tensor<?x8xf32>
  %r = tir.add %y, %b : (tensor<?x8xf32>, tensor<1x8xf32>) -> tensor<?x8xf32>
  return %r : tensor<?x8xf32>
}
