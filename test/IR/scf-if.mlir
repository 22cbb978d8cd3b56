// scf.if and scf.yield in their custom forms, as mlir-opt-19 prints them:
// the implicit scf.yield of an if without results is added on parsing and
// left out on printing; the generic form shows it. Verified, not lowered.
// RUN: tirc -allow-unregistered-dialect %s | FileCheck %s
// RUN: tirc -allow-unregistered-dialect -mlir-print-op-generic %s | FileCheck %s --check-prefix=GEN
// RUN: tirc -allow-unregistered-dialect -mlir-print-op-generic %s | tirc -allow-unregistered-dialect - | FileCheck %s
// RUN: tirc -allow-unregistered-dialect -split-input-file -verify-diagnostics %S/invalid-scf.mlir -o /dev/null

// CHECK-LABEL: func.func @f(%arg0: i1, %arg1: i32) -> i32 {
// CHECK-NEXT:    scf.if %arg0 {
// CHECK-NEXT:      %1 = arith.addi %arg1, %arg1 : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    %0 = scf.if %arg0 -> (i32) {
// CHECK-NEXT:      %1 = arith.addi %arg1, %arg1 : i32
// CHECK-NEXT:      scf.yield %1 : i32
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.yield %arg1 : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.if %arg0 {
// CHECK-NEXT:    } else {
// CHECK-NEXT:      "test.op"() : () -> ()
// CHECK-NEXT:    }
// CHECK-NEXT:    return %0 : i32
// GEN:         "scf.if"(%arg0) ({
// GEN-NEXT:      %2 = "arith.addi"(%arg1, %arg1)
// GEN-NEXT:      "scf.yield"() : () -> ()
// GEN-NEXT:    }, {
// GEN-NEXT:    }) : (i1) -> ()
func.func @f(%c: i1, %x: i32) -> i32 {
  scf.if %c {
    %0 = arith.addi %x, %x : i32
  }
  %r = scf.if %c -> (i32) {
    %1 = arith.addi %x, %x : i32
    scf.yield %1 : i32
  } else {
    scf.yield %x : i32
  }
  scf.if %c {
  } else {
    "test.op"() : () -> ()
  }
  return %r : i32
}
