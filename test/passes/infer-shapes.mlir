// One function per refinement rule of infer-shapes.
// RUN: tirc -infer-shapes %s | FileCheck %s
// The output verifies, and a second run changes nothing.
// RUN: tirc -infer-shapes %s | tirc -verify
// RUN: tirc -infer-shapes %s > %t.1.mlir && tirc -infer-shapes %t.1.mlir > %t.2.mlir && diff %t.1.mlir %t.2.mlir

// Broadcastable: InferDim gives (?, 5) -> 5 (tosa-infer-shapes gives up here).
// CHECK-LABEL: func.func @broadcast_dyn_static(%arg0: tensor<?xf32>, %arg1: tensor<5xf32>) -> tensor<5xf32>
// CHECK: tir.add %arg0, %arg1 : (tensor<?xf32>, tensor<5xf32>) -> tensor<5xf32>
func.func @broadcast_dyn_static(%a: tensor<?xf32>, %b: tensor<5xf32>) -> tensor<?xf32> {
  %0 = "tir.add"(%a, %b) : (tensor<?xf32>, tensor<5xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// Broadcastable with rank expansion and 1-dims: (?x4, 3x1) -> 3x4.
// CHECK-LABEL: func.func @broadcast_rank
// CHECK: tir.mul %arg0, %arg1 : (tensor<?x4xf32>, tensor<3x1xf32>) -> tensor<3x4xf32>
// CHECK: tir.sub %0, %arg2 : (tensor<3x4xf32>, tensor<2x1x1xf32>) -> tensor<2x3x4xf32>
func.func @broadcast_rank(%a: tensor<?x4xf32>, %b: tensor<3x1xf32>, %c: tensor<2x1x1xf32>) -> tensor<?x?x?xf32> {
  %0 = "tir.mul"(%a, %b) : (tensor<?x4xf32>, tensor<3x1xf32>) -> tensor<?x?xf32>
  %1 = "tir.sub"(%0, %c) : (tensor<?x?xf32>, tensor<2x1x1xf32>) -> tensor<?x?x?xf32>
  return %1 : tensor<?x?x?xf32>
}

// ? against ? or 1 stays ?: nothing proves a size.
// CHECK-LABEL: func.func @stays_dynamic(%arg0: tensor<?x?xf32>, %arg1: tensor<1x?xf32>) -> tensor<?x?xf32>
// CHECK: tir.add %arg0, %arg1 : (tensor<?x?xf32>, tensor<1x?xf32>) -> tensor<?x?xf32>
// CHECK: tir.exp %0 : tensor<?x?xf32>
func.func @stays_dynamic(%a: tensor<?x?xf32>, %b: tensor<1x?xf32>) -> tensor<?x?xf32> {
  %0 = "tir.add"(%a, %b) : (tensor<?x?xf32>, tensor<1x?xf32>) -> tensor<?x?xf32>
  %1 = "tir.exp"(%0) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  return %1 : tensor<?x?xf32>
}

// A declared static size is never loosened, even where inference says '?'.
// CHECK-LABEL: func.func @keeps_static
// CHECK: tir.add %arg0, %arg1 : (tensor<?xf32>, tensor<?xf32>) -> tensor<7xf32>
func.func @keeps_static(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<7xf32> {
  %0 = "tir.add"(%a, %b) : (tensor<?xf32>, tensor<?xf32>) -> tensor<7xf32>
  return %0 : tensor<7xf32>
}

// ElementwiseMappable / SameOperandsAndResultShape propagate the shape.
// CHECK-LABEL: func.func @elementwise
// CHECK: tir.neg %arg0 : tensor<2x3xf32>
// CHECK: tir.convert %0 : (tensor<2x3xf32>) -> tensor<2x3xi32>
// CHECK: "test.same_operand_and_result_shape"(%1, %arg1) : (tensor<2x3xi32>, tensor<?x3xi32>) -> tensor<2x3xi32>
func.func @elementwise(%a: tensor<2x3xf32>, %b: tensor<?x3xi32>) -> tensor<?x?xi32> {
  %0 = "tir.neg"(%a) : (tensor<2x3xf32>) -> tensor<?x?xf32>
  %1 = "tir.convert"(%0) : (tensor<?x?xf32>) -> tensor<?x?xi32>
  %2 = "test.same_operand_and_result_shape"(%1, %b) : (tensor<?x?xi32>, tensor<?x3xi32>) -> tensor<?x?xi32>
  return %2 : tensor<?x?xi32>
}

// Unranked results become ranked.
// CHECK-LABEL: func.func @unranked(%arg0: tensor<4x1xf32>, %arg1: tensor<5xf32>) -> tensor<4x5xf32>
// CHECK: tir.add %arg0, %arg1 : (tensor<4x1xf32>, tensor<5xf32>) -> tensor<4x5xf32>
// CHECK: tir.tanh %0 : tensor<4x5xf32>
func.func @unranked(%a: tensor<4x1xf32>, %b: tensor<5xf32>) -> tensor<*xf32> {
  %0 = "tir.add"(%a, %b) : (tensor<4x1xf32>, tensor<5xf32>) -> tensor<*xf32>
  %1 = "tir.tanh"(%0) : (tensor<*xf32>) -> tensor<*xf32>
  return %1 : tensor<*xf32>
}

// An unranked operand only bounds the rank: nothing is inferred.
// CHECK-LABEL: func.func @unranked_operand
// CHECK: tir.add %arg0, %arg1 : (tensor<*xf32>, tensor<5xf32>) -> tensor<*xf32>
func.func @unranked_operand(%a: tensor<*xf32>, %b: tensor<5xf32>) -> tensor<*xf32> {
  %0 = "tir.add"(%a, %b) : (tensor<*xf32>, tensor<5xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// tir.broadcast_in_dim: operand dim i gives result dim broadcast_dimensions[i].
// CHECK-LABEL: func.func @broadcast_in_dim
// CHECK: tir.broadcast_in_dim %arg0 {broadcast_dimensions = array<i64: 1>} : (tensor<3xf32>) -> tensor<?x3xf32>
// CHECK: tir.add %arg0, %arg1 {broadcast_dimensions = array<i64: 1>} : (tensor<3xf32>, tensor<2x?xf32>) -> tensor<2x3xf32>
func.func @broadcast_in_dim(%a: tensor<3xf32>, %b: tensor<2x?xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  %0 = "tir.broadcast_in_dim"(%a) {broadcast_dimensions = array<i64: 1>} : (tensor<3xf32>) -> tensor<?x?xf32>
  %1 = "tir.add"(%a, %b) {broadcast_dimensions = array<i64: 1>} : (tensor<3xf32>, tensor<2x?xf32>) -> tensor<?x?xf32>
  return %0, %1 : tensor<?x?xf32>, tensor<?x?xf32>
}

// tensor.cast results join with their source; constants are static already.
// CHECK-LABEL: func.func @cast_and_constant
// CHECK: %[[C:.*]] = tir.constant dense<1.000000e+00> : tensor<1x4xf32>
// CHECK: tensor.cast %arg0 : tensor<*xf32> to tensor<2x?xf32>
// CHECK: tir.add %cast, %[[C]] : (tensor<2x?xf32>, tensor<1x4xf32>) -> tensor<2x4xf32>
func.func @cast_and_constant(%a: tensor<*xf32>) -> tensor<?x?xf32> {
  %c = "tir.constant"() {value = dense<1.0> : tensor<1x4xf32>} : () -> tensor<1x4xf32>
  %0 = tensor.cast %a : tensor<*xf32> to tensor<2x?xf32>
  %1 = "tir.add"(%0, %c) : (tensor<2x?xf32>, tensor<1x4xf32>) -> tensor<?x?xf32>
  return %1 : tensor<?x?xf32>
}

// A chain of 12 ops: one static shape at the start reaches the end.
// CHECK-LABEL: func.func @chain(%arg0: tensor<8x?xf32>, %arg1: tensor<16xf32>, %arg2: tensor<?x1xf32>) -> tensor<8x16xf32>
// CHECK-COUNT-12: {{->|:}} tensor<8x16x{{[fi]}}
// CHECK-NEXT: return {{.*}} : tensor<8x16xf32>
func.func @chain(%x: tensor<8x?xf32>, %w: tensor<16xf32>, %b: tensor<?x1xf32>) -> tensor<?x?xf32> {
  %0 = "tir.mul"(%x, %w) : (tensor<8x?xf32>, tensor<16xf32>) -> tensor<?x?xf32>
  %1 = "tir.add"(%0, %b) : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  %2 = "tir.exp"(%1) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %3 = "tir.sub"(%2, %b) : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  %4 = "tir.max"(%3, %x) : (tensor<?x?xf32>, tensor<8x?xf32>) -> tensor<?x?xf32>
  %5 = "tir.neg"(%4) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %6 = "tir.abs"(%5) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %7 = "tir.cmp"(%6, %w) {predicate = "gt"} : (tensor<?x?xf32>, tensor<16xf32>) -> tensor<?x?xi1>
  %8 = "tir.select"(%7, %6, %5) : (tensor<?x?xi1>, tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %9 = "tir.convert"(%8) : (tensor<?x?xf32>) -> tensor<?x?xi32>
  %10 = "tir.convert"(%9) : (tensor<?x?xi32>) -> tensor<?x?xf32>
  %11 = "tir.div"(%10, %w) : (tensor<?x?xf32>, tensor<16xf32>) -> tensor<?x?xf32>
  return %11 : tensor<?x?xf32>
}

// arith ops need exact types: refined together, a less static operand is
// cast to the joined type (mlir-opt-19 accepts the result).
// CHECK-LABEL: func.func @arith
// CHECK: %[[S:.*]] = tir.neg %arg0 : tensor<4xf32>
// CHECK: %[[C:.*]] = tensor.cast %arg1 : tensor<?xf32> to tensor<4xf32>
// CHECK: arith.addf %[[S]], %[[C]] : tensor<4xf32>
// CHECK: arith.cmpf olt, {{.*}} : tensor<4xf32>
func.func @arith(%a: tensor<4xf32>, %b: tensor<?xf32>) -> (tensor<?xf32>, tensor<?xi1>) {
  %0 = "tir.neg"(%a) : (tensor<4xf32>) -> tensor<?xf32>
  %1 = arith.addf %0, %b : tensor<?xf32>
  %2 = arith.cmpf olt, %1, %b : tensor<?xf32>
  return %1, %2 : tensor<?xf32>, tensor<?xi1>
}

// Calls: callees are refined first, call results follow, operands are cast
// to the callee's argument types.
// A user's cast feeding only a call states the boundary type and stays.
// CHECK-LABEL: func.func @callee(%arg0: tensor<?x3xf32>) -> tensor<?x3xf32>
// CHECK-LABEL: func.func @caller
// CHECK: %[[R:.*]] = call @callee2(%arg1, %arg2) : (tensor<?xf32>, tensor<3xf32>) -> tensor<3xf32>
// CHECK: %[[S:.*]] = tir.add %arg0, %[[R]] : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
// CHECK: %[[A:.*]] = tensor.cast %[[S]] : tensor<2x3xf32> to tensor<?x3xf32>
// CHECK: %[[B:.*]] = call @callee(%[[A]]) : (tensor<?x3xf32>) -> tensor<?x3xf32>
// CHECK: %[[N:.*]] = tir.neg %[[S]] : tensor<2x3xf32>
// CHECK: %[[A2:.*]] = tensor.cast %[[N]] : tensor<2x3xf32> to tensor<?x3xf32>
// CHECK: call @callee(%[[A2]]) : (tensor<?x3xf32>) -> tensor<?x3xf32>
// CHECK-LABEL: func.func @callee2(%arg0: tensor<?xf32>, %arg1: tensor<3xf32>) -> tensor<3xf32>
func.func @callee(%a: tensor<?x3xf32>) -> tensor<?x3xf32> {
  %0 = "tir.exp"(%a) : (tensor<?x3xf32>) -> tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}
func.func @caller(%x: tensor<2x3xf32>, %y: tensor<?xf32>, %z: tensor<3xf32>) -> tensor<?x3xf32> {
  %r = func.call @callee2(%y, %z) : (tensor<?xf32>, tensor<3xf32>) -> tensor<?xf32>
  %0 = "tir.add"(%x, %r) : (tensor<2x3xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  %c = tensor.cast %0 : tensor<?x?xf32> to tensor<?x3xf32>
  %1 = func.call @callee(%c) : (tensor<?x3xf32>) -> tensor<?x3xf32>
  %2 = "tir.neg"(%0) : (tensor<?x?xf32>) -> tensor<?x3xf32>
  %3 = func.call @callee(%2) : (tensor<?x3xf32>) -> tensor<?x3xf32>
  return %1 : tensor<?x3xf32>
}
func.func @callee2(%a: tensor<?xf32>, %b: tensor<3xf32>) -> tensor<?xf32> {
  %0 = "tir.add"(%a, %b) : (tensor<?xf32>, tensor<3xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
