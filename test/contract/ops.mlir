// The contractions' custom forms round-trip (and their generic forms
// parse), -infer-shapes refines their results from the loop description,
// canonicalize folds constants and transposed operands, and -emit-llvm
// lowers them to valid LLVM IR (SPEC 7; numbers: test/native contract tests);
// a unit-K contraction canonicalizes to a broadcast multiply.
// RUN: tirc %s | FileCheck %s
// RUN: tirc %s | tirc | FileCheck %s
// RUN: tirc -mlir-print-op-generic %s | tirc | FileCheck %s
// RUN: tirc -infer-shapes %s | FileCheck %s --check-prefix=INFER
// RUN: tirc -canonicalize %s | FileCheck %s --check-prefix=CANON
// RUN: tirc -infer-shapes -emit-llvm %s -o %t.ll
// RUN: opt-14 -passes=verify %t.ll -o /dev/null

// CHECK-LABEL: func.func @matmul
// CHECK: tir.matmul %arg0, %arg1 : (tensor<8x?x4xf32>, tensor<4x5xf32>) -> tensor<*xf32>
// CHECK: tir.matmul %arg1, %arg2 : (tensor<4x5xf32>, tensor<5xf32>) -> tensor<?xf32>
// INFER-LABEL: func.func @matmul
// INFER: tir.matmul %arg0, %arg1 : (tensor<8x?x4xf32>, tensor<4x5xf32>) -> tensor<8x?x5xf32>
// INFER: tir.matmul %arg1, %arg2 : (tensor<4x5xf32>, tensor<5xf32>) -> tensor<4xf32>
func.func @matmul(%a: tensor<8x?x4xf32>, %b: tensor<4x5xf32>, %v: tensor<5xf32>) -> (tensor<*xf32>, tensor<?xf32>) {
  %0 = tir.matmul %a, %b : (tensor<8x?x4xf32>, tensor<4x5xf32>) -> tensor<*xf32>
  %1 = tir.matmul %b, %v : (tensor<4x5xf32>, tensor<5xf32>) -> tensor<?xf32>
  return %0, %1 : tensor<*xf32>, tensor<?xf32>
}

// CHECK-LABEL: func.func @dot_general
// CHECK: tir.dot_general %arg0, %arg1 {lhs_batching_dimensions = array<i64: 0>, lhs_contracting_dimensions = array<i64: 2>, rhs_batching_dimensions = array<i64: 0>, rhs_contracting_dimensions = array<i64: 1>} : (tensor<2x3x4xi8>, tensor<2x4x5xi8>) -> tensor<*xi32>
// INFER-LABEL: func.func @dot_general
// INFER: -> tensor<2x3x5xi32>
func.func @dot_general(%a: tensor<2x3x4xi8>, %b: tensor<2x4x5xi8>) -> tensor<*xi32> {
  %0 = tir.dot_general %a, %b {lhs_batching_dimensions = array<i64: 0>, rhs_batching_dimensions = array<i64: 0>, lhs_contracting_dimensions = array<i64: 2>, rhs_contracting_dimensions = array<i64: 1>} : (tensor<2x3x4xi8>, tensor<2x4x5xi8>) -> tensor<*xi32>
  return %0 : tensor<*xi32>
}

// CHECK-LABEL: func.func @einsum
// CHECK: tir.einsum %arg0, %arg1 {equation = "bhqd,bhkd->bhqk"} : (tensor<2x4x16x8xf32>, tensor<2x1x16x8xf32>) -> tensor<*xf32>
// INFER-LABEL: func.func @einsum
// INFER: -> tensor<2x4x16x16xf32>
func.func @einsum(%q: tensor<2x4x16x8xf32>, %k: tensor<2x1x16x8xf32>) -> tensor<*xf32> {
  %0 = tir.einsum %q, %k {equation = "bhqd,bhkd->bhqk"} : (tensor<2x4x16x8xf32>, tensor<2x1x16x8xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// CHECK-LABEL: func.func @tosa
// CHECK: tosa.matmul %arg0, %arg1 {quantization_info = #tosa.matmul_quant<a_zp = 1, b_zp = -2>} : (tensor<1x3x4xi8>, tensor<1x4x5xi8>) -> tensor<1x3x5xi32>
// CHECK: tosa.matmul %arg2, %arg3 : (tensor<2x3x4xf16>, tensor<2x4x5xf16>) -> tensor<?x?x?xf32>
// INFER-LABEL: func.func @tosa
// INFER: -> tensor<2x3x5xf32>
func.func @tosa(%a: tensor<1x3x4xi8>, %b: tensor<1x4x5xi8>, %c: tensor<2x3x4xf16>, %d: tensor<2x4x5xf16>) -> (tensor<1x3x5xi32>, tensor<?x?x?xf32>) {
  %0 = tosa.matmul %a, %b {quantization_info = #tosa.matmul_quant<a_zp = 1, b_zp = -2>} : (tensor<1x3x4xi8>, tensor<1x4x5xi8>) -> tensor<1x3x5xi32>
  %1 = tosa.matmul %c, %d : (tensor<2x3x4xf16>, tensor<2x4x5xf16>) -> tensor<?x?x?xf32>
  return %0, %1 : tensor<1x3x5xi32>, tensor<?x?x?xf32>
}

// Constant operands fold (eval's numbers).
// CANON-LABEL: func.func @fold
// CANON-NEXT: tir.constant dense<{{\[}}[4.000000e+00, 5.000000e+00], [1.000000e+01, 1.100000e+01]]> : tensor<2x2xf32>
// CANON-NOT: tir.matmul
func.func @fold() -> tensor<2x2xf32> {
  %a = tir.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %b = tir.constant dense<[[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]]> : tensor<3x2xf32>
  %0 = tir.matmul %a, %b : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// A transposed operand folds into the equation and the dimension numbers.
// CANON-LABEL: func.func @transposed
// CANON-NOT: tir.transpose
// CANON: tir.einsum %arg0, %arg1 {equation = "bhqd,bhdk->bhqk"} : (tensor<2x4x16x8xf32>, tensor<2x4x8x16xf32>)
// CANON: tir.dot_general %arg2, %arg3 {lhs_contracting_dimensions = array<i64: 0>, rhs_contracting_dimensions = array<i64: 0>} : (tensor<4x3xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
func.func @transposed(%q: tensor<2x4x16x8xf32>, %kt: tensor<2x4x8x16xf32>, %at: tensor<4x3xf32>, %b: tensor<4x5xf32>) -> (tensor<2x4x16x16xf32>, tensor<3x5xf32>) {
  %k = tir.transpose %kt {permutation = array<i64: 0, 1, 3, 2>} : (tensor<2x4x8x16xf32>) -> tensor<2x4x16x8xf32>
  %0 = tir.einsum %q, %k {equation = "bhqd,bhkd->bhqk"} : (tensor<2x4x16x8xf32>, tensor<2x4x16x8xf32>) -> tensor<2x4x16x16xf32>
  %a = tir.transpose %at {permutation = array<i64: 1, 0>} : (tensor<4x3xf32>) -> tensor<3x4xf32>
  %1 = tir.dot_general %a, %b {lhs_contracting_dimensions = array<i64: 1>, rhs_contracting_dimensions = array<i64: 0>} : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  return %0, %1 : tensor<2x4x16x16xf32>, tensor<3x5xf32>
}

// A unit-K contraction is a broadcast multiply; one that widens stays.
// CANON-LABEL: func.func @unit_k
// CANON-NEXT: %[[A:.*]] = tir.reshape %arg0 : (tensor<2x3x1xf32>) -> tensor<2x3xf32>
// CANON-NEXT: %[[BA:.*]] = tir.broadcast_in_dim %[[A]] {broadcast_dimensions = array<i64: 0, 1>} : (tensor<2x3xf32>) -> tensor<2x3x4xf32>
// CANON-NEXT: %[[B:.*]] = tir.reshape %arg1 : (tensor<1x4xf32>) -> tensor<4xf32>
// CANON-NEXT: %[[BB:.*]] = tir.broadcast_in_dim %[[B]] {broadcast_dimensions = array<i64: 2>} : (tensor<4xf32>) -> tensor<2x3x4xf32>
// CANON-NEXT: %[[M:.*]] = tir.mul %[[BA]], %[[BB]] : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
// CANON-NEXT: tir.dot_general %arg2, %arg3
// CANON-NEXT: return %[[M]]
func.func @unit_k(%a: tensor<2x3x1xf32>, %b: tensor<1x4xf32>, %c: tensor<3x1xi8>, %d: tensor<1x4xi8>) -> (tensor<2x3x4xf32>, tensor<3x4xi32>) {
  %0 = tir.matmul %a, %b : (tensor<2x3x1xf32>, tensor<1x4xf32>) -> tensor<2x3x4xf32>
  %1 = tir.dot_general %c, %d {lhs_contracting_dimensions = array<i64: 1>, rhs_contracting_dimensions = array<i64: 0>} : (tensor<3x1xi8>, tensor<1x4xi8>) -> tensor<3x4xi32>
  return %0, %1 : tensor<2x3x4xf32>, tensor<3x4xi32>
}
