// TOSA's elementwise, comparison, select, cast, clamp, const and reduce
// ops as mlir-opt-19 prints them: tosa-mlir-opt-19.test checks that tirc
// prints this file exactly as mlir-opt-19 does, and reads its own generic
// form back as mlir-opt-19 reads it.
// RUN: tirc %s | FileCheck %s
// RUN: tirc %s | tirc | FileCheck %s
// RUN: tirc -mlir-print-op-generic %s | tirc | FileCheck %s

// CHECK-LABEL: func.func @t
// CHECK: tosa.add %arg0, %arg1 : (tensor<13x21x3xf32>, tensor<13x21x1xf32>) -> tensor<13x21x3xf32>
// CHECK: tosa.mul %arg0, %arg1 {shift = 0 : i8} : (tensor<13x21x3xf32>, tensor<13x21x1xf32>) -> tensor<13x21x3xf32>
// CHECK: tosa.abs %arg0 : (tensor<13x21x3xf32>) -> tensor<13x21x3xf32>
// CHECK: tosa.clamp %arg0 {max_fp = 4.000000e+00 : f32, max_int = 4 : i64, min_fp = 0.000000e+00 : f32, min_int = 0 : i64} : (tensor<13x21x3xf32>) -> tensor<13x21x3xf32>
// CHECK: tosa.equal %arg0, %arg1 : (tensor<13x21x3xf32>, tensor<13x21x1xf32>) -> tensor<13x21x3xi1>
// CHECK: tosa.select %arg4, %arg0, %arg0 : (tensor<13x21x3xi1>, tensor<13x21x3xf32>, tensor<13x21x3xf32>) -> tensor<13x21x3xf32>
// CHECK: tosa.cast %arg0 : (tensor<13x21x3xf32>) -> tensor<13x21x3xi32>
// CHECK: "tosa.const"() <{value = dense<1.000000e+00> : tensor<3xf32>}> : () -> tensor<3xf32>
// CHECK: tosa.reduce_all %arg4 {axis = 2 : i32} : (tensor<13x21x3xi1>) -> tensor<13x21x1xi1>
// CHECK: tosa.arithmetic_right_shift %arg2, %arg3 {round = false} : (tensor<13x21x3xi32>, tensor<13x21x3xi32>) -> tensor<13x21x3xi32>
// CHECK: tosa.reduce_sum %arg0 {axis = 1 : i32} : (tensor<13x21x3xf32>) -> tensor<13x1x3xf32>
// CHECK: tosa.reshape %{{.*}} {new_shape = array<i64: 13, 3>} : (tensor<13x1x3xf32>) -> tensor<13x3xf32>
func.func @t(%a: tensor<13x21x3xf32>, %b: tensor<13x21x1xf32>, %i: tensor<13x21x3xi32>, %j: tensor<13x21x3xi32>, %c: tensor<13x21x3xi1>) -> tensor<13x21x3xf32> {
  %0 = tosa.add %a, %b : (tensor<13x21x3xf32>, tensor<13x21x1xf32>) -> tensor<13x21x3xf32>
  %1 = tosa.sub %a, %b : (tensor<13x21x3xf32>, tensor<13x21x1xf32>) -> tensor<13x21x3xf32>
  %2 = tosa.mul %a, %b {shift = 0 : i8} : (tensor<13x21x3xf32>, tensor<13x21x1xf32>) -> tensor<13x21x3xf32>
  %3 = tosa.pow %a, %b : (tensor<13x21x3xf32>, tensor<13x21x1xf32>) -> tensor<13x21x3xf32>
  %4 = tosa.maximum %a, %b : (tensor<13x21x3xf32>, tensor<13x21x1xf32>) -> tensor<13x21x3xf32>
  %5 = tosa.minimum %a, %b : (tensor<13x21x3xf32>, tensor<13x21x1xf32>) -> tensor<13x21x3xf32>
  %6 = tosa.abs %a : (tensor<13x21x3xf32>) -> tensor<13x21x3xf32>
  %7 = tosa.ceil %a : (tensor<13x21x3xf32>) -> tensor<13x21x3xf32>
  %8 = tosa.clamp %a {min_int = 0 : i64, max_int = 4 : i64, min_fp = 0.0 : f32, max_fp = 4.0 : f32} : (tensor<13x21x3xf32>) -> tensor<13x21x3xf32>
  %9 = tosa.exp %a : (tensor<13x21x3xf32>) -> tensor<13x21x3xf32>
  %10 = tosa.reciprocal %a : (tensor<13x21x3xf32>) -> tensor<13x21x3xf32>
  %11 = tosa.rsqrt %a : (tensor<13x21x3xf32>) -> tensor<13x21x3xf32>
  %12 = tosa.sigmoid %a : (tensor<13x21x3xf32>) -> tensor<13x21x3xf32>
  %13 = tosa.tanh %a : (tensor<13x21x3xf32>) -> tensor<13x21x3xf32>
  %14 = tosa.erf %a : (tensor<13x21x3xf32>) -> tensor<13x21x3xf32>
  %15 = tosa.negate %a : (tensor<13x21x3xf32>) -> tensor<13x21x3xf32>
  %16 = tosa.floor %a : (tensor<13x21x3xf32>) -> tensor<13x21x3xf32>
  %17 = tosa.log %a : (tensor<13x21x3xf32>) -> tensor<13x21x3xf32>
  %18 = tosa.equal %a, %b : (tensor<13x21x3xf32>, tensor<13x21x1xf32>) -> tensor<13x21x3xi1>
  %19 = tosa.greater %a, %b : (tensor<13x21x3xf32>, tensor<13x21x1xf32>) -> tensor<13x21x3xi1>
  %20 = tosa.greater_equal %a, %b : (tensor<13x21x3xf32>, tensor<13x21x1xf32>) -> tensor<13x21x3xi1>
  %21 = tosa.select %c, %a, %a : (tensor<13x21x3xi1>, tensor<13x21x3xf32>, tensor<13x21x3xf32>) -> tensor<13x21x3xf32>
  %22 = tosa.cast %a : (tensor<13x21x3xf32>) -> tensor<13x21x3xi32>
  %23 = "tosa.const"() {value = dense<1.0> : tensor<3xf32>} : () -> tensor<3xf32>
  %41 = tosa.reduce_all %c {axis = 2 : i32} : (tensor<13x21x3xi1>) -> tensor<13x21x1xi1>
  %42 = tosa.reduce_any %c {axis = 0 : i32} : (tensor<13x21x3xi1>) -> tensor<1x21x3xi1>
  %43 = tosa.reduce_min %i {axis = 1 : i32} : (tensor<13x21x3xi32>) -> tensor<13x1x3xi32>
  %44 = tosa.reduce_prod %a {axis = 2 : i32} : (tensor<13x21x3xf32>) -> tensor<13x21x1xf32>
  %45 = tosa.mul %i, %j {shift = 3 : i8} : (tensor<13x21x3xi32>, tensor<13x21x3xi32>) -> tensor<13x21x3xi32>
  %24 = tosa.bitwise_and %i, %j : (tensor<13x21x3xi32>, tensor<13x21x3xi32>) -> tensor<13x21x3xi32>
  %25 = tosa.bitwise_not %i : (tensor<13x21x3xi32>) -> tensor<13x21x3xi32>
  %26 = tosa.logical_and %c, %c : (tensor<13x21x3xi1>, tensor<13x21x3xi1>) -> tensor<13x21x3xi1>
  %27 = tosa.logical_not %c : (tensor<13x21x3xi1>) -> tensor<13x21x3xi1>
  %28 = tosa.arithmetic_right_shift %i, %j {round = false} : (tensor<13x21x3xi32>, tensor<13x21x3xi32>) -> tensor<13x21x3xi32>
  %29 = tosa.logical_left_shift %i, %j : (tensor<13x21x3xi32>, tensor<13x21x3xi32>) -> tensor<13x21x3xi32>
  %30 = tosa.int_div %i, %j : (tensor<13x21x3xi32>, tensor<13x21x3xi32>) -> tensor<13x21x3xi32>
  %31 = tosa.clz %i : (tensor<13x21x3xi32>) -> tensor<13x21x3xi32>
  %32 = tosa.sin %a : (tensor<13x21x3xf32>) -> tensor<13x21x3xf32>
  %33 = tosa.reduce_sum %a {axis = 1 : i32} : (tensor<13x21x3xf32>) -> tensor<13x1x3xf32>
  %46 = tosa.reshape %33 {new_shape = array<i64: 13, 3>} : (tensor<13x1x3xf32>) -> tensor<13x3xf32>
  %34 = tosa.reduce_max %a {axis = 0 : i32} : (tensor<13x21x3xf32>) -> tensor<1x21x3xf32>
  %35 = tosa.logical_right_shift %i, %j : (tensor<13x21x3xi32>, tensor<13x21x3xi32>) -> tensor<13x21x3xi32>
  %36 = tosa.bitwise_or %i, %j : (tensor<13x21x3xi32>, tensor<13x21x3xi32>) -> tensor<13x21x3xi32>
  %37 = tosa.bitwise_xor %i, %j : (tensor<13x21x3xi32>, tensor<13x21x3xi32>) -> tensor<13x21x3xi32>
  %38 = tosa.logical_or %c, %c : (tensor<13x21x3xi1>, tensor<13x21x3xi1>) -> tensor<13x21x3xi1>
  %39 = tosa.logical_xor %c, %c : (tensor<13x21x3xi1>, tensor<13x21x3xi1>) -> tensor<13x21x3xi1>
  %40 = tosa.cos %a : (tensor<13x21x3xf32>) -> tensor<13x21x3xf32>
  return %0 : tensor<13x21x3xf32>
}
