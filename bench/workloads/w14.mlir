// W14: GELU, erf form (BERT's): 0.5 x (1 + erf(x / sqrt(2))).
func.func @w14(%x: tensor<4096x1024xf32>) -> tensor<4096x1024xf32> {
  %rsqrt2 = tir.constant dense<0.70710677> : tensor<f32>
  %one = tir.constant dense<1.0> : tensor<f32>
  %half = tir.constant dense<0.5> : tensor<f32>
  %s = tir.mul %x, %rsqrt2 : (tensor<4096x1024xf32>, tensor<f32>) -> tensor<4096x1024xf32>
  %e = math.erf %s : tensor<4096x1024xf32>
  %p = tir.add %e, %one : (tensor<4096x1024xf32>, tensor<f32>) -> tensor<4096x1024xf32>
  %h = tir.mul %x, %half : (tensor<4096x1024xf32>, tensor<f32>) -> tensor<4096x1024xf32>
  %r = tir.mul %h, %p : (tensor<4096x1024xf32>, tensor<4096x1024xf32>) -> tensor<4096x1024xf32>
  return %r : tensor<4096x1024xf32>
}
