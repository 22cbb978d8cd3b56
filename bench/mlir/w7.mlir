// W7 layer norm in TOSA: mean and variance by reduce_sum and a 1/1024
// multiply (TOSA has no reduce_mean), rsqrt, scale and shift.
func.func @mlir_w7(%x: tensor<16384x1024xf32>, %g: tensor<1x1024xf32>, %b: tensor<1x1024xf32>, %out: tensor<16384x1024xf32>) -> tensor<16384x1024xf32>
    attributes {llvm.emit_c_interface} {
  %inv = "tosa.const"() {value = dense<9.765625e-04> : tensor<1x1xf32>} : () -> tensor<1x1xf32>
  %eps = "tosa.const"() {value = dense<1.0e-05> : tensor<1x1xf32>} : () -> tensor<1x1xf32>
  %s = tosa.reduce_sum %x {axis = 1 : i32} : (tensor<16384x1024xf32>) -> tensor<16384x1xf32>
  %m = tosa.mul %s, %inv {shift = 0 : i8} : (tensor<16384x1xf32>, tensor<1x1xf32>) -> tensor<16384x1xf32>
  %d = tosa.sub %x, %m : (tensor<16384x1024xf32>, tensor<16384x1xf32>) -> tensor<16384x1024xf32>
  %q = tosa.mul %d, %d {shift = 0 : i8} : (tensor<16384x1024xf32>, tensor<16384x1024xf32>) -> tensor<16384x1024xf32>
  %vs = tosa.reduce_sum %q {axis = 1 : i32} : (tensor<16384x1024xf32>) -> tensor<16384x1xf32>
  %v = tosa.mul %vs, %inv {shift = 0 : i8} : (tensor<16384x1xf32>, tensor<1x1xf32>) -> tensor<16384x1xf32>
  %ve = tosa.add %v, %eps : (tensor<16384x1xf32>, tensor<1x1xf32>) -> tensor<16384x1xf32>
  %r = tosa.rsqrt %ve : (tensor<16384x1xf32>) -> tensor<16384x1xf32>
  %n = tosa.mul %d, %r {shift = 0 : i8} : (tensor<16384x1024xf32>, tensor<16384x1xf32>) -> tensor<16384x1024xf32>
  %y = tosa.mul %n, %g {shift = 0 : i8} : (tensor<16384x1024xf32>, tensor<1x1024xf32>) -> tensor<16384x1024xf32>
  %z = tosa.add %y, %b : (tensor<16384x1024xf32>, tensor<1x1024xf32>) -> tensor<16384x1024xf32>
  %res = bufferization.materialize_in_destination %z in %out : (tensor<16384x1024xf32>, tensor<16384x1024xf32>) -> tensor<16384x1024xf32>
  return %res : tensor<16384x1024xf32>
}
