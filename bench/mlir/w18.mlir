// W18 sgemm as linalg.matmul (shared/BENCH.md: the MLIR 19 pipeline lowers
// it to loops).
func.func @mlir_w18(%a: tensor<2048x2048xf32>, %b: tensor<2048x2048xf32>, %out: tensor<2048x2048xf32>) -> tensor<2048x2048xf32>
    attributes {llvm.emit_c_interface} {
  %zero = arith.constant 0.0 : f32
  %acc = linalg.fill ins(%zero : f32) outs(%out : tensor<2048x2048xf32>) -> tensor<2048x2048xf32>
  %r = linalg.matmul ins(%a, %b : tensor<2048x2048xf32>, tensor<2048x2048xf32>) outs(%acc : tensor<2048x2048xf32>) -> tensor<2048x2048xf32>
  return %r : tensor<2048x2048xf32>
}
