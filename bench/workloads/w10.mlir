// W10: out = x.T, a 2-D transpose of f32 8192x8192. tirc reads x in 8x8
// blocks of contiguous rows, transposes them in registers and writes whole
// rows of a tile (codegen/transpose.go); the naive C loop reads x with a
// stride of 32 KiB.
func.func @w10(%x: tensor<8192x8192xf32>) -> tensor<8192x8192xf32> {
  %t = tir.transpose %x {permutation = array<i64: 1, 0>} : (tensor<8192x8192xf32>) -> tensor<8192x8192xf32>
  return %t : tensor<8192x8192xf32>
}
