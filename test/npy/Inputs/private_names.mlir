// Private functions named like C library, LLVM and tirc symbols: they have
// internal linkage and LLVM names no library call or tirc symbol can bind
// to (codegen/cabi/names.go). @zeros's zero fill becomes a call of memset in
// clang -O3, which must reach the C library's memset, not @memset.
// @zeros comes first: its first nest would be zeros.nest1.
func.func @zeros(%x: tensor<1024xf32>, %i: tensor<1024xi64>) -> (tensor<1024xf32>, tensor<1024xf32>, tensor<1024xf32>, tensor<1024xf32>, tensor<1024xf32>, tensor<1024xf32>, tensor<1024xf32>, tensor<1024xf32>, tensor<1024xi64>) {
  %z = "tir.constant"() {value = dense<0.0> : tensor<1024xf32>} : () -> tensor<1024xf32>
  %0 = func.call @memset(%x) : (tensor<1024xf32>) -> tensor<1024xf32>
  %1 = func.call @"llvm.exp.f32"(%x) : (tensor<1024xf32>) -> tensor<1024xf32>
  %2 = func.call @".str0"(%x) : (tensor<1024xf32>) -> tensor<1024xf32>
  %3 = func.call @"tirc.private.memset"(%x) : (tensor<1024xf32>) -> tensor<1024xf32>
  %4 = func.call @"zeros.nest1"(%x) : (tensor<1024xf32>) -> tensor<1024xf32>
  %5 = func.call @malloc(%x) : (tensor<1024xf32>) -> tensor<1024xf32>
  %6 = func.call @exit(%x) : (tensor<1024xf32>) -> tensor<1024xf32>
  %7 = func.call @__udivti3(%i) : (tensor<1024xi64>) -> tensor<1024xi64>
  return %z, %0, %1, %2, %3, %4, %5, %6, %7 : tensor<1024xf32>, tensor<1024xf32>, tensor<1024xf32>, tensor<1024xf32>, tensor<1024xf32>, tensor<1024xf32>, tensor<1024xf32>, tensor<1024xf32>, tensor<1024xi64>
}
func.func private @memset(%a: tensor<1024xf32>) -> tensor<1024xf32> {
  %0 = "tir.neg"(%a) : (tensor<1024xf32>) -> tensor<1024xf32>
  return %0 : tensor<1024xf32>
}
func.func private @"llvm.exp.f32"(%a: tensor<1024xf32>) -> tensor<1024xf32> {
  %0 = "tir.exp"(%a) : (tensor<1024xf32>) -> tensor<1024xf32>
  return %0 : tensor<1024xf32>
}
func.func private @".str0"(%a: tensor<1024xf32>) -> tensor<1024xf32> {
  %0 = "tir.abs"(%a) : (tensor<1024xf32>) -> tensor<1024xf32>
  return %0 : tensor<1024xf32>
}
// Would be @memset's LLVM name, and @zeros's first nest's.
func.func private @"tirc.private.memset"(%a: tensor<1024xf32>) -> tensor<1024xf32> {
  %0 = "tir.add"(%a, %a) : (tensor<1024xf32>, tensor<1024xf32>) -> tensor<1024xf32>
  return %0 : tensor<1024xf32>
}
func.func private @"zeros.nest1"(%a: tensor<1024xf32>) -> tensor<1024xf32> {
  %0 = "tir.mul"(%a, %a) : (tensor<1024xf32>, tensor<1024xf32>) -> tensor<1024xf32>
  return %0 : tensor<1024xf32>
}
func.func private @malloc(%a: tensor<1024xf32>) -> tensor<1024xf32> {
  %0 = "tir.sqrt"(%a) : (tensor<1024xf32>) -> tensor<1024xf32>
  return %0 : tensor<1024xf32>
}
func.func private @exit(%a: tensor<1024xf32>) -> tensor<1024xf32> {
  %0 = "tir.tanh"(%a) : (tensor<1024xf32>) -> tensor<1024xf32>
  return %0 : tensor<1024xf32>
}
func.func private @__udivti3(%a: tensor<1024xi64>) -> tensor<1024xi64> {
  %c = arith.constant dense<7> : tensor<1024xi64>
  %0 = "tir.div"(%a, %c) : (tensor<1024xi64>, tensor<1024xi64>) -> tensor<1024xi64>
  return %0 : tensor<1024xi64>
}
