// W18: sgemm 2048^3 f32 (shared/BENCH.md).
func.func @w18(%a: tensor<2048x2048xf32>, %b: tensor<2048x2048xf32>) -> tensor<2048x2048xf32> {
  %0 = tir.matmul %a, %b : (tensor<2048x2048xf32>, tensor<2048x2048xf32>) -> tensor<2048x2048xf32>
  return %0 : tensor<2048x2048xf32>
}
