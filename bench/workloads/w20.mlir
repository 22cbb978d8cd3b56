// W20: an MLP block, gelu_tanh(x @ w + b): x 8192x1024, w 1024x4096, b 4096,
// f32 (68.7 GFLOP, then the bias and GELU's tanh form on 32M elements).
func.func @w20(%x: tensor<8192x1024xf32>, %w: tensor<1024x4096xf32>, %b: tensor<4096xf32>) -> tensor<8192x4096xf32> {
  %c = tir.constant dense<0.044715> : tensor<f32>
  %k = tir.constant dense<0.7978845608> : tensor<f32>
  %one = tir.constant dense<1.0> : tensor<f32>
  %half = tir.constant dense<0.5> : tensor<f32>
  %mm = tir.matmul %x, %w : (tensor<8192x1024xf32>, tensor<1024x4096xf32>) -> tensor<8192x4096xf32>
  %y = tir.add %mm, %b : (tensor<8192x4096xf32>, tensor<4096xf32>) -> tensor<8192x4096xf32>
  %y2 = tir.mul %y, %y : (tensor<8192x4096xf32>, tensor<8192x4096xf32>) -> tensor<8192x4096xf32>
  %y3 = tir.mul %y2, %y : (tensor<8192x4096xf32>, tensor<8192x4096xf32>) -> tensor<8192x4096xf32>
  %cy3 = tir.mul %y3, %c : (tensor<8192x4096xf32>, tensor<f32>) -> tensor<8192x4096xf32>
  %in = tir.add %y, %cy3 : (tensor<8192x4096xf32>, tensor<8192x4096xf32>) -> tensor<8192x4096xf32>
  %s = tir.mul %in, %k : (tensor<8192x4096xf32>, tensor<f32>) -> tensor<8192x4096xf32>
  %t = tir.tanh %s : tensor<8192x4096xf32>
  %p = tir.add %t, %one : (tensor<8192x4096xf32>, tensor<f32>) -> tensor<8192x4096xf32>
  %h = tir.mul %y, %half : (tensor<8192x4096xf32>, tensor<f32>) -> tensor<8192x4096xf32>
  %r = tir.mul %h, %p : (tensor<8192x4096xf32>, tensor<8192x4096xf32>) -> tensor<8192x4096xf32>
  return %r : tensor<8192x4096xf32>
}
