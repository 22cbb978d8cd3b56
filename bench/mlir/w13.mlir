// W13 GELU, tanh form, in TOSA.
func.func @mlir_w13(%x: tensor<4096x1024xf32>, %out: tensor<4096x1024xf32>) -> tensor<4096x1024xf32>
    attributes {llvm.emit_c_interface} {
  %c = "tosa.const"() {value = dense<0.044715> : tensor<1x1xf32>} : () -> tensor<1x1xf32>
  %k = "tosa.const"() {value = dense<0.7978845608> : tensor<1x1xf32>} : () -> tensor<1x1xf32>
  %one = "tosa.const"() {value = dense<1.0> : tensor<1x1xf32>} : () -> tensor<1x1xf32>
  %half = "tosa.const"() {value = dense<0.5> : tensor<1x1xf32>} : () -> tensor<1x1xf32>
  %x2 = tosa.mul %x, %x {shift = 0 : i8} : (tensor<4096x1024xf32>, tensor<4096x1024xf32>) -> tensor<4096x1024xf32>
  %x3 = tosa.mul %x2, %x {shift = 0 : i8} : (tensor<4096x1024xf32>, tensor<4096x1024xf32>) -> tensor<4096x1024xf32>
  %cx3 = tosa.mul %x3, %c {shift = 0 : i8} : (tensor<4096x1024xf32>, tensor<1x1xf32>) -> tensor<4096x1024xf32>
  %in = tosa.add %x, %cx3 : (tensor<4096x1024xf32>, tensor<4096x1024xf32>) -> tensor<4096x1024xf32>
  %s = tosa.mul %in, %k {shift = 0 : i8} : (tensor<4096x1024xf32>, tensor<1x1xf32>) -> tensor<4096x1024xf32>
  %t = tosa.tanh %s : (tensor<4096x1024xf32>) -> tensor<4096x1024xf32>
  %p = tosa.add %t, %one : (tensor<4096x1024xf32>, tensor<1x1xf32>) -> tensor<4096x1024xf32>
  %h = tosa.mul %x, %half {shift = 0 : i8} : (tensor<4096x1024xf32>, tensor<1x1xf32>) -> tensor<4096x1024xf32>
  %r = tosa.mul %h, %p {shift = 0 : i8} : (tensor<4096x1024xf32>, tensor<4096x1024xf32>) -> tensor<4096x1024xf32>
  %res = bufferization.materialize_in_destination %r in %out : (tensor<4096x1024xf32>, tensor<4096x1024xf32>) -> tensor<4096x1024xf32>
  return %res : tensor<4096x1024xf32>
}
