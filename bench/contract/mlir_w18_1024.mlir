// The MLIR 19 pipeline's sgemm (linalg.matmul to loops), at 1024: 2048 takes
// minutes on its loops. bench/contract/run.sh compares it with tirc's.
func.func @mlir_mm(%a: tensor<1024x1024xf32>, %b: tensor<1024x1024xf32>, %out: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %z = arith.constant 0.0 : f32
  %o = linalg.fill ins(%z : f32) outs(%out : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %r = linalg.matmul ins(%a, %b : tensor<1024x1024xf32>, tensor<1024x1024xf32>) outs(%o : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  return %r : tensor<1024x1024xf32>
}
