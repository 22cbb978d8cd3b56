// Row maxima and minima (max_chains.test): float max/min reductions keep
// several vectors of accumulators in their inner loop.
func.func @mx32(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %m = tir.reduce_max %x {dims = array<i64: 1>} : (tensor<?x?xf32>) -> tensor<?xf32>
  return %m : tensor<?xf32>
}
func.func @mn32(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %m = tir.reduce_min %x {dims = array<i64: 1>} : (tensor<?x?xf32>) -> tensor<?xf32>
  return %m : tensor<?xf32>
}
func.func @mx64(%x: tensor<?x?xf64>) -> tensor<?xf64> {
  %m = tir.reduce_max %x {dims = array<i64: 1>} : (tensor<?x?xf64>) -> tensor<?xf64>
  return %m : tensor<?xf64>
}
func.func @mn64(%x: tensor<?x?xf64>) -> tensor<?xf64> {
  %m = tir.reduce_min %x {dims = array<i64: 1>} : (tensor<?x?xf64>) -> tensor<?xf64>
  return %m : tensor<?xf64>
}
