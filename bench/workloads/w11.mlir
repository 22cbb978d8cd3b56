// W11: out = x.T + b, the transpose read inside the add's loop nest (no
// temporary for x.T: test/codegen/transpose.mlir checks the IR), b
// broadcast along the rows of the result.
func.func @w11(%x: tensor<8192x8192xf32>, %b: tensor<8192xf32>) -> tensor<8192x8192xf32> {
  %t = tir.transpose %x {permutation = array<i64: 1, 0>} : (tensor<8192x8192xf32>) -> tensor<8192x8192xf32>
  %r = tir.add %t, %b : (tensor<8192x8192xf32>, tensor<8192xf32>) -> tensor<8192x8192xf32>
  return %r : tensor<8192x8192xf32>
}
