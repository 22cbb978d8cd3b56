// Multi-head split, as attention does it before Q @ K^T: a batch of
// sequences of 128 tokens with 512 features becomes 8 heads of 64,
// heads before tokens, scaled by 1/sqrt(64):
//   q = x.reshape(B, 128, 8, 64).transpose(0, 2, 1, 3) * 0.125
// The reshape of a row-major input is a view (new sizes and strides over
// the same buffer) and the transpose only permutes the strides the
// multiplication's loop nest reads it with: one nest, the output written
// in order, no copy of x; each head's 64 features stay contiguous, so x
// is read in vectors. (A transpose that moves the last dimension is read
// in blocks instead: codegen/transpose.go.) An x that is not row-major is
// copied once, by the reshape.
//
//   tirc -infer-shapes -emit-llvm examples/multihead.mlir -o multihead.ll
func.func @multihead(%x: tensor<?x128x512xf32>) -> tensor<?x8x128x64xf32> {
  %h = tir.reshape %x : (tensor<?x128x512xf32>) -> tensor<?x128x8x64xf32>
  %t = tir.transpose %h {permutation = array<i64: 0, 2, 1, 3>} : (tensor<?x128x8x64xf32>) -> tensor<?x8x128x64xf32>
  %scale = tir.constant dense<0.125> : tensor<f32>
  %q = tir.mul %t, %scale : (tensor<?x8x128x64xf32>, tensor<f32>) -> tensor<?x8x128x64xf32>
  return %q : tensor<?x8x128x64xf32>
}
