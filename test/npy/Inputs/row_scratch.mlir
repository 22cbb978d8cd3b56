// Row groups whose members share an expensive value (row_scratch.test):
// exp(x - max) feeds the sum, the division and a product, so it is
// computed once per block of rows into a per-thread scratch block.
func.func @softmax3(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %m = tir.reduce_max %x {dims = array<i64: 1>, keepdims} : (tensor<?x?xf32>) -> tensor<?x1xf32>
  %d = tir.sub %x, %m : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  %e = tir.exp %d : tensor<?x?xf32>
  %s = tir.reduce_sum %e {dims = array<i64: 1>, keepdims} : (tensor<?x?xf32>) -> tensor<?x1xf32>
  %r = tir.div %e, %s : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  %q = tir.mul %r, %e : tensor<?x?xf32>
  return %q : tensor<?x?xf32>
}

// f64, exp shared by a sum over rank-3 rows and a product.
func.func @exp64(%x: tensor<?x?x?xf64>) -> tensor<?x?x?xf64> {
  %g = tir.exp %x : tensor<?x?x?xf64>
  %s = tir.reduce_sum %g {dims = array<i64: 1, 2>, keepdims} : (tensor<?x?x?xf64>) -> tensor<?x1x1xf64>
  %r = tir.mul %g, %s : (tensor<?x?x?xf64>, tensor<?x1x1xf64>) -> tensor<?x?x?xf64>
  return %r : tensor<?x?x?xf64>
}

// f16: the shared value is stored in f16, as the ops compute it.
func.func @half(%x: tensor<?x?xf16>) -> tensor<?x?xf16> {
  %e = tir.exp %x : tensor<?x?xf16>
  %s = tir.reduce_sum %e {dims = array<i64: 1>, keepdims} : (tensor<?x?xf16>) -> tensor<?x1xf16>
  %r = tir.div %e, %s : (tensor<?x?xf16>, tensor<?x1xf16>) -> tensor<?x?xf16>
  return %r : tensor<?x?xf16>
}
