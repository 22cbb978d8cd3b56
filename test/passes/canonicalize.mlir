// canonicalize: folding, commutative order, identities, casts.
// RUN: tirc -canonicalize %s | FileCheck %s
// RUN: tirc -canonicalize %s | tirc -verify
// RUN: tirc -canonicalize %s > %t.1.mlir && tirc -canonicalize %t.1.mlir | diff %t.1.mlir -

// Folding with broadcasting: [1,2,3,4] + [[10],[20]] = [[11..14],[21..24]];
// integers wrap (i8: 100 + 100 = -56); floats are IEEE in f32.
// CHECK-LABEL: func.func @fold
// CHECK-DAG: tir.constant dense<{{\[}}[11, 12, 13, 14], [21, 22, 23, 24]]> : tensor<2x4xi32>
// CHECK-DAG: tir.constant dense<-56> : tensor<3xi8>
// CHECK-DAG: tir.constant dense<3.000000e-01> : tensor<2xf32>
// CHECK-NOT: tir.add
// CHECK: return
func.func @fold() -> (tensor<2x4xi32>, tensor<3xi8>, tensor<2xf32>) {
  %a = "tir.constant"() {value = dense<[1, 2, 3, 4]> : tensor<4xi32>} : () -> tensor<4xi32>
  %b = "tir.constant"() {value = dense<[[10], [20]]> : tensor<2x1xi32>} : () -> tensor<2x1xi32>
  %0 = "tir.add"(%a, %b) : (tensor<4xi32>, tensor<2x1xi32>) -> tensor<2x4xi32>
  %c = "tir.constant"() {value = dense<100> : tensor<3xi8>} : () -> tensor<3xi8>
  %1 = "tir.add"(%c, %c) : (tensor<3xi8>, tensor<3xi8>) -> tensor<3xi8>
  %f = "tir.constant"() {value = dense<0.1> : tensor<2xf32>} : () -> tensor<2xf32>
  %g = "tir.constant"() {value = dense<0.2> : tensor<2xf32>} : () -> tensor<2xf32>
  %2 = "tir.add"(%f, %g) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %0, %1, %2 : tensor<2x4xi32>, tensor<3xi8>, tensor<2xf32>
}

// Never fold a run-time error: x / 0 and MIN / -1 stay for the run-time check.
// CHECK-LABEL: func.func @no_fold_errors
// CHECK: tir.div
// CHECK: tir.div
func.func @no_fold_errors() -> (tensor<2xi32>, tensor<i8>) {
  %a = "tir.constant"() {value = dense<[7, 8]> : tensor<2xi32>} : () -> tensor<2xi32>
  %z = "tir.constant"() {value = dense<[1, 0]> : tensor<2xi32>} : () -> tensor<2xi32>
  %0 = "tir.div"(%a, %z) : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
  %m = "tir.constant"() {value = dense<-128> : tensor<i8>} : () -> tensor<i8>
  %n = "tir.constant"() {value = dense<-1> : tensor<i8>} : () -> tensor<i8>
  %1 = "tir.div"(%m, %n) : (tensor<i8>, tensor<i8>) -> tensor<i8>
  return %0, %1 : tensor<2xi32>, tensor<i8>
}

// A folded result with '?' dims: a static constant, cast to the declared type.
// CHECK-LABEL: func.func @fold_dynamic
// CHECK: %[[C:.*]] = tir.constant dense<2> : tensor<3xi32>
// CHECK: tensor.cast %[[C]] : tensor<3xi32> to tensor<?xi32>
func.func @fold_dynamic() -> tensor<?xi32> {
  %a = "tir.constant"() {value = dense<1> : tensor<3xi32>} : () -> tensor<3xi32>
  %0 = "tir.add"(%a, %a) : (tensor<3xi32>, tensor<3xi32>) -> tensor<?xi32>
  return %0 : tensor<?xi32>
}

// Commutative ops get their constant operand on the right; others keep the order.
// CHECK-LABEL: func.func @commute
// CHECK: %[[C:.*]] = tir.constant
// CHECK: tir.mul %arg0, %[[C]] :
// CHECK: tir.sub %[[C]], %arg0 :
// CHECK: arith.addf %arg1, %{{.*}} : tensor<4xf32>
func.func @commute(%x: tensor<4xf32>, %y: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %c = "tir.constant"() {value = dense<3.0> : tensor<4xf32>} : () -> tensor<4xf32>
  %0 = "tir.mul"(%c, %x) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %1 = "tir.sub"(%c, %x) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %k = arith.constant dense<2.0> : tensor<4xf32>
  %2 = arith.addf %k, %y : tensor<4xf32>
  return %0, %1, %2 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// Identities, only where the result type is x's type.
// CHECK-LABEL: func.func @identities
// CHECK-NEXT: %[[Z:.*]] = tir.constant dense<0> : tensor<4xi32>
// CHECK-NEXT: %[[B:.*]] = tir.add %arg1, %[[Z]] : (tensor<1xi32>, tensor<4xi32>) -> tensor<4xi32>
// CHECK-NEXT: %[[F:.*]] = tir.constant dense<0.000000e+00> : tensor<4xf32>
// CHECK-NEXT: %[[G:.*]] = tir.add %arg2, %[[F]] :
// CHECK-NEXT: return %arg0, %arg0, %arg0, %arg0, %[[B]], %[[G]], %arg2 :
func.func @identities(%x: tensor<4xi32>, %s: tensor<1xi32>, %f: tensor<4xf32>) -> (tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xf32>, tensor<4xf32>) {
  %z = "tir.constant"() {value = dense<0> : tensor<4xi32>} : () -> tensor<4xi32>
  %one = "tir.constant"() {value = dense<1> : tensor<4xi32>} : () -> tensor<4xi32>
  %0 = "tir.add"(%z, %x) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %1 = "tir.mul"(%x, %one) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %2 = "tir.max"(%x, %x) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %3 = "tir.div"(%x, %one) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  // Broadcasting: the result (4) is not %s's type (1), no identity.
  %4 = "tir.add"(%s, %z) : (tensor<1xi32>, tensor<4xi32>) -> tensor<4xi32>
  // Floats: x + 0.0 is not x (x = -0.0), x - 0.0 is.
  %fz = "tir.constant"() {value = dense<0.0> : tensor<4xf32>} : () -> tensor<4xf32>
  %5 = "tir.add"(%f, %fz) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %6 = "tir.sub"(%f, %fz) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xf32>, tensor<4xf32>
}

// Idempotent ops of x with itself are x: max, min, and, or, in tir and
// arith; a result type with other sizes keeps them through a cast, unless
// x op x may broadcast: a '?' of x may be 1 at run time where the result
// says 3 (min(y, y) then has 3 elements, a cast of y would fail).
// CHECK-LABEL: func.func @idempotent
// CHECK-NEXT: %[[C1:.*]] = tensor.cast %arg0 : tensor<4xf32> to tensor<?xf32>
// CHECK-NEXT: %[[M:.*]] = tir.min %arg4, %arg4 : (tensor<?xf32>, tensor<?xf32>) -> tensor<3xf32>
// CHECK-NEXT: %[[C2:.*]] = tensor.cast %arg4 : tensor<?xf32> to tensor<1xf32>
// CHECK-NEXT: return %arg0, %arg0, %arg1, %arg1, %arg2, %arg2, %arg3, %arg2, %arg3, %arg2, %[[C1]], %[[M]], %[[C2]] :
func.func @idempotent(%x: tensor<4xf32>, %i: tensor<4xi1>, %s: i32, %g: f32, %y: tensor<?xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xi1>, tensor<4xi1>, i32, i32, f32, i32, f32, i32, tensor<?xf32>, tensor<3xf32>, tensor<1xf32>) {
  %0 = "tir.max"(%x, %x) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %1 = "tir.min"(%x, %x) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %2 = "tir.and"(%i, %i) : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  %3 = "tir.or"(%i, %i) : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  %4 = arith.andi %s, %s : i32
  %5 = arith.ori %s, %s : i32
  %6 = arith.maximumf %g, %g : f32
  %7 = arith.maxsi %s, %s : i32
  %8 = arith.minimumf %g, %g : f32
  %9 = arith.minsi %s, %s : i32
  %10 = "tir.max"(%x, %x) : (tensor<4xf32>, tensor<4xf32>) -> tensor<?xf32>
  %11 = "tir.min"(%y, %y) : (tensor<?xf32>, tensor<?xf32>) -> tensor<3xf32>
  %12 = "tir.max"(%y, %y) : (tensor<?xf32>, tensor<?xf32>) -> tensor<1xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12 : tensor<4xf32>, tensor<4xf32>, tensor<4xi1>, tensor<4xi1>, i32, i32, f32, i32, f32, i32, tensor<?xf32>, tensor<3xf32>, tensor<1xf32>
}

// Not idempotent: x + x is not x; for floats x - x is not 0 (NaN, inf).
// CHECK-LABEL: func.func @not_idempotent
// CHECK-NEXT: tir.add %arg0, %arg0 :
// CHECK-NEXT: tir.sub %arg0, %arg0 :
func.func @not_idempotent(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = "tir.add"(%x, %x) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %1 = "tir.sub"(%x, %x) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// No-op casts disappear; chained casts merge when the middle type adds nothing.
// CHECK-LABEL: func.func @casts
// CHECK-NEXT: %[[A:.*]] = tensor.cast %arg0 : tensor<4xf32> to tensor<*xf32>
// CHECK-NEXT: %[[B:.*]] = tensor.cast %arg1 : tensor<?xf32> to tensor<3xf32>
// CHECK-NEXT: %[[C:.*]] = tensor.cast %[[B]] : tensor<3xf32> to tensor<?xf32>
// CHECK-NEXT: return %arg0, %[[A]], %[[C]]
func.func @casts(%a: tensor<4xf32>, %b: tensor<?xf32>) -> (tensor<4xf32>, tensor<*xf32>, tensor<?xf32>) {
  %0 = tensor.cast %a : tensor<4xf32> to tensor<4xf32>
  %1 = tensor.cast %a : tensor<4xf32> to tensor<?xf32>
  %2 = tensor.cast %1 : tensor<?xf32> to tensor<*xf32>
  // ? -> 3 -> ?: the middle cast asserts a size, so it stays.
  %3 = tensor.cast %b : tensor<?xf32> to tensor<3xf32>
  %4 = tensor.cast %3 : tensor<3xf32> to tensor<?xf32>
  return %0, %2, %4 : tensor<4xf32>, tensor<*xf32>, tensor<?xf32>
}
