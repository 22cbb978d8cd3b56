// XLA-style explicit broadcasting (shared/seeds/002, 003; SPEC section 5).
//
// @matrix_plus_column adds a 3-vector to each column of a 3x3 matrix: with
// broadcast_dimensions = [0] the vector's dim 0 maps to the matrix's rows,
// which implicit (NumPy) broadcasting cannot express without a reshape.
// @outer is the outer "product" (2,1)+(1,3) by degenerate-dimension
// broadcasting, and @explicit_broadcast spells a broadcast with tir.broadcast_in_dim.
//
//   tirc -explain -verify examples/xla_broadcast.mlir
//   tirc -materialize-broadcasts examples/xla_broadcast.mlir
func.func @matrix_plus_column(%m: tensor<3x3xi32>, %v: tensor<3xi32>) -> tensor<3x3xi32> {
  %r = "tir.add"(%m, %v) {broadcast_dimensions = array<i64: 0>} : (tensor<3x3xi32>, tensor<3xi32>) -> tensor<3x3xi32>
  return %r : tensor<3x3xi32>
}

func.func @outer(%a: tensor<2x1xi32>, %b: tensor<1x3xi32>) -> tensor<2x3xi32> {
  %r = "tir.add"(%a, %b) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<2x1xi32>, tensor<1x3xi32>) -> tensor<2x3xi32>
  return %r : tensor<2x3xi32>
}

func.func @explicit_broadcast(%v: tensor<4xf32>, %w: tensor<1x2xf32>) -> tensor<4x2xf32> {
  %vb = "tir.broadcast_in_dim"(%v) {broadcast_dimensions = array<i64: 0>} : (tensor<4xf32>) -> tensor<4x2xf32>
  %wb = "tir.broadcast_in_dim"(%w) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<1x2xf32>) -> tensor<4x2xf32>
  %r = "tir.add"(%vb, %wb) : (tensor<4x2xf32>, tensor<4x2xf32>) -> tensor<4x2xf32>
  return %r : tensor<4x2xf32>
}
