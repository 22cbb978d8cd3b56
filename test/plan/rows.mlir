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
// CHECK: rows 0: nests 0 1, blocks of ? rows
func.func @dynamic_rows(%x: tensor<8x?xf32>) -> (tensor<8x?xf32>, tensor<8x?xf32>) {
  %e = tir.exp %x : tensor<8x?xf32>
  %s = tir.add %e, %x : tensor<8x?xf32>
  return %e, %s : tensor<8x?xf32>, tensor<8x?xf32>
}
