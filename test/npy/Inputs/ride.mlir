// Pipelined row groups (ride.test): the first member of a row group, a
// row reduction, computed one row ahead in the second member's loop.
func.func @softmax32(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %m = tir.reduce_max %x {dims = array<i64: 1>, keepdims} : (tensor<?x?xf32>) -> tensor<?x1xf32>
  %d = tir.sub %x, %m : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  %e = tir.exp %d : tensor<?x?xf32>
  %s = tir.reduce_sum %e {dims = array<i64: 1>, keepdims} : (tensor<?x?xf32>) -> tensor<?x1xf32>
  %r = tir.div %e, %s : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
func.func @softmax64(%x: tensor<?x?xf64>) -> tensor<?x?xf64> {
  %m = tir.reduce_max %x {dims = array<i64: 1>, keepdims} : (tensor<?x?xf64>) -> tensor<?x1xf64>
  %d = tir.sub %x, %m : (tensor<?x?xf64>, tensor<?x1xf64>) -> tensor<?x?xf64>
  %e = tir.exp %d : tensor<?x?xf64>
  %s = tir.reduce_sum %e {dims = array<i64: 1>, keepdims} : (tensor<?x?xf64>) -> tensor<?x1xf64>
  %r = tir.div %e, %s : (tensor<?x?xf64>, tensor<?x1xf64>) -> tensor<?x?xf64>
  return %r : tensor<?x?xf64>
}
// The rider is a mean (its count divides), the host the function's result.
func.func @expmean(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %m = tir.reduce_mean %x {dims = array<i64: 1>, keepdims} : (tensor<?x?xf32>) -> tensor<?x1xf32>
  %d = tir.sub %x, %m : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  %e = tir.exp %d : tensor<?x?xf32>
  return %e : tensor<?x?xf32>
}
// Static rows: the reductions' tails are unrolled with constant lanes
// (1000 = 15 x 64 + 2 x 16 + 8 in f32, 31 x 32 + 8 in f64); the bits must
// be those of the dynamic functions' loops.
func.func @softmax32s(%x: tensor<40x1000xf32>) -> tensor<40x1000xf32> {
  %m = tir.reduce_max %x {dims = array<i64: 1>, keepdims} : (tensor<40x1000xf32>) -> tensor<40x1xf32>
  %d = tir.sub %x, %m : (tensor<40x1000xf32>, tensor<40x1xf32>) -> tensor<40x1000xf32>
  %e = tir.exp %d : tensor<40x1000xf32>
  %s = tir.reduce_sum %e {dims = array<i64: 1>, keepdims} : (tensor<40x1000xf32>) -> tensor<40x1xf32>
  %r = tir.div %e, %s : (tensor<40x1000xf32>, tensor<40x1xf32>) -> tensor<40x1000xf32>
  return %r : tensor<40x1000xf32>
}
func.func @softmax64s(%x: tensor<40x1000xf64>) -> tensor<40x1000xf64> {
  %m = tir.reduce_max %x {dims = array<i64: 1>, keepdims} : (tensor<40x1000xf64>) -> tensor<40x1xf64>
  %d = tir.sub %x, %m : (tensor<40x1000xf64>, tensor<40x1xf64>) -> tensor<40x1000xf64>
  %e = tir.exp %d : tensor<40x1000xf64>
  %s = tir.reduce_sum %e {dims = array<i64: 1>, keepdims} : (tensor<40x1000xf64>) -> tensor<40x1xf64>
  %r = tir.div %e, %s : (tensor<40x1000xf64>, tensor<40x1xf64>) -> tensor<40x1000xf64>
  return %r : tensor<40x1000xf64>
}
