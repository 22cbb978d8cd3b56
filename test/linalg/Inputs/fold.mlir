// Region reductions whose body folds the outs' element once (fold.test).
#x = affine_map<(d0, d1) -> (d0, d1)>
#r = affine_map<(d0, d1) -> (d0)>

func.func @isum(%x: tensor<?x?xi32>, %init: tensor<?xi32>) -> tensor<?xi32> {
  %r = linalg.generic {indexing_maps = [#x, #r], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<?x?xi32>) outs(%init : tensor<?xi32>) {
  ^bb0(%a: i32, %acc: i32):
    %s = arith.addi %acc, %a : i32
    linalg.yield %s : i32
  } -> tensor<?xi32>
  return %r : tensor<?xi32>
}

// The combine's operands swapped, a body before it, i64.
func.func @imax_sq(%x: tensor<5x37xi64>, %init: tensor<5xi64>) -> tensor<5xi64> {
  %r = linalg.generic {indexing_maps = [#x, #r], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<5x37xi64>) outs(%init : tensor<5xi64>) {
  ^bb0(%a: i64, %acc: i64):
    %c = arith.constant 3 : i64
    %m = arith.muli %a, %a : i64
    %t = arith.subi %m, %c : i64
    %s = arith.maxsi %t, %acc : i64
    linalg.yield %s : i64
  } -> tensor<5xi64>
  return %r : tensor<5xi64>
}

// linalg.reduce over the inner dim, minimumf; a second input broadcast
// along the reduction (the same element in every lane).
func.func @minf(%x: tensor<4x37xf32>, %init: tensor<4xf32>) -> tensor<4xf32> {
  %r = linalg.reduce ins(%x : tensor<4x37xf32>) outs(%init : tensor<4xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %m = arith.minimumf %in, %acc : f32
      linalg.yield %m : f32
    }
  return %r : tensor<4xf32>
}

func.func @fmax_shift(%x: tensor<4x37xf32>, %b: tensor<4xf32>, %init: tensor<4xf32>) -> tensor<4xf32> {
  %r = linalg.generic {indexing_maps = [#x, #r, #r], iterator_types = ["parallel", "reduction"]}
      ins(%x, %b : tensor<4x37xf32>, tensor<4xf32>) outs(%init : tensor<4xf32>) {
  ^bb0(%a: f32, %c: f32, %acc: f32):
    %d = arith.subf %a, %c : f32
    %s = arith.maximumf %acc, %d : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// A float sum keeps linalg's index order: one element at a time, in a
// register.
func.func @fsum(%x: tensor<?x?xf32>, %init: tensor<?xf32>) -> tensor<?xf32> {
  %r = linalg.generic {indexing_maps = [#x, #r], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<?x?xf32>) outs(%init : tensor<?xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %acc, %a : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// A column sum: the innermost loop is parallel, so the body runs per
// point as before.
func.func @colsum(%x: tensor<?x?xi32>, %init: tensor<?xi32>) -> tensor<?xi32> {
  %r = linalg.generic {indexing_maps = [#x, affine_map<(d0, d1) -> (d1)>], iterator_types = ["reduction", "parallel"]}
      ins(%x : tensor<?x?xi32>) outs(%init : tensor<?xi32>) {
  ^bb0(%a: i32, %acc: i32):
    %s = arith.addi %acc, %a : i32
    linalg.yield %s : i32
  } -> tensor<?xi32>
  return %r : tensor<?xi32>
}
