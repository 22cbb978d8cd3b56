// W13: GELU, tanh form (GPT-2's): 0.5 x (1 + tanh(0.7978845608 (x + 0.044715 x^3))).
func.func @w13(%x: tensor<4096x1024xf32>) -> tensor<4096x1024xf32> {
  %c = tir.constant dense<0.044715> : tensor<f32>
  %k = tir.constant dense<0.7978845608> : tensor<f32>
  %one = tir.constant dense<1.0> : tensor<f32>
  %half = tir.constant dense<0.5> : tensor<f32>
  %x2 = tir.mul %x, %x : (tensor<4096x1024xf32>, tensor<4096x1024xf32>) -> tensor<4096x1024xf32>
  %x3 = tir.mul %x2, %x : (tensor<4096x1024xf32>, tensor<4096x1024xf32>) -> tensor<4096x1024xf32>
  %cx3 = tir.mul %x3, %c : (tensor<4096x1024xf32>, tensor<f32>) -> tensor<4096x1024xf32>
  %in = tir.add %x, %cx3 : (tensor<4096x1024xf32>, tensor<4096x1024xf32>) -> tensor<4096x1024xf32>
  %s = tir.mul %in, %k : (tensor<4096x1024xf32>, tensor<f32>) -> tensor<4096x1024xf32>
  %t = tir.tanh %s : tensor<4096x1024xf32>
  %p = tir.add %t, %one : (tensor<4096x1024xf32>, tensor<f32>) -> tensor<4096x1024xf32>
  %h = tir.mul %x, %half : (tensor<4096x1024xf32>, tensor<f32>) -> tensor<4096x1024xf32>
  %r = tir.mul %h, %p : (tensor<4096x1024xf32>, tensor<4096x1024xf32>) -> tensor<4096x1024xf32>
  return %r : tensor<4096x1024xf32>
}
