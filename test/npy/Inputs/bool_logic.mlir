// i1 arithmetic of tir (NumPy's booleans): add is or, mul is and,
// reduce_sum is any, reduce_prod is all; arith.addi keeps wrap-around (xor).
func.func @logic(%a: tensor<?x?xi1>, %b: tensor<?xi1>) -> (tensor<?x?xi1>, tensor<?x?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?x?xi1>) {
  %0 = tir.add %a, %b : (tensor<?x?xi1>, tensor<?xi1>) -> tensor<?x?xi1>
  %1 = tir.mul %a, %b : (tensor<?x?xi1>, tensor<?xi1>) -> tensor<?x?xi1>
  %2 = tir.reduce_sum %a {dims = array<i64: 1>} : (tensor<?x?xi1>) -> tensor<?xi1>
  %3 = tir.reduce_prod %a {dims = array<i64: 0>} : (tensor<?x?xi1>) -> tensor<?xi1>
  %4 = arith.addi %a, %a : tensor<?x?xi1>
  return %0, %1, %2, %3, %4 : tensor<?x?xi1>, tensor<?x?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?x?xi1>
}
