// An integer/boolean mask program: clamp negative readings to zero and
// count how often each channel exceeded a per-channel threshold.
//   keep  = x >= 0                     (i1 mask)
//   clean = select(keep, x, 0)
//   over  = clean > threshold          (threshold broadcast over rows)
//   hits  = convert(over) : i1 -> i32
//
//   tirc -verify examples/mask.mlir
func.func @mask(%x: tensor<4x3xi32>, %threshold: tensor<3xi32>) -> (tensor<4x3xi32>, tensor<4x3xi32>) {
  %zero = "tir.constant"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %keep = "tir.cmp"(%x, %zero) {predicate = "ge"} : (tensor<4x3xi32>, tensor<i32>) -> tensor<4x3xi1>
  %clean = "tir.select"(%keep, %x, %zero) : (tensor<4x3xi1>, tensor<4x3xi32>, tensor<i32>) -> tensor<4x3xi32>
  %over = "tir.cmp"(%clean, %threshold) {predicate = "gt"} : (tensor<4x3xi32>, tensor<3xi32>) -> tensor<4x3xi1>
  %hits = "tir.convert"(%over) : (tensor<4x3xi1>) -> tensor<4x3xi32>
  return %clean, %hits : tensor<4x3xi32>, tensor<4x3xi32>
}
