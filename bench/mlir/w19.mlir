// W19 dgemm as linalg.matmul (shared/BENCH.md: the MLIR 19 pipeline lowers
// it to loops).
func.func @mlir_w19(%a: tensor<2048x2048xf64>, %b: tensor<2048x2048xf64>, %out: tensor<2048x2048xf64>) -> tensor<2048x2048xf64>
    attributes {llvm.emit_c_interface} {
  %zero = arith.constant 0.0 : f64
  %acc = linalg.fill ins(%zero : f64) outs(%out : tensor<2048x2048xf64>) -> tensor<2048x2048xf64>
  %r = linalg.matmul ins(%a, %b : tensor<2048x2048xf64>, tensor<2048x2048xf64>) outs(%acc : tensor<2048x2048xf64>) -> tensor<2048x2048xf64>
  return %r : tensor<2048x2048xf64>
}
