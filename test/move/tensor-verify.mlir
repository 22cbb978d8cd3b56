// tensor.dim and tensor.splat verify as mlir-opt-19 does, with its
// messages (mlir-opt-19-agrees.mlir runs this file through mlir-opt-19).
// RUN: tirc -split-input-file -verify-diagnostics %s

func.func @valid(%x: tensor<4x?xf32>, %u: tensor<*xf32>, %i: index, %v: f32) -> (index, index, tensor<3xf32>, tensor<index>) {
  %c1 = arith.constant 1 : index
  %0 = tensor.dim %x, %c1 : tensor<4x?xf32>
  %1 = "tensor.dim"(%u, %i) : (tensor<*xf32>, index) -> index
  %2 = tensor.splat %v : tensor<3xf32>
  %3 = "tensor.splat"(%0) : (index) -> tensor<index>
  return %0, %1, %2, %3 : index, index, tensor<3xf32>, tensor<index>
}

// -----

func.func @dim_scalar(%t: tensor<f32>, %c: index) -> index {
  // expected-error@+1 {{'tensor.dim' op operand #0 must be non-0-ranked or unranked tensor, but got 'tensor<f32>'}}
  %d = "tensor.dim"(%t, %c) : (tensor<f32>, index) -> index
  return %d : index
}

// -----

func.func @dim_index(%t: tensor<4xf32>, %i: i32) -> index {
  // expected-error@+1 {{'tensor.dim' op operand #1 must be index, but got 'i32'}}
  %d = "tensor.dim"(%t, %i) : (tensor<4xf32>, i32) -> index
  return %d : index
}

// -----

func.func @dim_result(%t: tensor<4xf32>, %c: index) -> i32 {
  // expected-error@+1 {{'tensor.dim' op result #0 must be index, but got 'i32'}}
  %d = "tensor.dim"(%t, %c) : (tensor<4xf32>, index) -> i32
  return %d : i32
}

// -----

func.func @splat_dynamic(%t: index) -> tensor<?xindex> {
  // expected-error@+1 {{'tensor.splat' op incorrect number of dynamic sizes, has 0, expected 1}}
  %e = "tensor.splat"(%t) : (index) -> tensor<?xindex>
  return %e : tensor<?xindex>
}

// -----

func.func @splat_type(%t: f32) -> tensor<2xindex> {
  // expected-error@+1 {{'tensor.splat' op failed to verify that operand type matches element type of result}}
  %e = "tensor.splat"(%t) : (f32) -> tensor<2xindex>
  return %e : tensor<2xindex>
}

// -----

func.func @splat_tensor(%t: tensor<f32>) -> tensor<2xf32> {
  // expected-error@+1 {{'tensor.splat' op operand #0 must be integer/index/float type, but got 'tensor<f32>'}}
  %e = "tensor.splat"(%t) : (tensor<f32>) -> tensor<2xf32>
  return %e : tensor<2xf32>
}

// -----

func.func @splat_unranked(%t: f32) -> tensor<*xf32> {
  // expected-error@+1 {{'tensor.splat' op result #0 must be ranked tensor of any type values, but got 'tensor<*xf32>'}}
  %e = "tensor.splat"(%t) : (f32) -> tensor<*xf32>
  return %e : tensor<*xf32>
}

// -----

func.func @dim_one_operand(%x: tensor<4x8xf32>) -> index {
  // expected-error@+1 {{'tensor.dim' op expected 2 operands, but found 1}}
  %0 = "tensor.dim"(%x) : (tensor<4x8xf32>) -> index
  return %0 : index
}
