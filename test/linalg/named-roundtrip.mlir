// The linalg named ops in their custom forms round-trip as mlir-opt-19
// prints them, and through the generic form; named-mlir-opt.test
// compares the output with mlir-opt-19's byte for byte.
// RUN: tirc %s | FileCheck %s
// RUN: tirc %s | tirc | FileCheck %s
// RUN: tirc -mlir-print-op-generic %s | tirc | FileCheck %s

// CHECK-LABEL: func.func @contractions
func.func @contractions(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>, %c: tensor<4x16xf32>, %v: tensor<8xf32>,
                        %x: tensor<2x4x8xi8>, %y: tensor<2x8x3xi8>) -> tensor<4x16xf32> {
  // CHECK: %0 = linalg.matmul ins(%arg0, %arg1 : tensor<4x8xf32>, tensor<8x16xf32>) outs(%arg2 : tensor<4x16xf32>) -> tensor<4x16xf32>
  %0 = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x16xf32>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
  // CHECK: %1 = tensor.empty() : tensor<2x4x3xi32>
  %e = tensor.empty() : tensor<2x4x3xi32>
  // CHECK: %2 = linalg.batch_matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%arg4, %arg5 : tensor<2x4x8xi8>, tensor<2x8x3xi8>) outs(%1 : tensor<2x4x3xi32>) -> tensor<2x4x3xi32>
  %1 = linalg.batch_matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%x, %y : tensor<2x4x8xi8>, tensor<2x8x3xi8>) outs(%e : tensor<2x4x3xi32>) -> tensor<2x4x3xi32>
  %e4 = tensor.empty() : tensor<4xf32>
  // CHECK: %4 = linalg.matvec ins(%arg0, %arg3 : tensor<4x8xf32>, tensor<8xf32>) outs(%3 : tensor<4xf32>) -> tensor<4xf32>
  %2 = linalg.matvec ins(%a, %v : tensor<4x8xf32>, tensor<8xf32>) outs(%e4 : tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4x16xf32>
}

// CHECK-LABEL: func.func @moves
func.func @moves(%a: tensor<4x8xf32>, %v: tensor<8xf32>, %d: tensor<?x8xf32>) -> tensor<8x4xf32> {
  %e = tensor.empty() : tensor<8x4xf32>
  // CHECK: %transposed = linalg.transpose ins(%arg0 : tensor<4x8xf32>) outs(%0 : tensor<8x4xf32>) permutation = [1, 0] {{$}}
  %0 = linalg.transpose ins(%a : tensor<4x8xf32>) outs(%e : tensor<8x4xf32>) permutation = [1, 0]
  %e2 = tensor.empty() : tensor<8x5xf32>
  // CHECK: %broadcasted = linalg.broadcast ins(%arg1 : tensor<8xf32>) outs(%1 : tensor<8x5xf32>) dimensions = [1]  {tag = "b"}{{$}}
  %1 = linalg.broadcast ins(%v : tensor<8xf32>) outs(%e2 : tensor<8x5xf32>) dimensions = [1] {tag = "b"}
  %c0 = arith.constant 0 : index
  %n = tensor.dim %d, %c0 : tensor<?x8xf32>
  // CHECK: %2 = tensor.empty(%dim) : tensor<?x8xf32>
  %e3 = tensor.empty(%n) : tensor<?x8xf32>
  // CHECK: %3 = linalg.copy ins(%arg2 : tensor<?x8xf32>) outs(%2 : tensor<?x8xf32>) -> tensor<?x8xf32>
  %2 = linalg.copy ins(%d : tensor<?x8xf32>) outs(%e3 : tensor<?x8xf32>) -> tensor<?x8xf32>
  %cst = arith.constant 1.0 : f32
  // CHECK: %4 = linalg.fill ins(%cst : f32) outs(%3 : tensor<?x8xf32>) -> tensor<?x8xf32>
  %3 = linalg.fill ins(%cst : f32) outs(%2 : tensor<?x8xf32>) -> tensor<?x8xf32>
  return %0 : tensor<8x4xf32>
}

// CHECK-LABEL: func.func @elemwise
func.func @elemwise(%a: tensor<4x8xf32>, %i: tensor<4x8xi32>, %s: f32) -> tensor<4x8xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  // CHECK: %1 = linalg.elemwise_unary ins(%arg0 : tensor<4x8xf32>) outs(%0 : tensor<4x8xf32>) -> tensor<4x8xf32>
  %0 = linalg.elemwise_unary ins(%a : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  // CHECK: %2 = linalg.elemwise_unary {fun = #linalg.unary_fn<tanh>} ins(%1 : tensor<4x8xf32>) outs(%0 : tensor<4x8xf32>) -> tensor<4x8xf32>
  %1 = linalg.elemwise_unary {fun = #linalg.unary_fn<tanh>} ins(%0 : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  // CHECK: %3 = linalg.elemwise_binary {cast = #linalg.type_fn<cast_unsigned>, fun = #linalg.binary_fn<mul>} ins(%arg1, %arg2 : tensor<4x8xi32>, f32) outs(%0 : tensor<4x8xf32>) -> tensor<4x8xf32>
  %2 = linalg.elemwise_binary {fun = #linalg.binary_fn<mul>, cast = #linalg.type_fn<cast_unsigned>} ins(%i, %s : tensor<4x8xi32>, f32) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  return %2 : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @memrefs
func.func @memrefs(%a: memref<4x8xf32>, %b: memref<8x16xf32>, %c: memref<4x16xf32>, %t: memref<8x4xf32>) {
  // CHECK: linalg.matmul ins(%arg0, %arg1 : memref<4x8xf32>, memref<8x16xf32>) outs(%arg2 : memref<4x16xf32>){{$}}
  linalg.matmul ins(%a, %b : memref<4x8xf32>, memref<8x16xf32>) outs(%c : memref<4x16xf32>)
  // CHECK: linalg.transpose ins(%arg0 : memref<4x8xf32>) outs(%arg3 : memref<8x4xf32>) permutation = [1, 0] {{$}}
  linalg.transpose ins(%a : memref<4x8xf32>) outs(%t : memref<8x4xf32>) permutation = [1, 0]
  return
}

// The generic form carries the implicit bodies as MLIR 19's region
// builder makes them (casts of the inputs to the init's element type,
// then the function), so mlir-opt-19 reads tirc's generic output.
// RUN: tirc -mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC
// GENERIC-LABEL: "func.func"() <{function_type = {{.*}}sym_name = "contractions"}>
// GENERIC: "linalg.matmul"(%arg0, %arg1, %arg2) <{operandSegmentSizes = array<i32: 2, 1>}> ({
// GENERIC-NEXT: ^bb0(%[[A:.*]]: f32, %[[B:.*]]: f32, %[[C:.*]]: f32):
// GENERIC-NEXT:   %[[M:.*]] = "arith.mulf"(%[[A]], %[[B]]) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// GENERIC-NEXT:   %[[S:.*]] = "arith.addf"(%[[C]], %[[M]]) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// GENERIC-NEXT:   "linalg.yield"(%[[S]]) : (f32) -> ()
// GENERIC-NEXT: })
// MLIR 19's batch_matmul has no cast property: its `cast` is a discardable
// attribute, and its body extends signed.
// GENERIC: "linalg.batch_matmul"
// GENERIC-NEXT: ^bb0(%[[X:.*]]: i8, %[[Y:.*]]: i8, %[[Z:.*]]: i32):
// GENERIC-NEXT:   %[[X32:.*]] = "arith.extsi"(%[[X]]) : (i8) -> i32
// GENERIC-NEXT:   %[[Y32:.*]] = "arith.extsi"(%[[Y]]) : (i8) -> i32
// GENERIC-NEXT:   %[[P:.*]] = "arith.muli"(%[[X32]], %[[Y32]]) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
// GENERIC-NEXT:   %[[Q:.*]] = "arith.addi"(%[[Z]], %[[P]]) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
// GENERIC-NEXT:   "linalg.yield"(%[[Q]]) : (i32) -> ()
// GENERIC-LABEL: sym_name = "moves"
// GENERIC: "linalg.transpose"(%arg0, %0) <{permutation = array<i64: 1, 0>}> ({
// GENERIC-NEXT: ^bb0(%[[I:.*]]: f32, %{{.*}}: f32):
// GENERIC-NEXT:   "linalg.yield"(%[[I]]) : (f32) -> ()

// Which ops read `cast` (matmul, copy, elemwise) and which keep it as a
// discardable attribute (matvec, batch_matmul, fill): named-mlir-opt.test
// compares both forms with mlir-opt-19's.
// CHECK-LABEL: func.func @casts
func.func @casts(%a: tensor<4x8xi8>, %b: tensor<8x3xi8>, %c: tensor<4x3xi32>, %v: tensor<8xi8>, %w: tensor<4xi32>, %s: i8, %e: tensor<4x8xi32>) -> tensor<4x8xi32> {
  // CHECK: linalg.matmul {cast = #linalg.type_fn<cast_unsigned>} ins
  %0 = linalg.matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%a, %b : tensor<4x8xi8>, tensor<8x3xi8>) outs(%c : tensor<4x3xi32>) -> tensor<4x3xi32>
  // CHECK: linalg.matvec {cast = #linalg.type_fn<cast_unsigned>} ins
  %1 = linalg.matvec {cast = #linalg.type_fn<cast_unsigned>} ins(%a, %v : tensor<4x8xi8>, tensor<8xi8>) outs(%w : tensor<4xi32>) -> tensor<4xi32>
  // CHECK: linalg.fill {cast = #linalg.type_fn<cast_unsigned>} ins
  %2 = linalg.fill {cast = #linalg.type_fn<cast_unsigned>} ins(%s : i8) outs(%e : tensor<4x8xi32>) -> tensor<4x8xi32>
  // CHECK: linalg.copy {cast = #linalg.type_fn<cast_unsigned>} ins
  %3 = linalg.copy {cast = #linalg.type_fn<cast_unsigned>} ins(%a : tensor<4x8xi8>) outs(%e : tensor<4x8xi32>) -> tensor<4x8xi32>
  return %3 : tensor<4x8xi32>
}
// GENERIC-LABEL: sym_name = "casts"
// GENERIC: "linalg.matvec"
// GENERIC: "arith.extsi"
// GENERIC: }) {cast = #linalg.type_fn<cast_unsigned>} :
// GENERIC: "linalg.copy"(%arg0, %arg6) <{cast = #linalg.type_fn<cast_unsigned>, operandSegmentSizes = array<i32: 1, 1>}> ({
// GENERIC-NEXT: ^bb0(%[[I8:.*]]: i8, %{{.*}}: i32):
// GENERIC-NEXT:   %[[I32:.*]] = "arith.extui"(%[[I8]]) : (i8) -> i32
// GENERIC-NEXT:   "linalg.yield"(%[[I32]]) : (i32) -> ()

// MLIR 19's other contractions and its elementwise named ops.
// CHECK-LABEL: func.func @more
func.func @more(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>, %c: tensor<4x16xf32>, %v: tensor<8xf32>, %w: tensor<16xf32>, %bt: tensor<16x8xf32>, %at: tensor<8x4xf32>, %s: tensor<f32>, %i: tensor<4x16xi32>) {
  // CHECK: linalg.matmul_transpose_b ins(%arg0, %arg5 : tensor<4x8xf32>, tensor<16x8xf32>) outs(%arg2 : tensor<4x16xf32>) -> tensor<4x16xf32>
  %0 = linalg.matmul_transpose_b ins(%a, %bt : tensor<4x8xf32>, tensor<16x8xf32>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
  // CHECK: linalg.matmul_transpose_a ins(%arg6, %arg1 : tensor<8x4xf32>, tensor<8x16xf32>) outs(%arg2 : tensor<4x16xf32>) -> tensor<4x16xf32>
  %1 = linalg.matmul_transpose_a ins(%at, %b : tensor<8x4xf32>, tensor<8x16xf32>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
  // CHECK: linalg.vecmat ins(%arg3, %arg1 : tensor<8xf32>, tensor<8x16xf32>) outs(%arg4 : tensor<16xf32>) -> tensor<16xf32>
  %2 = linalg.vecmat ins(%v, %b : tensor<8xf32>, tensor<8x16xf32>) outs(%w : tensor<16xf32>) -> tensor<16xf32>
  // CHECK: linalg.dot ins(%arg3, %arg3 : tensor<8xf32>, tensor<8xf32>) outs(%arg7 : tensor<f32>) -> tensor<f32>
  %3 = linalg.dot ins(%v, %v : tensor<8xf32>, tensor<8xf32>) outs(%s : tensor<f32>) -> tensor<f32>
  // CHECK: linalg.add ins(%arg2, %arg2 : tensor<4x16xf32>, tensor<4x16xf32>) outs(%arg2 : tensor<4x16xf32>) -> tensor<4x16xf32>
  %4 = linalg.add ins(%c, %c : tensor<4x16xf32>, tensor<4x16xf32>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
  // CHECK: linalg.exp ins(%arg2 : tensor<4x16xf32>) outs(%arg2 : tensor<4x16xf32>) -> tensor<4x16xf32>
  %5 = linalg.exp ins(%c : tensor<4x16xf32>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
  // CHECK: linalg.max ins(%arg8, %arg8 : tensor<4x16xi32>, tensor<4x16xi32>) outs(%arg8 : tensor<4x16xi32>) -> tensor<4x16xi32>
  %6 = linalg.max ins(%i, %i : tensor<4x16xi32>, tensor<4x16xi32>) outs(%i : tensor<4x16xi32>) -> tensor<4x16xi32>
  return
}
