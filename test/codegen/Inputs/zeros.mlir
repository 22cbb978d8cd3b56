// max/min order -0 below +0 (arith.maximumf, llvm.maximum), also against
// a zero constant of either sign on either side.
func.func @mx(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %x = "tir.max"(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %n = "tir.min"(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %x, %n : tensor<4xf32>, tensor<4xf32>
}
func.func @mxc(%a: tensor<4xf64>) -> (tensor<4xf64>, tensor<4xf64>) {
  %z = "tir.constant"() {value = dense<-0.0> : tensor<f64>} : () -> tensor<f64>
  %x = "tir.max"(%a, %z) : (tensor<4xf64>, tensor<f64>) -> tensor<4xf64>
  %p = "tir.constant"() {value = dense<0.0> : tensor<f64>} : () -> tensor<f64>
  %n = "tir.min"(%p, %a) : (tensor<f64>, tensor<4xf64>) -> tensor<4xf64>
  return %x, %n : tensor<4xf64>, tensor<4xf64>
}
