// W3 for the MLIR 19 pipeline: out = max((a + b) * c, 0), written as three
// elementwise linalg.generic ops, as a frontend emits them. run.sh runs
// --linalg-fuse-elementwise-ops, which merges them into one loop nest; the
// materialize_in_destination pins the fused result to %out (without it the
// fused op would write a fresh buffer, see shared/peers/mlir/PIPELINE.md).
#all = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (j)>
func.func @mlir_w3(%a: tensor<4096x4096xf32>, %b: tensor<4096xf32>, %c: tensor<4096x4096xf32>,
                   %out: tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
    attributes {llvm.emit_c_interface} {
  %zero = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<4096x4096xf32>
  %sum = linalg.generic {indexing_maps = [#all, #row, #all], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<4096x4096xf32>, tensor<4096xf32>) outs(%e0 : tensor<4096x4096xf32>) {
  ^bb0(%x: f32, %y: f32, %unused: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<4096x4096xf32>
  %e1 = tensor.empty() : tensor<4096x4096xf32>
  %prod = linalg.generic {indexing_maps = [#all, #all, #all], iterator_types = ["parallel", "parallel"]}
      ins(%sum, %c : tensor<4096x4096xf32>, tensor<4096x4096xf32>) outs(%e1 : tensor<4096x4096xf32>) {
  ^bb0(%x: f32, %y: f32, %unused: f32):
    %p = arith.mulf %x, %y : f32
    linalg.yield %p : f32
  } -> tensor<4096x4096xf32>
  %relu = linalg.generic {indexing_maps = [#all, #all], iterator_types = ["parallel", "parallel"]}
      ins(%prod : tensor<4096x4096xf32>) outs(%out : tensor<4096x4096xf32>) {
  ^bb0(%x: f32, %unused: f32):
    %m = arith.maximumf %x, %zero : f32
    linalg.yield %m : f32
  } -> tensor<4096x4096xf32>
  %r = bufferization.materialize_in_destination %relu in %out
      : (tensor<4096x4096xf32>, tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
  return %r : tensor<4096x4096xf32>
}
