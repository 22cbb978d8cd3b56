// W22: batched small matmuls x[i] @ w, x 8192x32x32, w 32x32 broadcast over
// the batch (0.5 GFLOP): per-matrix overhead decides.
func.func @w22(%x: tensor<8192x32x32xf32>, %w: tensor<32x32xf32>) -> tensor<8192x32x32xf32> {
  %r = tir.matmul %x, %w : (tensor<8192x32x32xf32>, tensor<32x32xf32>) -> tensor<8192x32x32xf32>
  return %r : tensor<8192x32x32xf32>
}
