// W4 for the MLIR 19 pipeline: out[8x8] = a[8x8] + b[8], called W4_CALLS
// times: the cost of a call on a tiny tensor. Same form as w1.mlir.
#all = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (j)>
func.func @mlir_w4(%a: tensor<8x8xf32>, %b: tensor<8xf32>, %out: tensor<8x8xf32>)
    -> tensor<8x8xf32> attributes {llvm.emit_c_interface} {
  %r = linalg.generic {indexing_maps = [#all, #row, #all], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<8x8xf32>, tensor<8xf32>) outs(%out : tensor<8x8xf32>) {
  ^bb0(%x: f32, %y: f32, %unused: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}
