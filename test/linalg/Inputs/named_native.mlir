// The linalg named ops of named-native.test, one function each.
func.func @fill_f32(%a: tensor<3x4xf32>) -> tensor<3x4xf32> {
  %cst = arith.constant 2.5 : f32
  %e = tensor.empty() : tensor<3x4xf32>
  %0 = linalg.fill ins(%cst : f32) outs(%e : tensor<3x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}
func.func @copy_i32(%a: tensor<4x5xi32>, %b: tensor<4x5xi32>) -> tensor<4x5xi32> {
  %0 = linalg.copy ins(%a : tensor<4x5xi32>) outs(%b : tensor<4x5xi32>) -> tensor<4x5xi32>
  return %0 : tensor<4x5xi32>
}
func.func @copy_u8_i32(%a: tensor<4x5xi8>) -> tensor<4x5xi32> {
  %e = tensor.empty() : tensor<4x5xi32>
  %0 = linalg.copy {cast = #linalg.type_fn<cast_unsigned>} ins(%a : tensor<4x5xi8>) outs(%e : tensor<4x5xi32>) -> tensor<4x5xi32>
  return %0 : tensor<4x5xi32>
}
func.func @fill_i8_i32(%a: tensor<2x3xi32>) -> tensor<2x3xi32> {
  %c = arith.constant -3 : i8
  %e = tensor.empty() : tensor<2x3xi32>
  %0 = linalg.fill {cast = #linalg.type_fn<cast_unsigned>} ins(%c : i8) outs(%e : tensor<2x3xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}
func.func @transpose_f32(%a: tensor<3x4x5xf32>) -> tensor<5x3x4xf32> {
  %e = tensor.empty() : tensor<5x3x4xf32>
  %0 = linalg.transpose ins(%a : tensor<3x4x5xf32>) outs(%e : tensor<5x3x4xf32>) permutation = [2, 0, 1]
  return %0 : tensor<5x3x4xf32>
}
func.func @broadcast_i32(%v: tensor<4xi32>) -> tensor<3x4x5xi32> {
  %e = tensor.empty() : tensor<3x4x5xi32>
  %0 = linalg.broadcast ins(%v : tensor<4xi32>) outs(%e : tensor<3x4x5xi32>) dimensions = [0, 2]
  return %0 : tensor<3x4x5xi32>
}
func.func @matmul_f32(%a: tensor<33x17xf32>, %b: tensor<17x65xf32>, %c: tensor<33x65xf32>) -> tensor<33x65xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<33x17xf32>, tensor<17x65xf32>) outs(%c : tensor<33x65xf32>) -> tensor<33x65xf32>
  return %0 : tensor<33x65xf32>
}
func.func @matmul_fill_f32(%a: tensor<70x40xf32>, %b: tensor<40x50xf32>) -> tensor<70x50xf32> {
  %cst = arith.constant 0.5 : f32
  %e = tensor.empty() : tensor<70x50xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<70x50xf32>) -> tensor<70x50xf32>
  %0 = linalg.matmul ins(%a, %b : tensor<70x40xf32>, tensor<40x50xf32>) outs(%f : tensor<70x50xf32>) -> tensor<70x50xf32>
  return %0 : tensor<70x50xf32>
}
func.func @matmul_zero_f32(%a: tensor<70x40xf32>, %b: tensor<40x50xf32>) -> tensor<70x50xf32> {
  %cst = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<70x50xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<70x50xf32>) -> tensor<70x50xf32>
  %0 = linalg.matmul ins(%a, %b : tensor<70x40xf32>, tensor<40x50xf32>) outs(%f : tensor<70x50xf32>) -> tensor<70x50xf32>
  return %0 : tensor<70x50xf32>
}
func.func @matmul_i32(%a: tensor<5x7xi32>, %b: tensor<7x6xi32>, %c: tensor<5x6xi32>) -> tensor<5x6xi32> {
  %0 = linalg.matmul ins(%a, %b : tensor<5x7xi32>, tensor<7x6xi32>) outs(%c : tensor<5x6xi32>) -> tensor<5x6xi32>
  return %0 : tensor<5x6xi32>
}
func.func @matmul_i8_i32(%a: tensor<5x7xi8>, %b: tensor<7x6xi8>) -> tensor<5x6xi32> {
  %e = tensor.empty() : tensor<5x6xi32>
  %0 = linalg.matmul ins(%a, %b : tensor<5x7xi8>, tensor<7x6xi8>) outs(%e : tensor<5x6xi32>) -> tensor<5x6xi32>
  return %0 : tensor<5x6xi32>
}
func.func @matmul_u8_i32(%a: tensor<5x7xi8>, %b: tensor<7x6xi8>) -> tensor<5x6xi32> {
  %e = tensor.empty() : tensor<5x6xi32>
  %0 = linalg.matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%a, %b : tensor<5x7xi8>, tensor<7x6xi8>) outs(%e : tensor<5x6xi32>) -> tensor<5x6xi32>
  return %0 : tensor<5x6xi32>
}
func.func @matmul_dyn_f32(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %a, %c0 : tensor<?x?xf32>
  %n = tensor.dim %b, %c1 : tensor<?x?xf32>
  %cst = arith.constant -1.0 : f32
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %0 = linalg.matmul ins(%a, %b : tensor<?x?xf32>, tensor<?x?xf32>) outs(%f : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
func.func @matmul_dyn_init_f32(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %c: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<?x?xf32>, tensor<?x?xf32>) outs(%c : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
func.func @batch_matmul_f32(%a: tensor<3x6x9xf32>, %b: tensor<3x9x4xf32>, %c: tensor<3x6x4xf32>) -> tensor<3x6x4xf32> {
  %0 = linalg.batch_matmul ins(%a, %b : tensor<3x6x9xf32>, tensor<3x9x4xf32>) outs(%c : tensor<3x6x4xf32>) -> tensor<3x6x4xf32>
  return %0 : tensor<3x6x4xf32>
}
func.func @batch_matmul_i32(%a: tensor<2x3x4xi32>, %b: tensor<2x4x5xi32>) -> tensor<2x3x5xi32> {
  %e = tensor.empty() : tensor<2x3x5xi32>
  %0 = linalg.batch_matmul ins(%a, %b : tensor<2x3x4xi32>, tensor<2x4x5xi32>) outs(%e : tensor<2x3x5xi32>) -> tensor<2x3x5xi32>
  return %0 : tensor<2x3x5xi32>
}
func.func @matvec_f32(%a: tensor<9x13xf32>, %y: tensor<13xf32>, %x: tensor<9xf32>) -> tensor<9xf32> {
  %0 = linalg.matvec ins(%a, %y : tensor<9x13xf32>, tensor<13xf32>) outs(%x : tensor<9xf32>) -> tensor<9xf32>
  return %0 : tensor<9xf32>
}
func.func @matvec_i32(%a: tensor<9x13xi32>, %y: tensor<13xi32>) -> tensor<9xi32> {
  %c = arith.constant 7 : i32
  %e = tensor.empty() : tensor<9xi32>
  %f = linalg.fill ins(%c : i32) outs(%e : tensor<9xi32>) -> tensor<9xi32>
  %0 = linalg.matvec ins(%a, %y : tensor<9x13xi32>, tensor<13xi32>) outs(%f : tensor<9xi32>) -> tensor<9xi32>
  return %0 : tensor<9xi32>
}
func.func @exp_f32(%a: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %e = tensor.empty() : tensor<4x6xf32>
  %0 = linalg.elemwise_unary ins(%a : tensor<4x6xf32>) outs(%e : tensor<4x6xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}
func.func @unary_f32(%a: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %e = tensor.empty() : tensor<4x6xf32>
  %0 = linalg.elemwise_unary {fun = #linalg.unary_fn<abs>} ins(%a : tensor<4x6xf32>) outs(%e : tensor<4x6xf32>) -> tensor<4x6xf32>
  %1 = linalg.elemwise_unary {fun = #linalg.unary_fn<sqrt>} ins(%0 : tensor<4x6xf32>) outs(%e : tensor<4x6xf32>) -> tensor<4x6xf32>
  %2 = linalg.elemwise_unary {fun = #linalg.unary_fn<negf>} ins(%1 : tensor<4x6xf32>) outs(%e : tensor<4x6xf32>) -> tensor<4x6xf32>
  %3 = linalg.elemwise_unary {fun = #linalg.unary_fn<square>} ins(%2 : tensor<4x6xf32>) outs(%e : tensor<4x6xf32>) -> tensor<4x6xf32>
  return %3 : tensor<4x6xf32>
}
func.func @binary_f32(%a: tensor<4x6xf32>, %b: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %cst = arith.constant 0.25 : f32
  %e = tensor.empty() : tensor<4x6xf32>
  %0 = linalg.elemwise_binary ins(%a, %b : tensor<4x6xf32>, tensor<4x6xf32>) outs(%e : tensor<4x6xf32>) -> tensor<4x6xf32>
  %1 = linalg.elemwise_binary {fun = #linalg.binary_fn<mul>} ins(%0, %cst : tensor<4x6xf32>, f32) outs(%e : tensor<4x6xf32>) -> tensor<4x6xf32>
  %2 = linalg.elemwise_binary {fun = #linalg.binary_fn<max_signed>} ins(%1, %a : tensor<4x6xf32>, tensor<4x6xf32>) outs(%e : tensor<4x6xf32>) -> tensor<4x6xf32>
  %3 = linalg.elemwise_binary {fun = #linalg.binary_fn<sub>} ins(%2, %b : tensor<4x6xf32>, tensor<4x6xf32>) outs(%e : tensor<4x6xf32>) -> tensor<4x6xf32>
  return %3 : tensor<4x6xf32>
}
func.func @binary_i32(%a: tensor<4x6xi32>, %b: tensor<4x6xi32>) -> tensor<4x6xi32> {
  %e = tensor.empty() : tensor<4x6xi32>
  %0 = linalg.elemwise_binary {fun = #linalg.binary_fn<div>} ins(%a, %b : tensor<4x6xi32>, tensor<4x6xi32>) outs(%e : tensor<4x6xi32>) -> tensor<4x6xi32>
  %1 = linalg.elemwise_binary {fun = #linalg.binary_fn<max_unsigned>} ins(%0, %a : tensor<4x6xi32>, tensor<4x6xi32>) outs(%e : tensor<4x6xi32>) -> tensor<4x6xi32>
  %2 = linalg.elemwise_binary {fun = #linalg.binary_fn<sub>} ins(%1, %b : tensor<4x6xi32>, tensor<4x6xi32>) outs(%e : tensor<4x6xi32>) -> tensor<4x6xi32>
  return %2 : tensor<4x6xi32>
}
func.func @chain_f32(%x: tensor<8x16xf32>, %w: tensor<32x16xf32>, %bias: tensor<32xf32>) -> tensor<8x32xf32> {
  %et = tensor.empty() : tensor<16x32xf32>
  %wt = linalg.transpose ins(%w : tensor<32x16xf32>) outs(%et : tensor<16x32xf32>) permutation = [1, 0]
  %eb = tensor.empty() : tensor<8x32xf32>
  %bb = linalg.broadcast ins(%bias : tensor<32xf32>) outs(%eb : tensor<8x32xf32>) dimensions = [0]
  %y = linalg.matmul ins(%x, %wt : tensor<8x16xf32>, tensor<16x32xf32>) outs(%bb : tensor<8x32xf32>) -> tensor<8x32xf32>
  %r = linalg.elemwise_unary {fun = #linalg.unary_fn<tanh>} ins(%y : tensor<8x32xf32>) outs(%eb : tensor<8x32xf32>) -> tensor<8x32xf32>
  return %r : tensor<8x32xf32>
}
func.func @transposed_f32(%at: tensor<7x5xf32>, %b: tensor<7x6xf32>, %x: tensor<2x9x3xf32>, %y: tensor<9x2x4xf32>, %m: tensor<13x9xf32>, %v: tensor<13xf32>) -> (tensor<5x6xf32>, tensor<2x3x4xf32>, tensor<9xf32>) {
  %e = tensor.empty() : tensor<5x7xf32>
  %a = linalg.transpose ins(%at : tensor<7x5xf32>) outs(%e : tensor<5x7xf32>) permutation = [1, 0]
  %e0 = tensor.empty() : tensor<5x6xf32>
  %0 = linalg.matmul ins(%a, %b : tensor<5x7xf32>, tensor<7x6xf32>) outs(%e0 : tensor<5x6xf32>) -> tensor<5x6xf32>
  %ex = tensor.empty() : tensor<2x3x9xf32>
  %xt = linalg.transpose ins(%x : tensor<2x9x3xf32>) outs(%ex : tensor<2x3x9xf32>) permutation = [0, 2, 1]
  %ey = tensor.empty() : tensor<2x9x4xf32>
  %yt = linalg.transpose ins(%y : tensor<9x2x4xf32>) outs(%ey : tensor<2x9x4xf32>) permutation = [1, 0, 2]
  %e1 = tensor.empty() : tensor<2x3x4xf32>
  %1 = linalg.batch_matmul ins(%xt, %yt : tensor<2x3x9xf32>, tensor<2x9x4xf32>) outs(%e1 : tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %em = tensor.empty() : tensor<9x13xf32>
  %mt = linalg.transpose ins(%m : tensor<13x9xf32>) outs(%em : tensor<9x13xf32>) permutation = [1, 0]
  %e2 = tensor.empty() : tensor<9xf32>
  %2 = linalg.matvec ins(%mt, %v : tensor<9x13xf32>, tensor<13xf32>) outs(%e2 : tensor<9xf32>) -> tensor<9xf32>
  return %0, %1, %2 : tensor<5x6xf32>, tensor<2x3x4xf32>, tensor<9xf32>
}
func.func @more_f32(%a: tensor<5x7xf32>, %bt: tensor<6x7xf32>, %at: tensor<7x5xf32>, %b: tensor<7x6xf32>, %v: tensor<7xf32>, %s: tensor<f32>, %x: tensor<3x5x7xf32>, %y: tensor<3x7x6xf32>, %bv: tensor<3x7xf32>) -> (tensor<5x6xf32>, tensor<5x6xf32>, tensor<6xf32>, tensor<f32>, tensor<5x6xf32>, tensor<3x5xf32>, tensor<5x6xf32>) {
  %e = tensor.empty() : tensor<5x6xf32>
  %0 = linalg.matmul_transpose_b ins(%a, %bt : tensor<5x7xf32>, tensor<6x7xf32>) outs(%e : tensor<5x6xf32>) -> tensor<5x6xf32>
  %1 = linalg.matmul_transpose_a ins(%at, %b : tensor<7x5xf32>, tensor<7x6xf32>) outs(%0 : tensor<5x6xf32>) -> tensor<5x6xf32>
  %ev = tensor.empty() : tensor<6xf32>
  %2 = linalg.vecmat ins(%v, %b : tensor<7xf32>, tensor<7x6xf32>) outs(%ev : tensor<6xf32>) -> tensor<6xf32>
  %3 = linalg.dot ins(%v, %v : tensor<7xf32>, tensor<7xf32>) outs(%s : tensor<f32>) -> tensor<f32>
  %4 = linalg.batch_reduce_matmul ins(%x, %y : tensor<3x5x7xf32>, tensor<3x7x6xf32>) outs(%1 : tensor<5x6xf32>) -> tensor<5x6xf32>
  %eb = tensor.empty() : tensor<3x5xf32>
  %5 = linalg.batch_matvec ins(%x, %bv : tensor<3x5x7xf32>, tensor<3x7xf32>) outs(%eb : tensor<3x5xf32>) -> tensor<3x5xf32>
  %6 = linalg.max ins(%0, %1 : tensor<5x6xf32>, tensor<5x6xf32>) outs(%e : tensor<5x6xf32>) -> tensor<5x6xf32>
  %7 = linalg.square ins(%6 : tensor<5x6xf32>) outs(%e : tensor<5x6xf32>) -> tensor<5x6xf32>
  return %0, %1, %2, %3, %4, %5, %7 : tensor<5x6xf32>, tensor<5x6xf32>, tensor<6xf32>, tensor<f32>, tensor<5x6xf32>, tensor<3x5xf32>, tensor<5x6xf32>
}
