// W4: out[8x8] = a[8x8] + b[8] (f32), called a million times: what one call
// on a tiny static tensor costs (descriptor handling, checks, loop set-up).
func.func @w4(%a: tensor<8x8xf32>, %b: tensor<8xf32>) -> tensor<8x8xf32> {
  %r = "tir.add"(%a, %b) : (tensor<8x8xf32>, tensor<8xf32>) -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}
