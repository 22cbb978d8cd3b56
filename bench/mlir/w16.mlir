// W16 row argmax in TOSA (i32 indices: tosa.argmax's; the driver widens nothing, it compares values).
func.func @mlir_w16(%x: tensor<16384x1000xf32>, %out: tensor<16384xi32>) -> tensor<16384xi32>
    attributes {llvm.emit_c_interface} {
  %r = tosa.argmax %x {axis = 1 : i32} : (tensor<16384x1000xf32>) -> tensor<16384xi32>
  %res = bufferization.materialize_in_destination %r in %out : (tensor<16384xi32>, tensor<16384xi32>) -> tensor<16384xi32>
  return %res : tensor<16384xi32>
}
