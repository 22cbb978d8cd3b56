// W2 for the MLIR 19 pipeline: out[i, j] = a[i, 0] + b[0, j] (outer
// broadcast of a 4096x1 column and a 1x4096 row).
#all = affine_map<(i, j) -> (i, j)>
#col = affine_map<(i, j) -> (i, 0)>
#row = affine_map<(i, j) -> (0, j)>
func.func @mlir_w2(%a: tensor<4096x1xf32>, %b: tensor<1x4096xf32>, %out: tensor<4096x4096xf32>)
    -> tensor<4096x4096xf32> attributes {llvm.emit_c_interface} {
  %r = linalg.generic {indexing_maps = [#col, #row, #all], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<4096x1xf32>, tensor<1x4096xf32>) outs(%out : tensor<4096x4096xf32>) {
  ^bb0(%x: f32, %y: f32, %unused: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<4096x4096xf32>
  return %r : tensor<4096x4096xf32>
}
