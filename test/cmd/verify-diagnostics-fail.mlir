// -verify-diagnostics fails (exit code 1) when a diagnostic is missing,
// unexpected, on another line or with another message, and on malformed
// directives; each failure is reported at the diagnostic or directive.
// RUN: not tirc -split-input-file -verify-diagnostics %s 2>&1 | FileCheck %s
// RUN: tirc -split-input-file -verify-diagnostics %s >/dev/null 2>&1; test $? = 1

// A missing expected error.
func.func @missing(%a: tensor<4xf32>) -> tensor<4xf32> {
  // CHECK: verify-diagnostics-fail.mlir:[[@LINE+1]]:6: error: expected error "no such error" was not produced
  // expected-error@+1 {{no such error}}
  return %a : tensor<4xf32>
}

// -----
// An unexpected error.
func.func @unexpected(%a: tensor<4xf32>) -> tensor<4xi32> {
  // CHECK: verify-diagnostics-fail.mlir:[[@LINE+1]]:3: error: unexpected error: type of return operand 0 ('tensor<4xf32>') doesn't match function result type ('tensor<4xi32>') in function @unexpected
  return %a : tensor<4xf32>
}

// -----
// The right line but another message: both the unexpected error and the
// missing one are reported.
func.func @other_message(%a: tensor<4xf32>) -> tensor<4xi32> {
  // CHECK: verify-diagnostics-fail.mlir:[[@LINE+3]]:3: error: unexpected error: type of return operand 0
  // CHECK: verify-diagnostics-fail.mlir:[[@LINE+1]]:6: error: expected error "operand 1" was not produced
  // expected-error@+1 {{operand 1}}
  return %a : tensor<4xf32>
}

// -----
// The right message on the wrong line.
func.func @wrong_line(%a: tensor<4xf32>) -> tensor<4xi32> {
  // CHECK: verify-diagnostics-fail.mlir:[[@LINE+3]]:3: error: unexpected error: type of return operand 0
  // CHECK: verify-diagnostics-fail.mlir:[[@LINE+1]]:6: error: expected error "doesn't match" was not produced
  // expected-error@+2 {{doesn't match}}
  return %a : tensor<4xf32>
}

// -----
// Severities must match: a warning, a remark and a note that never come.
func.func @severities(%a: tensor<4xf32>) -> tensor<4xi32> {
  // CHECK: verify-diagnostics-fail.mlir:[[@LINE+5]]:3: error: unexpected error: type of return operand 0
  // CHECK: verify-diagnostics-fail.mlir:[[@LINE+1]]:6: error: expected warning "doesn't match" was not produced
  // expected-warning@+3 {{doesn't match}}
  // CHECK: verify-diagnostics-fail.mlir:[[@LINE+1]]:6: error: expected remark "r" was not produced
  // expected-remark@+1 {{r}} expected-note {{n}}
  return %a : tensor<4xf32>
  // CHECK: verify-diagnostics-fail.mlir:[[@LINE-2]]:31: error: expected note "n" was not produced
}

// -----
// An error's note must be expected too.
func.func @unexpected_note(%a: tensor<4xf32>) {
  // CHECK: verify-diagnostics-fail.mlir:[[@LINE-1]]:28: error: unexpected note: prior use here
  %0 = "tir.neg"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  // expected-error@+1 {{expects different type than prior uses}}
  %1 = "tir.neg"(%a) : (tensor<4xi32>) -> tensor<4xi32>
  return
}

// -----
// One directive matches one diagnostic: two errors on a line need two.
func.func @two_on_a_line(%a: tensor<4xf32>) {
  // CHECK: verify-diagnostics-fail.mlir:[[@LINE+2]]:81: error: unexpected error: 'tir.neg' op requires a single operand
  // expected-error@+1 {{requires a single operand}}
  %0 = "tir.neg"(%a, %a) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32> %1 = "tir.neg"(%a, %a) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----
// Malformed directives are errors, not silently ignored.
func.func @malformed(%a: tensor<4xf32>) -> tensor<4xf32> {
  // CHECK: verify-diagnostics-fail.mlir:[[@LINE+1]]:6: error: invalid offset '@next' in expected-* directive: use @+N, @-N, @above or @below
  // expected-error@next {{x}}
  // CHECK: verify-diagnostics-fail.mlir:[[@LINE+1]]:6: error: expected '{{[{][{]}}' to begin the message of the expected-* directive
  // expected-error "x"
  // CHECK: verify-diagnostics-fail.mlir:[[@LINE+1]]:6: error: expected '}}' to end the message of the expected-* directive
  // expected-error {{x
  // CHECK: verify-diagnostics-fail.mlir:[[@LINE+1]]:6: error: invalid regex in expected-*-re directive
  // expected-error-re {{a{{[}}b}}
  return %a : tensor<4xf32>
}
