// Layer normalization over the features of each row, statistics included:
//   mean = x.mean(1, keepdims)       var = ((x - mean)^2).mean(1, keepdims)
//   y = (x - mean) / sqrt(var + 1e-5) * gamma + beta
// x is [rows, features]; gamma and beta are per-feature [features]. The
// reductions keep the reduced dim (keepdims), so [?,1] broadcasts back
// against [?,256] with no further op. Written with '?' result dims on
// purpose: -infer-shapes makes them static where the loops and traits prove
// it (the feature dim, the kept 1s), and keeps the batch dynamic.
//
//   tirc -infer-shapes examples/layernorm.mlir
func.func @layernorm(%x: tensor<?x256xf32>, %gamma: tensor<256xf32>, %beta: tensor<256xf32>) -> tensor<?x?xf32> {
  %mean = tir.reduce_mean %x {dims = array<i64: 1>, keepdims} : (tensor<?x256xf32>) -> tensor<?x?xf32>
  %c = tir.sub %x, %mean : (tensor<?x256xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %sq = tir.mul %c, %c : tensor<?x?xf32>
  %var = tir.reduce_mean %sq {dims = array<i64: 1>, keepdims} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %eps = tir.constant dense<1.0e-5> : tensor<f32>
  %ve = tir.add %var, %eps : (tensor<?x?xf32>, tensor<f32>) -> tensor<?x?xf32>
  %std = tir.sqrt %ve : tensor<?x?xf32>
  %n = tir.div %c, %std : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %s = tir.mul %n, %gamma : (tensor<?x?xf32>, tensor<256xf32>) -> tensor<?x?xf32>
  %y = tir.add %s, %beta : (tensor<?x?xf32>, tensor<256xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
