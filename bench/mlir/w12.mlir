// W12 tanh(x) in TOSA, through tosa-to-linalg (shared/BENCH.md).
func.func @mlir_w12(%x: tensor<4096x1024xf32>, %out: tensor<4096x1024xf32>) -> tensor<4096x1024xf32>
    attributes {llvm.emit_c_interface} {
  %r = tosa.tanh %x : (tensor<4096x1024xf32>) -> tensor<4096x1024xf32>
  %res = bufferization.materialize_in_destination %r in %out : (tensor<4096x1024xf32>, tensor<4096x1024xf32>) -> tensor<4096x1024xf32>
  return %res : tensor<4096x1024xf32>
}
