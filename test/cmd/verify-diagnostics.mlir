// -verify-diagnostics accepts a file whose every diagnostic is expected:
// directives on the same line, @+N, @-N, @above, @below, several per line,
// notes, regexes; the run then succeeds (exit 0), reports nothing and
// prints the chunks without errors.
// RUN: tirc -split-input-file -verify-diagnostics %s 2>%t.err | FileCheck --check-prefix=OUT %s
// RUN: FileCheck --allow-empty --check-prefix=ERR %s < %t.err
// OUT-NOT: @same_line
// OUT: func.func @clean
// ERR-NOT: {{.}}

func.func @same_line(%a: tensor<4xf32>) -> tensor<4xi32> {
  return %a : tensor<4xf32> // expected-error {{type of return operand 0 ('tensor<4xf32>') doesn't match function result type ('tensor<4xi32>')}}
}

// -----
func.func @plus(%a: tensor<4xf32>) -> tensor<4xi32> {
  // expected-error@+1 {{doesn't match function result type}}
  return %a : tensor<4xf32>
}

// -----
func.func @minus(%a: tensor<4xf32>) -> tensor<4xi32> {
  return %a : tensor<4xf32>

  // expected-error@-2 {{doesn't match function result type}}
}

// -----
func.func @above(%a: tensor<4xf32>) -> tensor<4xi32> {
  return %a : tensor<4xf32>
  // expected-error@above {{doesn't match function result type}}
}

// -----
func.func @below(%a: tensor<4xf32>) -> tensor<4xi32> {
  // Directive lines are skipped when looking for the line below (other
  // comment lines are not).
  // expected-error@below {{doesn't match function result type}}
  return %a : tensor<4xf32>
}

// -----
// An error and its note, expected together: the note points at the
// value's definition.
// expected-note@+1 {{prior use here}}
func.func @note(%a: tensor<4xf32>) {
  %0 = "tir.neg"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  // expected-error@+1 {{use of value '%a' expects different type than prior uses: 'tensor<4xi32>' vs 'tensor<4xf32>'}}
  %1 = "tir.neg"(%a) : (tensor<4xi32>) -> tensor<4xi32>
  return
}

// -----
// Two functions named @g: the error and its note on lines of their own.
func.func @g() { // expected-note {{see existing symbol definition here}}
  return
}
func.func @g() { // expected-error {{redefinition of symbol named 'g'}}
  return
}

// -----
// Several directives on one line, and several diagnostics on one line
// (two ops written on one line), each matched by its own directive.
func.func @several(%a: tensor<4xf32>, %b: tensor<3xf32>) {
  // expected-error@+2 {{operands don't have broadcast-compatible shapes}} expected-error@+3 {{op requires a single operand}}
  // expected-error-re@+3 {{'tir.{{[a-z]+}}' op requires a single operand}}
  %0 = "tir.add"(%a, %b) : (tensor<4xf32>, tensor<3xf32>) -> tensor<4xf32>
  %1 = "tir.neg"(%a, %a) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %2 = "tir.neg"(%a, %a) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  // expected-error@+2 {{'tir.neg' op requires a single operand}}
  // expected-error@+1 {{'tir.abs' op requires a single operand}}
  %3 = "tir.neg"(%a, %a) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32> %4 = "tir.abs"(%a, %a) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----
// A chunk without diagnostics and without directives is fine.
func.func @clean(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}
