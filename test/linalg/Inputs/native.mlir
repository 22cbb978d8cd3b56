// Linalg programs run natively by native.test (checked against NumPy).
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
#col = affine_map<(d0, d1) -> (d0)>
#tr = affine_map<(d0, d1) -> (d1, d0)>

// a * b + 1, b broadcast along the rows; the outs is a tensor.empty
func.func @ew_bcast(%a: tensor<5x37xf32>, %b: tensor<37xf32>) -> tensor<5x37xf32> {
  %e = tensor.empty() : tensor<5x37xf32>
  %0 = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<5x37xf32>, tensor<37xf32>) outs(%e : tensor<5x37xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %one = arith.constant 1.0 : f32
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %m, %one : f32
    linalg.yield %s : f32
  } -> tensor<5x37xf32>
  return %0 : tensor<5x37xf32>
}

// a transposed, minus a constant defined outside the body
func.func @transpose(%a: tensor<37x5xf32>) -> tensor<5x37xf32> {
  %c = arith.constant 0.5 : f32
  %e = tensor.empty() : tensor<5x37xf32>
  %0 = linalg.generic {indexing_maps = [#tr, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<37x5xf32>) outs(%e : tensor<5x37xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.subf %x, %c : f32
    linalg.yield %s : f32
  } -> tensor<5x37xf32>
  return %0 : tensor<5x37xf32>
}

// init + the row sums of a: the outs' values start the reduction
func.func @rowsum(%a: tensor<5x37xf32>, %init: tensor<5xf32>) -> tensor<5xf32> {
  %0 = linalg.generic {indexing_maps = [#id, #col], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<5x37xf32>) outs(%init : tensor<5xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  } -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// i32: max(a, b) * 3 with b of 5x1 read at column 0 for every column
func.func @imax(%a: tensor<5x37xi32>, %b: tensor<5x1xi32>) -> tensor<5x37xi32> {
  %e = tensor.empty() : tensor<5x37xi32>
  %0 = linalg.generic {indexing_maps = [#id, affine_map<(d0, d1) -> (d0, 0)>, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<5x37xi32>, tensor<5x1xi32>) outs(%e : tensor<5x37xi32>) {
  ^bb0(%x: i32, %y: i32, %o: i32):
    %three = arith.constant 3 : i32
    %m = arith.maxsi %x, %y : i32
    %r = arith.muli %m, %three : i32
    linalg.yield %r : i32
  } -> tensor<5x37xi32>
  return %0 : tensor<5x37xi32>
}

// i32: init + the column sums of a (a reduction over the outer loop) and,
// from the same loops, the column maxima starting from init2
func.func @colsum(%a: tensor<5x37xi32>, %init: tensor<37xi32>, %init2: tensor<37xi32>) -> (tensor<37xi32>, tensor<37xi32>) {
  %0:2 = linalg.generic {indexing_maps = [#id, #row, #row], iterator_types = ["reduction", "parallel"]}
      ins(%a : tensor<5x37xi32>) outs(%init, %init2 : tensor<37xi32>, tensor<37xi32>) {
  ^bb0(%x: i32, %acc: i32, %mx: i32):
    %s = arith.addi %x, %acc : i32
    %m = arith.maxsi %x, %mx : i32
    linalg.yield %s, %m : i32, i32
  } -> (tensor<37xi32>, tensor<37xi32>)
  return %0#0, %0#1 : tensor<37xi32>, tensor<37xi32>
}

// a tir op feeding a generic feeding an arith op: one nest (fused.mlir
// checks the plan)
func.func @fused(%a: tensor<5x37xf32>, %b: tensor<37x5xf32>) -> tensor<5x37xf32> {
  %t = "tir.exp"(%a) : (tensor<5x37xf32>) -> tensor<5x37xf32>
  %e = tensor.empty() : tensor<5x37xf32>
  %0 = linalg.generic {indexing_maps = [#id, #tr, #id], iterator_types = ["parallel", "parallel"]}
      ins(%t, %b : tensor<5x37xf32>, tensor<37x5xf32>) outs(%e : tensor<5x37xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %m = arith.mulf %x, %y : f32
    linalg.yield %m : f32
  } -> tensor<5x37xf32>
  %1 = arith.addf %0, %a : tensor<5x37xf32>
  return %1 : tensor<5x37xf32>
}

// linalg.map in both forms, into a tensor.empty, then linalg.reduce of
// the result (the row maxima from init) in the short form
func.func @map_reduce(%a: tensor<5x37xf32>, %b: tensor<5x37xf32>, %init: tensor<5xf32>) -> (tensor<5x37xf32>, tensor<5xf32>) {
  %e = tensor.empty() : tensor<5x37xf32>
  %m = linalg.map { arith.addf } ins(%a, %b : tensor<5x37xf32>, tensor<5x37xf32>) outs(%e : tensor<5x37xf32>)
  %n = linalg.map ins(%m, %a : tensor<5x37xf32>, tensor<5x37xf32>) outs(%e : tensor<5x37xf32>)
    (%x: f32, %y: f32) {
      %p = arith.mulf %x, %y : f32
      linalg.yield %p : f32
    }
  %r = linalg.reduce { arith.maximumf } ins(%n : tensor<5x37xf32>) outs(%init : tensor<5xf32>) dimensions = [1]
  return %n, %r : tensor<5x37xf32>, tensor<5xf32>
}

// i32: the sums over dims 0 and 2 of a 3-d tensor, from init
func.func @ireduce(%a: tensor<3x5x7xi32>, %init: tensor<5xi32>) -> tensor<5xi32> {
  %r = linalg.reduce ins(%a : tensor<3x5x7xi32>) outs(%init : tensor<5xi32>) dimensions = [0, 2]
    (%x: i32, %acc: i32) {
      %s = arith.addi %x, %acc : i32
      linalg.yield %s : i32
    }
  return %r : tensor<5xi32>
}

// linalg.index: i*37 + j, and the row sums of x weighted by the column
// index (a reduction reading a loop index)
func.func @loop_index(%e: tensor<4x37xi64>, %x: tensor<4x37xf32>, %init: tensor<4xf32>) -> (tensor<4x37xi64>, tensor<4xf32>) {
  %0 = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]} outs(%e : tensor<4x37xi64>) {
  ^bb0(%o: i64):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c37 = arith.constant 37 : index
    %k = arith.muli %i, %c37 : index
    %l = arith.addi %k, %j : index
    %c = arith.index_cast %l : index to i64
    linalg.yield %c : i64
  } -> tensor<4x37xi64>
  %1 = linalg.generic {indexing_maps = [#id, #col], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<4x37xf32>) outs(%init : tensor<4xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %j = linalg.index 1 : index
    %ji = arith.index_cast %j : index to i32
    %jf = arith.sitofp %ji : i32 to f32
    %p = arith.mulf %v, %jf : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %0, %1 : tensor<4x37xi64>, tensor<4xf32>
}

// a body using a scalar argument of the function: the op runs in the
// function's own loops, where the scalar is at hand
func.func @scaled(%a: tensor<5x37xf32>, %s: f32) -> tensor<5x37xf32> {
  %e = tensor.empty() : tensor<5x37xf32>
  %m = linalg.map ins(%a : tensor<5x37xf32>) outs(%e : tensor<5x37xf32>)
    (%x: f32) {
      %p = arith.mulf %x, %s : f32
      linalg.yield %p : f32
    }
  return %m : tensor<5x37xf32>
}

// two maps of the same types with other bodies: each its own kernel
// (nests are shared by signature, which includes the body)
func.func @two_bodies(%a: tensor<5x37xf32>, %b: tensor<5x37xf32>) -> (tensor<5x37xf32>, tensor<5x37xf32>) {
  %e = tensor.empty() : tensor<5x37xf32>
  %0 = linalg.map { arith.addf } ins(%a, %b : tensor<5x37xf32>, tensor<5x37xf32>) outs(%e : tensor<5x37xf32>)
  %1 = linalg.map { arith.subf } ins(%a, %b : tensor<5x37xf32>, tensor<5x37xf32>) outs(%e : tensor<5x37xf32>)
  return %0, %1 : tensor<5x37xf32>, tensor<5x37xf32>
}

// A body that divides (a fault bit) feeding a reduction: the pre-pass
// must not put the dividing nest in a row group that reports no faults
// (it crashed codegen before plan.Faults knew region bodies).
func.func @div_then_min(%a: tensor<3xi32>, %b: tensor<3xi32>, %init: tensor<i32>) -> tensor<i32> {
  %q = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : tensor<3xi32>) outs(%b : tensor<3xi32>) {
  ^bb0(%x: i32, %y: i32):
    %d = arith.divsi %x, %y : i32
    linalg.yield %d : i32
  } -> tensor<3xi32>
  %m = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = ["reduction"]} ins(%q : tensor<3xi32>) outs(%init : tensor<i32>) {
  ^bb0(%x: i32, %acc: i32):
    %r = arith.minsi %acc, %x : i32
    linalg.yield %r : i32
  } -> tensor<i32>
  return %m : tensor<i32>
}
