// Data movement compiled and run on .npy files (../run.test).
func.func @transpose2(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %t = tir.transpose %x {permutation = array<i64: 1, 0>} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  return %t : tensor<?x?xf32>
}
func.func @nchw_to_nhwc(%x: tensor<?x?x?x?xf64>) -> tensor<?x?x?x?xf64> {
  %t = tir.transpose %x {permutation = array<i64: 0, 2, 3, 1>} : (tensor<?x?x?x?xf64>) -> tensor<?x?x?x?xf64>
  return %t : tensor<?x?x?x?xf64>
}
// x.T + b: the transposed read inside the add's nest.
func.func @transpose_add(%x: tensor<?x?xf32>, %b: tensor<?xf32>) -> tensor<?x?xf32> {
  %t = tir.transpose %x {permutation = array<i64: 1, 0>} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %r = tir.add %t, %b : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
// -x[1:5:2, ::3] of a dynamic operand (bounds checked at run time).
func.func @slice_neg(%x: tensor<?x?xi32>) -> tensor<2x3xi32> {
  %s = tir.slice %x {start_indices = array<i64: 1, 0>, limit_indices = array<i64: 5, 9>, strides = array<i64: 2, 3>} : (tensor<?x?xi32>) -> tensor<2x3xi32>
  %n = tir.neg %s : tensor<2x3xi32>
  return %n : tensor<2x3xi32>
}
// Rows of a transposed operand, summed: slice and transpose read inside the
// reduction's nest.
func.func @slice_sum(%x: tensor<?x?xf64>) -> tensor<?xf64> {
  %t = tir.transpose %x {permutation = array<i64: 1, 0>} : (tensor<?x?xf64>) -> tensor<?x?xf64>
  %s = tir.slice %t {start_indices = array<i64: 1, 0>, limit_indices = array<i64: 3, 4>, strides = array<i64: 1, 1>} : (tensor<?x?xf64>) -> tensor<2x4xf64>
  %r = tir.reduce_sum %s {dims = array<i64: 0>} : (tensor<2x4xf64>) -> tensor<?xf64>
  return %r : tensor<?xf64>
}
// A reshape whose '?' is the element count over 6.
func.func @flat6(%x: tensor<?x?xi16>) -> tensor<?x6xi16> {
  %r = tir.reshape %x : (tensor<?x?xi16>) -> tensor<?x6xi16>
  return %r : tensor<?x6xi16>
}
// A reshape of a transposed (strided) operand: one copy.
func.func @transpose_flat(%x: tensor<?x?xi16>) -> tensor<?xi16> {
  %t = tir.transpose %x {permutation = array<i64: 1, 0>} : (tensor<?x?xi16>) -> tensor<?x?xi16>
  %r = tir.reshape %t : (tensor<?x?xi16>) -> tensor<?xi16>
  return %r : tensor<?xi16>
}
func.func @concat0(%a: tensor<?x?xi8>, %b: tensor<?x?xi8>) -> tensor<?x?xi8> {
  %b2 = tir.add %b, %b : (tensor<?x?xi8>, tensor<?x?xi8>) -> tensor<?x?xi8>
  %c = tir.concat %a, %b2, %a {dimension = 0 : i64} : (tensor<?x?xi8>, tensor<?x?xi8>, tensor<?x?xi8>) -> tensor<?x?xi8>
  return %c : tensor<?x?xi8>
}
func.func @concat1(%a: tensor<2x?xf16>, %b: tensor<2x?xf16>) -> tensor<2x?xf16> {
  %c = tir.concat %a, %b {dimension = 1 : i64} : (tensor<2x?xf16>, tensor<2x?xf16>) -> tensor<2x?xf16>
  return %c : tensor<2x?xf16>
}
// The lower triangle: iota along rows >= iota along columns.
func.func @tril(%x: tensor<4x5xf32>) -> tensor<4x5xf32> {
  %i = tir.iota {iota_dimension = 0 : i64} : () -> tensor<4x5xi32>
  %j = tir.iota {iota_dimension = 1 : i64} : () -> tensor<4x5xi32>
  %m = tir.cmp %i, %j {predicate = "ge"} : (tensor<4x5xi32>, tensor<4x5xi32>) -> tensor<4x5xi1>
  %z = tir.constant dense<0.0> : tensor<f32>
  %r = tir.select %m, %x, %z : (tensor<4x5xi1>, tensor<4x5xf32>, tensor<f32>) -> tensor<4x5xf32>
  return %r : tensor<4x5xf32>
}
// The size of a dimension chosen at run time.
func.func @dim(%x: tensor<?x?x?xi8>, %i: index) -> index {
  %d = tensor.dim %x, %i : tensor<?x?x?xi8>
  return %d : index
}
