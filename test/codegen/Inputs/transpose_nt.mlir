// Inputs of transpose_nt.test: transposes whose non-temporal stores pair
// 8x8 blocks into whole cache lines -- eight i8 blocks, four i16, one f64
// (codegen/transpose.go, lineBlocks) -- with an odd number of blocks along
// the output row (520 / 8 = 65), so the last one is stored alone.
func.func @t8(%x: tensor<520x1000xi8>) -> tensor<1000x520xi8> {
  %t = tir.transpose %x {permutation = array<i64: 1, 0>} : (tensor<520x1000xi8>) -> tensor<1000x520xi8>
  return %t : tensor<1000x520xi8>
}
func.func @t16(%x: tensor<520x1000xi16>) -> tensor<1000x520xi16> {
  %t = tir.transpose %x {permutation = array<i64: 1, 0>} : (tensor<520x1000xi16>) -> tensor<1000x520xi16>
  return %t : tensor<1000x520xi16>
}
func.func @t32(%x: tensor<520x1000xf32>, %b: tensor<520xf32>) -> tensor<1000x520xf32> {
  %t = tir.transpose %x {permutation = array<i64: 1, 0>} : (tensor<520x1000xf32>) -> tensor<1000x520xf32>
  %r = tir.add %t, %b : (tensor<1000x520xf32>, tensor<520xf32>) -> tensor<1000x520xf32>
  return %r : tensor<1000x520xf32>
}
func.func @t64(%x: tensor<520x1000xf64>) -> tensor<1000x520xf64> {
  %t = tir.transpose %x {permutation = array<i64: 1, 0>} : (tensor<520x1000xf64>) -> tensor<1000x520xf64>
  return %t : tensor<1000x520xf64>
}
