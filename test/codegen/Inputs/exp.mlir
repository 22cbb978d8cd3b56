func.func @exp32(%x: tensor<?xf32>) -> tensor<?xf32> {
  %r = tir.exp %x : tensor<?xf32>
  return %r : tensor<?xf32>
}
func.func @exp16(%x: tensor<?xf16>) -> tensor<?xf16> {
  %r = tir.exp %x : tensor<?xf16>
  return %r : tensor<?xf16>
}
