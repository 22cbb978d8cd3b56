// What tirc refuses in TOSA programs that mlir-opt-19 accepts (SPEC 3c
// decides): TOSA's broadcasting is between operands of equal rank (the TOSA
// specification's rule; MLIR 19's verifier does not check ranks), a cast
// keeps its operand's shape (MLIR 19's tosa.cast has no shape check),
// reduce_all/any take booleans (the TOSA specification's; MLIR 19 takes
// any number), a constant's value has the result's element type,
// reduce_max/min of a static empty extent has no value (as tir's, SPEC 3a),
// and a reshape's -1 must divide the element count.
// mlir-opt-19 accepts every split of this file.
// RUN: tirc -split-input-file -verify-diagnostics %s

func.func @ranks(%a: tensor<13x21x3xf32>, %b: tensor<21x1xf32>) {
  // expected-error @+1 {{'tosa.add' op operands don't have matching ranks}}
  %0 = tosa.add %a, %b : (tensor<13x21x3xf32>, tensor<21x1xf32>) -> tensor<13x21x3xf32>
  return
}

// -----

func.func @cast_shape(%a: tensor<4xf32>) {
  // expected-error @+1 {{'tosa.cast' op result type '5' not broadcast compatible with broadcasted operands's shapes '4'}}
  %0 = tosa.cast %a : (tensor<4xf32>) -> tensor<5xi32>
  return
}

// -----

func.func @reduce_all_float(%a: tensor<4x5xf32>) {
  // expected-error @+1 {{'tosa.reduce_all' op operand #0 must be tensor of 1-bit signless integer values, but got 'tensor<4x5xf32>'}}
  %0 = tosa.reduce_all %a {axis = 0 : i32} : (tensor<4x5xf32>) -> tensor<1x5xf32>
  return
}

// -----

func.func @const_element() {
  // expected-error @+1 {{'tosa.const' op value type 'tensor<3xi32>' does not match result type 'tensor<3xf32>'}}
  %0 = "tosa.const"() {value = dense<1> : tensor<3xi32>} : () -> tensor<3xf32>
  return
}

// -----

func.func @reduce_empty(%a: tensor<0x5xf32>) {
  // expected-error @+1 {{'tosa.reduce_max' op reduces dimension 0 of size 0, which has no max (no identity for an empty set)}}
  %0 = tosa.reduce_max %a {axis = 0 : i32} : (tensor<0x5xf32>) -> tensor<1x5xf32>
  return
}

// -----

func.func @reshape_divides(%a: tensor<2x3xf32>) {
  // mlir-opt-19 accepts a -1 that cannot be: 6 elements are not 7 rows
  // expected-error @+1 {{'tosa.reshape' op cannot reshape array of size 6 into shape (7,?)}}
  %0 = tosa.reshape %a {new_shape = array<i64: 7, -1>} : (tensor<2x3xf32>) -> tensor<7x?xf32>
  return
}
