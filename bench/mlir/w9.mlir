// W9: column sums in TOSA.
func.func @mlir_w9(%x: tensor<8192x4096xf32>, %out: tensor<1x4096xf32>) -> tensor<1x4096xf32>
    attributes {llvm.emit_c_interface} {
  %s = tosa.reduce_sum %x {axis = 0 : i32} : (tensor<8192x4096xf32>) -> tensor<1x4096xf32>
  %res = bufferization.materialize_in_destination %s in %out : (tensor<1x4096xf32>, tensor<1x4096xf32>) -> tensor<1x4096xf32>
  return %res : tensor<1x4096xf32>
}
