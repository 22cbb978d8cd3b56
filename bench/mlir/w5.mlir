// W5 for the MLIR 19 pipeline: W1 in i32. Same form as w1.mlir.
#all = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (j)>
func.func @mlir_w5(%a: tensor<4096x4096xi32>, %b: tensor<4096xi32>, %out: tensor<4096x4096xi32>)
    -> tensor<4096x4096xi32> attributes {llvm.emit_c_interface} {
  %r = linalg.generic {indexing_maps = [#all, #row, #all], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<4096x4096xi32>, tensor<4096xi32>) outs(%out : tensor<4096x4096xi32>) {
  ^bb0(%x: i32, %y: i32, %unused: i32):
    %s = arith.addi %x, %y : i32
    linalg.yield %s : i32
  } -> tensor<4096x4096xi32>
  return %r : tensor<4096x4096xi32>
}
