// W2: out[i, j] = a[i, 0] + b[0, j], an outer broadcast (f32). Reads 32 KiB,
// writes 64 MiB: the store rate decides (non-temporal stores win).
func.func @w2(%a: tensor<4096x1xf32>, %b: tensor<1x4096xf32>) -> tensor<4096x4096xf32> {
  %r = "tir.add"(%a, %b) : (tensor<4096x1xf32>, tensor<1x4096xf32>) -> tensor<4096x4096xf32>
  return %r : tensor<4096x4096xf32>
}
