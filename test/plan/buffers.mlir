// The plan's buffer decisions: how an scf op hands on a tensor (an init
// into the loop, a value its body yields to the next iteration, one its
// condition passes on) and whether an op inserting into a tensor writes
// in place or into a copy. Two buffers for a loop-carried tensor are
// decided before emission (plan.PlanCarries).
// RUN: tirc -print-plan %s | FileCheck %s

// A static tensor a nest of the body computes: two buffers that swap.
// CHECK-LABEL: plan @fixed
// CHECK: carry 0: scf.for at {{[0-9]+}}:8, init #0: copied (an argument)
// CHECK-NEXT: carry 1: scf.for at {{[0-9]+}}:8, yield #0: two buffers (a nest of the body computes it; the buffers swap at the latch)
func.func @fixed(%x: tensor<64xf32>, %y: tensor<64xf32>, %n: index) -> tensor<64xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %h = arith.constant dense<0.5> : tensor<f32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x) -> (tensor<64xf32>) {
    %m = tir.mul %a, %h : (tensor<64xf32>, tensor<f32>) -> tensor<64xf32>
    %p = tir.add %m, %y : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    scf.yield %p : tensor<64xf32>
  }
  return %r : tensor<64xf32>
}

// A dynamic one: the carried buffer is the one the body's nest
// allocated; an init computed for the loop alone is taken over too.
// CHECK-LABEL: plan @dynamic
// CHECK: carry 0: scf.for at {{[0-9]+}}:8, init #0: takes over its buffer (a buffer the block allocated)
// CHECK-NEXT: carry 1: scf.for at {{[0-9]+}}:8, yield #0: takes over its buffer (a buffer the block allocated)
func.func @dynamic(%x: tensor<?xf32>, %y: tensor<?xf32>, %n: index) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %h = arith.constant dense<0.5> : tensor<f32>
  %x2 = tir.exp %x : tensor<?xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x2) -> (tensor<?xf32>) {
    %m = tir.mul %a, %h : (tensor<?xf32>, tensor<f32>) -> tensor<?xf32>
    %p = tir.add %m, %y : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    scf.yield %p : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}

// Carried values yielded crosswise pass their buffers on; an outer value
// yielded is copied.
// CHECK-LABEL: plan @swap
// CHECK: carry 3: scf.for at {{[0-9]+}}:{{[0-9]+}}, yield #0: passes on a carried buffer (iter_arg #1)
// CHECK-NEXT: carry 4: scf.for at {{[0-9]+}}:{{[0-9]+}}, yield #1: passes on a carried buffer (iter_arg #0)
// CHECK-NEXT: carry 5: scf.for at {{[0-9]+}}:{{[0-9]+}}, yield #2: copied (not a buffer of its own)
func.func @swap(%x: tensor<8xf32>, %y: tensor<8xf32>, %n: index) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x, %b = %y, %c = %x) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) {
    scf.yield %b, %a, %y : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
  }
  return %r#0, %r#1, %r#2 : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
}

// An insert into a buffer of the function's own, at its last use, writes
// in place; into an argument, or a destination read again, a copy.
// CHECK-LABEL: plan @inserts
// CHECK: insert 0: tensor.insert_slice at {{[0-9]+}}:{{[0-9]+}}: into a copy of its destination (the destination's buffer is not its own)
// CHECK-NEXT: insert 1: tensor.insert_slice at {{[0-9]+}}:{{[0-9]+}}: in place (the destination's only use, in a buffer of its own)
// CHECK-NEXT: insert 2: tensor.insert_slice at {{[0-9]+}}:{{[0-9]+}}: into a copy of its destination (the destination is read again)
// CHECK-NEXT: insert 3: tensor.insert_slice at {{[0-9]+}}:{{[0-9]+}}: into a copy of its destination (the result is returned: into the caller's buffer)
func.func @inserts(%t: tensor<2x6xf32>, %a: tensor<2x3xf32>, %b: tensor<1x3xf32>) -> (tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>) {
  %0 = tensor.insert_slice %a into %t[0, 0] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<2x6xf32>
  %1 = tensor.insert_slice %a into %0[0, 3] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<2x6xf32>
  %2 = tensor.insert_slice %b into %1[1, 0] [1, 3] [1, 1] : tensor<1x3xf32> into tensor<2x6xf32>
  %3 = tir.exp %1 : tensor<2x6xf32>
  %4 = tensor.insert_slice %a into %3[0, 0] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<2x6xf32>
  return %2, %4, %1 : tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>
}

// A while loop's condition passes its carried tensor on: the buffer
// moves to the after region, no copy each trip; passed on a second time,
// it is copied.
// CHECK-LABEL: plan @whilep
// CHECK: carry 0: scf.while at {{[0-9]+}}:{{[0-9]+}}, init #0: copied (an argument)
// CHECK-NEXT: carry 1: scf.while at {{[0-9]+}}:{{[0-9]+}}, condition #0: passes on a carried buffer (iter_arg #0)
// CHECK-NEXT: carry 2: scf.while at {{[0-9]+}}:{{[0-9]+}}, condition #1: copied (not a buffer of its own)
// CHECK-NEXT: carry 3: scf.while at {{[0-9]+}}:{{[0-9]+}}, yield #0: takes over its buffer (a buffer the block allocated)
func.func @whilep(%x: tensor<3xf64>, %n: i64) -> (tensor<3xf64>, tensor<3xf64>) {
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %h = arith.constant dense<0.5> : tensor<f64>
  %r:3 = scf.while (%t = %x, %k = %zero) : (tensor<3xf64>, i64) -> (tensor<3xf64>, tensor<3xf64>, i64) {
    %go = arith.cmpi slt, %k, %n : i64
    scf.condition(%go) %t, %t, %k : tensor<3xf64>, tensor<3xf64>, i64
  } do {
  ^bb0(%t: tensor<3xf64>, %u: tensor<3xf64>, %k: i64):
    %t2 = tir.mul %t, %h : (tensor<3xf64>, tensor<f64>) -> tensor<3xf64>
    %k1 = arith.addi %k, %one : i64
    scf.yield %t2, %k1 : tensor<3xf64>, i64
  }
  return %r#0, %r#1 : tensor<3xf64>, tensor<3xf64>
}

// An insert writes in place into a buffer allocated for its destination
// (a nest's result, tensor.empty, an insert's copy); into an scf op's
// result, a slice, a constant or a cast, into a copy.
// CHECK-LABEL: plan @insertviews
// CHECK: insert 0: tensor.insert at {{[0-9]+}}:{{[0-9]+}}: in place (the destination's only use, in a buffer of its own)
// CHECK-NEXT: insert 1: tensor.insert at {{[0-9]+}}:{{[0-9]+}}: into a copy of its destination (the destination's buffer is not its own)
// CHECK-NEXT: insert 2: tensor.insert at {{[0-9]+}}:{{[0-9]+}}: into a copy of its destination (the destination's buffer is not its own)
// CHECK-NEXT: insert 3: tensor.insert at {{[0-9]+}}:{{[0-9]+}}: into a copy of its destination (the destination's buffer is not its own)
// CHECK-NEXT: insert 4: tensor.insert at {{[0-9]+}}:{{[0-9]+}}: into a copy of its destination (the destination's buffer is not its own)
// CHECK-NEXT: insert 5: tensor.insert at {{[0-9]+}}:{{[0-9]+}}: in place (the destination's only use, in a buffer of its own)
// CHECK-NEXT: insert 6: tensor.insert at {{[0-9]+}}:{{[0-9]+}}: in place (the destination's only use, in a buffer of its own)
// CHECK-NEXT: carry 0: scf.for at {{[0-9]+}}:{{[0-9]+}}, init #0: copied (an argument)
// CHECK-NEXT: carry 1: scf.for at {{[0-9]+}}:{{[0-9]+}}, yield #0: takes over its buffer (a buffer the block allocated)
func.func @insertviews(%x: tensor<4x4xf32>, %n: index, %s: f32) -> (tensor<4x4xf32>, tensor<2x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x) -> (tensor<4x4xf32>) {
    %e = tir.exp %a : tensor<4x4xf32>
    %w = tensor.insert %s into %e[%c0, %c1] : tensor<4x4xf32>
    scf.yield %w : tensor<4x4xf32>
  }
  %r1 = tensor.insert %s into %r[%c0, %c0] : tensor<4x4xf32>
  %t = tir.exp %x : tensor<4x4xf32>
  %v = tensor.extract_slice %t[0, 0] [2, 4] [1, 1] : tensor<4x4xf32> to tensor<2x4xf32>
  %v1 = tensor.insert %s into %v[%c0, %c0] : tensor<2x4xf32>
  %k = arith.constant dense<1.0> : tensor<4x4xf32>
  %k1 = tensor.insert %s into %k[%c0, %c0] : tensor<4x4xf32>
  %u = tir.exp %x : tensor<4x4xf32>
  %uc = tensor.cast %u : tensor<4x4xf32> to tensor<?x4xf32>
  %u1 = tensor.insert %s into %uc[%c0, %c0] : tensor<?x4xf32>
  %u2 = tensor.cast %u1 : tensor<?x4xf32> to tensor<4x4xf32>
  %m = tensor.empty() : tensor<4x4xf32>
  %m1 = tensor.insert %s into %m[%c0, %c0] : tensor<4x4xf32>
  %m2 = tensor.insert %s into %m1[%c1, %c1] : tensor<4x4xf32>
  %m3 = tir.exp %m2 : tensor<4x4xf32>
  %r2 = tir.exp %r1 : tensor<4x4xf32>
  %v2 = tir.exp %v1 : tensor<2x4xf32>
  %k2 = tir.exp %k1 : tensor<4x4xf32>
  return %r2, %v2, %k2, %u2, %m3, %t : tensor<4x4xf32>, tensor<2x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>
}

// A loop body's yields: a cast of a buffer the body allocated takes it
// over, the buffer itself yielded again is copied; a splat is made a
// buffer in the body, taken over; an outer buffer is copied; an inner
// loop's result is taken over.
// CHECK-LABEL: plan @yields
// CHECK: carry 0: scf.for at {{[0-9]+}}:{{[0-9]+}}, init #0: copied (an argument)
// CHECK-NEXT: carry 1: scf.for at {{[0-9]+}}:{{[0-9]+}}, init #1: copied (an argument)
// CHECK-NEXT: carry 2: scf.for at {{[0-9]+}}:{{[0-9]+}}, init #2: copied (not computed by a nest or an scf op)
// CHECK-NEXT: carry 3: scf.for at {{[0-9]+}}:{{[0-9]+}}, init #3: copied (an argument)
// CHECK-NEXT: carry 4: scf.for at {{[0-9]+}}:{{[0-9]+}}, init #4: copied (an argument)
// CHECK-NEXT: carry 5: scf.for at {{[0-9]+}}:{{[0-9]+}}, yield #0: takes over its buffer (a buffer the block allocated)
// CHECK-NEXT: carry 6: scf.for at {{[0-9]+}}:{{[0-9]+}}, yield #1: copied (its buffer is handed on already)
// CHECK-NEXT: carry 7: scf.for at {{[0-9]+}}:{{[0-9]+}}, yield #2: takes over its buffer (a buffer the block allocated)
// CHECK-NEXT: carry 8: scf.for at {{[0-9]+}}:{{[0-9]+}}, yield #3: copied (a buffer of an outer block)
// CHECK-NEXT: carry 9: scf.for at {{[0-9]+}}:{{[0-9]+}}, yield #4: takes over its buffer (a buffer the block allocated)
// CHECK-NEXT: carry 10: scf.for at {{[0-9]+}}:{{[0-9]+}}, init #0: copied (an argument)
// CHECK-NEXT: carry 11: scf.for at {{[0-9]+}}:{{[0-9]+}}, yield #0: takes over its buffer (a buffer the block allocated)
func.func @yields(%x: tensor<?xf32>, %n: index) -> (tensor<?xf32>, tensor<?xf32>, tensor<4xf32>, tensor<?xf32>, tensor<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %o = tir.exp %x : tensor<?xf32>
  %k = arith.constant dense<2.0> : tensor<4xf32>
  %r:5 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x, %b = %x, %c = %k, %d = %x, %e = %x) -> (tensor<?xf32>, tensor<?xf32>, tensor<4xf32>, tensor<?xf32>, tensor<?xf32>) {
    %t = tir.exp %a : tensor<?xf32>
    %tc = tensor.cast %t : tensor<?xf32> to tensor<?xf32>
    %s = arith.constant dense<3.0> : tensor<4xf32>
    %in = scf.for %j = %c0 to %n step %c1 iter_args(%q = %e) -> (tensor<?xf32>) {
      %q1 = tir.neg %q : tensor<?xf32>
      scf.yield %q1 : tensor<?xf32>
    }
    scf.yield %tc, %t, %s, %o, %in : tensor<?xf32>, tensor<?xf32>, tensor<4xf32>, tensor<?xf32>, tensor<?xf32>
  }
  return %r#0, %r#1, %r#2, %r#3, %r#4 : tensor<?xf32>, tensor<?xf32>, tensor<4xf32>, tensor<?xf32>, tensor<?xf32>
}

// An scf.if's arms: a buffer the arm allocated is taken over, one of the
// block around it copied.
// CHECK-LABEL: plan @arms
// CHECK: carry 0: scf.if at {{[0-9]+}}:{{[0-9]+}}, then #0: takes over its buffer (a buffer the block allocated)
// CHECK-NEXT: carry 1: scf.if at {{[0-9]+}}:{{[0-9]+}}, else #0: copied (a buffer of an outer block)
func.func @arms(%x: tensor<?xf32>, %p: i1) -> tensor<?xf32> {
  %o = tir.exp %x : tensor<?xf32>
  %r = scf.if %p -> (tensor<?xf32>) {
    %t = tir.neg %o : tensor<?xf32>
    scf.yield %t : tensor<?xf32>
  } else {
    scf.yield %o : tensor<?xf32>
  }
  %r2 = tir.exp %r : tensor<?xf32>
  return %r2 : tensor<?xf32>
}

// A while's condition passes on a buffer the before block allocated
// (taken over); the after block yields it as a buffer of another block:
// copied.
// CHECK-LABEL: plan @whiles
// CHECK: carry 0: scf.while at {{[0-9]+}}:{{[0-9]+}}, init #0: copied (an argument)
// CHECK-NEXT: carry 1: scf.while at {{[0-9]+}}:{{[0-9]+}}, condition #0: takes over its buffer (a buffer the block allocated)
// CHECK-NEXT: carry 2: scf.while at {{[0-9]+}}:{{[0-9]+}}, yield #0: copied (a buffer of an outer block)
func.func @whiles(%x: tensor<3xf64>, %n: i64) -> tensor<3xf64> {
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %r:2 = scf.while (%t = %x, %k = %zero) : (tensor<3xf64>, i64) -> (tensor<3xf64>, i64) {
    %go = arith.cmpi slt, %k, %n : i64
    %t2 = tir.exp %t : tensor<3xf64>
    scf.condition(%go) %t2, %k : tensor<3xf64>, i64
  } do {
  ^bb0(%t: tensor<3xf64>, %k: i64):
    %k1 = arith.addi %k, %one : i64
    scf.yield %t, %k1 : tensor<3xf64>, i64
  }
  return %r#0 : tensor<3xf64>
}

// A contraction's result's buffer, and a consumer's it computes, are
// known once the pre-pass has planned the contraction (a temporary, or
// with dynamic sizes a view joining the fused and the unfused path):
// what is handed on from them is decided then, as for any buffer.
// CHECK-LABEL: plan @mmloop
// CHECK: carry 0: scf.for at {{[0-9]+}}:{{[0-9]+}}, init #0: copied (an argument)
// CHECK-NEXT: carry 1: scf.for at {{[0-9]+}}:{{[0-9]+}}, init #1: copied (an argument)
// CHECK-NEXT: carry 2: scf.for at {{[0-9]+}}:{{[0-9]+}}, yield #0: takes over its buffer (a buffer the block allocated)
// CHECK-NEXT: carry 3: scf.for at {{[0-9]+}}:{{[0-9]+}}, yield #1: takes over its buffer (a buffer the block allocated)
// CHECK-LABEL: plan @mmins
// CHECK: insert 0: tensor.insert at {{[0-9]+}}:{{[0-9]+}}: into a copy of its destination (the destination's buffer is not its own)
func.func @mmloop(%x: tensor<?x?xf32>, %w: tensor<?x?xf32>, %y: tensor<?x?xf32>, %n: index) -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x, %b = %x) -> (tensor<?x?xf32>, tensor<?x?xf32>) {
    %mm = tir.matmul %a, %w : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
    %mm2 = tir.matmul %b, %w : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
    %e = tir.add %mm2, %y : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
    scf.yield %mm, %e : tensor<?x?xf32>, tensor<?x?xf32>
  }
  return %r#0, %r#1 : tensor<?x?xf32>, tensor<?x?xf32>
}
func.func @mmins(%x: tensor<?x?xf32>, %w: tensor<?x?xf32>, %y: tensor<?x?xf32>, %s: f32) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %mm = tir.matmul %x, %w : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %e = tir.add %mm, %y : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %i = tensor.insert %s into %e[%c0, %c0] : tensor<?x?xf32>
  %o = tir.exp %i : tensor<?x?xf32>
  return %o : tensor<?x?xf32>
}

// A slice at offset 0 of a buffer the body allocated starts at its base
// but is strided: the loop, which reads its carried buffer row-major,
// copies it (scf/native.test runs it).
// CHECK-LABEL: plan @strided
// CHECK: carry 1: scf.for at {{[0-9]+}}:{{[0-9]+}}, yield #0: copied (a strided view of a buffer)
func.func @strided(%x: tensor<2x2xf32>, %n: index) -> tensor<2x2xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %two = arith.constant dense<2.0> : tensor<f32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x) -> (tensor<2x2xf32>) {
    %p = tensor.pad %a low[0, 0] high[2, 2] {
    ^bb0(%i0: index, %i1: index):
      %z = arith.constant 1.0 : f32
      tensor.yield %z : f32
    } : tensor<2x2xf32> to tensor<4x4xf32>
    %q = tir.mul %p, %two : (tensor<4x4xf32>, tensor<f32>) -> tensor<4x4xf32>
    %v = tensor.extract_slice %q[0, 0] [2, 2] [1, 1] : tensor<4x4xf32> to tensor<2x2xf32>
    scf.yield %v : tensor<2x2xf32>
  }
  return %r : tensor<2x2xf32>
}
