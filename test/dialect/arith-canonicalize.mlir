// arith folds: constants (the new integer ops with MLIR's rounding and
// shifts), identities, select, cast chains, comparisons of a value with
// itself. mlir-opt-19 -canonicalize gives the same values
// (arith-mlir-opt-19.test checks its output against these lines).
// RUN: tirc -canonicalize %s | FileCheck %s

// CHECK-LABEL: func.func @folds
// CHECK-DAG: %[[M3:.*]] = arith.constant -3 : i32
// CHECK-DAG: %[[M4:.*]] = arith.constant -4 : i32
// CHECK-DAG: %[[T:.*]] = arith.constant true
// CHECK-DAG: %[[F:.*]] = arith.constant false
// CHECK-DAG: %[[U:.*]] = arith.constant 1073741822 : i32
// CHECK-DAG: %[[TT:.*]] = arith.constant dense<true> : tensor<4xi1>
// CHECK-DAG: %[[M2:.*]] = arith.constant -2 : i32
// CHECK-DAG: %[[CU:.*]] = arith.constant 2147483645 : i32
// CHECK-DAG: %[[E:.*]] = arith.extsi %arg2 : i1 to i64
// CHECK: return %arg0, %arg0, %arg0, %arg1, %[[M3]], %[[M4]], %[[T]], %[[F]], %arg3, %[[E]], %[[U]], %[[TT]], %[[M2]], %[[CU]], %arg0 :
func.func @folds(%x: i32, %y: i32, %c: i1, %f: f32, %t: tensor<4xi32>) -> (i32, i32, i32, i32, i32, i32, i1, i1, f32, i64, i32, tensor<4xi1>, i32, i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %cm = arith.constant -7 : i32
  %c2 = arith.constant 2 : i32
  %true = arith.constant true
  %0 = arith.shli %x, %c0 : i32
  %1 = arith.ceildivsi %x, %c1 : i32
  %2 = arith.select %true, %x, %y : i32
  %3 = arith.select %c, %y, %y : i32
  %4 = arith.ceildivsi %cm, %c2 : i32
  %5 = arith.floordivsi %cm, %c2 : i32
  %6 = arith.cmpi sle, %x, %x : i32
  %7 = arith.cmpi ult, %x, %x : i32
  %n = arith.negf %f : f32
  %8 = arith.negf %n : f32
  %e2 = arith.extsi %c : i1 to i16
  %10 = arith.extsi %e2 : i16 to i64
  %11 = arith.shrui %cm, %c2 : i32
  %12 = arith.cmpi eq, %t, %t : tensor<4xi32>
  %13 = arith.shrsi %cm, %c2 : i32
  %14 = arith.ceildivui %cm, %c2 : i32
  %e1 = arith.extsi %x : i32 to i64
  %15 = arith.trunci %e1 : i64 to i32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %10, %11, %12, %13, %14, %15 : i32, i32, i32, i32, i32, i32, i1, i1, f32, i64, i32, tensor<4xi1>, i32, i32, i32
}
