// W6 softmax in TOSA, as an ML frontend hands it to MLIR (shared/BENCH.md):
// reduce_max, sub, exp, reduce_sum, reciprocal, mul, through tosa-to-linalg.
func.func @mlir_w6(%x: tensor<16384x1000xf32>, %out: tensor<16384x1000xf32>) -> tensor<16384x1000xf32>
    attributes {llvm.emit_c_interface} {
  %m = tosa.reduce_max %x {axis = 1 : i32} : (tensor<16384x1000xf32>) -> tensor<16384x1xf32>
  %d = tosa.sub %x, %m : (tensor<16384x1000xf32>, tensor<16384x1xf32>) -> tensor<16384x1000xf32>
  %e = tosa.exp %d : (tensor<16384x1000xf32>) -> tensor<16384x1000xf32>
  %s = tosa.reduce_sum %e {axis = 1 : i32} : (tensor<16384x1000xf32>) -> tensor<16384x1xf32>
  %r = tosa.reciprocal %s : (tensor<16384x1xf32>) -> tensor<16384x1xf32>
  %o = tosa.mul %e, %r {shift = 0 : i8} : (tensor<16384x1000xf32>, tensor<16384x1xf32>) -> tensor<16384x1000xf32>
  %res = bufferization.materialize_in_destination %o in %out : (tensor<16384x1000xf32>, tensor<16384x1000xf32>) -> tensor<16384x1000xf32>
  return %res : tensor<16384x1000xf32>
}
