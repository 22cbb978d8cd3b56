// Bare-pointer entries (f_bare): static shapes only.
func.func @add(%a: tensor<8x8xf32>, %b: tensor<8xf32>) -> tensor<8x8xf32> {
  %r = "tir.add"(%a, %b) : (tensor<8x8xf32>, tensor<8xf32>) -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}
// Two results, a scalar argument and a scalar result; %s has two uses, so
// no fast entry: the bare entry calls the general lowering.
func.func @two(%x: tensor<3x4xi32>, %k: i32) -> (tensor<3x4xi32>, tensor<4xi32>, i32) {
  %c = "tir.constant"() {value = dense<[1, 2, 3, 4]> : tensor<4xi32>} : () -> tensor<4xi32>
  %s = "tir.mul"(%x, %c) : (tensor<3x4xi32>, tensor<4xi32>) -> tensor<3x4xi32>
  %t = "tir.sub"(%s, %s) : (tensor<3x4xi32>, tensor<3x4xi32>) -> tensor<3x4xi32>
  %u = "tir.add"(%s, %t) : (tensor<3x4xi32>, tensor<3x4xi32>) -> tensor<3x4xi32>
  %k2 = arith.addi %k, %k : i32
  return %u, %c, %k2 : tensor<3x4xi32>, tensor<4xi32>, i32
}
// A division fault keeps its status and message.
func.func @idiv(%a: tensor<4xi32>, %b: tensor<4xi32>) -> tensor<4xi32> {
  %r = "tir.div"(%a, %b) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %r : tensor<4xi32>
}
// No elements: the pointers may be NULL.
func.func @empty(%a: tensor<0x3xf32>) -> tensor<0x3xf32> {
  %r = "tir.neg"(%a) : (tensor<0x3xf32>) -> tensor<0x3xf32>
  return %r : tensor<0x3xf32>
}
// Rank 0.
func.func @scalar0(%a: tensor<f64>, %b: tensor<f64>) -> tensor<f64> {
  %r = "tir.max"(%a, %b) : (tensor<f64>, tensor<f64>) -> tensor<f64>
  return %r : tensor<f64>
}
// Dynamic shapes: no bare entry.
func.func @dyn(%a: tensor<?xf32>) -> tensor<?xf32> {
  return %a : tensor<?xf32>
}
// The module defines taken_bare itself: @taken gets no bare entry.
func.func @taken(%a: tensor<2xf32>) -> tensor<2xf32> {
  return %a : tensor<2xf32>
}
func.func @taken_bare(%a: tensor<2xf32>) -> tensor<2xf32> {
  %r = "tir.neg"(%a) : (tensor<2xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}
