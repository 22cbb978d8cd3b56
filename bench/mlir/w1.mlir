// W1 for the MLIR 19 pipeline: out = a + b, b broadcast along rows (its
// indexing map drops d0, so it is read with stride 0 across rows). The
// result is computed into %out (destination-passing style), so bufferization
// writes straight into the caller's buffer.
#all = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (j)>
func.func @mlir_w1(%a: tensor<4096x4096xf32>, %b: tensor<4096xf32>, %out: tensor<4096x4096xf32>)
    -> tensor<4096x4096xf32> attributes {llvm.emit_c_interface} {
  %r = linalg.generic {indexing_maps = [#all, #row, #all], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<4096x4096xf32>, tensor<4096xf32>) outs(%out : tensor<4096x4096xf32>) {
  ^bb0(%x: f32, %y: f32, %unused: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<4096x4096xf32>
  return %r : tensor<4096x4096xf32>
}
