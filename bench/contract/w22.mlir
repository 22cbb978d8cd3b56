// W22: batched small, 8192 x (32x32 @ 32x32) with one broadcast weight (shared/BENCH.md).
func.func @w22(%x: tensor<8192x32x32xf32>, %w: tensor<32x32xf32>) -> tensor<8192x32x32xf32> {
  %0 = tir.matmul %x, %w : (tensor<8192x32x32xf32>, tensor<32x32xf32>) -> tensor<8192x32x32xf32>
  return %0 : tensor<8192x32x32xf32>
}
