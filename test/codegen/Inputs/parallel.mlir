// Inputs of parallel.test: a fused nest over a dynamic batch, and an
// integer division whose fault must survive the threads.
func.func @axpb(%x: tensor<?x64xf32>, %b: tensor<64xf32>, %s: tensor<f32>) -> tensor<?x64xf32> {
  %0 = "tir.mul"(%x, %s) : (tensor<?x64xf32>, tensor<f32>) -> tensor<?x64xf32>
  %1 = "tir.add"(%0, %b) : (tensor<?x64xf32>, tensor<64xf32>) -> tensor<?x64xf32>
  return %1 : tensor<?x64xf32>
}
func.func @quot(%x: tensor<?x64xi32>, %d: tensor<64xi32>) -> tensor<?x64xi32> {
  %0 = "tir.div"(%x, %d) : (tensor<?x64xi32>, tensor<64xi32>) -> tensor<?x64xi32>
  return %0 : tensor<?x64xi32>
}
