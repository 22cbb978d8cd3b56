func.func @addi(%a: tensor<?xi32>, %b: tensor<?xi32>) -> tensor<?xi32> {
  %r = arith.addi %a, %b : tensor<?xi32>
  return %r : tensor<?xi32>
}
func.func @add(%a: tensor<?xi32>, %b: tensor<?xi32>) -> tensor<?xi32> {
  %r = "tir.add"(%a, %b) : (tensor<?xi32>, tensor<?xi32>) -> tensor<?xi32>
  return %r : tensor<?xi32>
}
func.func @remmin(%a: tensor<2xi16>, %b: tensor<2xi16>) -> tensor<2xi16> {
  %r = "tir.rem"(%a, %b) : (tensor<2xi16>, tensor<2xi16>) -> tensor<2xi16>
  return %r : tensor<2xi16>
}
