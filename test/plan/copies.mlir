// The plan lists every nest the emitter builds, copies and fills too,
// each with what it copies and why; -emit-llvm builds exactly those
// (an internal error otherwise).
// RUN: tirc -print-plan %s | FileCheck %s
// RUN: tirc -emit-llvm %s -o /dev/null

// A callee's result is read through its descriptor's strides: a reshape
// of it copies it when it is not row-major at run time.
// CHECK-LABEL: plan @call_reshape
// CHECK: nest 0: copy, fused 0, loops [parallel 4, parallel 6], layout guarded (layout: result #0 of func.call at {{[0-9]+}}:8: its strides are known at run time)
// CHECK: nest 0 copies: the operand of tir.reshape at {{[0-9]+}}:8 into a row-major temporary, when it is not row-major at run time
// CHECK: nest 1: tir.neg
func.func private @g(%a: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %e = tir.exp %a : tensor<4x6xf32>
  return %e : tensor<4x6xf32>
}
func.func @call_reshape(%a: tensor<4x6xf32>) -> tensor<24xf32> {
  %c = func.call @g(%a) : (tensor<4x6xf32>) -> tensor<4x6xf32>
  %r = tir.reshape %c : (tensor<4x6xf32>) -> tensor<24xf32>
  %n = tir.neg %r : tensor<24xf32>
  return %n : tensor<24xf32>
}

// A pad fills its buffer with the padding value, then copies the source
// into its window; an argument returned is copied into the caller's
// buffer; the pad's result, only returned, is computed in the caller's
// buffer (no copy).
// CHECK-LABEL: plan @pad_and_return
// CHECK: nest 0: fill, fused 0, loops [parallel 6, parallel 8]
// CHECK: nest 0 fills: the padding value of tensor.pad at {{[0-9]+}}:8 over its buffer
// CHECK: nest 1: copy, fused 0, loops [parallel 4, parallel 6]
// CHECK: nest 1 copies: the source of tensor.pad at {{[0-9]+}}:8 into its window
// CHECK: nest 2: copy, fused 0, loops [parallel 4, parallel 6]
// CHECK-NEXT: nest 2 runs
// CHECK-NOT: result #0 into
// CHECK: nest 2 copies: result #1 into the caller's buffer
// CHECK-NOT: nest 3
func.func @pad_and_return(%a: tensor<4x6xf32>) -> (tensor<6x8xf32>, tensor<4x6xf32>) {
  %z = arith.constant 0.0 : f32
  %p = tensor.pad %a low[1, 1] high[1, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %z : f32
  } : tensor<4x6xf32> to tensor<6x8xf32>
  return %p, %a : tensor<6x8xf32>, tensor<4x6xf32>
}
