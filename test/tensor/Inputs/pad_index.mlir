// tensor.pad with a padding value computed from the indices (pad_index.test).

// A 2-d pad, dynamic low padding: the padding is 10*i + j.
func.func @pad_ij(%t: tensor<3x4xf32>, %l: index) -> tensor<?x7xf32> {
  %p = tensor.pad %t low[%l, 1] high[2, 2] {
  ^bb0(%i: index, %j: index):
    %c10 = arith.constant 10 : index
    %m = arith.muli %i, %c10 : index
    %s = arith.addi %m, %j : index
    %n = arith.index_cast %s : index to i32
    %f = arith.sitofp %n : i32 to f32
    tensor.yield %f : f32
  } : tensor<3x4xf32> to tensor<?x7xf32>
  return %p : tensor<?x7xf32>
}

// A dynamic source, the body reading a scalar argument; the pad feeds an
// elementwise op.
func.func @pad_offset(%t: tensor<?xi32>, %k: i32) -> tensor<?xi32> {
  %p = tensor.pad %t low[3] high[1] {
  ^bb0(%i: index):
    %n = arith.index_cast %i : index to i32
    %v = arith.addi %n, %k : i32
    tensor.yield %v : i32
  } : tensor<?xi32> to tensor<?xi32>
  %q = arith.muli %p, %p : tensor<?xi32>
  return %q : tensor<?xi32>
}

// The body divides by the index: it runs at the padding only (indices 5
// to 7), never at index 0, inside the source.
func.func @pad_div(%t: tensor<5xi32>) -> tensor<8xi32> {
  %p = tensor.pad %t low[0] high[3] {
  ^bb0(%i: index):
    %c100 = arith.constant 100 : i32
    %n = arith.index_cast %i : index to i32
    %v = arith.divsi %c100, %n : i32
    tensor.yield %v : i32
  } : tensor<5xi32> to tensor<8xi32>
  return %p : tensor<8xi32>
}
