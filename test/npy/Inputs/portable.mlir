// The workloads of portable.test: elementwise exp, a row reduction (its
// accumulators in a fixed order), softmax (both), a transpose.
func.func @expx(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %e = tir.exp %x : tensor<?x?xf32>
  return %e : tensor<?x?xf32>
}

func.func @rowsum(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %s = tir.reduce_sum %x {dims = array<i64: 1>} : (tensor<?x?xf32>) -> tensor<?xf32>
  return %s : tensor<?xf32>
}

func.func @softmax(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %m = tir.reduce_max %x {dims = array<i64: 1>, keepdims} : (tensor<?x?xf32>) -> tensor<?x1xf32>
  %d = tir.sub %x, %m : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  %e = tir.exp %d : tensor<?x?xf32>
  %s = tir.reduce_sum %e {dims = array<i64: 1>, keepdims} : (tensor<?x?xf32>) -> tensor<?x1xf32>
  %y = tir.div %e, %s : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

func.func @transpose(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %t = tir.transpose %x {permutation = array<i64: 1, 0>} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  return %t : tensor<?x?xf32>
}
