// An MLP block, gelu_tanh(x @ w + b): a tir.matmul with the bias and
// GELU's tanh form (GPT-2's) around it, for any batch and widths.
// NumPy: y = x @ w + b; 0.5 * y * (1 + np.tanh(0.7978845608 * (y + 0.044715 * y**3)))
//   tirc -infer-shapes -emit-llvm examples/mlp.mlir -o mlp.ll
func.func @mlp(%x: tensor<?x?xf32>, %w: tensor<?x?xf32>, %b: tensor<?xf32>) -> tensor<?x?xf32> {
  %c = tir.constant dense<0.044715> : tensor<f32>
  %k = tir.constant dense<0.7978845608> : tensor<f32>
  %one = tir.constant dense<1.0> : tensor<f32>
  %half = tir.constant dense<0.5> : tensor<f32>
  %mm = tir.matmul %x, %w : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %y = tir.add %mm, %b : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  %y2 = tir.mul %y, %y : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %y3 = tir.mul %y2, %y : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %cy3 = tir.mul %y3, %c : (tensor<?x?xf32>, tensor<f32>) -> tensor<?x?xf32>
  %in = tir.add %y, %cy3 : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %s = tir.mul %in, %k : (tensor<?x?xf32>, tensor<f32>) -> tensor<?x?xf32>
  %t = tir.tanh %s : tensor<?x?xf32>
  %p = tir.add %t, %one : (tensor<?x?xf32>, tensor<f32>) -> tensor<?x?xf32>
  %h = tir.mul %y, %half : (tensor<?x?xf32>, tensor<f32>) -> tensor<?x?xf32>
  %r = tir.mul %h, %p : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
