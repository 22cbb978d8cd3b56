// The tensor ops of ../native.test, each function checked against NumPy.
func.func @slice(%t: tensor<6x8xf32>, %o: index, %s: index) -> tensor<2x?xf32> {
  %sl = tensor.extract_slice %t[%o, 1] [2, %s] [1, 2] : tensor<6x8xf32> to tensor<2x?xf32>
  return %sl : tensor<2x?xf32>
}
func.func @slice_add(%t: tensor<?x?xf32>, %o: index) -> tensor<3xf32> {
  %row = tensor.extract_slice %t[%o, 0] [1, 3] [1, 1] : tensor<?x?xf32> to tensor<3xf32>
  %col = tensor.extract_slice %t[0, %o] [3, 1] [2, 1] : tensor<?x?xf32> to tensor<3xf32>
  %r = arith.addf %row, %col : tensor<3xf32>
  return %r : tensor<3xf32>
}
func.func @slice_of_slice(%t: tensor<6x8xf32>) -> tensor<2x2xf32> {
  %a = tensor.extract_slice %t[1, 1] [4, 6] [1, 1] : tensor<6x8xf32> to tensor<4x6xf32>
  %b = tensor.extract_slice %a[1, 0] [2, 2] [2, 3] : tensor<4x6xf32> to tensor<2x2xf32>
  return %b : tensor<2x2xf32>
}
func.func @ins(%t: tensor<6x8xf32>, %d: tensor<3xf32>, %o: index) -> tensor<6x8xf32> {
  %in = tensor.insert_slice %d into %t[%o, 2] [1, 3] [1, 2] : tensor<3xf32> into tensor<6x8xf32>
  %e = tensor.extract %in[%o, %o] : tensor<6x8xf32>
  %c0 = arith.constant 0 : index
  %in2 = tensor.insert %e into %in[%c0, %c0] : tensor<6x8xf32>
  return %in2 : tensor<6x8xf32>
}
func.func @ins_keep(%t: tensor<4x4xf32>, %d: tensor<?x2xf32>, %n: index) -> (tensor<4x4xf32>, tensor<4x4xf32>) {
  %two = arith.addf %t, %t : tensor<4x4xf32>
  %in = tensor.insert_slice %d into %two[1, 1] [%n, 2] [1, 1] : tensor<?x2xf32> into tensor<4x4xf32>
  %r = arith.mulf %two, %two : tensor<4x4xf32>
  return %in, %r : tensor<4x4xf32>, tensor<4x4xf32>
}
func.func @join(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x6xf32> {
  %e = tensor.empty() : tensor<2x6xf32>
  %0 = tensor.insert_slice %a into %e[0, 0] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<2x6xf32>
  %1 = tensor.insert_slice %b into %0[0, 3] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<2x6xf32>
  %2 = arith.negf %1 : tensor<2x6xf32>
  return %2 : tensor<2x6xf32>
}
func.func @shapes(%t: tensor<6x8xf32>) -> tensor<4x3x4xf32> {
  %c = tensor.collapse_shape %t [[0, 1]] : tensor<6x8xf32> into tensor<48xf32>
  %x = tensor.expand_shape %c [[0, 1, 2]] output_shape [4, 3, 4] : tensor<48xf32> into tensor<4x3x4xf32>
  %y = arith.addf %x, %x : tensor<4x3x4xf32>
  return %y : tensor<4x3x4xf32>
}
func.func @collapse_strided(%t: tensor<6x8xf32>) -> (tensor<24xf32>, tensor<24xf32>) {
  %a = tensor.extract_slice %t[0, 1] [6, 4] [1, 2] : tensor<6x8xf32> to tensor<6x4xf32>
  %b = tensor.extract_slice %t[1, 0] [4, 6] [1, 1] : tensor<6x8xf32> to tensor<4x6xf32>
  %ca = tensor.collapse_shape %a [[0, 1]] : tensor<6x4xf32> into tensor<24xf32>
  %cb = tensor.collapse_shape %b [[0, 1]] : tensor<4x6xf32> into tensor<24xf32>
  return %ca, %cb : tensor<24xf32>, tensor<24xf32>
}
func.func @expand_dyn(%t: tensor<?x8xf32>, %n: index) -> tensor<?x2x2x2xf32> {
  %s = tensor.extract_slice %t[0, 0] [%n, 8] [2, 1] : tensor<?x8xf32> to tensor<?x8xf32>
  %x = tensor.expand_shape %s [[0, 1], [2, 3]] output_shape [%n, 1, 4, 2] : tensor<?x8xf32> into tensor<?x1x4x2xf32>
  %y = tensor.collapse_shape %x [[0, 1, 2], [3]] : tensor<?x1x4x2xf32> into tensor<?x2xf32>
  %z = tensor.expand_shape %y [[0, 1, 2], [3]] output_shape [%n, 2, 2, 2] : tensor<?x2xf32> into tensor<?x2x2x2xf32>
  return %z : tensor<?x2x2x2xf32>
}
func.func @expand_rows(%t: tensor<?x8xf32>, %n: index) -> tensor<?x2x8xf32> {
  %x = tensor.expand_shape %t [[0, 1], [2]] output_shape [%n, 2, 8] : tensor<?x8xf32> into tensor<?x2x8xf32>
  return %x : tensor<?x2x8xf32>
}
func.func @pad(%t: tensor<6x8xf32>, %l: index) -> tensor<?x11xf32> {
  %cst = arith.constant 7.5 : f32
  %p = tensor.pad %t low[%l, 1] high[2, 2] {
  ^bb0(%a: index, %b: index):
    tensor.yield %cst : f32
  } : tensor<6x8xf32> to tensor<?x11xf32>
  return %p : tensor<?x11xf32>
}
func.func @pad_body(%t: tensor<?xi32>) -> tensor<?xi32> {
  %p = tensor.pad %t low[2] high[1] {
  ^bb0(%a: index):
    %c = arith.constant -3 : i32
    tensor.yield %c : i32
  } : tensor<?xi32> to tensor<?xi32>
  %q = arith.addi %p, %p : tensor<?xi32>
  return %q : tensor<?xi32>
}
func.func @build(%a: f32, %b: f32) -> tensor<2x2xf32> {
  %f = tensor.from_elements %a, %b, %b, %a : tensor<2x2xf32>
  %e = tensor.empty() : tensor<2x2xf32>
  %in = tensor.insert_slice %f into %e[0, 0] [2, 2] [1, 1] : tensor<2x2xf32> into tensor<2x2xf32>
  %s = arith.mulf %in, %f : tensor<2x2xf32>
  return %s : tensor<2x2xf32>
}
func.func @pick(%t: tensor<?x?xi64>, %i: index, %j: index) -> i64 {
  %e = tensor.extract %t[%i, %j] : tensor<?x?xi64>
  return %e : i64
}
func.func @gen(%x: tensor<?x6xi32>, %n: index) -> tensor<?x4xi32> {
  %r = tensor.generate %n {
  ^bb0(%i: index, %j: index):
    %k = arith.muli %i, %j : index
    %v = arith.index_cast %k : index to i32
    %e = tensor.extract %x[%i, %j] : tensor<?x6xi32>
    %w = arith.addi %v, %e : i32
    tensor.yield %w : i32
  } : tensor<?x4xi32>
  return %r : tensor<?x4xi32>
}
