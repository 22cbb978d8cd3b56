// W5: W1 in i32 (integer addition wraps).
func.func @w5(%a: tensor<4096x4096xi32>, %b: tensor<4096xi32>) -> tensor<4096x4096xi32> {
  %r = "tir.add"(%a, %b) : (tensor<4096x4096xi32>, tensor<4096xi32>) -> tensor<4096x4096xi32>
  return %r : tensor<4096x4096xi32>
}
