// Every example of the XLA broadcasting seeds (002 Chinese, 003 Portuguese)
// as a function of constants, compiled to native code by seed_native.test.
func.func @x_plus_v() -> tensor<2x3xi32> {
  %x = "tir.constant"() {value = dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %v = "tir.constant"() {value = dense<[7, 8, 9]> : tensor<3xi32>} : () -> tensor<3xi32>
  %0 = "tir.add"(%x, %v) {broadcast_dimensions = array<i64: 1>} : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}
func.func @rows_dims1() -> tensor<3x3xi32> {
  %m = "tir.constant"() {value = dense<0> : tensor<3x3xi32>} : () -> tensor<3x3xi32>
  %v = "tir.constant"() {value = dense<[1, 2, 3]> : tensor<3xi32>} : () -> tensor<3xi32>
  %0 = "tir.add"(%m, %v) {broadcast_dimensions = array<i64: 1>} : (tensor<3x3xi32>, tensor<3xi32>) -> tensor<3x3xi32>
  return %0 : tensor<3x3xi32>
}
func.func @columns_dims0() -> tensor<3x3xi32> {
  %m = "tir.constant"() {value = dense<0> : tensor<3x3xi32>} : () -> tensor<3x3xi32>
  %v = "tir.constant"() {value = dense<[1, 2, 3]> : tensor<3xi32>} : () -> tensor<3xi32>
  %0 = "tir.add"(%m, %v) {broadcast_dimensions = array<i64: 0>} : (tensor<3x3xi32>, tensor<3xi32>) -> tensor<3x3xi32>
  return %0 : tensor<3x3xi32>
}
func.func @cube_plus_matrix_dims12() -> tensor<2x3x4xi32> {
  %c = "tir.constant"() {value = dense<[[[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]], [[12, 13, 14, 15], [16, 17, 18, 19], [20, 21, 22, 23]]]> : tensor<2x3x4xi32>} : () -> tensor<2x3x4xi32>
  %m = "tir.constant"() {value = dense<[[100, 200, 300, 400], [500, 600, 700, 800], [900, 1000, 1100, 1200]]> : tensor<3x4xi32>} : () -> tensor<3x4xi32>
  %0 = "tir.add"(%c, %m) {broadcast_dimensions = array<i64: 1, 2>} : (tensor<2x3x4xi32>, tensor<3x4xi32>) -> tensor<2x3x4xi32>
  return %0 : tensor<2x3x4xi32>
}
func.func @degenerate_2x1_2x3() -> tensor<2x3xi32> {
  %a = "tir.constant"() {value = dense<[[10], [20]]> : tensor<2x1xi32>} : () -> tensor<2x1xi32>
  %b = "tir.constant"() {value = dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %0 = "tir.add"(%a, %b) : (tensor<2x1xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}
func.func @degenerate_125_725() -> tensor<7x2x5xi32> {
  %a = "tir.constant"() {value = dense<[[[0, 1, 2, 3, 4], [5, 6, 7, 8, 9]]]> : tensor<1x2x5xi32>} : () -> tensor<1x2x5xi32>
  %b = "tir.constant"() {value = dense<1000> : tensor<7x2x5xi32>} : () -> tensor<7x2x5xi32>
  %0 = "tir.add"(%a, %b) : (tensor<1x2x5xi32>, tensor<7x2x5xi32>) -> tensor<7x2x5xi32>
  return %0 : tensor<7x2x5xi32>
}
func.func @degenerate_725_715() -> tensor<7x2x5xi32> {
  %a = "tir.constant"() {value = dense<1> : tensor<7x2x5xi32>} : () -> tensor<7x2x5xi32>
  %b = "tir.constant"() {value = dense<[[[0, 1, 2, 3, 4]], [[10, 11, 12, 13, 14]], [[20, 21, 22, 23, 24]], [[30, 31, 32, 33, 34]], [[40, 41, 42, 43, 44]], [[50, 51, 52, 53, 54]], [[60, 61, 62, 63, 64]]]> : tensor<7x1x5xi32>} : () -> tensor<7x1x5xi32>
  %0 = "tir.add"(%a, %b) : (tensor<7x2x5xi32>, tensor<7x1x5xi32>) -> tensor<7x2x5xi32>
  return %0 : tensor<7x2x5xi32>
}
func.func @outer_product() -> tensor<2x3xi32> {
  %a = "tir.constant"() {value = dense<[[2], [3]]> : tensor<2x1xi32>} : () -> tensor<2x1xi32>
  %b = "tir.constant"() {value = dense<[[5, 7, 11]]> : tensor<1x3xi32>} : () -> tensor<1x3xi32>
  %0 = "tir.mul"(%a, %b) : (tensor<2x1xi32>, tensor<1x3xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}
func.func @composition_dims0() -> tensor<4x2xi32> {
  %a = "tir.constant"() {value = dense<[1, 2, 3, 4]> : tensor<4xi32>} : () -> tensor<4xi32>
  %b = "tir.constant"() {value = dense<[[5, 6]]> : tensor<1x2xi32>} : () -> tensor<1x2xi32>
  %0 = "tir.add"(%a, %b) {broadcast_dimensions = array<i64: 0>} : (tensor<4xi32>, tensor<1x2xi32>) -> tensor<4x2xi32>
  return %0 : tensor<4x2xi32>
}
func.func @composition_1x2_4x3x1() -> tensor<4x3x2xi32> {
  %a = "tir.constant"() {value = dense<[[100, 200]]> : tensor<1x2xi32>} : () -> tensor<1x2xi32>
  %b = "tir.constant"() {value = dense<[[[0], [1], [2]], [[3], [4], [5]], [[6], [7], [8]], [[9], [10], [11]]]> : tensor<4x3x1xi32>} : () -> tensor<4x3x1xi32>
  %0 = "tir.add"(%a, %b) {broadcast_dimensions = array<i64: 1, 2>} : (tensor<1x2xi32>, tensor<4x3x1xi32>) -> tensor<4x3x2xi32>
  return %0 : tensor<4x3x2xi32>
}
// The illegal examples, with sizes known only at run time: a 2x3 matrix
// plus a 3-vector with dims (0), and (7,2,5) + (7,2,6).
func.func @illegal_2x3_plus_3_dims0() -> tensor<?x3xi32> {
  %m = "tir.constant"() {value = dense<1> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %v = "tir.constant"() {value = dense<[1, 2, 3]> : tensor<3xi32>} : () -> tensor<3xi32>
  %md = "tensor.cast"(%m) : (tensor<2x3xi32>) -> tensor<?x3xi32>
  %vd = "tensor.cast"(%v) : (tensor<3xi32>) -> tensor<?xi32>
  %0 = "tir.add"(%md, %vd) {broadcast_dimensions = array<i64: 0>} : (tensor<?x3xi32>, tensor<?xi32>) -> tensor<?x3xi32>
  return %0 : tensor<?x3xi32>
}
func.func @illegal_725_726() -> tensor<7x2x?xi32> {
  %a = "tir.constant"() {value = dense<1> : tensor<7x2x5xi32>} : () -> tensor<7x2x5xi32>
  %b = "tir.constant"() {value = dense<2> : tensor<7x2x6xi32>} : () -> tensor<7x2x6xi32>
  %ad = "tensor.cast"(%a) : (tensor<7x2x5xi32>) -> tensor<7x2x?xi32>
  %bd = "tensor.cast"(%b) : (tensor<7x2x6xi32>) -> tensor<7x2x?xi32>
  %0 = "tir.add"(%ad, %bd) : (tensor<7x2x?xi32>, tensor<7x2x?xi32>) -> tensor<7x2x?xi32>
  return %0 : tensor<7x2x?xi32>
}
