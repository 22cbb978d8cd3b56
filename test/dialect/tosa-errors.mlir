// Verifier messages of TOSA's elementwise and reduce ops, as mlir-opt-19
// gives them (tosa-mlir-opt-19.test runs this file through it).
// RUN: tirc -split-input-file -verify-diagnostics %s

func.func @broadcast(%a: tensor<13x21x3xf32>, %b: tensor<13x21x2xf32>) {
  // expected-error @+1 {{'tosa.add' op operands don't have broadcast-compatible shapes}}
  %0 = tosa.add %a, %b : (tensor<13x21x3xf32>, tensor<13x21x2xf32>) -> tensor<13x21x3xf32>
  return
}

// -----

func.func @elem_types(%a: tensor<4xf32>, %b: tensor<4xi32>) {
  // expected-error @+1 {{'tosa.sub' op requires the same element type for all operands and results}}
  %0 = tosa.sub %a, %b : (tensor<4xf32>, tensor<4xi32>) -> tensor<4xf32>
  return
}

// -----

func.func @unary_result(%a: tensor<13x21x3xf32>) {
  // expected-error @+1 {{'tosa.exp' op result type '13x21x1' not broadcast compatible with broadcasted operands's shapes '13x21x3'}}
  %0 = tosa.exp %a : (tensor<13x21x3xf32>) -> tensor<13x21x1xf32>
  return
}

// -----

func.func @vector(%a: vector<4xf32>) {
  // expected-error @+1 {{'tosa.exp' op operand #0 must be tensor of number values, but got 'vector<4xf32>'}}
  %0 = tosa.exp %a : (vector<4xf32>) -> vector<4xf32>
  return
}

// -----

func.func @signed(%a: tensor<4xsi8>) {
  // expected-error @+1 {{'tosa.negate' op operand #0 must be tensor of number values, but got 'tensor<4xsi8>'}}
  %0 = tosa.negate %a : (tensor<4xsi8>) -> tensor<4xsi8>
  return
}

// -----

func.func @select_cond(%a: tensor<4xf32>, %c: tensor<4xi32>) {
  // expected-error @+1 {{'tosa.select' op operand #0 must be tensor of 1-bit signless integer values, but got 'tensor<4xi32>'}}
  %0 = tosa.select %c, %a, %a : (tensor<4xi32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @compare_result(%a: tensor<4xf32>) {
  // expected-error @+1 {{'tosa.greater' op result #0 must be tensor of 1-bit signless integer values, but got 'tensor<4xf32>'}}
  %0 = tosa.greater %a, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @logical(%a: tensor<4xi32>) {
  // expected-error @+1 {{'tosa.logical_and' op operand #0 must be tensor of 1-bit signless integer values, but got 'tensor<4xi32>'}}
  %0 = tosa.logical_and %a, %a : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return
}

// -----

func.func @int_div(%a: tensor<4xi8>) {
  // expected-error @+1 {{'tosa.int_div' op operand #0 must be tensor of 32-bit signless integer values, but got 'tensor<4xi8>'}}
  %0 = tosa.int_div %a, %a : (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi8>
  return
}

// -----

func.func @sin_int(%a: tensor<4xi32>) {
  // expected-error @+1 {{'tosa.sin' op operand #0 must be tensor of floating-point values, but got 'tensor<4xi32>'}}
  %0 = tosa.sin %a : (tensor<4xi32>) -> tensor<4xi32>
  return
}

// -----

func.func @mul_narrow(%a: tensor<4xi32>) {
  // expected-error @+1 {{'tosa.mul' op invalid data type size for operands or result}}
  %0 = tosa.mul %a, %a {shift = 0 : i8} : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi8>
  return
}

// -----

func.func @mul_shift(%a: tensor<4xi32>) {
  // expected-error @+1 {{'tosa.mul' op requires attribute 'shift'}}
  %0 = tosa.mul %a, %a : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return
}

// -----

func.func @clamp_attr(%a: tensor<4xf32>) {
  // expected-error @+1 {{'tosa.clamp' op requires attribute 'max_fp'}}
  %0 = tosa.clamp %a {min_int = 0 : i64, max_int = 4 : i64, min_fp = 0.0 : f32} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @reduce_axis(%a: tensor<13x21x3xf32>) {
  // expected-error @+1 {{'tosa.reduce_sum' op expect input tensor rank (3) to be larger than reduce axis (3)}}
  %0 = tosa.reduce_sum %a {axis = 3 : i32} : (tensor<13x21x3xf32>) -> tensor<13x21x1xf32>
  return
}

// -----

func.func @reduce_rank(%a: tensor<13x21x3xf32>) {
  // expected-error @+1 {{'tosa.reduce_max' op expect output tensor rank to be equal to input tensor rank}}
  %0 = tosa.reduce_max %a {axis = 1 : i32} : (tensor<13x21x3xf32>) -> tensor<13x3xf32>
  return
}

// -----

func.func @reduce_shape(%a: tensor<4x5xf32>) {
  // expected-error @+2 {{'tosa.reduce_sum' op inferred type(s) 'tensor<1x5xf32>' are incompatible with return type(s) of operation 'tensor<1x4xf32>'}}
  // expected-error @+1 {{'tosa.reduce_sum' op failed to infer returned types}}
  %0 = tosa.reduce_sum %a {axis = 0 : i32} : (tensor<4x5xf32>) -> tensor<1x4xf32>
  return
}

// -----

func.func @reduce_negative(%a: tensor<4x5xf32>) {
  // expected-error @+1 {{'tosa.reduce_min' op reduce axis must not be negative}}
  %0 = tosa.reduce_min %a {axis = -1 : i32} : (tensor<4x5xf32>) -> tensor<4x1xf32>
  return
}

// -----

func.func @reduce_unit(%a: tensor<*xf32>) {
  // expected-error @+1 {{'tosa.reduce_prod' op expect reduced dimension size to be 1, got 5}}
  %0 = tosa.reduce_prod %a {axis = 1 : i32} : (tensor<*xf32>) -> tensor<4x5xf32>
  return
}

// -----

func.func @reduce_output_rank(%a: tensor<*xi32>) {
  // expected-error @+1 {{'tosa.reduce_max' op expect output tensor rank (1) to be larger than reduce axis (1)}}
  %0 = tosa.reduce_max %a {axis = 1 : i32} : (tensor<*xi32>) -> tensor<5xi32>
  return
}

// -----

func.func @reduce_element(%a: tensor<4xi8>) {
  // expected-error @+2 {{'tosa.reduce_sum' op inferred type(s) 'tensor<1xi8>' are incompatible with return type(s) of operation 'tensor<1xi32>'}}
  // expected-error @+1 {{'tosa.reduce_sum' op failed to infer returned types}}
  %0 = tosa.reduce_sum %a {axis = 0 : i32} : (tensor<4xi8>) -> tensor<1xi32>
  return
}

// -----

func.func @reduce_rank0(%a: tensor<f32>) -> tensor<f32> {
  // the reduction of a rank-0 tensor over axis 0 is itself
  %0 = tosa.reduce_sum %a {axis = 0 : i32} : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @mul_widen(%a: tensor<4xi8>) -> tensor<4xi16> {
  %0 = tosa.mul %a, %a {shift = 0 : i8} : (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi16>
  return %0 : tensor<4xi16>
}

// -----

func.func @mul_mixed(%a: tensor<4xi8>, %b: tensor<4xi16>) {
  // expected-error @+1 {{'tosa.mul' op requires the same element type for all operands}}
  %0 = tosa.mul %a, %b {shift = 0 : i8} : (tensor<4xi8>, tensor<4xi16>) -> tensor<4xi32>
  return
}

// -----

func.func @mul_float(%a: tensor<4xf32>, %b: tensor<4xf16>) {
  // expected-error @+1 {{'tosa.mul' op requires the same element type for all operands and results}}
  %0 = tosa.mul %a, %b {shift = 0 : i8} : (tensor<4xf32>, tensor<4xf16>) -> tensor<4xf32>
  return
}

// -----

func.func @clamp_types(%a: tensor<4xf32>) {
  // expected-error @+1 {{'tosa.clamp' op input/output element types are incompatible.}}
  %0 = tosa.clamp %a {min_int = 0 : i64, max_int = 4 : i64, min_fp = 0.0 : f32, max_fp = 4.0 : f32} : (tensor<4xf32>) -> tensor<4xf16>
  return
}

// -----

func.func @clamp_bounds(%a: tensor<4xf32>) {
  // expected-error @+1 {{'tosa.clamp' op min/max attributes types are incompatible with input/output element types.}}
  %0 = tosa.clamp %a {min_int = 0 : i64, max_int = 4 : i64, min_fp = 0.0 : f16, max_fp = 4.0 : f16} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @clamp_wide_bounds(%a: tensor<4xf16>, %b: tensor<4xf32>) -> (tensor<4xf16>, tensor<4xf32>) {
  %0 = tosa.clamp %a {min_int = 0 : i64, max_int = 4 : i64, min_fp = 0.0 : f32, max_fp = 4.0 : f32} : (tensor<4xf16>) -> tensor<4xf16>
  %1 = tosa.clamp %b {min_int = 0 : i64, max_int = 4 : i64, min_fp = 0.0 : f64, max_fp = 4.0 : f64} : (tensor<4xf32>) -> tensor<4xf32>
  return %0, %1 : tensor<4xf16>, tensor<4xf32>
}

// -----

func.func @const_shape() {
  // expected-error @+1 {{'tosa.const' op failed to verify that all of {value, output} have same shape}}
  %0 = "tosa.const"() {value = dense<1.0> : tensor<3xf32>} : () -> tensor<?xf32>
  return
}

// -----

func.func @reshape_rank(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'tosa.reshape' op new shape does not match result rank}}
  %0 = tosa.reshape %a {new_shape = array<i64: 3, 2>} : (tensor<2x3xf32>) -> tensor<6xf32>
  return
}

// -----

func.func @reshape_inconsistent(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'tosa.reshape' op new shape is inconsistent with result shape}}
  %0 = tosa.reshape %a {new_shape = array<i64: 3, 2>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @reshape_count(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'tosa.reshape' op cannot reshape 6 elements into 9}}
  %0 = tosa.reshape %a {new_shape = array<i64: 3, 3>} : (tensor<2x3xf32>) -> tensor<3x3xf32>
  return
}

// -----

func.func @reshape_two_unknown(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'tosa.reshape' op expected at most one target dimension to be -1}}
  %0 = tosa.reshape %a {new_shape = array<i64: -1, -1>} : (tensor<2x3xf32>) -> tensor<?x?xf32>
  return
}

// -----

func.func @reshape_element(%a: tensor<2x3xf32>) {
  // expected-error @+2 {{'tosa.reshape' op inferred type(s) 'tensor<3x2xf32>' are incompatible with return type(s) of operation 'tensor<3x2xf16>'}}
  // expected-error @+1 {{'tosa.reshape' op failed to infer returned types}}
  %0 = tosa.reshape %a {new_shape = array<i64: 3, 2>} : (tensor<2x3xf32>) -> tensor<3x2xf16>
  return
}

// -----

func.func @reshape_unranked(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'tosa.reshape' op result #0 must be ranked tensor of number values, but got 'tensor<*xf32>'}}
  %0 = tosa.reshape %a {new_shape = array<i64: 3, 2>} : (tensor<2x3xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @reshape_ok(%a: tensor<2x3xf32>, %d: tensor<?x3xf32>) -> (tensor<?x2xf32>, tensor<3x?xf32>) {
  %0 = tosa.reshape %a {new_shape = array<i64: -1, 2>} : (tensor<2x3xf32>) -> tensor<?x2xf32>
  %1 = tosa.reshape %d {new_shape = array<i64: 3, -1>} : (tensor<?x3xf32>) -> tensor<3x?xf32>
  return %0, %1 : tensor<?x2xf32>, tensor<3x?xf32>
}

// -----

// Element types before shapes, as MLIR 19's ops list their traits.
func.func @elem_before_broadcast(%a: tensor<4xf32>, %b: tensor<3xi32>) {
  // expected-error @+1 {{'tosa.add' op requires the same element type for all operands and results}}
  %0 = tosa.add %a, %b : (tensor<4xf32>, tensor<3xi32>) -> tensor<4xf32>
  return
}

// -----

func.func @mul_elem_before_broadcast(%a: tensor<2x4xi8>, %b: tensor<3xi16>) {
  // expected-error @+1 {{'tosa.mul' op requires the same element type for all operands}}
  %0 = tosa.mul %a, %b {shift = 0 : i8} : (tensor<2x4xi8>, tensor<3xi16>) -> tensor<4xi32>
  return
}

// -----

// clamp's bounds after the shapes, before tirc's equal ranks
func.func @clamp_bounds_before_rank(%a: tensor<4xf32>) {
  // expected-error @+1 {{'tosa.clamp' op min/max attributes types are incompatible with input/output element types.}}
  %0 = tosa.clamp %a {max_fp = 1.0 : f32, max_int = 1 : i64, min_fp = 0.0 : f16, min_int = 0 : i64} : (tensor<4xf32>) -> tensor<2x4xf32>
  return
}

// -----

// reduce_all/any take numbers in MLIR 19's constraint, so the axis is
// checked first
func.func @reduce_all_axis(%a: tensor<4xf32>) {
  // expected-error @+1 {{'tosa.reduce_all' op expect input tensor rank (1) to be larger than reduce axis (1)}}
  %0 = tosa.reduce_all %a {axis = 1 : i32} : (tensor<4xf32>) -> tensor<1xf32>
  return
}

// -----

func.func @reduce_any_index(%a: tensor<4xindex>) {
  // expected-error @+1 {{'tosa.reduce_any' op operand #0 must be tensor of number values, but got 'tensor<4xindex>'}}
  %0 = tosa.reduce_any %a {axis = 0 : i32} : (tensor<4xindex>) -> tensor<1xindex>
  return
}

// -----

// the reduction of a rank-0 tensor infers an unranked type
func.func @reduce_rank0(%a: tensor<f32>) {
  // expected-error @+2 {{'tosa.reduce_sum' op inferred type(s) 'tensor<*xf32>' are incompatible with return type(s) of operation 'tensor<f16>'}}
  // expected-error @+1 {{'tosa.reduce_sum' op failed to infer returned types}}
  %0 = tosa.reduce_sum %a {axis = 0 : i32} : (tensor<f32>) -> tensor<f16>
  return
}

// -----

// the inferred type has no encoding
func.func @reshape_encoding(%a: tensor<4xi8, "enc">) {
  // expected-error @+2 {{'tosa.reshape' op inferred type(s) 'tensor<2x2xi8>' are incompatible with return type(s) of operation 'tensor<2x2xf64>'}}
  // expected-error @+1 {{'tosa.reshape' op failed to infer returned types}}
  %0 = tosa.reshape %a {new_shape = array<i64: 2, 2>} : (tensor<4xi8, "enc">) -> tensor<2x2xf64>
  return
}

// -----

// an attribute present is checked before the operand count (mlir-opt-19
// checks it as it parses the op)
func.func @attr_before_count(%a: tensor<4xf32>) {
  // expected-error @+1 {{'tosa.const' op attribute 'value' failed to satisfy constraint: constant vector/tensor attribute}}
  %0 = "tosa.const"(%a) {value = 2.5 : bf16} : (tensor<4xf32>) -> tensor<4xf32>
  return
}
