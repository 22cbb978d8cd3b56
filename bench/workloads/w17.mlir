// W17: sigmoid(x) * y (a gate), f32 4096x1024.
func.func @w17(%x: tensor<4096x1024xf32>, %y: tensor<4096x1024xf32>) -> tensor<4096x1024xf32> {
  %s = tosa.sigmoid %x : (tensor<4096x1024xf32>) -> tensor<4096x1024xf32>
  %r = tir.mul %s, %y : (tensor<4096x1024xf32>, tensor<4096x1024xf32>) -> tensor<4096x1024xf32>
  return %r : tensor<4096x1024xf32>
}
