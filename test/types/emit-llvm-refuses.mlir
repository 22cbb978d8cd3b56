// tirc verifies memrefs, complex types, scalable vectors and integers of
// other widths (builtin.mlir) but does not lower them: -emit-llvm (and the
// C header and driver) refuse them with an error at the op or function
// that has one, exit code 1, before any pass runs.
// RUN: not tirc -split-input-file -emit-llvm %s 2>&1 | FileCheck %s
// RUN: not tirc -split-input-file -emit-c-header %s 2>&1 | FileCheck %s
// RUN: not tirc -split-input-file -canonicalize -emit-llvm %s 2>&1 | FileCheck %s
// RUN: tirc -split-input-file -canonicalize %s | FileCheck --check-prefix=FOLD %s

// CHECK: emit-llvm-refuses.mlir:[[@LINE+1]]:1: error: argument #0 of @wide has the type 'i128': tirc parses and verifies integers of other widths or signedness but does not lower them
func.func @wide(%a: i128) -> i128 {
  return %a : i128
}

// -----

// The addition is not folded either: -canonicalize keeps it (FOLD).
// FOLD-LABEL: func.func @odd
// FOLD: arith.addi %c3_i7, %c3_i7 : i7
// CHECK: emit-llvm-refuses.mlir:[[@LINE+1]]:1: error: result #0 of @odd has the type 'i7': tirc parses and verifies integers of other widths
func.func @odd() -> i7 {
  %c = arith.constant 3 : i7
  %s = arith.addi %c, %c : i7
  return %s : i7
}

// -----

// CHECK: emit-llvm-refuses.mlir:[[@LINE+1]]:1: error: result #0 of @mem has the type 'memref<4xf32>': tirc parses and verifies memref types but does not lower them
func.func @mem(%a: tensor<4xf32>) -> memref<4xf32> {
  %m = "test.to_memref"(%a) : (tensor<4xf32>) -> memref<4xf32>
  return %m : memref<4xf32>
}

// -----

func.func @cplx(%a: tensor<4xf32>) -> tensor<4xf32> {
  // CHECK: emit-llvm-refuses.mlir:[[@LINE+1]]:8: error: 'test.make_complex' op result #0 has the type 'complex<f32>': tirc parses and verifies complex types but does not lower them
  %c = "test.make_complex"() : () -> complex<f32>
  return %a : tensor<4xf32>
}

// -----

// CHECK: emit-llvm-refuses.mlir:[[@LINE+1]]:1: error: argument #0 of @sve has the type 'vector<[4]xi32>': tirc parses and verifies scalable vectors but does not lower them
func.func @sve(%v: vector<[4]xi32>) -> vector<[4]xi32> {
  %0 = arith.addi %v, %v : vector<[4]xi32>
  return %0 : vector<[4]xi32>
}
