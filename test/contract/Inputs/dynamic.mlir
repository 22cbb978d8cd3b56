// Twins and further programs for dynamic.test, run with
// examples/mlp.mlir and examples/attention.mlir (dynamic.test.py): each
// @X_ref also returns the product, so nothing is fused into it; the
// other functions are guarded fusions with sizes known at run time: a
// mask leaf of attention's epilogue, a softmax finished in the result's
// rows, and a residual leaf of a static product.
func.func @mlp_ref(%x: tensor<?x?xf32>, %w: tensor<?x?xf32>, %b: tensor<?xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>) {
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
  return %r, %mm : tensor<?x?xf32>, tensor<?x?xf32>
}
func.func @attention_ref(%q: tensor<?x?x64xf32>, %k: tensor<?x?x64xf32>, %v: tensor<?x?x64xf32>) -> (tensor<?x?x64xf32>, tensor<?x?x?xf32>) {
  %scale = tir.constant dense<0.125> : tensor<f32>
  %kt = tir.transpose %k {permutation = array<i64: 0, 2, 1>} : (tensor<?x?x64xf32>) -> tensor<?x64x?xf32>
  %qk = tir.matmul %q, %kt : (tensor<?x?x64xf32>, tensor<?x64x?xf32>) -> tensor<?x?x?xf32>
  %s = tir.mul %qk, %scale : (tensor<?x?x?xf32>, tensor<f32>) -> tensor<?x?x?xf32>
  %m = tir.reduce_max %s {dims = array<i64: 2>, keepdims} : (tensor<?x?x?xf32>) -> tensor<?x?x1xf32>
  %d = tir.sub %s, %m : (tensor<?x?x?xf32>, tensor<?x?x1xf32>) -> tensor<?x?x?xf32>
  %e = tir.exp %d : tensor<?x?x?xf32>
  %z = tir.reduce_sum %e {dims = array<i64: 2>, keepdims} : (tensor<?x?x?xf32>) -> tensor<?x?x1xf32>
  %p = tir.div %e, %z : (tensor<?x?x?xf32>, tensor<?x?x1xf32>) -> tensor<?x?x?xf32>
  %r = tir.matmul %p, %v : (tensor<?x?x?xf32>, tensor<?x?x64xf32>) -> tensor<?x?x64xf32>
  return %r, %qk : tensor<?x?x64xf32>, tensor<?x?x?xf32>
}
func.func @masked(%q: tensor<?x?x32xf32>, %kt: tensor<?x32x?xf32>, %v: tensor<?x?x32xf32>, %mask: tensor<?x?xf32>) -> tensor<?x?x32xf32> {
  %scale = tir.constant dense<0.17677669> : tensor<f32>
  %qk = tir.matmul %q, %kt : (tensor<?x?x32xf32>, tensor<?x32x?xf32>) -> tensor<?x?x?xf32>
  %s0 = tir.mul %qk, %scale : (tensor<?x?x?xf32>, tensor<f32>) -> tensor<?x?x?xf32>
  %s = tir.add %s0, %mask : (tensor<?x?x?xf32>, tensor<?x?xf32>) -> tensor<?x?x?xf32>
  %m = tir.reduce_max %s {dims = array<i64: 2>, keepdims} : (tensor<?x?x?xf32>) -> tensor<?x?x1xf32>
  %d = tir.sub %s, %m : (tensor<?x?x?xf32>, tensor<?x?x1xf32>) -> tensor<?x?x?xf32>
  %e = tir.exp %d : tensor<?x?x?xf32>
  %z = tir.reduce_sum %e {dims = array<i64: 2>, keepdims} : (tensor<?x?x?xf32>) -> tensor<?x?x1xf32>
  %p = tir.div %e, %z : (tensor<?x?x?xf32>, tensor<?x?x1xf32>) -> tensor<?x?x?xf32>
  %r = tir.matmul %p, %v : (tensor<?x?x?xf32>, tensor<?x?x32xf32>) -> tensor<?x?x32xf32>
  return %r : tensor<?x?x32xf32>
}
func.func @probs(%x: tensor<?x?xf32>, %w: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %xw = tir.matmul %x, %w : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %m = tir.reduce_max %xw {dims = array<i64: 1>, keepdims} : (tensor<?x?xf32>) -> tensor<?x1xf32>
  %d = tir.sub %xw, %m : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  %e = tir.exp %d : tensor<?x?xf32>
  %z = tir.reduce_sum %e {dims = array<i64: 1>, keepdims} : (tensor<?x?xf32>) -> tensor<?x1xf32>
  %p = tir.div %e, %z : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  return %p : tensor<?x?xf32>
}
func.func @resid(%x: tensor<64x520xf32>, %w: tensor<520x48xf32>, %y: tensor<?x?xf32>) -> tensor<64x48xf32> {
  %xw = tir.matmul %x, %w : (tensor<64x520xf32>, tensor<520x48xf32>) -> tensor<64x48xf32>
  %t = tir.tanh %xw : tensor<64x48xf32>
  %r = tir.add %t, %y : (tensor<64x48xf32>, tensor<?x?xf32>) -> tensor<64x48xf32>
  return %r : tensor<64x48xf32>
}
func.func @masked_ref(%q: tensor<?x?x32xf32>, %kt: tensor<?x32x?xf32>, %v: tensor<?x?x32xf32>, %mask: tensor<?x?xf32>) -> (tensor<?x?x32xf32>, tensor<?x?x?xf32>) {
  %scale = tir.constant dense<0.17677669> : tensor<f32>
  %qk = tir.matmul %q, %kt : (tensor<?x?x32xf32>, tensor<?x32x?xf32>) -> tensor<?x?x?xf32>
  %s0 = tir.mul %qk, %scale : (tensor<?x?x?xf32>, tensor<f32>) -> tensor<?x?x?xf32>
  %s = tir.add %s0, %mask : (tensor<?x?x?xf32>, tensor<?x?xf32>) -> tensor<?x?x?xf32>
  %m = tir.reduce_max %s {dims = array<i64: 2>, keepdims} : (tensor<?x?x?xf32>) -> tensor<?x?x1xf32>
  %d = tir.sub %s, %m : (tensor<?x?x?xf32>, tensor<?x?x1xf32>) -> tensor<?x?x?xf32>
  %e = tir.exp %d : tensor<?x?x?xf32>
  %z = tir.reduce_sum %e {dims = array<i64: 2>, keepdims} : (tensor<?x?x?xf32>) -> tensor<?x?x1xf32>
  %p = tir.div %e, %z : (tensor<?x?x?xf32>, tensor<?x?x1xf32>) -> tensor<?x?x?xf32>
  %r = tir.matmul %p, %v : (tensor<?x?x?xf32>, tensor<?x?x32xf32>) -> tensor<?x?x32xf32>
  return %r, %qk : tensor<?x?x32xf32>, tensor<?x?x?xf32>
}
func.func @probs_ref(%x: tensor<?x?xf32>, %w: tensor<?x?xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  %xw = tir.matmul %x, %w : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %m = tir.reduce_max %xw {dims = array<i64: 1>, keepdims} : (tensor<?x?xf32>) -> tensor<?x1xf32>
  %d = tir.sub %xw, %m : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  %e = tir.exp %d : tensor<?x?xf32>
  %z = tir.reduce_sum %e {dims = array<i64: 1>, keepdims} : (tensor<?x?xf32>) -> tensor<?x1xf32>
  %p = tir.div %e, %z : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  return %p, %xw : tensor<?x?xf32>, tensor<?x?xf32>
}
func.func @resid_ref(%x: tensor<64x520xf32>, %w: tensor<520x48xf32>, %y: tensor<?x?xf32>) -> (tensor<64x48xf32>, tensor<64x48xf32>) {
  %xw = tir.matmul %x, %w : (tensor<64x520xf32>, tensor<520x48xf32>) -> tensor<64x48xf32>
  %t = tir.tanh %xw : tensor<64x48xf32>
  %r = tir.add %t, %y : (tensor<64x48xf32>, tensor<?x?xf32>) -> tensor<64x48xf32>
  return %r, %xw : tensor<64x48xf32>, tensor<64x48xf32>
}
