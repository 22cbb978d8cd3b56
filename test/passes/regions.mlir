// Passes walk nested regions: infer-shapes refines the ops inside a
// region (casting back for an op whose operand types must stay), and
// canonicalize folds there; the result still verifies.
// RUN: tirc -allow-unregistered-dialect -infer-shapes %s | FileCheck %s --check-prefix=SHAPES
// RUN: tirc -allow-unregistered-dialect -canonicalize %s | FileCheck %s --check-prefix=CANON
// RUN: tirc -allow-unregistered-dialect -infer-shapes -canonicalize -cse -dce -verify-each %s | tirc -allow-unregistered-dialect -verify

// SHAPES:      "test.parent"() ({
// SHAPES-NEXT:   %1 = tir.add %cast, %cast : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// SHAPES:        %cast_0 = tensor.cast %1 : tensor<4xf32> to tensor<?xf32>
// SHAPES-NEXT:   "test.use"(%cast_0, %2) : (tensor<?xf32>, i32) -> ()

// CANON:      "test.parent"() ({
// CANON-NEXT:   %1 = tir.add %cast, %cast : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
// CANON-NEXT:   %c5_i32 = arith.constant 5 : i32
// CANON-NEXT:   "test.use"(%1, %c5_i32) : (tensor<?xf32>, i32) -> ()
func.func @f(%a: tensor<4xf32>, %c: i1) -> tensor<?xf32> {
  %0 = tensor.cast %a : tensor<4xf32> to tensor<?xf32>
  "test.parent"() ({
    %1 = tir.add %0, %0 : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    %k = arith.constant 2 : i32
    %k2 = arith.constant 3 : i32
    %s = arith.addi %k, %k2 : i32
    "test.use"(%1, %s) : (tensor<?xf32>, i32) -> ()
    "test.finish"() : () -> ()
  }) : () -> ()
  %2 = tir.add %0, %0 : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %2 : tensor<?xf32>
}
