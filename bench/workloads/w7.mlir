// W7: layer norm over the last axis, (x - mean) / sqrt(var + 1e-5) * g + b,
// mean and variance computed in the IR (reduce_mean with keepdims).
func.func @w7(%x: tensor<16384x1024xf32>, %g: tensor<1024xf32>, %b: tensor<1024xf32>) -> tensor<16384x1024xf32> {
  %m = tir.reduce_mean %x {dims = array<i64: 1>, keepdims} : (tensor<16384x1024xf32>) -> tensor<16384x1xf32>
  %d = tir.sub %x, %m : (tensor<16384x1024xf32>, tensor<16384x1xf32>) -> tensor<16384x1024xf32>
  %q = tir.mul %d, %d : tensor<16384x1024xf32>
  %v = tir.reduce_mean %q {dims = array<i64: 1>, keepdims} : (tensor<16384x1024xf32>) -> tensor<16384x1xf32>
  %eps = tir.constant dense<1.0e-5> : tensor<f32>
  %one = tir.constant dense<1.0> : tensor<f32>
  %ve = tir.add %v, %eps : (tensor<16384x1xf32>, tensor<f32>) -> tensor<16384x1xf32>
  %sd = tir.sqrt %ve : tensor<16384x1xf32>
  %r = tir.div %one, %sd : (tensor<f32>, tensor<16384x1xf32>) -> tensor<16384x1xf32>
  %n = tir.mul %d, %r : (tensor<16384x1024xf32>, tensor<16384x1xf32>) -> tensor<16384x1024xf32>
  %y = tir.mul %n, %g : (tensor<16384x1024xf32>, tensor<1024xf32>) -> tensor<16384x1024xf32>
  %z = tir.add %y, %b : (tensor<16384x1024xf32>, tensor<1024xf32>) -> tensor<16384x1024xf32>
  return %z : tensor<16384x1024xf32>
}
