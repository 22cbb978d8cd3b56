// Branches between the blocks of a region (cf.br): dominance follows the
// branches, uses in unreachable blocks are not checked; messages as
// mlir-opt-19's (mlir-opt-19-agrees.mlir runs it on this file too).
// RUN: tirc -allow-unregistered-dialect -split-input-file -verify-diagnostics %s -o /dev/null

func.func @dom(%x: i32) {
  "test.op"() ({
    cf.br ^bb1
  ^bb1:
    // expected-error@+1 {{operand #0 does not dominate this use}}
    %0 = arith.addi %1, %x : i32
    cf.br ^bb2
  ^bb2:
    // expected-note@+1 {{operand defined here}}
    %1 = arith.addi %x, %x : i32
    cf.br ^bb1
  }) : () -> ()
  return
}

// -----

func.func @undefined_block() {
  "test.op"() ({
    // expected-error@+1 {{reference to an undefined block}}
    cf.br ^bb7
  }) : () -> ()
  return
}

// -----

func.func @entry_preds() {
  // expected-error@+1 {{entry block of region may not have predecessors}}
  "test.op"() ({
  ^bb0:
    cf.br ^bb0
  }) : () -> ()
  return
}

// -----

func.func @branch_args(%x: i32) {
  "test.op"() ({
    // expected-error@+1 {{branch has 0 operands for successor #0, but target block has 1}}
    cf.br ^bb1
  ^bb1(%a: i32):
    "test.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @unreachable_uses(%x: i32) {
  "test.op"() ({
    "test.yield"() : () -> ()
  ^bb1:
    %0 = arith.addi %1, %x : i32
    cf.br ^bb2
  ^bb2:
    %1 = arith.addi %x, %x : i32
    cf.br ^bb1
  }) : () -> ()
  return
}
