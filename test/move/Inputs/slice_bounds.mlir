// Slices of operands with dynamic sizes: StableHLO's start <= limit <=
// size is checked at run time with the verifier's words (issue 34 item
// 2), by ../slice-bounds.test.

// x[0:9:3] reads 0, 3, 6: in bounds for 7 elements, but its limit is not.
func.func @stepped(%x: tensor<?xf64>) -> tensor<3xf64> {
  %s = tir.slice %x {start_indices = array<i64: 0>, limit_indices = array<i64: 9>, strides = array<i64: 3>} : (tensor<?xf64>) -> tensor<3xf64>
  return %s : tensor<3xf64>
}

// An empty window at 10: fine for 10 elements or more.
func.func @empty_at(%x: tensor<?xf64>) -> tensor<?xf64> {
  %s = tir.slice %x {start_indices = array<i64: 10>, limit_indices = array<i64: 10>, strides = array<i64: 1>} : (tensor<?xf64>) -> tensor<?xf64>
  return %s : tensor<?xf64>
}

// One element at 6, read by its consumer's nest: y + x[1:2, 6:7]
func.func @fused(%x: tensor<?x?xi32>, %y: tensor<2x3xi32>) -> tensor<2x3xi32> {
  %s = tir.slice %x {start_indices = array<i64: 1, 6>, limit_indices = array<i64: 2, 7>, strides = array<i64: 1, 1>} : (tensor<?x?xi32>) -> tensor<1x1xi32>
  %r = tir.add %y, %s : (tensor<2x3xi32>, tensor<1x1xi32>) -> tensor<2x3xi32>
  return %r : tensor<2x3xi32>
}
