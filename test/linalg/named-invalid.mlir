// The linalg named ops' verifier, with MLIR's messages: mlir-opt-19 passes
// this file too (named-invalid-mlir.test).
// RUN: tirc -split-input-file -verify-diagnostics %s

func.func @transpose_repeated(%a: tensor<4x8xf32>, %e: tensor<8x4xf32>) -> tensor<8x4xf32> {
  // expected-error @+1 {{'linalg.transpose' op permutation is not valid}}
  %0 = linalg.transpose ins(%a : tensor<4x8xf32>) outs(%e : tensor<8x4xf32>) permutation = [1, 1]
  return %0 : tensor<8x4xf32>
}

// -----

func.func @transpose_dims(%a: tensor<4x8xf32>, %e: tensor<8x4xf32>) -> tensor<8x4xf32> {
  // expected-error @+1 {{'linalg.transpose' op dim(result, 0) = 8 doesn't match dim(input, permutation[0]) = 4}}
  %0 = linalg.transpose ins(%a : tensor<4x8xf32>) outs(%e : tensor<8x4xf32>) permutation = [0, 1]
  return %0 : tensor<8x4xf32>
}

// -----

func.func @transpose_size(%a: tensor<4x8xf32>, %e: tensor<8x4xf32>) -> tensor<8x4xf32> {
  // expected-error @+1 {{'linalg.transpose' op size of permutation 1 does not match the argument rank 2}}
  %0 = linalg.transpose ins(%a : tensor<4x8xf32>) outs(%e : tensor<8x4xf32>) permutation = [1]
  return %0 : tensor<8x4xf32>
}

// -----

func.func @transpose_rank(%a: tensor<4x8xf32>, %e: tensor<8x4x2xf32>) -> tensor<8x4x2xf32> {
  // expected-error @+1 {{'linalg.transpose' op input rank 2 does not match init rank 3}}
  %0 = linalg.transpose ins(%a : tensor<4x8xf32>) outs(%e : tensor<8x4x2xf32>) permutation = [1, 0]
  return %0 : tensor<8x4x2xf32>
}

// -----

func.func @broadcast_dim(%a: tensor<8xf32>, %e: tensor<8x4xf32>) -> tensor<8x4xf32> {
  // expected-error @+1 {{'linalg.broadcast' op input dim 0 should match init dim 1. input: 8, init: 4}}
  %0 = linalg.broadcast ins(%a : tensor<8xf32>) outs(%e : tensor<8x4xf32>) dimensions = [0]
  return %0 : tensor<8x4xf32>
}

// -----

func.func @broadcast_rank(%a: tensor<8xf32>, %e: tensor<8x4xf32>) -> tensor<8x4xf32> {
  // expected-error @+1 {{'linalg.broadcast' op input rank plus added dimensions does not match init rank. input rank: 1, dimensions size: 2, init rank: 2}}
  %0 = linalg.broadcast ins(%a : tensor<8xf32>) outs(%e : tensor<8x4xf32>) dimensions = [1, 0]
  return %0 : tensor<8x4xf32>
}

// -----

func.func @broadcast_range(%a: tensor<8xf32>, %e: tensor<8x4xf32>) -> tensor<8x4xf32> {
  // expected-error @+1 {{'linalg.broadcast' op dimension 0 is out of range. expected range: [0, 1], got: 2}}
  %0 = linalg.broadcast ins(%a : tensor<8xf32>) outs(%e : tensor<8x4xf32>) dimensions = [2]
  return %0 : tensor<8x4xf32>
}

// -----

func.func @broadcast_dynamic(%a: tensor<?xf32>, %e: tensor<8x4xf32>) -> tensor<8x4xf32> {
  // expected-error @+1 {{'linalg.broadcast' op input dim 0 should match init dim 0. input: -9223372036854775808, init: 8}}
  %0 = linalg.broadcast ins(%a : tensor<?xf32>) outs(%e : tensor<8x4xf32>) dimensions = [1]
  return %0 : tensor<8x4xf32>
}

// -----

func.func @matmul_k(%a: tensor<4x8xf32>, %b: tensor<7x16xf32>, %c: tensor<4x16xf32>) -> tensor<4x16xf32> {
  // expected-error @+1 {{'linalg.matmul' op inferred input/output operand #1 has shape's dimension #0 to be 8, but found 7}}
  %0 = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<7x16xf32>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

// -----

func.func @matmul_result(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>, %c: tensor<4x16xf32>) -> tensor<4x16xf32> {
  // expected-error @+1 {{'linalg.matmul' op expected type of operand #2 ('tensor<4x16xf32>') to match type of corresponding result ('tensor<4x15xf32>')}}
  %0 = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x16xf32>) outs(%c : tensor<4x16xf32>) -> tensor<4x15xf32>
  return %c : tensor<4x16xf32>
}

// -----

func.func @matmul_rank(%a: tensor<4x8x2xf32>, %b: tensor<8x16xf32>, %c: tensor<4x16xf32>) -> tensor<4x16xf32> {
  // expected-error @+1 {{'linalg.matmul' op expected operand rank (3) to match the result rank of indexing_map #0 (2)}}
  %0 = linalg.matmul ins(%a, %b : tensor<4x8x2xf32>, tensor<8x16xf32>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
  return %c : tensor<4x16xf32>
}

// -----

func.func @matmul_n(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>, %c: tensor<4x17xf32>) -> tensor<4x17xf32> {
  // expected-error @+1 {{'linalg.matmul' op inferred input/output operand #2 has shape's dimension #1 to be 16, but found 17}}
  %0 = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x16xf32>) outs(%c : tensor<4x17xf32>) -> tensor<4x17xf32>
  return %0 : tensor<4x17xf32>
}

// -----

func.func @matmul_results(%a: memref<4x8xf32>, %b: memref<8x16xf32>, %c: memref<4x16xf32>) -> tensor<4x16xf32> {
  // expected-error @+1 {{'linalg.matmul' op expected the number of tensor results (1) to be equal to the number of output tensors (0)}}
  %0 = linalg.matmul ins(%a, %b : memref<4x8xf32>, memref<8x16xf32>) outs(%c : memref<4x16xf32>) -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

// -----

func.func @batch_matmul_rank(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>, %c: tensor<4x16xf32>) -> tensor<4x16xf32> {
  // expected-error @+1 {{'linalg.batch_matmul' op expected operand rank (2) to match the result rank of indexing_map #0 (3)}}
  %0 = linalg.batch_matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x16xf32>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

// -----

func.func @matvec_m(%a: tensor<4x8xf32>, %y: tensor<8xf32>, %x: tensor<5xf32>) -> tensor<5xf32> {
  // expected-error @+1 {{'linalg.matvec' op inferred input/output operand #2 has shape's dimension #0 to be 4, but found 5}}
  %0 = linalg.matvec ins(%a, %y : tensor<4x8xf32>, tensor<8xf32>) outs(%x : tensor<5xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @copy_shape(%a: tensor<4x8xf32>, %c: tensor<4x9xf32>) -> tensor<4x9xf32> {
  // expected-error @+1 {{'linalg.copy' op inferred input/output operand #1 has shape's dimension #1 to be 8, but found 9}}
  %0 = linalg.copy ins(%a : tensor<4x8xf32>) outs(%c : tensor<4x9xf32>) -> tensor<4x9xf32>
  return %0 : tensor<4x9xf32>
}

// -----

func.func @fill_rank(%v: f32, %c: tensor<4x9xf32>) -> tensor<4x9xf32> {
  // expected-error @+1 {{expected op with scalar input}}
  %0 = linalg.fill ins(%c : tensor<4x9xf32>) outs(%c : tensor<4x9xf32>) -> tensor<4x9xf32>
  return %0 : tensor<4x9xf32>
}

// -----

func.func @unary_shape(%a: tensor<4x8xf32>, %c: tensor<4x9xf32>) -> tensor<4x9xf32> {
  // expected-error @+1 {{'linalg.elemwise_unary' op inferred input/output operand #1 has shape's dimension #1 to be 8, but found 9}}
  %0 = linalg.elemwise_unary ins(%a : tensor<4x8xf32>) outs(%c : tensor<4x9xf32>) -> tensor<4x9xf32>
  return %0 : tensor<4x9xf32>
}

// -----

func.func @unary_fun(%a: tensor<4x8xf32>, %c: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{attribute 'fun' failed to satisfy constraint: allowed 32-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}}
  %0 = linalg.elemwise_unary {fun = #linalg.binary_fn<add>} ins(%a : tensor<4x8xf32>) outs(%c : tensor<4x8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

func.func @binary_rank(%a: tensor<4x8xf32>, %b: tensor<8xf32>, %c: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'linalg.elemwise_binary' op expected operand rank (1) to match the result rank of indexing_map #1 (2)}}
  %0 = linalg.elemwise_binary ins(%a, %b : tensor<4x8xf32>, tensor<8xf32>) outs(%c : tensor<4x8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}
