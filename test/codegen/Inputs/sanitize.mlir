// A function whose argument the caller of sanitize_main.c describes as
// longer than its buffer: the read overflow happens inside tirc's code.
func.func @f(%a: tensor<8xf32>) -> tensor<8xf32> {
  %0 = "tir.neg"(%a) : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}
func.func @g(%a: tensor<?x?xf32>, %b: tensor<?xf32>) -> tensor<?x?xf32> {
  %0 = "tir.add"(%a, %b) : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  %1 = "tir.exp"(%0) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  return %1 : tensor<?x?xf32>
}
