// Bias-add + ReLU over a dynamic batch: y = max(x + b, 0).
// x is [batch, 128] with the batch size known only at run time; the bias
// b is broadcast along the batch, the scalar 0 along everything. The
// result types are written loosely (?x?); -infer-shapes proves ?x128, and
// with -arg-shapes a fully static 32x128.
//
//   tirc -verify examples/bias_relu.mlir
//   tirc -explain -verify examples/bias_relu.mlir      # how each dim was inferred
//   tirc -infer-shapes -arg-shapes='@bias_relu:0=32x128' examples/bias_relu.mlir
func.func @bias_relu(%x: tensor<?x128xf32>, %b: tensor<128xf32>) -> tensor<?x?xf32> {
  %zero = "tir.constant"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %t = "tir.add"(%x, %b) : (tensor<?x128xf32>, tensor<128xf32>) -> tensor<?x?xf32>
  %y = "tir.max"(%t, %zero) : (tensor<?x?xf32>, tensor<f32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
