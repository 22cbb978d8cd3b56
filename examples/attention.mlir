// Scaled dot-product attention, softmax(q @ kᵀ / √d) @ v, over a batch of
// heads: q, k and v are (batch·heads) x seq x 64, so 1/√d = 0.125.
// NumPy: s = q @ k.transpose(0, 2, 1) * 0.125
//        p = np.exp(s - s.max(-1, keepdims=True)); p /= p.sum(-1, keepdims=True)
//        return p @ v
//   tirc -infer-shapes -emit-llvm examples/attention.mlir -o attention.ll
func.func @attention(%q: tensor<?x?x64xf32>, %k: tensor<?x?x64xf32>, %v: tensor<?x?x64xf32>) -> tensor<?x?x64xf32> {
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
  return %r : tensor<?x?x64xf32>
}
