// Verifier and parser errors about regions, with mlir-opt-19's messages
// (mlir-opt-19-agrees.mlir runs mlir-opt-19 on this file too).
// RUN: tirc -allow-unregistered-dialect -split-input-file -verify-diagnostics %s -o /dev/null

func.func @zero_regions(%x: i32) -> i32 {
  // expected-error@+1 {{'arith.addi' op requires zero regions}}
  %0 = "arith.addi"(%x, %x) ({
    "test.yield"() : () -> ()
  }) : (i32, i32) -> i32
  return %0 : i32
}

// -----

func.func @one_region() {
  // expected-error@+1 {{'test.parent' op requires one region}}
  "test.parent"() : () -> ()
  return
}

// -----

func.func @empty_block() {
  // expected-error@+1 {{empty block: expect at least a terminator}}
  "test.parent"() ({
  ^bb0:
  }) : () -> ()
  return
}

// -----

func.func @no_terminator() {
  "test.parent"() ({
    // expected-error@+1 {{block with no terminator, has "test.child"() : () -> ()}}
    "test.child"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @terminator_in_the_middle() {
  "test.parent"() ({
    // expected-error@+1 {{'test.finish' op must be the last operation in the parent block}}
    "test.finish"() : () -> ()
    "test.finish"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @dominance_across_nesting(%x: i32) {
  "test.parent"() ({
    // expected-error@+1 {{operand #0 does not dominate this use}}
    %1 = arith.addi %0, %x : i32
    "test.finish"() : () -> ()
  }) : () -> ()
  // expected-note@+1 {{operand defined here}}
  %0 = arith.addi %x, %x : i32
  return
}

// -----

func.func @isolated(%x: i32) {
  // expected-note@+1 {{required by region isolation constraints}}
  "test.isolated_one_region_op"() ({
    // expected-error@+1 {{'arith.addi' op using value defined outside the region}}
    %1 = arith.addi %x, %x : i32
    "test.finish"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @return_in_region() {
  "test.parent"() ({
    // expected-error@+1 {{'func.return' op expects parent op 'func.func'}}
    return
  }) : () -> ()
  return
}

// -----

func.func @graph_region_blocks() {
  // expected-error@+1 {{'test.graph_region' op expects graph region #0 to have 0 or 1 blocks}}
  test.graph_region {
    "test.finish"() : () -> ()
  ^bb1:
    "test.finish"() : () -> ()
  }
  return
}

// -----

func.func @implicit_terminator() {
  // expected-error@+2 {{'test.SingleBlockImplicitTerminator' op expects regions to end with 'test.finish', found 'test.unknown'}}
  // expected-note@+1 {{in custom textual format, the absence of terminator implies 'test.finish'}}
  "test.SingleBlockImplicitTerminator"() ({
    "test.unknown"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @names_end_with_their_region(%x: i32) {
  "test.op"() ({
    %1 = arith.addi %x, %x : i32
    "test.yield"() : () -> ()
  }) : () -> ()
  // expected-error@+1 {{use of undeclared SSA value name}}
  %2 = arith.addi %1, %x : i32
  return
}

// -----

// expected-note@+1 {{previously defined here}}
func.func @outer_names_visible(%x: i32) {
  "test.op"() ({
    // expected-error@+1 {{redefinition of SSA value '%x'}}
    %x = arith.addi %x, %x : i32
    "test.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @single_block_no_terminator() {
  // expected-error@+1 {{'test.single_no_terminator_op' op expects region #0 to have 0 or 1 blocks}}
  "test.single_no_terminator_op"() ({
    %0 = arith.constant 1 : i32
  ^bb1:
    %1 = arith.constant 1 : i32
  }) : () -> ()
  return
}
