// W17 sigmoid(x) * y in TOSA.
func.func @mlir_w17(%x: tensor<4096x1024xf32>, %y: tensor<4096x1024xf32>, %out: tensor<4096x1024xf32>) -> tensor<4096x1024xf32>
    attributes {llvm.emit_c_interface} {
  %s = tosa.sigmoid %x : (tensor<4096x1024xf32>) -> tensor<4096x1024xf32>
  %r = tosa.mul %s, %y {shift = 0 : i8} : (tensor<4096x1024xf32>, tensor<4096x1024xf32>) -> tensor<4096x1024xf32>
  %res = bufferization.materialize_in_destination %r in %out : (tensor<4096x1024xf32>, tensor<4096x1024xf32>) -> tensor<4096x1024xf32>
  return %res : tensor<4096x1024xf32>
}
