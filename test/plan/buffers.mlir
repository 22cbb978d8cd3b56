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
