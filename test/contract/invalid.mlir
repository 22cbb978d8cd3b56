// The contractions' verifier messages (SPEC 3d): NumPy's for matmul and
// einsum, StableHLO's for dot_general.
// RUN: tirc -split-input-file -verify-diagnostics %s

func.func @k_mismatch(%a: tensor<2x4xf32>, %b: tensor<3x5xf32>) {
  // expected-error @+1 {{'tir.matmul' op matmul: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature (n?,k),(k,m?)->(n?,m?) (size 3 is different from 4)}}
  %0 = tir.matmul %a, %b : (tensor<2x4xf32>, tensor<3x5xf32>) -> tensor<2x5xf32>
  return
}

// -----

func.func @rank0(%a: tensor<f32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{'tir.matmul' op matmul: Input operand 0 does not have enough dimensions (has 0, gufunc core with signature (n?,k),(k,m?)->(n?,m?) requires 1)}}
  %0 = tir.matmul %a, %b : (tensor<f32>, tensor<3xf32>) -> tensor<f32>
  return
}

// -----

func.func @batch(%a: tensor<2x3x4xf32>, %b: tensor<3x4x5xf32>) {
  // expected-error @+1 {{'tir.matmul' op operands could not be broadcast together with shapes (2,3,4) (3,4,5)}}
  %0 = tir.matmul %a, %b : (tensor<2x3x4xf32>, tensor<3x4x5xf32>) -> tensor<2x3x5xf32>
  return
}

// -----

func.func @result(%a: tensor<2x3x4xf32>, %b: tensor<4x5xf32>) {
  // expected-error @+1 {{'tir.matmul' op inferred type(s) 'tensor<2x3x5xf32>' are incompatible with return type(s) of operation 'tensor<2x5xf32>'}}
  %0 = tir.matmul %a, %b : (tensor<2x3x4xf32>, tensor<4x5xf32>) -> tensor<2x5xf32>
  return
}

// -----

func.func @elem(%a: tensor<2x4xf32>, %b: tensor<4x5xf64>) {
  // expected-error @+1 {{'tir.matmul' op requires the same element type for all operands and results}}
  %0 = tir.matmul %a, %b : (tensor<2x4xf32>, tensor<4x5xf64>) -> tensor<2x5xf32>
  return
}

// -----

func.func @nbatch(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>) {
  // expected-error @+1 {{'tir.dot_general' op lhs and rhs should have the same number of batching dimensions}}
  %0 = tir.dot_general %a, %b {lhs_batching_dimensions = array<i64: 0>, lhs_contracting_dimensions = array<i64: 2>, rhs_contracting_dimensions = array<i64: 1>} : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return
}

// -----

func.func @ncontract(%a: tensor<3x4xf32>, %b: tensor<4x5xf32>) {
  // expected-error @+1 {{'tir.dot_general' op lhs and rhs should have the same number of contracting dimensions}}
  %0 = tir.dot_general %a, %b {lhs_contracting_dimensions = array<i64: 1>} : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x4x5xf32>
  return
}

// -----

func.func @dup(%a: tensor<3x4xf32>, %b: tensor<4x5xf32>) {
  // expected-error @+1 {{'tir.dot_general' op has duplicated dimension from lhs_batching_dimensions and lhs_contracting_dimensions: 1}}
  %0 = tir.dot_general %a, %b {lhs_batching_dimensions = array<i64: 1>, rhs_batching_dimensions = array<i64: 0>, lhs_contracting_dimensions = array<i64: 1>, rhs_contracting_dimensions = array<i64: 1>} : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @range(%a: tensor<3x4xf32>, %b: tensor<4x5xf32>) {
  // expected-error @+1 {{'tir.dot_general' op lhs_contracting_dimensions value: 2 is out of range: [0, 2)}}
  %0 = tir.dot_general %a, %b {lhs_contracting_dimensions = array<i64: 2>, rhs_contracting_dimensions = array<i64: 0>} : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  return
}

// -----

func.func @bsize(%a: tensor<2x3x4xf32>, %b: tensor<3x4x5xf32>) {
  // expected-error @+1 {{'tir.dot_general' op batching dimension sizes must match for lhs/rhs}}
  %0 = tir.dot_general %a, %b {lhs_batching_dimensions = array<i64: 0>, rhs_batching_dimensions = array<i64: 0>, lhs_contracting_dimensions = array<i64: 2>, rhs_contracting_dimensions = array<i64: 1>} : (tensor<2x3x4xf32>, tensor<3x4x5xf32>) -> tensor<2x3x5xf32>
  return
}

// -----

func.func @csize(%a: tensor<3x4xf32>, %b: tensor<5x5xf32>) {
  // expected-error @+1 {{'tir.dot_general' op contracting dimension sizes must match for lhs/rhs}}
  %0 = tir.dot_general %a, %b {lhs_contracting_dimensions = array<i64: 1>, rhs_contracting_dimensions = array<i64: 0>} : (tensor<3x4xf32>, tensor<5x5xf32>) -> tensor<3x5xf32>
  return
}

// -----

func.func @narrow(%a: tensor<3x4xi32>, %b: tensor<4x5xi32>) {
  // expected-error @+1 {{'tir.dot_general' op result element type 'i8' cannot hold the products of 'i32' elements (it may only widen)}}
  %0 = tir.dot_general %a, %b {lhs_contracting_dimensions = array<i64: 1>, rhs_contracting_dimensions = array<i64: 0>} : (tensor<3x4xi32>, tensor<4x5xi32>) -> tensor<3x5xi8>
  return
}

// -----

func.func @dgresult(%a: tensor<3x4xf32>, %b: tensor<4x5xf32>) {
  // expected-error @+1 {{'tir.dot_general' op inferred type(s) 'tensor<3x5xf32>' are incompatible with return type(s) of operation 'tensor<5x3xf32>'}}
  %0 = tir.dot_general %a, %b {lhs_contracting_dimensions = array<i64: 1>, rhs_contracting_dimensions = array<i64: 0>} : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<5x3xf32>
  return
}

// -----

func.func @implicit(%a: tensor<3x4xf32>, %b: tensor<4x5xf32>) {
  // expected-error @+1 {{'tir.einsum' op einsum equation 'ij,jk' must give the output explicitly after '->'}}
  %0 = tir.einsum %a, %b {equation = "ij,jk"} : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  return
}

// -----

func.func @ellipsis(%a: tensor<3x4xf32>) {
  // expected-error @+1 {{'tir.einsum' op einsum equation '...ij->...ji' uses an ellipsis, which is not supported}}
  %0 = tir.einsum %a {equation = "...ij->...ji"} : (tensor<3x4xf32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @fewer(%a: tensor<3x4xf32>) {
  // expected-error @+1 {{'tir.einsum' op fewer operands provided to einstein sum function than specified in the subscripts string}}
  %0 = tir.einsum %a {equation = "ij,jk->ik"} : (tensor<3x4xf32>) -> tensor<3x4xf32>
  return
}

// -----

func.func @subscripts(%a: tensor<3x4xf32>) {
  // expected-error @+1 {{'tir.einsum' op einstein sum subscripts string contains 3 subscripts for operand 0 of rank 2}}
  %0 = tir.einsum %a {equation = "ijk->i"} : (tensor<3x4xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @twice(%a: tensor<3x4xf32>) {
  // expected-error @+1 {{'tir.einsum' op einstein sum subscripts string includes output subscript 'i' multiple times}}
  %0 = tir.einsum %a {equation = "ij->ii"} : (tensor<3x4xf32>) -> tensor<3x3xf32>
  return
}

// -----

func.func @never(%a: tensor<3x4xf32>) {
  // expected-error @+1 {{'tir.einsum' op einstein sum subscripts string included output subscript 'k' which never appeared in an input}}
  %0 = tir.einsum %a {equation = "ij->k"} : (tensor<3x4xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @letters(%a: tensor<3x4xf32>) {
  // expected-error @+1 {{'tir.einsum' op invalid subscript '1' in einstein sum subscripts string, subscripts must be letters}}
  %0 = tir.einsum %a {equation = "i1->i"} : (tensor<3x4xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @esize(%a: tensor<3x4xf32>, %b: tensor<5x2xf32>) {
  // expected-error @+1 {{'tir.einsum' op operands could not be broadcast together with remapped shapes: dimension 1 of operand #0 has size 4 and dimension 0 of operand #1 has size 5, but both run over loop i2}}
  %0 = tir.einsum %a, %b {equation = "ij,jk->ik"} : (tensor<3x4xf32>, tensor<5x2xf32>) -> tensor<3x2xf32>
  return
}

// -----

func.func @five(%a: tensor<3xf32>) {
  // expected-error @+1 {{'tir.einsum' op requires 1 to 4 operands, but got 5}}
  %0 = tir.einsum %a, %a, %a, %a, %a {equation = "i,i,i,i,i->"} : (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<f32>
  return
}
