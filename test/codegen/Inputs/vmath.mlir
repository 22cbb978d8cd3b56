// The exponentials, logarithms and powf, f32 and f64 (vmath.test).
func.func @f0(%x: tensor<?xf32>) -> tensor<?xf32> {
  %r = math.exp %x : tensor<?xf32>
  return %r : tensor<?xf32>
}
func.func @f1(%x: tensor<?xf64>) -> tensor<?xf64> {
  %r = math.exp %x : tensor<?xf64>
  return %r : tensor<?xf64>
}
func.func @f2(%x: tensor<?xf32>) -> tensor<?xf32> {
  %r = math.exp2 %x : tensor<?xf32>
  return %r : tensor<?xf32>
}
func.func @f3(%x: tensor<?xf64>) -> tensor<?xf64> {
  %r = math.exp2 %x : tensor<?xf64>
  return %r : tensor<?xf64>
}
func.func @f4(%x: tensor<?xf32>) -> tensor<?xf32> {
  %r = math.expm1 %x : tensor<?xf32>
  return %r : tensor<?xf32>
}
func.func @f5(%x: tensor<?xf64>) -> tensor<?xf64> {
  %r = math.expm1 %x : tensor<?xf64>
  return %r : tensor<?xf64>
}
func.func @f6(%x: tensor<?xf32>) -> tensor<?xf32> {
  %r = math.log %x : tensor<?xf32>
  return %r : tensor<?xf32>
}
func.func @f7(%x: tensor<?xf64>) -> tensor<?xf64> {
  %r = math.log %x : tensor<?xf64>
  return %r : tensor<?xf64>
}
func.func @f8(%x: tensor<?xf32>) -> tensor<?xf32> {
  %r = math.log2 %x : tensor<?xf32>
  return %r : tensor<?xf32>
}
func.func @f9(%x: tensor<?xf64>) -> tensor<?xf64> {
  %r = math.log2 %x : tensor<?xf64>
  return %r : tensor<?xf64>
}
func.func @f10(%x: tensor<?xf32>) -> tensor<?xf32> {
  %r = math.log10 %x : tensor<?xf32>
  return %r : tensor<?xf32>
}
func.func @f11(%x: tensor<?xf64>) -> tensor<?xf64> {
  %r = math.log10 %x : tensor<?xf64>
  return %r : tensor<?xf64>
}
func.func @f12(%x: tensor<?xf32>) -> tensor<?xf32> {
  %r = math.log1p %x : tensor<?xf32>
  return %r : tensor<?xf32>
}
func.func @f13(%x: tensor<?xf64>) -> tensor<?xf64> {
  %r = math.log1p %x : tensor<?xf64>
  return %r : tensor<?xf64>
}
func.func @f14(%x: tensor<?xf32>, %y: tensor<?xf32>) -> tensor<?xf32> {
  %r = math.powf %x, %y : tensor<?xf32>
  return %r : tensor<?xf32>
}
func.func @f15(%x: tensor<?xf64>, %y: tensor<?xf64>) -> tensor<?xf64> {
  %r = math.powf %x, %y : tensor<?xf64>
  return %r : tensor<?xf64>
}
