// What tirc refuses in tosa.matmul programs that mlir-opt-19 accepts (its
// verifier checks only that operands and result are 3-d tensors of TOSA
// numbers): programs with no value tirc could compute (SPEC 3d).
// dialect/contract_mlir_test.go generates every kind and expects these
// refusals. mlir-opt-19 accepts every split of this file.
// RUN: tirc -split-input-file -verify-diagnostics %s

func.func @elements(%a: tensor<1x2x3xf32>, %b: tensor<1x3x4xf16>) {
  // expected-error @+1 {{'tosa.matmul' op requires the same element type for both operands, but got 'f32' and 'f16'}}
  %0 = tosa.matmul %a, %b : (tensor<1x2x3xf32>, tensor<1x3x4xf16>) -> tensor<1x2x4xf32>
  return
}

// -----

func.func @accumulator(%a: tensor<1x2x3xi8>, %b: tensor<1x3x4xi8>) {
  // expected-error @+1 {{'tosa.matmul' op cannot accumulate 'i8' elements in a 'i8' result}}
  %0 = tosa.matmul %a, %b : (tensor<1x2x3xi8>, tensor<1x3x4xi8>) -> tensor<1x2x4xi8>
  return
}

// -----

func.func @float_zp(%a: tensor<1x2x3xf32>, %b: tensor<1x3x4xf32>) {
  // expected-error @+1 {{'tosa.matmul' op quantization_info requires integer operands, but got 'f32'}}
  %0 = tosa.matmul %a, %b {quantization_info = #tosa.matmul_quant<a_zp = 1, b_zp = 2>} : (tensor<1x2x3xf32>, tensor<1x3x4xf32>) -> tensor<1x2x4xf32>
  return
}

// -----

func.func @batch(%a: tensor<2x2x3xf32>, %b: tensor<3x3x4xf32>) {
  // expected-error @+1 {{'tosa.matmul' op batch sizes differ: dimension 0 of operand #0 has size 2 and dimension 0 of operand #1 has size 3, but both run over loop i0}}
  %0 = tosa.matmul %a, %b : (tensor<2x2x3xf32>, tensor<3x3x4xf32>) -> tensor<2x2x4xf32>
  return
}

// -----

func.func @k(%a: tensor<1x2x3xf32>, %b: tensor<1x5x4xf32>) {
  // expected-error @+1 {{'tosa.matmul' op matmul: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature (n?,k),(k,m?)->(n?,m?) (size 5 is different from 3)}}
  %0 = tosa.matmul %a, %b : (tensor<1x2x3xf32>, tensor<1x5x4xf32>) -> tensor<1x2x4xf32>
  return
}

// -----

func.func @result(%a: tensor<1x2x3xf32>, %b: tensor<1x3x4xf32>) {
  // expected-error @+1 {{'tosa.matmul' op inferred type(s) 'tensor<1x2x4xf32>' are incompatible with return type(s) of operation 'tensor<1x2x5xf32>'}}
  %0 = tosa.matmul %a, %b : (tensor<1x2x3xf32>, tensor<1x3x4xf32>) -> tensor<1x2x5xf32>
  return
}
