// Every op whose kernel is tanh, sigmoid, erf, atan, atan2 or rsqrt, in
// its tir, math and tosa spellings, on f32, f64 and f16 (computed in f32).
func.func @tanh32(%x: tensor<?xf32>) -> tensor<?xf32> {
  %a = tir.tanh %x : tensor<?xf32>
  %b = math.tanh %a : tensor<?xf32>
  %c = tosa.tanh %b : (tensor<?xf32>) -> tensor<?xf32>
  return %c : tensor<?xf32>
}
func.func @ops32(%x: tensor<?xf32>, %y: tensor<?xf32>) -> tensor<?xf32> {
  %a = tosa.sigmoid %x : (tensor<?xf32>) -> tensor<?xf32>
  %b = math.erf %a : tensor<?xf32>
  %c = tosa.erf %b : (tensor<?xf32>) -> tensor<?xf32>
  %d = math.atan %c : tensor<?xf32>
  %e = math.atan2 %d, %y : tensor<?xf32>
  %f = math.rsqrt %e : tensor<?xf32>
  %g = tosa.rsqrt %f : (tensor<?xf32>) -> tensor<?xf32>
  return %g : tensor<?xf32>
}
func.func @ops64(%x: tensor<?xf64>, %y: tensor<?xf64>) -> tensor<?xf64> {
  %a = math.tanh %x : tensor<?xf64>
  %b = tosa.sigmoid %a : (tensor<?xf64>) -> tensor<?xf64>
  %c = math.erf %b : tensor<?xf64>
  %d = math.atan %c : tensor<?xf64>
  %e = math.atan2 %d, %y : tensor<?xf64>
  %f = math.rsqrt %e : tensor<?xf64>
  return %f : tensor<?xf64>
}
func.func @ops16(%x: tensor<?xf16>, %y: tensor<?xf16>) -> tensor<?xf16> {
  %a = math.tanh %x : tensor<?xf16>
  %b = tosa.sigmoid %a : (tensor<?xf16>) -> tensor<?xf16>
  %c = math.erf %b : tensor<?xf16>
  %d = math.atan %c : tensor<?xf16>
  %e = math.atan2 %d, %y : tensor<?xf16>
  %f = math.rsqrt %e : tensor<?xf16>
  return %f : tensor<?xf16>
}
