// bench/contract/prologue.sh: an operand's elementwise producer computed
// while it is packed (contract_prologue.go), against the same program with
// the producer's value behind a tensor.cast (a fusion barrier: its own
// nest writes a temporary, which the packing reads): (x * s) @ w and
// gelu_tanh((x * s) @ w + b) at 2048^3, and a skinny (x * s) @ w; and
// x @ w without a producer, the cost of the product alone.
func.func @plain(%x: tensor<2048x2048xf32>, %w: tensor<2048x2048xf32>) -> tensor<2048x2048xf32> {
  %r = tir.matmul %x, %w : (tensor<2048x2048xf32>, tensor<2048x2048xf32>) -> tensor<2048x2048xf32>
  return %r : tensor<2048x2048xf32>
}
func.func @xs(%x: tensor<2048x2048xf32>, %s: tensor<2048xf32>, %w: tensor<2048x2048xf32>) -> tensor<2048x2048xf32> {
  %a = tir.mul %x, %s : (tensor<2048x2048xf32>, tensor<2048xf32>) -> tensor<2048x2048xf32>
  %r = tir.matmul %a, %w : (tensor<2048x2048xf32>, tensor<2048x2048xf32>) -> tensor<2048x2048xf32>
  return %r : tensor<2048x2048xf32>
}
func.func @mlp(%x: tensor<2048x2048xf32>, %s: tensor<2048xf32>, %w: tensor<2048x2048xf32>, %b: tensor<2048xf32>) -> tensor<2048x2048xf32> {
  %c = tir.constant dense<0.044715> : tensor<f32>
  %k = tir.constant dense<0.7978845608> : tensor<f32>
  %one = tir.constant dense<1.0> : tensor<f32>
  %half = tir.constant dense<0.5> : tensor<f32>
  %a = tir.mul %x, %s : (tensor<2048x2048xf32>, tensor<2048xf32>) -> tensor<2048x2048xf32>
  %mm = tir.matmul %a, %w : (tensor<2048x2048xf32>, tensor<2048x2048xf32>) -> tensor<2048x2048xf32>
  %y = tir.add %mm, %b : (tensor<2048x2048xf32>, tensor<2048xf32>) -> tensor<2048x2048xf32>
  %y2 = tir.mul %y, %y : (tensor<2048x2048xf32>, tensor<2048x2048xf32>) -> tensor<2048x2048xf32>
  %y3 = tir.mul %y2, %y : (tensor<2048x2048xf32>, tensor<2048x2048xf32>) -> tensor<2048x2048xf32>
  %cy3 = tir.mul %y3, %c : (tensor<2048x2048xf32>, tensor<f32>) -> tensor<2048x2048xf32>
  %in = tir.add %y, %cy3 : (tensor<2048x2048xf32>, tensor<2048x2048xf32>) -> tensor<2048x2048xf32>
  %sc = tir.mul %in, %k : (tensor<2048x2048xf32>, tensor<f32>) -> tensor<2048x2048xf32>
  %t = tir.tanh %sc : tensor<2048x2048xf32>
  %p = tir.add %t, %one : (tensor<2048x2048xf32>, tensor<f32>) -> tensor<2048x2048xf32>
  %h = tir.mul %y, %half : (tensor<2048x2048xf32>, tensor<f32>) -> tensor<2048x2048xf32>
  %r = tir.mul %h, %p : (tensor<2048x2048xf32>, tensor<2048x2048xf32>) -> tensor<2048x2048xf32>
  return %r : tensor<2048x2048xf32>
}
func.func @sk(%x: tensor<32768x256xf32>, %s: tensor<256xf32>, %w: tensor<256x64xf32>) -> tensor<32768x64xf32> {
  %a = tir.mul %x, %s : (tensor<32768x256xf32>, tensor<256xf32>) -> tensor<32768x256xf32>
  %r = tir.matmul %a, %w : (tensor<32768x256xf32>, tensor<256x64xf32>) -> tensor<32768x64xf32>
  return %r : tensor<32768x64xf32>
}
func.func @xs_u(%x: tensor<2048x2048xf32>, %s: tensor<2048xf32>, %w: tensor<2048x2048xf32>) -> tensor<2048x2048xf32> {
  %a = tir.mul %x, %s : (tensor<2048x2048xf32>, tensor<2048xf32>) -> tensor<2048x2048xf32>
  %u = tensor.cast %a : tensor<2048x2048xf32> to tensor<2048x2048xf32>
  %r = tir.matmul %u, %w : (tensor<2048x2048xf32>, tensor<2048x2048xf32>) -> tensor<2048x2048xf32>
  return %r : tensor<2048x2048xf32>
}
func.func @mlp_u(%x: tensor<2048x2048xf32>, %s: tensor<2048xf32>, %w: tensor<2048x2048xf32>, %b: tensor<2048xf32>) -> tensor<2048x2048xf32> {
  %c = tir.constant dense<0.044715> : tensor<f32>
  %k = tir.constant dense<0.7978845608> : tensor<f32>
  %one = tir.constant dense<1.0> : tensor<f32>
  %half = tir.constant dense<0.5> : tensor<f32>
  %a = tir.mul %x, %s : (tensor<2048x2048xf32>, tensor<2048xf32>) -> tensor<2048x2048xf32>
  %u = tensor.cast %a : tensor<2048x2048xf32> to tensor<2048x2048xf32>
  %mm = tir.matmul %u, %w : (tensor<2048x2048xf32>, tensor<2048x2048xf32>) -> tensor<2048x2048xf32>
  %y = tir.add %mm, %b : (tensor<2048x2048xf32>, tensor<2048xf32>) -> tensor<2048x2048xf32>
  %y2 = tir.mul %y, %y : (tensor<2048x2048xf32>, tensor<2048x2048xf32>) -> tensor<2048x2048xf32>
  %y3 = tir.mul %y2, %y : (tensor<2048x2048xf32>, tensor<2048x2048xf32>) -> tensor<2048x2048xf32>
  %cy3 = tir.mul %y3, %c : (tensor<2048x2048xf32>, tensor<f32>) -> tensor<2048x2048xf32>
  %in = tir.add %y, %cy3 : (tensor<2048x2048xf32>, tensor<2048x2048xf32>) -> tensor<2048x2048xf32>
  %sc = tir.mul %in, %k : (tensor<2048x2048xf32>, tensor<f32>) -> tensor<2048x2048xf32>
  %t = tir.tanh %sc : tensor<2048x2048xf32>
  %p = tir.add %t, %one : (tensor<2048x2048xf32>, tensor<f32>) -> tensor<2048x2048xf32>
  %h = tir.mul %y, %half : (tensor<2048x2048xf32>, tensor<f32>) -> tensor<2048x2048xf32>
  %r = tir.mul %h, %p : (tensor<2048x2048xf32>, tensor<2048x2048xf32>) -> tensor<2048x2048xf32>
  return %r : tensor<2048x2048xf32>
}
func.func @sk_u(%x: tensor<32768x256xf32>, %s: tensor<256xf32>, %w: tensor<256x64xf32>) -> tensor<32768x64xf32> {
  %a = tir.mul %x, %s : (tensor<32768x256xf32>, tensor<256xf32>) -> tensor<32768x256xf32>
  %u = tensor.cast %a : tensor<32768x256xf32> to tensor<32768x256xf32>
  %r = tir.matmul %u, %w : (tensor<32768x256xf32>, tensor<256x64xf32>) -> tensor<32768x64xf32>
  return %r : tensor<32768x64xf32>
}
