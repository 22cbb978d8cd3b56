// GELU, the activation of BERT and GPT-2, in its exact (erf) form:
//   gelu(x) = 0.5 * x * (1 + erf(x / sqrt(2)))
// math.erf and arith.mulf are MLIR's own dialects, pasted as MLIR users
// write them (math.erf compiles to tirc's vector polynomial, not a libm
// call per element); the tir ops broadcast the
// rank-0 constants against the [?,?] tensor.
//
//   tirc -infer-shapes -emit-llvm examples/gelu.mlir -o gelu.ll
func.func @gelu(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %rsqrt2 = tir.constant dense<0.70710677> : tensor<f32>
  %half = tir.constant dense<5.000000e-01> : tensor<f32>
  %one = tir.constant dense<1.000000e+00> : tensor<f32>
  %s = tir.mul %x, %rsqrt2 : (tensor<?x?xf32>, tensor<f32>) -> tensor<?x?xf32>
  %e = math.erf %s : tensor<?x?xf32>
  %p = tir.add %e, %one : (tensor<?x?xf32>, tensor<f32>) -> tensor<?x?xf32>
  %h = tir.mul %x, %half : (tensor<?x?xf32>, tensor<f32>) -> tensor<?x?xf32>
  %y = arith.mulf %h, %p : tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
