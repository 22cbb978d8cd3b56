// scf.if's and scf.yield's verifier messages, as mlir-opt-19's (run by
// scf-if.mlir and mlir-opt-19-agrees.mlir).
// RUN: true

func.func @no_else(%c: i1, %x: i32) -> i32 {
  // expected-error@+1 {{'scf.if' op must have an else block if defining values}}
  %r = scf.if %c -> (i32) {
    scf.yield %x : i32
  }
  return %r : i32
}

// -----

func.func @yield_count(%c: i1, %x: i32) -> i32 {
  // expected-error@+1 {{'scf.if' op  region control flow edge from Region #0 to parent results: source has 2 operands, but target successor needs 1}}
  %r = scf.if %c -> (i32) {
    scf.yield %x, %x : i32, i32
  } else {
    scf.yield %x : i32
  }
  return %r : i32
}

// -----

func.func @yield_type(%c: i1, %x: i32, %y: f32) -> i32 {
  // expected-error@+1 {{'scf.if' op  along control flow edge from Region #0 to parent results: source type #0 'f32' should match input type #0 'i32'}}
  %r = scf.if %c -> (i32) {
    scf.yield %y : f32
  } else {
    scf.yield %x : i32
  }
  return %r : i32
}

// -----

func.func @yield_outside(%x: i32) {
  // expected-error@+1 {{'scf.yield' op expects parent op to be one of 'scf.execute_region, scf.for, scf.if, scf.index_switch, scf.while'}}
  scf.yield %x : i32
}
