// What tirc refuses in TOSA programs that mlir-opt-19 accepts, each after
// all of mlir-opt-19's checks (so where it refuses, tirc gives its
// message; dialect/mlir_differential_test.go generates every case kind
// here and expects these refusals). SPEC 3c decides the first: TOSA's
// broadcasting is between operands and a result of equal rank (the TOSA
// specification's rule; MLIR 19's verifier does not check ranks). The
// others have no value tirc could compute: a cast to another shape
// (MLIR 19's tosa.cast checks no shape; which elements would it take?),
// reduce_all/any of numbers (MLIR 19's constraint takes any number, but
// the TOSA specification and MLIR's own lowering, TosaToLinalg, only
// booleans), a constant whose value has another element type (MLIR 19's
// lowering would build an ill-typed arith.constant), reduce_max/min of a
// static empty extent (no identity, as tir's, SPEC 3a), and a reshape
// whose -1 does not divide the element count.
// mlir-opt-19 accepts every split of this file.
// RUN: tirc -split-input-file -verify-diagnostics %s

func.func @ranks(%a: tensor<13x21x3xf32>, %b: tensor<21x1xf32>) {
  // expected-error @+1 {{'tosa.add' op operands don't have matching ranks}}
  %0 = tosa.add %a, %b : (tensor<13x21x3xf32>, tensor<21x1xf32>) -> tensor<13x21x3xf32>
  return
}

// -----

func.func @result_rank(%a: tensor<i8>) {
  // mlir-opt-19 matches the result's trailing dims only
  // expected-error @+1 {{'tosa.clz' op result type has different rank than operands}}
  %0 = tosa.clz %a : (tensor<i8>) -> tensor<4xi8>
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

func.func @reduce_any_unranked(%a: tensor<*xbf16>) {
  // expected-error @+1 {{'tosa.reduce_any' op operand #0 must be tensor of 1-bit signless integer values, but got 'tensor<*xbf16>'}}
  %0 = tosa.reduce_any %a {axis = 1 : i32} : (tensor<*xbf16>) -> tensor<*xbf16>
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

// With no element to produce, the empty reduced extent is still refused.
func.func @reduce_empty_result(%a: tensor<0x0xf32>, %b: tensor<?x0xi32>) {
  // expected-error @+1 {{'tosa.reduce_min' op reduces dimension 1 of size 0, which has no min (no identity for an empty set)}}
  %0 = tosa.reduce_min %a {axis = 1 : i32} : (tensor<0x0xf32>) -> tensor<0x1xf32>
  // expected-error @+1 {{'tosa.reduce_max' op reduces dimension 1 of size 0, which has no max (no identity for an empty set)}}
  %1 = tosa.reduce_max %b {axis = 1 : i32} : (tensor<?x0xi32>) -> tensor<?x1xi32>
  %2 = tosa.reduce_sum %a {axis = 1 : i32} : (tensor<0x0xf32>) -> tensor<0x1xf32>
  // expected-error @+1 {{'tosa.reduce_max' op reduces dimension 0 of size 0, which has no max (no identity for an empty set)}}
  %3 = tosa.reduce_max %a {axis = 0 : i32} : (tensor<0x0xf32>) -> tensor<1x0xf32>
  return
}

// -----

func.func @reshape_divides(%a: tensor<2x3xf32>) {
  // mlir-opt-19 accepts a -1 that cannot be: 6 elements are not 7 rows
  // expected-error @+1 {{'tosa.reshape' op cannot reshape array of size 6 into shape (7,?)}}
  %0 = tosa.reshape %a {new_shape = array<i64: 7, -1>} : (tensor<2x3xf32>) -> tensor<7x?xf32>
  return
}
