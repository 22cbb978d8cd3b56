// W21 attention: linalg.batch_matmul_transpose_b, the softmax in TOSA, then
// linalg.batch_matmul.
func.func @mlir_w21(%q: tensor<32x1024x64xf32>, %k: tensor<32x1024x64xf32>, %v: tensor<32x1024x64xf32>, %out: tensor<32x1024x64xf32>) -> tensor<32x1024x64xf32>
    attributes {llvm.emit_c_interface} {
  %zero = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<32x1024x1024xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%init : tensor<32x1024x1024xf32>) -> tensor<32x1024x1024xf32>
  %qk = linalg.batch_matmul_transpose_b ins(%q, %k : tensor<32x1024x64xf32>, tensor<32x1024x64xf32>) outs(%acc : tensor<32x1024x1024xf32>) -> tensor<32x1024x1024xf32>
  %scale = "tosa.const"() {value = dense<0.125> : tensor<1x1x1xf32>} : () -> tensor<1x1x1xf32>
  %s = tosa.mul %qk, %scale {shift = 0 : i8} : (tensor<32x1024x1024xf32>, tensor<1x1x1xf32>) -> tensor<32x1024x1024xf32>
  %m = tosa.reduce_max %s {axis = 2 : i32} : (tensor<32x1024x1024xf32>) -> tensor<32x1024x1xf32>
  %d = tosa.sub %s, %m : (tensor<32x1024x1024xf32>, tensor<32x1024x1xf32>) -> tensor<32x1024x1024xf32>
  %e = tosa.exp %d : (tensor<32x1024x1024xf32>) -> tensor<32x1024x1024xf32>
  %z = tosa.reduce_sum %e {axis = 2 : i32} : (tensor<32x1024x1024xf32>) -> tensor<32x1024x1xf32>
  %rz = tosa.reciprocal %z : (tensor<32x1024x1xf32>) -> tensor<32x1024x1xf32>
  %p = tosa.mul %e, %rz {shift = 0 : i8} : (tensor<32x1024x1024xf32>, tensor<32x1024x1xf32>) -> tensor<32x1024x1024xf32>
  %init2 = tensor.empty() : tensor<32x1024x64xf32>
  %acc2 = linalg.fill ins(%zero : f32) outs(%init2 : tensor<32x1024x64xf32>) -> tensor<32x1024x64xf32>
  %r = linalg.batch_matmul ins(%p, %v : tensor<32x1024x1024xf32>, tensor<32x1024x64xf32>) outs(%acc2 : tensor<32x1024x64xf32>) -> tensor<32x1024x64xf32>
  %res = bufferization.materialize_in_destination %r in %out : (tensor<32x1024x64xf32>, tensor<32x1024x64xf32>) -> tensor<32x1024x64xf32>
  return %res : tensor<32x1024x64xf32>
}
