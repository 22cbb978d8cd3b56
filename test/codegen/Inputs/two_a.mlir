// One of two modules whose headers one C file includes (two_headers.test).
func.func @mask_a(%x: tensor<?x4xf32>, %limit: tensor<4xf32>) -> tensor<?x4xi1> {
  %m = "tir.cmp"(%x, %limit) {predicate = "lt"} : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xi1>
  return %m : tensor<?x4xi1>
}
