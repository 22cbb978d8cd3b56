// W14 GELU, erf form, in TOSA.
func.func @mlir_w14(%x: tensor<4096x1024xf32>, %out: tensor<4096x1024xf32>) -> tensor<4096x1024xf32>
    attributes {llvm.emit_c_interface} {
  %rs = "tosa.const"() {value = dense<0.70710677> : tensor<1x1xf32>} : () -> tensor<1x1xf32>
  %one = "tosa.const"() {value = dense<1.0> : tensor<1x1xf32>} : () -> tensor<1x1xf32>
  %half = "tosa.const"() {value = dense<0.5> : tensor<1x1xf32>} : () -> tensor<1x1xf32>
  %s = tosa.mul %x, %rs {shift = 0 : i8} : (tensor<4096x1024xf32>, tensor<1x1xf32>) -> tensor<4096x1024xf32>
  %e = tosa.erf %s : (tensor<4096x1024xf32>) -> tensor<4096x1024xf32>
  %p = tosa.add %e, %one : (tensor<4096x1024xf32>, tensor<1x1xf32>) -> tensor<4096x1024xf32>
  %h = tosa.mul %x, %half {shift = 0 : i8} : (tensor<4096x1024xf32>, tensor<1x1xf32>) -> tensor<4096x1024xf32>
  %r = tosa.mul %h, %p {shift = 0 : i8} : (tensor<4096x1024xf32>, tensor<4096x1024xf32>) -> tensor<4096x1024xf32>
  %res = bufferization.materialize_in_destination %r in %out : (tensor<4096x1024xf32>, tensor<4096x1024xf32>) -> tensor<4096x1024xf32>
  return %res : tensor<4096x1024xf32>
}
