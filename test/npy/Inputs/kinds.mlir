// Entry points of every kind the C driver handles, for driver_kinds.test
// (implemented by hand in Inputs/kinds_impl.c, following the native ABI).
func.func @scalars(%a: f64, %n: i32, %flag: i1) -> (f64, i32) {
  %sq = "arith.mulf"(%a, %a) : (f64, f64) -> f64
  %twice = "arith.addi"(%n, %n) : (i32, i32) -> i32
  return %sq, %twice : f64, i32
}

func.func @masks(%m: tensor<2x3xi1>, %x: tensor<2x3xi16>) -> (tensor<2x3xi16>, tensor<2x3xi64>, tensor<2x3xi1>) {
  %zero = "tir.constant"() {value = dense<0> : tensor<i16>} : () -> tensor<i16>
  %kept = "tir.select"(%m, %x, %zero) : (tensor<2x3xi1>, tensor<2x3xi16>, tensor<i16>) -> tensor<2x3xi16>
  %wide = "tir.convert"(%kept) : (tensor<2x3xi16>) -> tensor<2x3xi64>
  %neg = "tir.cmp"(%x, %zero) {predicate = "lt"} : (tensor<2x3xi16>, tensor<i16>) -> tensor<2x3xi1>
  return %kept, %wide, %neg : tensor<2x3xi16>, tensor<2x3xi64>, tensor<2x3xi1>
}

func.func @halves(%x: tensor<?xf16>) -> tensor<?xf16> {
  %r = "tir.add"(%x, %x) : (tensor<?xf16>, tensor<?xf16>) -> tensor<?xf16>
  return %r : tensor<?xf16>
}

func.func @zero_d(%x: tensor<i8>, %i: tensor<3xindex>) -> (tensor<i8>, tensor<3xindex>) {
  %r = "tir.neg"(%x) : (tensor<i8>) -> tensor<i8>
  %j = "tir.add"(%i, %i) : (tensor<3xindex>, tensor<3xindex>) -> tensor<3xindex>
  return %r, %j : tensor<i8>, tensor<3xindex>
}

func.func @brain(%x: tensor<2xbf16>) -> tensor<2xbf16> {
  return %x : tensor<2xbf16>
}

func.func private @hidden(%x: tensor<2xf32>) -> tensor<2xf32> {
  return %x : tensor<2xf32>
}
