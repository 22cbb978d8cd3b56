// Entry points called with hostile descriptors by hostile_main.c.
// @s is small and static: a fast entry, f.general and a bare entry.
func.func @s(%a: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %0 = "tir.neg"(%a) : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}
// @d has dynamic sizes: the general path only.
func.func @d(%a: tensor<?x?xf32>, %b: tensor<?xf32>) -> tensor<?x?xf32> {
  %0 = "tir.add"(%a, %b) : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
// Scalar and vector results, a vector argument.
func.func @sv(%n: i32, %v: vector<4xf32>) -> (i32, vector<4xf32>) {
  %0 = arith.addi %n, %n : i32
  %1 = arith.addf %v, %v : vector<4xf32>
  return %0, %1 : i32, vector<4xf32>
}
