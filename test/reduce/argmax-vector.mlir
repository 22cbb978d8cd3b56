// A row argmax/argmin is a vector loop: each step loads W elements (four
// chains of 16 lanes, 8 for 64-bit data), compares them with W lanes of
// extremes and blends both the extremes and their indices with the same
// `select <W x i1>` (the first extreme of each lane). The whole 16-lane
// vectors left go into the first chain, the same way; after the loop the
// lanes are combined by value, then index. The vector loop is not
// unrolled (its back edge carries llvm.loop.unroll.disable): clang-14
// unrolled a static 1000-element row fully, a third slower.
// Numbers: test/reduce/extremes.test.
// RUN: tirc -emit-llvm %s | FileCheck %s
// RUN: tirc -emit-llvm %s -o %t.ll
// RUN: opt-14 -passes=verify %t.ll -o /dev/null
// REQUIRES: opt-14

// f32: first a loop that only compares (greater) and sums the values;
// a NaN sum (a NaN in the row, or +inf and -inf) reduces the row again
// the exact way: greater, or the first NaN.
// CHECK-LABEL: define internal i64 @rowargmax_f32.nest{{[0-9]+}}(
// CHECK: {{^}}red.body:
// CHECK-NOT: {{^}}red.exit:
// CHECK: load <64 x float>
// CHECK-NOT: {{^}}red.exit:
// CHECK: add <64 x i64> %{{[0-9]+}}, <i64 0, i64 1, i64 2,
// CHECK-NOT: {{^}}red.exit:
// CHECK: fadd <64 x float>
// CHECK-NOT: fcmp uno
// CHECK: [[GT:%[0-9]+]] = fcmp ogt <64 x float>
// CHECK-NEXT: select <64 x i1> [[GT]], <64 x float>
// CHECK-NOT: {{^}}red.exit:
// CHECK: select <64 x i1> [[GT]], <64 x i64>
// CHECK: {{^}}red.exit:
// CHECK: [[SUMNAN:%[0-9]+]] = fcmp uno <64 x float>
// CHECK: br i1 %{{[0-9]+}}, label %nan.then, label %nan.else
// CHECK: {{^}}red.body1:
// CHECK-NOT: {{^}}red.exit1:
// CHECK: fcmp uno <64 x float>
// CHECK-NOT: {{^}}red.exit1:
// CHECK: fcmp ogt <64 x float>
// CHECK-NOT: {{^}}red.exit1:
// CHECK: [[TAKE:%[0-9]+]] = or <64 x i1>
// CHECK-NEXT: select <64 x i1> [[TAKE]], <64 x float>
// CHECK-NOT: {{^}}red.exit1:
// CHECK: select <64 x i1> [[TAKE]], <64 x i64>
// CHECK: {{^}}red.exit1:
// CHECK: {{^}}red.chain.body1:
// CHECK-NOT: {{^}}red.chain.exit1:
// CHECK: [[TAKE1:%[0-9]+]] = or <16 x i1>
// CHECK-NEXT: select <16 x i1> [[TAKE1]], <16 x float>
// CHECK-NOT: {{^}}red.chain.exit1:
// CHECK: select <16 x i1> [[TAKE1]], <16 x i64>
// CHECK: {{^}}red.chain.exit1:
func.func @rowargmax_f32(%x: tensor<?x?xf32>) -> tensor<?xi64> {
  %r = tir.argmax %x {dims = array<i64: 1>} : (tensor<?x?xf32>) -> tensor<?xi64>
  return %r : tensor<?xi64>
}

// Unsigned: an unsigned compare. A static row shorter than 2^31: i32
// indices (widened at the end).
// CHECK-LABEL: define internal i64 @rowargmin_ui16.nest{{[0-9]+}}(
// CHECK: {{^}}red.body:
// CHECK-NOT: {{^}}red.exit:
// CHECK: [[LT:%[0-9]+]] = icmp ult <64 x i16>
// CHECK-NEXT: select <64 x i1> [[LT]], <64 x i16>
// CHECK-NOT: {{^}}red.exit:
// CHECK: select <64 x i1> [[LT]], <64 x i32>
// CHECK: br label %red.header, !llvm.loop [[NOUNROLL:![0-9]+]]
// CHECK: {{^}}red.exit:
func.func @rowargmin_ui16(%x: tensor<64x1000xui16>) -> tensor<64xi64> {
  %r = tir.argmin %x {dims = array<i64: 1>} : (tensor<64x1000xui16>) -> tensor<64xi64>
  return %r : tensor<64xi64>
}

// f64: 8 lanes a chain (a 64-byte vector).
// CHECK-LABEL: define internal i64 @rowargmin_f64.nest{{[0-9]+}}(
// CHECK: {{^}}red.body:
// CHECK-NOT: {{^}}red.exit:
// CHECK: fcmp olt <32 x double>
// CHECK-NOT: {{^}}red.exit:
// CHECK: select <32 x i1> %{{[0-9]+}}, <32 x i64>
// CHECK: {{^}}red.exit:
func.func @rowargmin_f64(%x: tensor<?x?xf64>) -> tensor<?xi64> {
  %r = tir.argmin %x {dims = array<i64: 1>} : (tensor<?x?xf64>) -> tensor<?xi64>
  return %r : tensor<?xi64>
}

// CHECK: [[NOUNROLL]] = distinct !{[[NOUNROLL]], !{!"llvm.loop.unroll.disable"}}
