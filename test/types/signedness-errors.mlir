// Errors on signed and unsigned integer types, with mlir-opt-19's messages
// (mlir-opt-19 agrees: signedness-mlir-opt-19.test).
// RUN: tirc -split-input-file -verify-diagnostics %s

func.func @negative_unsigned() {
  // expected-error @+1 {{negative integer literal not valid for unsigned integer type}}
  "test.c"() {v = -1 : ui8} : () -> ()
  return
}

// -----

func.func @negative_unsigned_dense() {
  // expected-error @+1 {{expected unsigned integer elements, but parsed negative value}}
  "test.c"() {v = dense<[-1, 0]> : tensor<2xui8>} : () -> ()
  return
}

// -----

func.func @unsigned_too_large() {
  // expected-error @+1 {{integer constant out of range}}
  "test.c"() {v = 256 : ui8} : () -> ()
  return
}

// -----

func.func @signed_too_large() {
  // expected-error @+1 {{integer constant out of range}}
  "test.c"() {v = 128 : si8} : () -> ()
  return
}

// -----

func.func @arith_needs_signless(%a: ui8, %b: ui8) -> ui8 {
  // expected-error @+1 {{'arith.addi' op operand #0 must be signless-integer-like, but got 'ui8'}}
  %0 = arith.addi %a, %b : ui8
  return %0 : ui8
}

// -----

func.func @arith_needs_signless_tensor(%a: tensor<4xsi32>) -> tensor<4xi1> {
  // expected-error @+1 {{'arith.cmpi' op operand #0 must be signless-integer-like, but got 'tensor<4xsi32>'}}
  %0 = "arith.cmpi"(%a, %a) {predicate = 2 : i64} : (tensor<4xsi32>, tensor<4xsi32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

// The custom form of a comparison checks the operand type while parsing.
func.func @arith_cmpi_custom_needs_signless(%a: tensor<4xsi32>) -> tensor<4xi1> {
  // expected-error @+1 {{custom op 'arith.cmpi' 'lhs' must be signless-integer-like, but got 'tensor<4xsi32>'}}
  %0 = arith.cmpi slt, %a, %a : tensor<4xsi32>
  return %0 : tensor<4xi1>
}

// -----

func.func @arith_constant_signless() -> ui32 {
  // expected-error @+1 {{'arith.constant' op integer return type must be signless}}
  %0 = arith.constant 0 : ui32
  return %0 : ui32
}

// -----

// As in MLIR, only a scalar result must be signless.
func.func @arith_constant_signed_tensor() -> tensor<2xsi8> {
  %0 = arith.constant dense<[1, -1]> : tensor<2xsi8>
  return %0 : tensor<2xsi8>
}
