// scf.for, scf.if and scf.while verifier messages, as mlir-opt-19's (the
// first splits are MLIR's own Dialect/SCF/invalid.mlir cases on these
// ops); mlir-opt-19 checks the same expectations in mlir-opt-19.test.
// RUN: tirc -allow-unregistered-dialect -split-input-file -verify-diagnostics %s -o /dev/null

func.func @loop_for_lb(%arg0: f32, %arg1: index) {
  // expected-error@+1 {{operand #0 must be signless integer or index}}
  "scf.for"(%arg0, %arg1, %arg1) ({}) : (f32, index, index) -> ()
  return
}

// -----

func.func @loop_for_ub(%arg0: f32, %arg1: index) {
  // expected-error@+1 {{operand #1 must be signless integer or index}}
  "scf.for"(%arg1, %arg0, %arg1) ({}) : (index, f32, index) -> ()
  return
}

// -----

func.func @loop_for_step(%arg0: f32, %arg1: index) {
  // expected-error@+1 {{operand #2 must be signless integer or index}}
  "scf.for"(%arg1, %arg1, %arg0) ({}) : (index, index, f32) -> ()
  return
}

// -----

func.func @loop_for_mismatch(%arg0: i32, %arg1: index) {
  // expected-error@+1 {{all of {lowerBound, upperBound, step} have same type}}
  "scf.for"(%arg1, %arg0, %arg1) ({}) : (index, i32, index) -> ()
  return
}

// -----

func.func @loop_for_one_region(%arg0: index) {
  // expected-error@+1 {{requires one region}}
  "scf.for"(%arg0, %arg0, %arg0) (
    {scf.yield},
    {scf.yield}
  ) : (index, index, index) -> ()
  return
}

// -----

func.func @loop_for_single_block(%arg0: index) {
  // expected-error@+1 {{expects region #0 to have 0 or 1 blocks}}
  "scf.for"(%arg0, %arg0, %arg0) (
    {
    ^bb1:
      scf.yield
    ^bb2:
      scf.yield
    }
  ) : (index, index, index) -> ()
  return
}

// -----

func.func @loop_for_single_index_argument(%arg0: index) {
  // expected-error@+1 {{expected induction variable to be same type as bounds}}
  "scf.for"(%arg0, %arg0, %arg0) (
    {
    ^bb0(%i0 : f32):
      scf.yield
    }
  ) : (index, index, index) -> ()
  return
}

// -----

func.func @not_enough_loop_results(%arg0: index, %init: f32) {
  // expected-error @below{{mismatch in number of loop-carried values and defined values}}
  "scf.for"(%arg0, %arg0, %arg0, %init) (
    {
    ^bb0(%i0 : index, %iter: f32):
      scf.yield %iter : f32
    }
  ) : (index, index, index, f32) -> ()
  return
}

// -----

func.func @scf_for_incorrect_result_type(%arg0: index, %init: f32) {
  // expected-error @below{{0-th region iter_arg and 0-th loop result have different type: 'f32' != 'f64'}}
  "scf.for"(%arg0, %arg0, %arg0, %init) (
    {
    ^bb0(%i0 : index, %iter: f32):
      scf.yield %iter : f32
    }
  ) : (index, index, index, f32) -> (f64)
  return
}

// -----

func.func @too_many_iter_args(%arg0: index, %init: f32) {
  // expected-error @below{{different number of inits and region iter_args: 1 != 2}}
  %x = "scf.for"(%arg0, %arg0, %arg0, %init) (
    {
    ^bb0(%i0 : index, %iter: f32, %iter2: f32):
      scf.yield %iter, %iter : f32, f32
    }
  ) : (index, index, index, f32) -> (f32)
  return
}

// -----

func.func @too_few_yielded_values(%arg0: index, %init: f32) {
  // expected-error @below{{different number of region iter_args and yielded values: 2 != 1}}
  %x, %x2 = "scf.for"(%arg0, %arg0, %arg0, %init, %init) (
    {
    ^bb0(%i0 : index, %iter: f32, %iter2: f32):
      scf.yield %iter : f32
    }
  ) : (index, index, index, f32, f32) -> (f32, f32)
  return
}

// -----

func.func @loop_if_not_i1(%arg0: index) {
  // expected-error@+1 {{operand #0 must be 1-bit signless integer}}
  "scf.if"(%arg0) ({}, {}) : (index) -> ()
  return
}

// -----

func.func @loop_if_more_than_2_regions(%arg0: i1) {
  // expected-error@+1 {{expected 2 regions}}
  "scf.if"(%arg0) ({}, {}, {}): (i1) -> ()
  return
}

// -----

func.func @loop_if_not_one_block_per_region(%arg0: i1) {
  // expected-error@+1 {{expects region #0 to have 0 or 1 blocks}}
  "scf.if"(%arg0) ({
    ^bb0:
      scf.yield
    ^bb1:
      scf.yield
  }, {}): (i1) -> ()
  return
}

// -----

func.func @loop_if_illegal_block_argument(%arg0: i1) {
  // expected-error@+1 {{region #0 should have no arguments}}
  "scf.if"(%arg0) ({
    ^bb0(%0 : index):
      scf.yield
  }, {}): (i1) -> ()
  return
}

// -----

func.func @std_if_incorrect_yield(%arg0: i1, %arg1: f32)
{
  // expected-error@+1 {{region control flow edge from Region #0 to parent results: source has 1 operands, but target successor needs 2}}
  %x, %y = scf.if %arg0 -> (f32, f32) {
    %0 = arith.addf %arg1, %arg1 : f32
    scf.yield %0 : f32
  } else {
    %0 = arith.subf %arg1, %arg1 : f32
    scf.yield %0, %0 : f32, f32
  }
  return
}

// -----

func.func @std_if_missing_else(%arg0: i1, %arg1: f32)
{
  // expected-error@+1 {{must have an else block if defining values}}
  %x = scf.if %arg0 -> (f32) {
    %0 = arith.addf %arg1, %arg1 : f32
    scf.yield %0 : f32
  }
  return
}

// -----

func.func @std_for_operands_mismatch(%arg0 : index, %arg1 : index, %arg2 : index) {
  %s0 = arith.constant 0.0 : f32
  %t0 = arith.constant 1 : i32
  // expected-error@+1 {{mismatch in number of loop-carried values and defined values}}
  %result1:3 = scf.for %i0 = %arg0 to %arg1 step %arg2
                    iter_args(%si = %s0, %ti = %t0) -> (f32, i32, f32) {
    %sn = arith.addf %si, %si : f32
    %tn = arith.addi %ti, %ti : i32
    scf.yield %sn, %tn, %sn : f32, i32, f32
  }
  return
}

// -----

func.func @std_for_operands_mismatch_2(%arg0 : index, %arg1 : index, %arg2 : index) {
  %s0 = arith.constant 0.0 : f32
  %t0 = arith.constant 1 : i32
  %u0 = arith.constant 1.0 : f32
  // expected-error@+1 {{mismatch in number of loop-carried values and defined values}}
  %result1:2 = scf.for %i0 = %arg0 to %arg1 step %arg2
                    iter_args(%si = %s0, %ti = %t0, %ui = %u0) -> (f32, i32) {
    %sn = arith.addf %si, %si : f32
    %tn = arith.addi %ti, %ti : i32
    %un = arith.subf %ui, %ui : f32
    scf.yield %sn, %tn, %un : f32, i32, f32
  }
  return
}

// -----

func.func @std_for_operands_mismatch_3(%arg0 : index, %arg1 : index, %arg2 : index) {
  // expected-note@+1 {{prior use here}}
  %s0 = arith.constant 0.0 : f32
  %t0 = arith.constant 1.0 : f32
  // expected-error@+2 {{expects different type than prior uses: 'i32' vs 'f32'}}
  %result1:2 = scf.for %i0 = %arg0 to %arg1 step %arg2
                    iter_args(%si = %s0, %ti = %t0) -> (i32, i32) {
    %sn = arith.addf %si, %si : i32
    %tn = arith.addf %ti, %ti : i32
    scf.yield %sn, %tn : i32, i32
  }
  return
}

// -----

func.func @std_for_operands_mismatch_4(%arg0 : index, %arg1 : index, %arg2 : index) {
  %s0 = arith.constant 0.0 : f32
  %t0 = arith.constant 1.0 : f32
  // expected-error @below {{1-th region iter_arg and 1-th yielded value have different type: 'f32' != 'i32'}}
  %result1:2 = scf.for %i0 = %arg0 to %arg1 step %arg2
                    iter_args(%si = %s0, %ti = %t0) -> (f32, f32) {
    %sn = arith.addf %si, %si : f32
    %ic = arith.constant 1 : i32
    scf.yield %sn, %ic : f32, i32
  }
  return
}

// -----

func.func @yield_invalid_parent_op() {
  "my.op"() ({
   // expected-error@+1 {{'scf.yield' op expects parent op to be one of 'scf.execute_region, scf.for, scf.if, scf.index_switch, scf.while'}}
   scf.yield
  }) : () -> ()
  return
}

// -----

func.func @while_parser_type_mismatch() {
  %true = arith.constant true
  // expected-error@+1 {{expected as many input types as operands (expected 0 got 1)}}
  scf.while : (i32) -> () {
    scf.condition(%true)
  } do {
    scf.yield
  }
}

// -----

func.func @while_bad_terminator() {
  // expected-error@+1 {{expects the 'before' region to terminate with 'scf.condition'}}
  scf.while : () -> () {
    // expected-note@+1 {{terminator here}}
    "some.other_terminator"() : () -> ()
  } do {
    scf.yield
  }
}

// -----

func.func @while_empty_region() {
  // expected-error@+1 {{'scf.while' op region #0 ('before') failed to verify constraint: region with 1 blocks}}
  scf.while : () -> () {
  } do {
  }
}

// -----

func.func @while_empty_block() {
  // expected-error @below {{expects a non-empty block}}
  scf.while : () -> () {
  ^bb0:
  } do {
  ^bb0:
  }
}

// -----

func.func @while_invalid_terminator() {
  // expected-error @below {{expects the 'before' region to terminate with 'scf.condition'}}
  scf.while : () -> () {
  ^bb0:
    // expected-note @below{{terminator here}}
    "test.foo"() : () -> ()
  } do {
  ^bb0:
    "test.bar"() : () -> ()
  }
}

// -----

func.func @while_cross_region_type_mismatch() {
  %true = arith.constant true
  // expected-error@+1 {{region control flow edge from Region #0 to Region #1: source has 0 operands, but target successor needs 1}}
  scf.while : () -> () {
    scf.condition(%true)
  } do {
  ^bb0(%arg0: i32):
    scf.yield
  }
}

// -----

func.func @while_cross_region_type_mismatch() {
  %true = arith.constant true
  // expected-error@+1 {{along control flow edge from Region #0 to Region #1: source type #0 'i1' should match input type #0 'i32'}}
  %0 = scf.while : () -> (i1) {
    scf.condition(%true) %true : i1
  } do {
  ^bb0(%arg0: i32):
    scf.yield
  }
}

// -----

func.func @while_result_type_mismatch() {
  %true = arith.constant true
  // expected-error@+1 {{region control flow edge from Region #0 to parent results: source has 1 operands, but target successor needs 0}}
  scf.while : () -> () {
    scf.condition(%true) %true : i1
  } do {
  ^bb0(%arg0: i1):
    scf.yield
  }
}

// -----

func.func @while_bad_terminator() {
  %true = arith.constant true
  // expected-error@+1 {{expects the 'after' region to terminate with 'scf.yield'}}
  scf.while : () -> () {
    scf.condition(%true)
  } do {
    // expected-note@+1 {{terminator here}}
    "some.other_terminator"() : () -> ()
  }
}

// -----

func.func @res1(%arg0: index, %init: f32) {
  // expected-error@+1 {{'scf.for' op 0-th region iter_arg and 0-th loop result have different type: 'f32' != 'f64'}}
  %x:2 = "scf.for"(%arg0, %arg0, %arg0, %init, %init) (
    {
    ^bb0(%i0 : index, %iter: f32, %iter2: f32):
      scf.yield %iter, %iter : f32, f32
    }
  ) : (index, index, index, f32, f32) -> (f32, f64)
  return
}

// -----

func.func @empty(%arg0: index) {
  // expected-error@+1 {{'scf.for' op region #0 ('region') failed to verify constraint: region with 1 blocks}}
  "scf.for"(%arg0, %arg0, %arg0) ({}) : (index, index, index) -> ()
  return
}

// -----

func.func @init_type(%arg0: index, %init: f32) {
  // expected-error@+1 {{'scf.for' op 0-th init and 0-th region iter_arg have different type: 'f32' != 'f64'}}
  %x = "scf.for"(%arg0, %arg0, %arg0, %init) (
    {
    ^bb0(%i0 : index, %iter: f64):
      scf.yield %iter : f64
    }
  ) : (index, index, index, f32) -> (f64)
  return
}

// -----

func.func @cond_not_i1(%arg0: index) {
  scf.while : () -> () {
    // expected-error@+1 {{'scf.condition' op operand #0 must be 1-bit signless integer, but got 'index'}}
    "scf.condition"(%arg0) : (index) -> ()
  } do {
    scf.yield
  }
  return
}

// -----

func.func @cond_parent(%c: i1) {
  // expected-error@+1 {{'scf.condition' op expects parent op 'scf.while'}}
  scf.condition(%c)
  return
}

// -----

func.func @while_yield_back(%a: i32) {
  // expected-error@+1 {{'scf.while' op  region control flow edge from Region #1 to Region #0: source has 0 operands, but target successor needs 1}}
  %0 = scf.while (%x = %a) : (i32) -> i32 {
    %true = arith.constant true
    scf.condition(%true) %x : i32
  } do {
  ^bb0(%y: i32):
    scf.yield
  }
  return
}

// -----

func.func @for_yield_outside(%a: index, %b: i32) {
  // expected-error@+1 {{'scf.for' op different number of region iter_args and yielded values: 0 != 1}}
  scf.for %i = %a to %a step %a {
    scf.yield %b : i32
  }
  return
}
