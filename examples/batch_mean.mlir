// The mean over a dynamic batch, written with the batch size:
//   x.sum(0) / x.shape[0]
// tensor.dim reads the size at run time (an index); arith converts it to
// f32 and tensor.splat makes it a rank-0 tensor that broadcasts against
// the sums. (tir.reduce_mean computes the same in one op.)
//
//   tirc -infer-shapes -emit-llvm examples/batch_mean.mlir -o batch_mean.ll
func.func @batch_mean(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x?xf32>
  %i = arith.index_cast %n : index to i64
  %f = arith.sitofp %i : i64 to f32
  %nf = tensor.splat %f : tensor<f32>
  %s = tir.reduce_sum %x {dims = array<i64: 0>} : (tensor<?x?xf32>) -> tensor<?xf32>
  %m = tir.div %s, %nf : (tensor<?xf32>, tensor<f32>) -> tensor<?xf32>
  return %m : tensor<?xf32>
}
