// Softmax over the last axis, numerically stable:
//   e = exp(x - x.max(1, keepdims))      y = e / e.sum(1, keepdims)
// The reductions keep the reduced dim, so their [?,1] results broadcast back
// against [?,?] (stride 0 along the row: no copy). Compiled, the three
// passes run block by block of rows (a row group): the max, the sum of
// exp(x - max) computed inside the sum's loop, the division; exp(x - max)
// is recomputed rather than written to a temporary.
//
//   tirc -infer-shapes -emit-llvm examples/softmax.mlir -o softmax.ll
func.func @softmax(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %m = tir.reduce_max %x {dims = array<i64: 1>, keepdims} : (tensor<?x?xf32>) -> tensor<?x1xf32>
  %d = tir.sub %x, %m : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  %e = tir.exp %d : tensor<?x?xf32>
  %s = tir.reduce_sum %e {dims = array<i64: 1>, keepdims} : (tensor<?x?xf32>) -> tensor<?x1xf32>
  %y = tir.div %e, %s : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
