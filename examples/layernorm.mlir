// The elementwise part of layer normalization:
//   y = (x - mean) * inv_std * gamma + beta
// x is [rows, features]; mean and inv_std are per-row statistics [rows, 1]
// (a reduction computed elsewhere); gamma and beta are per-feature [features].
// Every op broadcasts: [?,1] against [?,256], and [256] against [?,256].
// Written with '?' result dims on purpose: -infer-shapes makes them static
// where the traits prove it (the feature dim), and keeps the batch dynamic.
//
//   tirc -infer-shapes examples/layernorm.mlir
func.func @layernorm(%x: tensor<?x256xf32>, %mean: tensor<?x1xf32>, %inv_std: tensor<?x1xf32>,
                     %gamma: tensor<256xf32>, %beta: tensor<256xf32>) -> tensor<?x?xf32> {
  %c = "tir.sub"(%x, %mean) : (tensor<?x256xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  %n = "tir.mul"(%c, %inv_std) : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  %s = "tir.mul"(%n, %gamma) : (tensor<?x?xf32>, tensor<256xf32>) -> tensor<?x?xf32>
  %y = "tir.add"(%s, %beta) : (tensor<?x?xf32>, tensor<256xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
