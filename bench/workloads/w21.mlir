// W21: attention, softmax(q @ kᵀ · 0.125) @ v in f32; q, k, v are
// 32x1024x64 (batch·heads x seq x d): 8.6 GFLOP, and a 128 MiB score
// matrix if it were written to memory.
func.func @w21(%q: tensor<32x1024x64xf32>, %k: tensor<32x1024x64xf32>, %v: tensor<32x1024x64xf32>) -> tensor<32x1024x64xf32> {
  %scale = tir.constant dense<0.125> : tensor<f32>
  %kt = tir.transpose %k {permutation = array<i64: 0, 2, 1>} : (tensor<32x1024x64xf32>) -> tensor<32x64x1024xf32>
  %qk = tir.matmul %q, %kt : (tensor<32x1024x64xf32>, tensor<32x64x1024xf32>) -> tensor<32x1024x1024xf32>
  %s = tir.mul %qk, %scale : (tensor<32x1024x1024xf32>, tensor<f32>) -> tensor<32x1024x1024xf32>
  %m = tir.reduce_max %s {dims = array<i64: 2>, keepdims} : (tensor<32x1024x1024xf32>) -> tensor<32x1024x1xf32>
  %d = tir.sub %s, %m : (tensor<32x1024x1024xf32>, tensor<32x1024x1xf32>) -> tensor<32x1024x1024xf32>
  %e = tir.exp %d : tensor<32x1024x1024xf32>
  %z = tir.reduce_sum %e {dims = array<i64: 2>, keepdims} : (tensor<32x1024x1024xf32>) -> tensor<32x1024x1xf32>
  %p = tir.div %e, %z : (tensor<32x1024x1024xf32>, tensor<32x1024x1xf32>) -> tensor<32x1024x1024xf32>
  %r = tir.matmul %p, %v : (tensor<32x1024x1024xf32>, tensor<32x1024x64xf32>) -> tensor<32x1024x64xf32>
  return %r : tensor<32x1024x64xf32>
}
