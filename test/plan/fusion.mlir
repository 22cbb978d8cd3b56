// Fusion and the fast entry in the plan (codegen/plan: NewFusion,
// NewEntry).
// RUN: tirc -print-plan %s | FileCheck %s
// RUN: (tirc -print-plan -emit-llvm %s; echo "exit=$?") 2>&1 | FileCheck %s --check-prefix=USAGE
// USAGE: tirc: error: -emit-llvm and -print-plan write different files; run tirc once for each
// USAGE: exit=2

// A chain of elementwise ops is one nest computing every op; a small
// static function gets a fast entry.
// CHECK-LABEL: plan @chain
// CHECK-NEXT: target:
// CHECK-NEXT: entry: fast and general (static, every result one nest)
// CHECK-NEXT: nest 0: tir.mul at {{[0-9]+}}:8, fused 2, loops [parallel 8, parallel 16], layout guarded
// CHECK-NEXT: nest 0 runs: [parallel 8, parallel 16]
// CHECK-NEXT: nest 0 store: ordinary (output 512 B < 32 MiB)
// CHECK-NEXT: nest 0 threads: no (128 elements < 1048576)
// CHECK-NOT: nest 1
func.func @chain(%a: tensor<8x16xf32>, %b: tensor<16xf32>) -> tensor<8x16xf32> {
  %s = tir.add %a, %b : (tensor<8x16xf32>, tensor<16xf32>) -> tensor<8x16xf32>
  %e = tir.exp %s : tensor<8x16xf32>
  %m = tir.mul %e, %a : tensor<8x16xf32>
  return %m : tensor<8x16xf32>
}

// A value returned and used again is computed once into a buffer, copied
// into its result: no fast entry. Its nest and its user's run row block
// by row block; the first keeps ordinary stores, as the second reads it.
// CHECK-LABEL: plan @twice
// CHECK: entry: general only (a value computed into a buffer)
// CHECK-NEXT: nest 0: tir.exp at {{[0-9]+}}:8, fused 0, loops [parallel 8], layout guarded, rows 0
// CHECK-NEXT: nest 0 runs: [parallel 8]
// CHECK-NEXT: nest 0 store: ordinary (read again by a later member of its row group)
// CHECK: nest 1: tir.add at {{[0-9]+}}:8, fused 0, loops [parallel 8], layout guarded, rows 0
// CHECK: nest 2: copy, fused 0
// CHECK: nest 2 copies: result #0 into the caller's buffer
// CHECK: rows 0: nests 0 1, blocks of 65536 rows{{$}}
func.func @twice(%a: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %e = tir.exp %a : tensor<8xf32>
  %s = tir.add %e, %a : tensor<8xf32>
  return %e, %s : tensor<8xf32>, tensor<8xf32>
}

// Dynamic sizes: the layout is tested at run time, and so is the thread
// count.
// CHECK-LABEL: plan @dynamic
// CHECK: entry: general only (a dynamic argument)
// CHECK: nest 0: tir.neg at {{[0-9]+}}:8, fused 0, loops [parallel ?], layout guarded
// CHECK: nest 0 threads: yes (at run time: 1048576 elements or more)
func.func @dynamic(%a: tensor<?xf32>) -> tensor<?xf32> {
  %n = tir.neg %a : tensor<?xf32>
  return %n : tensor<?xf32>
}
