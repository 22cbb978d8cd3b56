// Inputs of parallel.test: a fused nest over a dynamic batch, an integer
// division whose fault must survive the threads, and reductions of the
// outer dimension (column sums, maxima and their indices), whose columns
// the threads share.
func.func @axpb(%x: tensor<?x64xf32>, %b: tensor<64xf32>, %s: tensor<f32>) -> tensor<?x64xf32> {
  %0 = "tir.mul"(%x, %s) : (tensor<?x64xf32>, tensor<f32>) -> tensor<?x64xf32>
  %1 = "tir.add"(%0, %b) : (tensor<?x64xf32>, tensor<64xf32>) -> tensor<?x64xf32>
  return %1 : tensor<?x64xf32>
}
func.func @quot(%x: tensor<?x64xi32>, %d: tensor<64xi32>) -> tensor<?x64xi32> {
  %0 = "tir.div"(%x, %d) : (tensor<?x64xi32>, tensor<64xi32>) -> tensor<?x64xi32>
  return %0 : tensor<?x64xi32>
}
func.func @colsum(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %0 = tir.reduce_sum %x {dims = array<i64: 0>} : (tensor<?x?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
func.func @colmax(%x: tensor<?x?xf32>) -> (tensor<?xf32>, tensor<?xi64>) {
  %0 = tir.reduce_max %x {dims = array<i64: 0>} : (tensor<?x?xf32>) -> tensor<?xf32>
  %1 = tir.argmax %x {dims = array<i64: 0>} : (tensor<?x?xf32>) -> tensor<?xi64>
  return %0, %1 : tensor<?xf32>, tensor<?xi64>
}
