// W20 MLP block: linalg.matmul, then the bias and GELU's tanh form in TOSA
// (through tosa-to-linalg, fused by --linalg-fuse-elementwise-ops).
func.func @mlir_w20(%x: tensor<8192x1024xf32>, %w: tensor<1024x4096xf32>, %b: tensor<1x4096xf32>, %out: tensor<8192x4096xf32>) -> tensor<8192x4096xf32>
    attributes {llvm.emit_c_interface} {
  %zero = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<8192x4096xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%init : tensor<8192x4096xf32>) -> tensor<8192x4096xf32>
  %mm = linalg.matmul ins(%x, %w : tensor<8192x1024xf32>, tensor<1024x4096xf32>) outs(%acc : tensor<8192x4096xf32>) -> tensor<8192x4096xf32>
  %c = "tosa.const"() {value = dense<0.044715> : tensor<1x1xf32>} : () -> tensor<1x1xf32>
  %k = "tosa.const"() {value = dense<0.7978845608> : tensor<1x1xf32>} : () -> tensor<1x1xf32>
  %one = "tosa.const"() {value = dense<1.0> : tensor<1x1xf32>} : () -> tensor<1x1xf32>
  %half = "tosa.const"() {value = dense<0.5> : tensor<1x1xf32>} : () -> tensor<1x1xf32>
  %y = tosa.add %mm, %b : (tensor<8192x4096xf32>, tensor<1x4096xf32>) -> tensor<8192x4096xf32>
  %y2 = tosa.mul %y, %y {shift = 0 : i8} : (tensor<8192x4096xf32>, tensor<8192x4096xf32>) -> tensor<8192x4096xf32>
  %y3 = tosa.mul %y2, %y {shift = 0 : i8} : (tensor<8192x4096xf32>, tensor<8192x4096xf32>) -> tensor<8192x4096xf32>
  %cy3 = tosa.mul %y3, %c {shift = 0 : i8} : (tensor<8192x4096xf32>, tensor<1x1xf32>) -> tensor<8192x4096xf32>
  %in = tosa.add %y, %cy3 : (tensor<8192x4096xf32>, tensor<8192x4096xf32>) -> tensor<8192x4096xf32>
  %s = tosa.mul %in, %k {shift = 0 : i8} : (tensor<8192x4096xf32>, tensor<1x1xf32>) -> tensor<8192x4096xf32>
  %t = tosa.tanh %s : (tensor<8192x4096xf32>) -> tensor<8192x4096xf32>
  %p = tosa.add %t, %one : (tensor<8192x4096xf32>, tensor<1x1xf32>) -> tensor<8192x4096xf32>
  %h = tosa.mul %y, %half {shift = 0 : i8} : (tensor<8192x4096xf32>, tensor<1x1xf32>) -> tensor<8192x4096xf32>
  %r = tosa.mul %h, %p {shift = 0 : i8} : (tensor<8192x4096xf32>, tensor<8192x4096xf32>) -> tensor<8192x4096xf32>
  %res = bufferization.materialize_in_destination %r in %out : (tensor<8192x4096xf32>, tensor<8192x4096xf32>) -> tensor<8192x4096xf32>
  return %res : tensor<8192x4096xf32>
}
