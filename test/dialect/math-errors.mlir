// Verifier messages of the math ops, as mlir-opt-19 gives them
// (math-mlir-opt-19.test).
// RUN: tirc -split-input-file -verify-diagnostics %s

func.func @absf_int(%a: i32) {
  // expected-error @+1 {{'math.absf' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = math.absf %a : i32
  return
}

// -----

func.func @ctpop_float(%a: f32) {
  // expected-error @+1 {{'math.ctpop' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = math.ctpop %a : f32
  return
}

// -----

func.func @ctlz_unsigned(%a: ui32) {
  // expected-error @+1 {{'math.ctlz' op operand #0 must be signless-integer-like, but got 'ui32'}}
  %0 = math.ctlz %a : ui32
  return
}

// -----

func.func @atan2_types(%a: f32, %b: f64) {
  // expected-error @+1 {{'math.atan2' op requires the same type for all operands and results}}
  %0 = "math.atan2"(%a, %b) : (f32, f64) -> f32
  return
}

// -----

func.func @fma_operands(%a: f32) {
  // expected-error @+1 {{'math.fma' op expected 3 operands, but found 2}}
  %0 = "math.fma"(%a, %a) : (f32, f32) -> f32
  return
}

// -----

func.func @exp_inferred(%a: tensor<?xf32>) {
  // expected-error @+2 {{'math.exp' op inferred type(s) 'tensor<?xf32>' are incompatible with return type(s) of operation 'tensor<4xf32>'}}
  // expected-error @+1 {{'math.exp' op failed to infer returned types}}
  %0 = "math.exp"(%a) : (tensor<?xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @exp_shapes(%a: tensor<4xf32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{'math.powf' op requires the same type for all operands and results}}
  %0 = "math.powf"(%a, %b) : (tensor<4xf32>, tensor<3xf32>) -> tensor<4xf32>
  return
}
