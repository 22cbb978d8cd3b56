// The pre-pass (plan.Prepass) plans row groups from the IR before
// anything is emitted: a dynamic size is a symbol, the same for every
// nest whose extent is the same run-time value.
// RUN: tirc -print-plan %s | FileCheck %s

// Softmax over a dynamic number of rows: one symbol for the rows, so one
// row group; on threads by a run-time test; exp(x - max) shared through
// scratch rows and the row maximum riding one row ahead.
// CHECK-LABEL: plan @softmax_rows
// CHECK: nest 0: tir.reduce_max at {{[0-9]+}}:8, fused 0, loops [parallel ?, reduction 1000], layout guarded, rows 0
// CHECK: nest 0 threads: yes (at run time: 1048576 elements or more)
// CHECK: nest 2: tir.div at {{[0-9]+}}:8, fused 2, loops [parallel ?, parallel 1000], layout guarded, rows 0
// CHECK: nest 2 store: non-temporal x16 if (at run time: output >= 32 MiB)
// CHECK: rows 0: nests 0 3 1 2, blocks of 1 rows, rider, shared 1, fence{{$}}
func.func @softmax_rows(%x: tensor<?x1000xf32>) -> tensor<?x1000xf32> {
  %m = tir.reduce_max %x {dims = array<i64: 1>, keepdims} : (tensor<?x1000xf32>) -> tensor<?x1xf32>
  %d = tir.sub %x, %m : (tensor<?x1000xf32>, tensor<?x1xf32>) -> tensor<?x1000xf32>
  %e = tir.exp %d : tensor<?x1000xf32>
  %s = tir.reduce_sum %e {dims = array<i64: 1>, keepdims} : (tensor<?x1000xf32>) -> tensor<?x1xf32>
  %y = tir.div %e, %s : (tensor<?x1000xf32>, tensor<?x1xf32>) -> tensor<?x1000xf32>
  return %y : tensor<?x1000xf32>
}

// The dynamic rows of two arguments may differ at run time: no group.
// CHECK-LABEL: plan @two_args
// CHECK: nest 0: tir.exp {{.*}}, layout guarded (layout: argument #0's strides are known at run time){{$}}
// CHECK: nest 1: tir.exp {{.*}}, layout guarded (layout: argument #1's strides are known at run time){{$}}
// CHECK-NOT: rows 0:
func.func @two_args(%x: tensor<?x64xf32>, %y: tensor<?x64xf32>) -> (tensor<?x64xf32>, tensor<?x64xf32>) {
  %a = tir.exp %x : tensor<?x64xf32>
  %b = tir.exp %y : tensor<?x64xf32>
  return %a, %b : tensor<?x64xf32>, tensor<?x64xf32>
}

// A nest over a value broadcast against another dynamic size has an
// extent computed at run time (a new symbol): it does not join.
// CHECK-LABEL: plan @broadcast_rows
// CHECK: nest 0: tir.exp {{.*}}, layout guarded (layout: argument #0's strides are known at run time){{$}}
// CHECK: nest 1: tir.add {{.*}}, layout guarded (layout: argument #0's strides are known at run time){{$}}
// CHECK-NOT: rows 0:
func.func @broadcast_rows(%x: tensor<?x64xf32>, %y: tensor<?x64xf32>) -> (tensor<?x64xf32>, tensor<?x64xf32>) {
  %a = tir.exp %x : tensor<?x64xf32>
  %b = tir.add %x, %y : (tensor<?x64xf32>, tensor<?x64xf32>) -> tensor<?x64xf32>
  return %a, %b : tensor<?x64xf32>, tensor<?x64xf32>
}
