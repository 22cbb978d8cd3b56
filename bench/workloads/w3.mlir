// W3: out = max((a + b) * c, 0), b broadcast along the rows (f32). Three ops
// whose intermediates have one use each: fused, the loop reads a, b, c once
// and writes out once, with no temporary tensors.
func.func @w3(%a: tensor<4096x4096xf32>, %b: tensor<4096xf32>, %c: tensor<4096x4096xf32>) -> tensor<4096x4096xf32> {
  %zero = "tir.constant"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %s = "tir.add"(%a, %b) : (tensor<4096x4096xf32>, tensor<4096xf32>) -> tensor<4096x4096xf32>
  %p = "tir.mul"(%s, %c) : (tensor<4096x4096xf32>, tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
  %r = "tir.max"(%p, %zero) : (tensor<4096x4096xf32>, tensor<f32>) -> tensor<4096x4096xf32>
  return %r : tensor<4096x4096xf32>
}
