// Deliberately broken, for the README's tour: two errors in two functions,
// both reported.
func.func @rows(%a: tensor<3x4xf32>, %b: tensor<2x4xf32>) -> tensor<3x4xf32> {
  %0 = "tir.add"(%a, %b) : (tensor<3x4xf32>, tensor<2x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

func.func @result(%a: tensor<?x1xf32>, %b: tensor<4xf32>) -> tensor<?x5xf32> {
  %0 = "tir.mul"(%a, %b) : (tensor<?x1xf32>, tensor<4xf32>) -> tensor<?x5xf32>
  return %0 : tensor<?x5xf32>
}
