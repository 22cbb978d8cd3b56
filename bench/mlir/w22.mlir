// W22 batched small matmuls with a broadcast weight: a linalg.generic over
// (batch, i, j, k) whose map for w drops the batch dim.
#x = affine_map<(n, i, j, k) -> (n, i, k)>
#w = affine_map<(n, i, j, k) -> (k, j)>
#o = affine_map<(n, i, j, k) -> (n, i, j)>
func.func @mlir_w22(%x: tensor<8192x32x32xf32>, %w: tensor<32x32xf32>, %out: tensor<8192x32x32xf32>) -> tensor<8192x32x32xf32>
    attributes {llvm.emit_c_interface} {
  %zero = arith.constant 0.0 : f32
  %acc = linalg.fill ins(%zero : f32) outs(%out : tensor<8192x32x32xf32>) -> tensor<8192x32x32xf32>
  %r = linalg.generic {indexing_maps = [#x, #w, #o], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%x, %w : tensor<8192x32x32xf32>, tensor<32x32xf32>) outs(%acc : tensor<8192x32x32xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %c, %m : f32
    linalg.yield %s : f32
  } -> tensor<8192x32x32xf32>
  return %r : tensor<8192x32x32xf32>
}
