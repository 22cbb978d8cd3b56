// W19: dgemm 2048^3 f64 (shared/BENCH.md).
func.func @w19(%a: tensor<2048x2048xf64>, %b: tensor<2048x2048xf64>) -> tensor<2048x2048xf64> {
  %0 = tir.matmul %a, %b : (tensor<2048x2048xf64>, tensor<2048x2048xf64>) -> tensor<2048x2048xf64>
  return %0 : tensor<2048x2048xf64>
}
