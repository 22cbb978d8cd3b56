// W12: tanh(x), f32 4096x1024: compute-bound, the transcendental itself.
func.func @w12(%x: tensor<4096x1024xf32>) -> tensor<4096x1024xf32> {
  %r = tir.tanh %x : tensor<4096x1024xf32>
  return %r : tensor<4096x1024xf32>
}
