// W8: the sum of 2^26 floats in TOSA (reduce_sum keeps the dim: 1 element).
func.func @mlir_w8(%x: tensor<67108864xf32>, %out: tensor<1xf32>) -> tensor<1xf32>
    attributes {llvm.emit_c_interface} {
  %s = tosa.reduce_sum %x {axis = 0 : i32} : (tensor<67108864xf32>) -> tensor<1xf32>
  %res = bufferization.materialize_in_destination %s in %out : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xf32>
  return %res : tensor<1xf32>
}
