// Attention-shaped programs for the row-block fusion (contract_rows.go),
// run by rows.test.py against NumPy: softmax(q @ kᵀ · s) @ v with edge
// rows and columns (f32, 3 heads), the same in f64 without a scale, a
// mask added before the softmax (a view leaf of the epilogue), and an
// unbatched one; each on 1, 2 and 3 threads with the same bits.
func.func @attn(%q: tensor<3x100x40xf32>, %k: tensor<3x130x40xf32>, %v: tensor<3x130x24xf32>) -> tensor<3x100x24xf32> {
  %scale = tir.constant dense<0.125> : tensor<f32>
  %kt = tir.transpose %k {permutation = array<i64: 0, 2, 1>} : (tensor<3x130x40xf32>) -> tensor<3x40x130xf32>
  %qk = tir.matmul %q, %kt : (tensor<3x100x40xf32>, tensor<3x40x130xf32>) -> tensor<3x100x130xf32>
  %s = tir.mul %qk, %scale : (tensor<3x100x130xf32>, tensor<f32>) -> tensor<3x100x130xf32>
  %m = tir.reduce_max %s {dims = array<i64: 2>, keepdims} : (tensor<3x100x130xf32>) -> tensor<3x100x1xf32>
  %d = tir.sub %s, %m : (tensor<3x100x130xf32>, tensor<3x100x1xf32>) -> tensor<3x100x130xf32>
  %e = tir.exp %d : tensor<3x100x130xf32>
  %z = tir.reduce_sum %e {dims = array<i64: 2>, keepdims} : (tensor<3x100x130xf32>) -> tensor<3x100x1xf32>
  %p = tir.div %e, %z : (tensor<3x100x130xf32>, tensor<3x100x1xf32>) -> tensor<3x100x130xf32>
  %r = tir.matmul %p, %v : (tensor<3x100x130xf32>, tensor<3x130x24xf32>) -> tensor<3x100x24xf32>
  return %r : tensor<3x100x24xf32>
}
func.func @attn64(%q: tensor<2x70x33xf64>, %kt: tensor<2x33x90xf64>, %v: tensor<2x90x17xf64>) -> tensor<2x70x17xf64> {
  %qk = tir.matmul %q, %kt : (tensor<2x70x33xf64>, tensor<2x33x90xf64>) -> tensor<2x70x90xf64>
  %m = tir.reduce_max %qk {dims = array<i64: 2>, keepdims} : (tensor<2x70x90xf64>) -> tensor<2x70x1xf64>
  %d = tir.sub %qk, %m : (tensor<2x70x90xf64>, tensor<2x70x1xf64>) -> tensor<2x70x90xf64>
  %e = tir.exp %d : tensor<2x70x90xf64>
  %z = tir.reduce_sum %e {dims = array<i64: 2>, keepdims} : (tensor<2x70x90xf64>) -> tensor<2x70x1xf64>
  %p = tir.div %e, %z : (tensor<2x70x90xf64>, tensor<2x70x1xf64>) -> tensor<2x70x90xf64>
  %r = tir.matmul %p, %v : (tensor<2x70x90xf64>, tensor<2x90x17xf64>) -> tensor<2x70x17xf64>
  return %r : tensor<2x70x17xf64>
}
func.func @masked(%q: tensor<4x64x32xf32>, %kt: tensor<4x32x64xf32>, %v: tensor<4x64x32xf32>, %mask: tensor<64x64xf32>) -> tensor<4x64x32xf32> {
  %scale = tir.constant dense<0.17677669> : tensor<f32>
  %qk = tir.matmul %q, %kt : (tensor<4x64x32xf32>, tensor<4x32x64xf32>) -> tensor<4x64x64xf32>
  %s0 = tir.mul %qk, %scale : (tensor<4x64x64xf32>, tensor<f32>) -> tensor<4x64x64xf32>
  %s = tir.add %s0, %mask : (tensor<4x64x64xf32>, tensor<64x64xf32>) -> tensor<4x64x64xf32>
  %m = tir.reduce_max %s {dims = array<i64: 2>, keepdims} : (tensor<4x64x64xf32>) -> tensor<4x64x1xf32>
  %d = tir.sub %s, %m : (tensor<4x64x64xf32>, tensor<4x64x1xf32>) -> tensor<4x64x64xf32>
  %e = tir.exp %d : tensor<4x64x64xf32>
  %z = tir.reduce_sum %e {dims = array<i64: 2>, keepdims} : (tensor<4x64x64xf32>) -> tensor<4x64x1xf32>
  %p = tir.div %e, %z : (tensor<4x64x64xf32>, tensor<4x64x1xf32>) -> tensor<4x64x64xf32>
  %r = tir.matmul %p, %v : (tensor<4x64x64xf32>, tensor<4x64x32xf32>) -> tensor<4x64x32xf32>
  return %r : tensor<4x64x32xf32>
}
func.func @flat(%q: tensor<200x16xf32>, %kt: tensor<16x1500xf32>, %v: tensor<1500x40xf32>) -> tensor<200x40xf32> {
  %qk = tir.matmul %q, %kt : (tensor<200x16xf32>, tensor<16x1500xf32>) -> tensor<200x1500xf32>
  %m = tir.reduce_max %qk {dims = array<i64: 1>, keepdims} : (tensor<200x1500xf32>) -> tensor<200x1xf32>
  %d = tir.sub %qk, %m : (tensor<200x1500xf32>, tensor<200x1xf32>) -> tensor<200x1500xf32>
  %e = tir.exp %d : tensor<200x1500xf32>
  %z = tir.reduce_sum %e {dims = array<i64: 1>, keepdims} : (tensor<200x1500xf32>) -> tensor<200x1xf32>
  %p = tir.div %e, %z : (tensor<200x1500xf32>, tensor<200x1xf32>) -> tensor<200x1500xf32>
  %r = tir.matmul %p, %v : (tensor<200x1500xf32>, tensor<1500x40xf32>) -> tensor<200x40xf32>
  return %r : tensor<200x40xf32>
}
// Without a second contraction: the row softmax of a batched product with
// a broadcast weight, finished in the result's rows.
func.func @probs(%x: tensor<2x100x40xf32>, %w: tensor<40x150xf32>) -> tensor<2x100x150xf32> {
  %scale = tir.constant dense<0.5> : tensor<f32>
  %l = tir.matmul %x, %w : (tensor<2x100x40xf32>, tensor<40x150xf32>) -> tensor<2x100x150xf32>
  %s = tir.mul %l, %scale : (tensor<2x100x150xf32>, tensor<f32>) -> tensor<2x100x150xf32>
  %m = tir.reduce_max %s {dims = array<i64: 2>, keepdims} : (tensor<2x100x150xf32>) -> tensor<2x100x1xf32>
  %d = tir.sub %s, %m : (tensor<2x100x150xf32>, tensor<2x100x1xf32>) -> tensor<2x100x150xf32>
  %e = tir.exp %d : tensor<2x100x150xf32>
  %z = tir.reduce_sum %e {dims = array<i64: 2>, keepdims} : (tensor<2x100x150xf32>) -> tensor<2x100x1xf32>
  %p = tir.div %e, %z : (tensor<2x100x150xf32>, tensor<2x100x1xf32>) -> tensor<2x100x150xf32>
  return %p : tensor<2x100x150xf32>
}
