// oom.test: allocations the generated code makes besides its tensors.
func.func @colsum(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %s = tir.reduce_sum %x {dims = array<i64: 0>} : (tensor<?x?xf32>) -> tensor<?xf32>
  return %s : tensor<?xf32>
}

func.func @softmax(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %m = tir.reduce_max %x {dims = array<i64: 1>, keepdims} : (tensor<?x?xf32>) -> tensor<?x1xf32>
  %d = tir.sub %x, %m : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  %e = tir.exp %d : tensor<?x?xf32>
  %s = tir.reduce_sum %e {dims = array<i64: 1>, keepdims} : (tensor<?x?xf32>) -> tensor<?x1xf32>
  %r = tir.div %e, %s : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
