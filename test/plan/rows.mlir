// Row groups in the plan (codegen/group.go, rider.go, groupshare.go):
// softmax's nests over the same rows run block by block in one
// function; the row maximum rides one row ahead in the nest after it,
// and exp(x - max), which two members read, is computed once into
// scratch rows.
// RUN: tirc -print-plan %s | FileCheck %s
// RUN: tirc -print-plan -nontemporal-threshold=1 %s | FileCheck %s --check-prefix=NT

// CHECK-LABEL: plan @softmax
// CHECK: nest 0: tir.reduce_max at {{[0-9]+}}:8, fused 0, loops [parallel 256, reduction 1000], layout guarded, rows 0
// CHECK: nest 1: tir.reduce_sum at {{[0-9]+}}:8, fused 2, loops [parallel 256, reduction 1000], layout guarded, rows 0
// CHECK: nest 2: tir.div at {{[0-9]+}}:8, fused 2, loops [parallel 256, parallel 1000], layout guarded, rows 0
// CHECK: nest 2 store: ordinary (output 1000 KiB < 32 MiB)
// CHECK: nest 3: tir.exp at {{[0-9]+}}:8, fused 1, loops [parallel 256, parallel 1000], layout guarded, rows 0
// CHECK: nest 3 store: ordinary (read again by a later member of its row group)
// CHECK: rows 0: nests 0 3 1 2, blocks of 1 rows, rider, shared 1{{$}}

// The last member streams: the group's function fences once, its
// members never.
// NT: nest 2 store: non-temporal x16 (output 1000 KiB >= 1 B)
// NT-NOT: fence: after
// NT: rows 0: nests 0 3 1 2, blocks of 1 rows, rider, shared 1, fence
func.func @softmax(%x: tensor<256x1000xf32>) -> tensor<256x1000xf32> {
  %m = tir.reduce_max %x {dims = array<i64: 1>, keepdims} : (tensor<256x1000xf32>) -> tensor<256x1xf32>
  %d = tir.sub %x, %m : (tensor<256x1000xf32>, tensor<256x1xf32>) -> tensor<256x1000xf32>
  %e = tir.exp %d : tensor<256x1000xf32>
  %s = tir.reduce_sum %e {dims = array<i64: 1>, keepdims} : (tensor<256x1000xf32>) -> tensor<256x1xf32>
  %y = tir.div %e, %s : (tensor<256x1000xf32>, tensor<256x1xf32>) -> tensor<256x1000xf32>
  return %y : tensor<256x1000xf32>
}

// Rows of a dynamic length: how many rows a block runs is computed at
// run time.
// CHECK-LABEL: plan @dynamic_rows
// CHECK: rows 0: nests 0 1, blocks of ? rows (max(1, 65536 / the first member's row), at run time), fence{{$}}
func.func @dynamic_rows(%x: tensor<8x?xf32>) -> (tensor<8x?xf32>, tensor<8x?xf32>) {
  %e = tir.exp %x : tensor<8x?xf32>
  %s = tir.add %e, %x : tensor<8x?xf32>
  return %e, %s : tensor<8x?xf32>, tensor<8x?xf32>
}

// A pipelined group over rows of a dynamic length: the rider's block
// is computed at run time from the reduced row. The member that may
// stream (at run time) never fences; the group's function does.
// CHECK-LABEL: plan @rider_dynamic
// CHECK: nest 1 store: non-temporal x16 if (at run time: output >= 32 MiB)
// CHECK-NOT: fence: after
// CHECK: rows 0: nests 0 1, blocks of ? rows (max(1, 1024 / the first member's row), at run time), rider, fence{{$}}
func.func @rider_dynamic(%x: tensor<64x?xf32>) -> tensor<64x?xf32> {
  %m = tir.reduce_max %x {dims = array<i64: 1>, keepdims} : (tensor<64x?xf32>) -> tensor<64x1xf32>
  %d = tir.sub %x, %m : (tensor<64x?xf32>, tensor<64x1xf32>) -> tensor<64x?xf32>
  %e = tir.exp %d : tensor<64x?xf32>
  return %e : tensor<64x?xf32>
}

// A nest alone fences after its loops when its row-major version
// streams; with non-temporal stores planned but an innermost loop of 4
// (shorter than two vectors: the ordinary loop), it does not.
// NT-LABEL: plan @alone
// NT: nest 0 store: non-temporal x16 (output 64 KiB >= 1 B)
// NT: nest 0 fence: after its non-temporal stores
// NT-LABEL: plan @short_rows
// NT: nest 0 runs: [parallel 4096, parallel 4]
// NT: nest 0 store: non-temporal x16 (output 64 KiB >= 1 B)
// NT-NOT: fence
// NT: plan @attention
func.func @alone(%x: tensor<4096x4xf32>) -> tensor<4096x4xf32> {
  %a = tir.exp %x : tensor<4096x4xf32>
  return %a : tensor<4096x4xf32>
}

func.func @short_rows(%x: tensor<4096x4xf32>, %y: tensor<1x4xf32>) -> tensor<4096x4xf32> {
  %b = tir.add %x, %y : (tensor<4096x4xf32>, tensor<1x4xf32>) -> tensor<4096x4xf32>
  return %b : tensor<4096x4xf32>
}

// Attention: the pre-pass plans the row softmax's nests as a row group,
// which the contraction's row fusion computes instead: no nest of the
// group is emitted, and the group is not printed.
// CHECK-LABEL: plan @attention
// CHECK-NOT: rows 0:
// CHECK: contraction 0 rows: blocks of
// CHECK-NOT: rows 0:
func.func @attention(%q: tensor<4x256x64xf32>, %k: tensor<4x256x64xf32>, %v: tensor<4x256x64xf32>) -> tensor<4x256x64xf32> {
  %scale = tir.constant dense<0.125> : tensor<f32>
  %kt = tir.transpose %k {permutation = array<i64: 0, 2, 1>} : (tensor<4x256x64xf32>) -> tensor<4x64x256xf32>
  %qk = tir.matmul %q, %kt : (tensor<4x256x64xf32>, tensor<4x64x256xf32>) -> tensor<4x256x256xf32>
  %s = tir.mul %qk, %scale : (tensor<4x256x256xf32>, tensor<f32>) -> tensor<4x256x256xf32>
  %m = tir.reduce_max %s {dims = array<i64: 2>, keepdims} : (tensor<4x256x256xf32>) -> tensor<4x256x1xf32>
  %d = tir.sub %s, %m : (tensor<4x256x256xf32>, tensor<4x256x1xf32>) -> tensor<4x256x256xf32>
  %e = tir.exp %d : tensor<4x256x256xf32>
  %z = tir.reduce_sum %e {dims = array<i64: 2>, keepdims} : (tensor<4x256x256xf32>) -> tensor<4x256x1xf32>
  %p = tir.div %e, %z : (tensor<4x256x256xf32>, tensor<4x256x1xf32>) -> tensor<4x256x256xf32>
  %r = tir.matmul %p, %v : (tensor<4x256x256xf32>, tensor<4x256x64xf32>) -> tensor<4x256x64xf32>
  return %r : tensor<4x256x64xf32>
}

// CHECK-LABEL: plan @after
func.func @after(%x: tensor<8xf32>) -> tensor<8xf32> {
  %a = tir.exp %x : tensor<8xf32>
  return %a : tensor<8xf32>
}
