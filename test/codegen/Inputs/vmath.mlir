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
// The TOSA and tir spellings share the kernels.
func.func @g0(%x: tensor<?xf32>, %y: tensor<?xf64>) -> (tensor<?xf32>, tensor<?xf64>, tensor<?xf32>) {
  %a = tosa.exp %x : (tensor<?xf32>) -> tensor<?xf32>
  %b = tosa.log %y : (tensor<?xf64>) -> tensor<?xf64>
  %c = tosa.pow %x, %a : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %a, %b, %c : tensor<?xf32>, tensor<?xf64>, tensor<?xf32>
}
func.func @g1(%x: tensor<?xf64>, %y: tensor<?xf32>) -> (tensor<?xf64>, tensor<?xf32>, tensor<?xf64>) {
  %a = tir.exp %x : tensor<?xf64>
  %b = tir.log %y : tensor<?xf32>
  %c = tir.pow %x, %a : (tensor<?xf64>, tensor<?xf64>) -> tensor<?xf64>
  return %a, %b, %c : tensor<?xf64>, tensor<?xf32>, tensor<?xf64>
}
