// linalg.generic with indexing maps that sum loops (window.test).
#x1 = affine_map<(d0, d1) -> (d0 + d1)>
#w1 = affine_map<(d0, d1) -> (d1)>
#o1 = affine_map<(d0, d1) -> (d0)>
#xs = affine_map<(d0, d1) -> (d0 * 2 + d1)>
#x2 = affine_map<(d0, d1, d2, d3) -> (d0 + d2, d1 + d3)>
#w2 = affine_map<(d0, d1, d2, d3) -> (d2, d3)>
#o2 = affine_map<(d0, d1, d2, d3) -> (d0, d1)>
#xr = affine_map<(d0, d1) -> (d0 - d1 + 2)>

// A 1-d convolution (correlation) on dynamic shapes: the output's size
// and the filter's give the loops, the input is read at d0 + d1.
func.func @conv1d(%x: tensor<?xf32>, %w: tensor<?xf32>, %init: tensor<?xf32>) -> tensor<?xf32> {
  %r = linalg.generic {indexing_maps = [#x1, #w1, #o1], iterator_types = ["parallel", "reduction"]}
      ins(%x, %w : tensor<?xf32>, tensor<?xf32>) outs(%init : tensor<?xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// Stride 2: input index 2*d0 + d1, output from a tensor.empty filled by
// linalg.fill.
func.func @conv1d_stride2(%x: tensor<21xf32>, %w: tensor<3xf32>) -> tensor<10xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<10xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<10xf32>) -> tensor<10xf32>
  %r = linalg.generic {indexing_maps = [#xs, #w1, #o1], iterator_types = ["parallel", "reduction"]}
      ins(%x, %w : tensor<21xf32>, tensor<3xf32>) outs(%f : tensor<10xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<10xf32>
  return %r : tensor<10xf32>
}

// A 2-d window max over 3x2 windows of i32 (the window's shape from an
// operand read only for its size).
func.func @window_max(%x: tensor<7x6xi32>, %win: tensor<3x2xi32>, %init: tensor<5x5xi32>) -> tensor<5x5xi32> {
  %r = linalg.generic {indexing_maps = [#x2, #w2, #o2], iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
      ins(%x, %win : tensor<7x6xi32>, tensor<3x2xi32>) outs(%init : tensor<5x5xi32>) {
  ^bb0(%a: i32, %b: i32, %acc: i32):
    %s = arith.maxsi %acc, %a : i32
    linalg.yield %s : i32
  } -> tensor<5x5xi32>
  return %r : tensor<5x5xi32>
}

// A 2-d window sum of i32, all loops parallel but the input read by sums.
func.func @window_sum(%x: tensor<?x?xi32>, %win: tensor<?x?xi32>, %init: tensor<?x?xi32>) -> tensor<?x?xi32> {
  %r = linalg.generic {indexing_maps = [#x2, #w2, #o2], iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
      ins(%x, %win : tensor<?x?xi32>, tensor<?x?xi32>) outs(%init : tensor<?x?xi32>) {
  ^bb0(%a: i32, %b: i32, %acc: i32):
    %m = arith.muli %a, %b : i32
    %s = arith.addi %acc, %m : i32
    linalg.yield %s : i32
  } -> tensor<?x?xi32>
  return %r : tensor<?x?xi32>
}

// A difference of loops: index d0 - d1 + 2 (a reversed filter), every
// loop parallel: out[i, j] = x[i - j + 2].
func.func @reversed(%x: tensor<?xf32>, %init: tensor<?x3xf32>) -> tensor<?x3xf32> {
  %r = linalg.generic {indexing_maps = [#xr, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<?xf32>) outs(%init : tensor<?x3xf32>) {
  ^bb0(%a: f32, %acc: f32):
    linalg.yield %a : f32
  } -> tensor<?x3xf32>
  return %r : tensor<?x3xf32>
}
