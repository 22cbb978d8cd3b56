// scf.for (iter_args over tensors, scalars and index; an i32 induction
// variable), scf.if with results and scf.while in their custom forms,
// printed as mlir-opt-19 prints them (mlir-opt-19.test compares the
// whole text): scf.for's scf.yield is left out when it carries nothing,
// scf.while's regions print their terminators and the after region its
// block arguments.
// RUN: tirc %s | FileCheck %s
// RUN: tirc -mlir-print-op-generic %s | FileCheck %s --check-prefix=GEN
// RUN: tirc -mlir-print-op-generic %s | tirc - | FileCheck %s

// CHECK-LABEL: func.func @loops(%arg0: tensor<4xf32>, %arg1: tensor<4xf32>, %arg2: index) -> (tensor<4xf32>, f32) {
// CHECK:         %0:2 = scf.for %arg3 = %c0 to %arg2 step %c1 iter_args(%arg4 = %arg0, %arg5 = %cst_0) -> (tensor<4xf32>, f32) {
// CHECK-NEXT:      %6 = arith.mulf %arg4, %arg1 : tensor<4xf32>
// CHECK-NEXT:      %7 = arith.addf %arg5, %cst : f32
// CHECK-NEXT:      scf.yield %6, %7 : tensor<4xf32>, f32
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.for %arg3 = %c0 to %arg2 step %c1 {
// CHECK-NEXT:      %6 = arith.addi %arg3, %c1 : index
// CHECK-NEXT:    }
// CHECK-NEXT:    %1:2 = scf.while (%arg3 = %c0, %arg4 = %cst_0) : (index, f32) -> (index, f32) {
// CHECK-NEXT:      %6 = arith.cmpi slt, %arg3, %arg2 : index
// CHECK-NEXT:      scf.condition(%6) %arg3, %arg4 : index, f32
// CHECK-NEXT:    } do {
// CHECK-NEXT:    ^bb0(%arg3: index, %arg4: f32):
// CHECK-NEXT:      %6 = arith.addi %arg3, %c1 : index
// CHECK-NEXT:      %7 = arith.addf %arg4, %cst : f32
// CHECK-NEXT:      scf.yield %6, %7 : index, f32
// CHECK-NEXT:    }
// CHECK-NEXT:    %2 = scf.while (%arg3 = %c0) : (index) -> index {
// CHECK:         %3 = scf.for %arg3 = %c0 to %arg2 step %c1 iter_args(%arg4 = %c0) -> (index) {
// CHECK-NEXT:      scf.yield %arg4 : index
// CHECK-NEXT:    }
// CHECK-NEXT:    %4 = arith.cmpi eq, %3, %2 : index
// CHECK-NEXT:    %5 = scf.if %4 -> (tensor<4xf32>) {
// CHECK-NEXT:      %6 = arith.addf %0#0, %arg1 : tensor<4xf32>
// CHECK-NEXT:      scf.yield %6 : tensor<4xf32>
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.yield %arg1 : tensor<4xf32>
// CHECK-NEXT:    }
// GEN:         %{{.*}}:2 = "scf.for"(%{{.*}}, %arg2, %{{.*}}, %arg0, %{{.*}}) ({
// GEN-NEXT:    ^bb0(%arg{{[0-9]+}}: index, %arg{{[0-9]+}}: tensor<4xf32>, %arg{{[0-9]+}}: f32):
// GEN:           "scf.yield"(%{{.*}}, %{{.*}}) : (tensor<4xf32>, f32) -> ()
// GEN-NEXT:    }) : (index, index, index, tensor<4xf32>, f32) -> (tensor<4xf32>, f32)
// GEN:         "scf.condition"(%{{.*}}, %{{.*}}, %{{.*}}) : (i1, index, f32) -> ()
func.func @loops(%x: tensor<4xf32>, %y: tensor<4xf32>, %n: index) -> (tensor<4xf32>, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %h = arith.constant 0.5 : f32
  %z = arith.constant 0.0 : f32
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x, %s = %z) -> (tensor<4xf32>, f32) {
    %m = arith.mulf %a, %y : tensor<4xf32>
    %t = arith.addf %s, %h : f32
    scf.yield %m, %t : tensor<4xf32>, f32
  }
  scf.for %i = %c0 to %n step %c1 {
    %t = arith.addi %i, %c1 : index
  }
  %w:2 = scf.while (%a = %c0, %b = %z) : (index, f32) -> (index, f32) {
    %cond = arith.cmpi slt, %a, %n : index
    scf.condition(%cond) %a, %b : index, f32
  } do {
  ^bb0(%a: index, %b: f32):
    %a1 = arith.addi %a, %c1 : index
    %b1 = arith.addf %b, %h : f32
    scf.yield %a1, %b1 : index, f32
  }
  %w2 = scf.while (%a = %c0) : (index) -> index {
    %cond = arith.cmpi slt, %a, %n : index
    scf.condition(%cond) %a : index
  } do {
  ^bb0(%a: index):
    %a1 = arith.addi %a, %c1 : index
    scf.yield %a1 : index
  }
  %r3 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %c0) -> index {
    scf.yield %a : index
  }
  %p = arith.cmpi eq, %r3, %w2 : index
  %sel = scf.if %p -> (tensor<4xf32>) {
    %t = arith.addf %r#0, %y : tensor<4xf32>
    scf.yield %t : tensor<4xf32>
  } else {
    scf.yield %y : tensor<4xf32>
  }
  return %sel, %r#1 : tensor<4xf32>, f32
}

// CHECK-LABEL: func.func @attrs(%arg0: i32, %arg1: i32) -> i32 {
// CHECK-NEXT:    %0 = scf.for %arg2 = %arg0 to %arg1 step %arg0 iter_args(%arg3 = %arg0) -> (i32)  : i32 {
// CHECK-NEXT:      %1 = arith.addi %arg3, %arg2 : i32
// CHECK-NEXT:      scf.yield %1 : i32
// CHECK-NEXT:    } {foo = 1 : i64}
// CHECK-NEXT:    scf.for %arg2 = %arg0 to %arg1 step %arg0  : i32 {
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.while : () -> () {
// CHECK-NEXT:      %true = arith.constant true
// CHECK-NEXT:      scf.condition(%true)
// CHECK-NEXT:    } do {
// CHECK-NEXT:      scf.yield
// CHECK-NEXT:    } attributes {bar}
func.func @attrs(%a: i32, %b: i32) -> i32 {
  %r = scf.for %i = %a to %b step %a iter_args(%s = %a) -> (i32) : i32 {
    %t = arith.addi %s, %i : i32
    scf.yield %t : i32
  } {foo = 1}
  scf.for %i = %a to %b step %a : i32 {
  }
  scf.while : () -> () {
    %true = arith.constant true
    scf.condition(%true)
  } do {
    scf.yield
  } attributes {bar}
  return %r : i32
}
