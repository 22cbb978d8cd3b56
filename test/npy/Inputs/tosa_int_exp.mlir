// tosa.exp of i32: MLIR 19's verifier accepts it; codegen refuses it (tosa.test).
func.func @f(%a: tensor<4xi32>) -> tensor<4xi32> {
  %0 = tosa.exp %a : (tensor<4xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}
