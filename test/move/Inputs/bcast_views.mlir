// Views with dimensions of size 1, broadcast by their consumer (issue 34
// item 1): the consumer's nest reads each size-1 dimension at the view's
// one element, with stride 0, never with the operand's stride. Run by
// ../bcast-views.test against NumPy.

// The issue's reproducer: a + b[2:3].
func.func @add1(%a: tensor<5xf64>, %b: tensor<5xf64>) -> tensor<5xf64> {
  %s = tir.slice %b {start_indices = array<i64: 2>, limit_indices = array<i64: 3>, strides = array<i64: 1>} : (tensor<5xf64>) -> tensor<1xf64>
  %r = tir.add %a, %s : (tensor<5xf64>, tensor<1xf64>) -> tensor<5xf64>
  return %r : tensor<5xf64>
}

// x - x[:, 2:3]
func.func @subcol(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %s = tir.slice %x {start_indices = array<i64: 0, 2>, limit_indices = array<i64: 3, 3>, strides = array<i64: 1, 1>} : (tensor<?x?xf32>) -> tensor<3x1xf32>
  %r = tir.sub %x, %s : (tensor<?x?xf32>, tensor<3x1xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// x * exp(x[:, 4:5]): the broadcast reads the slice through exp.
func.func @mulexp(%x: tensor<3x5xf64>) -> tensor<3x5xf64> {
  %s = tir.slice %x {start_indices = array<i64: 0, 4>, limit_indices = array<i64: 3, 5>, strides = array<i64: 1, 1>} : (tensor<3x5xf64>) -> tensor<3x1xf64>
  %e = tir.exp %s : (tensor<3x1xf64>) -> tensor<3x1xf64>
  %r = tir.mul %x, %e : (tensor<3x5xf64>, tensor<3x1xf64>) -> tensor<3x5xf64>
  return %r : tensor<3x5xf64>
}

// A slice declared '?' whose size is 1, broadcast at run time.
func.func @dyn(%a: tensor<?xf64>, %b: tensor<?xf64>) -> tensor<?xf64> {
  %s = tir.slice %b {start_indices = array<i64: 2>, limit_indices = array<i64: 3>, strides = array<i64: 1>} : (tensor<?xf64>) -> tensor<?xf64>
  %r = tir.add %a, %s : (tensor<?xf64>, tensor<?xf64>) -> tensor<?xf64>
  return %r : tensor<?xf64>
}

// An explicit broadcast_in_dim of the slice.
func.func @bid(%a: tensor<5xf64>, %b: tensor<5xf64>) -> tensor<5xf64> {
  %s = tir.slice %b {start_indices = array<i64: 2>, limit_indices = array<i64: 3>, strides = array<i64: 1>} : (tensor<5xf64>) -> tensor<1xf64>
  %t = tir.broadcast_in_dim %s {broadcast_dimensions = array<i64: 0>} : (tensor<1xf64>) -> tensor<5xf64>
  %r = tir.add %a, %t : (tensor<5xf64>, tensor<5xf64>) -> tensor<5xf64>
  return %r : tensor<5xf64>
}

// A stepped one-element window (x[1:3:2, 3:6:4]), transposed, broadcast
// against y: y + x[1:3:2, 3:6:4].T
func.func @tstep(%x: tensor<4x7xi32>, %y: tensor<?x?xi32>) -> tensor<?x?xi32> {
  %s = tir.slice %x {start_indices = array<i64: 1, 3>, limit_indices = array<i64: 3, 6>, strides = array<i64: 2, 4>} : (tensor<4x7xi32>) -> tensor<1x1xi32>
  %t = tir.transpose %s {permutation = array<i64: 1, 0>} : (tensor<1x1xi32>) -> tensor<1x1xi32>
  %r = tir.add %y, %t : (tensor<?x?xi32>, tensor<1x1xi32>) -> tensor<?x?xi32>
  return %r : tensor<?x?xi32>
}

// A row of a transposed operand, broadcast down the rows: x.T - x.T[1:2]
func.func @trow(%x: tensor<4x3xf32>) -> tensor<3x4xf32> {
  %t = tir.transpose %x {permutation = array<i64: 1, 0>} : (tensor<4x3xf32>) -> tensor<3x4xf32>
  %s = tir.slice %t {start_indices = array<i64: 1, 0>, limit_indices = array<i64: 2, 4>, strides = array<i64: 1, 1>} : (tensor<3x4xf32>) -> tensor<1x4xf32>
  %r = tir.sub %t, %s : (tensor<3x4xf32>, tensor<1x4xf32>) -> tensor<3x4xf32>
  return %r : tensor<3x4xf32>
}

// A size-1 view through a reshape (a view of the slice's buffer) that adds
// unit dimensions: y + x[:, 2:3].reshape(1, 3, 1)
func.func @reshaped(%x: tensor<3x5xf64>, %y: tensor<2x3x4xf64>) -> tensor<2x3x4xf64> {
  %s = tir.slice %x {start_indices = array<i64: 0, 2>, limit_indices = array<i64: 3, 3>, strides = array<i64: 1, 1>} : (tensor<3x5xf64>) -> tensor<3x1xf64>
  %m = tir.reshape %s : (tensor<3x1xf64>) -> tensor<1x3x1xf64>
  %r = tir.add %y, %m : (tensor<2x3x4xf64>, tensor<1x3x1xf64>) -> tensor<2x3x4xf64>
  return %r : tensor<2x3x4xf64>
}

// The broadcast inside a concatenation's part, computed into its window:
// concatenate([x - x[:, 2:3], y])
func.func @concat_part(%x: tensor<3x5xi64>, %y: tensor<?x5xi64>) -> tensor<?x5xi64> {
  %s = tir.slice %x {start_indices = array<i64: 0, 2>, limit_indices = array<i64: 3, 3>, strides = array<i64: 1, 1>} : (tensor<3x5xi64>) -> tensor<3x1xi64>
  %d = tir.sub %x, %s : (tensor<3x5xi64>, tensor<3x1xi64>) -> tensor<3x5xi64>
  %r = tir.concat %d, %y {dimension = 0 : i64} : (tensor<3x5xi64>, tensor<?x5xi64>) -> tensor<?x5xi64>
  return %r : tensor<?x5xi64>
}

// In a reduction's nest: (x - x[:, 2:3]).max(1)
func.func @reduced(%x: tensor<?x5xf32>) -> tensor<?xf32> {
  %s = tir.slice %x {start_indices = array<i64: 0, 2>, limit_indices = array<i64: 3, 3>, strides = array<i64: 1, 1>} : (tensor<?x5xf32>) -> tensor<3x1xf32>
  %d = tir.sub %x, %s : (tensor<?x5xf32>, tensor<3x1xf32>) -> tensor<?x5xf32>
  %r = tir.reduce_max %d {dims = array<i64: 1>} : (tensor<?x5xf32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// Long rows (the vector and non-temporal loops): a column and a row of x
// broadcast over it, (x - x[:, 7:8]) * x[2:3, :]
func.func @long_rows(%x: tensor<3x203xf32>) -> tensor<3x203xf32> {
  %c = tir.slice %x {start_indices = array<i64: 0, 7>, limit_indices = array<i64: 3, 8>, strides = array<i64: 1, 1>} : (tensor<3x203xf32>) -> tensor<3x1xf32>
  %w = tir.slice %x {start_indices = array<i64: 2, 0>, limit_indices = array<i64: 3, 203>, strides = array<i64: 1, 1>} : (tensor<3x203xf32>) -> tensor<1x203xf32>
  %d = tir.sub %x, %c : (tensor<3x203xf32>, tensor<3x1xf32>) -> tensor<3x203xf32>
  %r = tir.mul %d, %w : (tensor<3x203xf32>, tensor<1x203xf32>) -> tensor<3x203xf32>
  return %r : tensor<3x203xf32>
}
