// W18: sgemm a @ b, f32 2048x2048 @ 2048x2048: compute-bound (17.2 GFLOP).
func.func @w18(%a: tensor<2048x2048xf32>, %b: tensor<2048x2048xf32>) -> tensor<2048x2048xf32> {
  %r = tir.matmul %a, %b : (tensor<2048x2048xf32>, tensor<2048x2048xf32>) -> tensor<2048x2048xf32>
  return %r : tensor<2048x2048xf32>
}
