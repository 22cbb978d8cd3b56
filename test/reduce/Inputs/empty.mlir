func.func @rowmax(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %r = tir.reduce_max %x {dims = array<i64: 1>} : (tensor<?x?xf32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}
func.func @rowargmin(%x: tensor<?x?xf32>) -> tensor<?xi64> {
  %r = tir.argmin %x {dims = array<i64: 1>} : (tensor<?x?xf32>) -> tensor<?xi64>
  return %r : tensor<?xi64>
}
func.func @rowsum(%x: tensor<?x?xf32>) -> (tensor<?xf32>, tensor<?xf32>, tensor<?xf32>) {
  %s = tir.reduce_sum %x {dims = array<i64: 1>} : (tensor<?x?xf32>) -> tensor<?xf32>
  %p = tir.reduce_prod %x {dims = array<i64: 1>} : (tensor<?x?xf32>) -> tensor<?xf32>
  %m = tir.reduce_mean %x {dims = array<i64: 1>} : (tensor<?x?xf32>) -> tensor<?xf32>
  return %s, %p, %m : tensor<?xf32>, tensor<?xf32>, tensor<?xf32>
}
func.func @colmin(%x: tensor<?x?xi32>) -> tensor<?xi32> {
  %r = tir.reduce_min %x {dims = array<i64: 0>} : (tensor<?x?xi32>) -> tensor<?xi32>
  return %r : tensor<?xi32>
}
func.func @colargmax(%x: tensor<?x?xi32>) -> tensor<?xi64> {
  %r = tir.argmax %x {dims = array<i64: 0>} : (tensor<?x?xi32>) -> tensor<?xi64>
  return %r : tensor<?xi64>
}
func.func @allmax(%x: tensor<?x?xf32>) -> tensor<f32> {
  %r = tir.reduce_max %x {dims = array<i64: 0, 1>} : (tensor<?x?xf32>) -> tensor<f32>
  return %r : tensor<f32>
}
