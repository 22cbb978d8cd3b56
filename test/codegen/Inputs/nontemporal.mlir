// Inputs of nontemporal.test: store-bound outer broadcasts (W2's shape,
// small) in f32, i8 and i1, with an odd row length so the non-temporal
// loop has a prologue and an epilogue.
func.func @outer(%a: tensor<50x1xf32>, %b: tensor<1x37xf32>) -> tensor<50x37xf32> {
  %0 = "tir.add"(%a, %b) : (tensor<50x1xf32>, tensor<1x37xf32>) -> tensor<50x37xf32>
  return %0 : tensor<50x37xf32>
}
func.func @outer_i8(%a: tensor<50x1xi8>, %b: tensor<1x37xi8>) -> (tensor<50x37xi8>, tensor<50x37xi1>) {
  %0 = "tir.mul"(%a, %b) : (tensor<50x1xi8>, tensor<1x37xi8>) -> tensor<50x37xi8>
  %1 = "tir.cmp"(%a, %b) {predicate = "lt"} : (tensor<50x1xi8>, tensor<1x37xi8>) -> tensor<50x37xi1>
  return %0, %1 : tensor<50x37xi8>, tensor<50x37xi1>
}
// Copy-like: the input is as large as the output, so stores stay ordinary.
func.func @copy_like(%a: tensor<50x37xf32>, %b: tensor<37xf32>) -> tensor<50x37xf32> {
  %0 = "tir.add"(%a, %b) : (tensor<50x37xf32>, tensor<37xf32>) -> tensor<50x37xf32>
  return %0 : tensor<50x37xf32>
}
