// The other module of two_headers.test: it shares the descriptor type of
// tensor<?x4xi1> with two_a.mlir and has one of its own.
func.func @count_b(%m: tensor<?x4xi1>, %w: tensor<?x4xi32>) -> tensor<?x4xi32> {
  %z = "tir.constant"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %r = "tir.select"(%m, %w, %z) : (tensor<?x4xi1>, tensor<?x4xi32>, tensor<i32>) -> tensor<?x4xi32>
  return %r : tensor<?x4xi32>
}
