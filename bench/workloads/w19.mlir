// W19: dgemm a @ b, f64 2048x2048 @ 2048x2048: compute-bound (17.2 GFLOP).
func.func @w19(%a: tensor<2048x2048xf64>, %b: tensor<2048x2048xf64>) -> tensor<2048x2048xf64> {
  %r = tir.matmul %a, %b : (tensor<2048x2048xf64>, tensor<2048x2048xf64>) -> tensor<2048x2048xf64>
  return %r : tensor<2048x2048xf64>
}
