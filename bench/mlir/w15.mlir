// W15 log-softmax in TOSA.
func.func @mlir_w15(%x: tensor<16384x1000xf32>, %out: tensor<16384x1000xf32>) -> tensor<16384x1000xf32>
    attributes {llvm.emit_c_interface} {
  %m = tosa.reduce_max %x {axis = 1 : i32} : (tensor<16384x1000xf32>) -> tensor<16384x1xf32>
  %d = tosa.sub %x, %m : (tensor<16384x1000xf32>, tensor<16384x1xf32>) -> tensor<16384x1000xf32>
  %e = tosa.exp %d : (tensor<16384x1000xf32>) -> tensor<16384x1000xf32>
  %s = tosa.reduce_sum %e {axis = 1 : i32} : (tensor<16384x1000xf32>) -> tensor<16384x1xf32>
  %l = tosa.log %s : (tensor<16384x1xf32>) -> tensor<16384x1xf32>
  %r = tosa.sub %d, %l : (tensor<16384x1000xf32>, tensor<16384x1xf32>) -> tensor<16384x1000xf32>
  %res = bufferization.materialize_in_destination %r in %out : (tensor<16384x1000xf32>, tensor<16384x1000xf32>) -> tensor<16384x1000xf32>
  return %res : tensor<16384x1000xf32>
}
