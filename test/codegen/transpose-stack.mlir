// The tile buffers of a nest's transposed reads live on the stack of the
// thread running it: 256 rows x 128 columns (64 for 8-byte elements) per
// operand, narrower when several operands are transposed, so that one
// nest's buffers stay within 512 KiB (codegen/transpose.go, bufCols).
// RUN: tirc -emit-llvm %s | FileCheck %s

// One f32 operand: 256 x 128.
// CHECK-LABEL: define internal i64 @one.nest
// CHECK: alloca [32768 x float], align 64
// CHECK-LABEL: define i32 @one(
func.func @one(%x0: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %t0 = tir.transpose %x0 {permutation = array<i64: 1, 0>} : (tensor<64x64xf32>) -> tensor<64x64xf32>
  return %t0 : tensor<64x64xf32>
}

// Eight f32 operands: 256 x 64 each (512 KiB).
// CHECK-LABEL: define internal i64 @eight.nest
// CHECK-COUNT-8: alloca [16384 x float], align 64
// CHECK-NOT: alloca [32768 x float]
// CHECK-LABEL: define i32 @eight(
func.func @eight(%x0: tensor<64x64xf32>, %x1: tensor<64x64xf32>, %x2: tensor<64x64xf32>, %x3: tensor<64x64xf32>, %x4: tensor<64x64xf32>, %x5: tensor<64x64xf32>, %x6: tensor<64x64xf32>, %x7: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %t0 = tir.transpose %x0 {permutation = array<i64: 1, 0>} : (tensor<64x64xf32>) -> tensor<64x64xf32>
  %t1 = tir.transpose %x1 {permutation = array<i64: 1, 0>} : (tensor<64x64xf32>) -> tensor<64x64xf32>
  %t2 = tir.transpose %x2 {permutation = array<i64: 1, 0>} : (tensor<64x64xf32>) -> tensor<64x64xf32>
  %t3 = tir.transpose %x3 {permutation = array<i64: 1, 0>} : (tensor<64x64xf32>) -> tensor<64x64xf32>
  %t4 = tir.transpose %x4 {permutation = array<i64: 1, 0>} : (tensor<64x64xf32>) -> tensor<64x64xf32>
  %t5 = tir.transpose %x5 {permutation = array<i64: 1, 0>} : (tensor<64x64xf32>) -> tensor<64x64xf32>
  %t6 = tir.transpose %x6 {permutation = array<i64: 1, 0>} : (tensor<64x64xf32>) -> tensor<64x64xf32>
  %t7 = tir.transpose %x7 {permutation = array<i64: 1, 0>} : (tensor<64x64xf32>) -> tensor<64x64xf32>
  %s1 = tir.add %t0, %t1 : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  %s2 = tir.add %s1, %t2 : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  %s3 = tir.add %s2, %t3 : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  %s4 = tir.add %s3, %t4 : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  %s5 = tir.add %s4, %t5 : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  %s6 = tir.add %s5, %t6 : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  %s7 = tir.add %s6, %t7 : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  return %s7 : tensor<64x64xf32>
}

// Thirty-two f64 operands (the most one nest reads): 256 x 8 each.
// CHECK-LABEL: define internal i64 @many.nest
// CHECK-COUNT-32: alloca [2048 x double], align 64
// CHECK-NOT: alloca [16384 x double]
// CHECK-LABEL: define i32 @many(
func.func @many(%x0: tensor<64x64xf64>, %x1: tensor<64x64xf64>, %x2: tensor<64x64xf64>, %x3: tensor<64x64xf64>, %x4: tensor<64x64xf64>, %x5: tensor<64x64xf64>, %x6: tensor<64x64xf64>, %x7: tensor<64x64xf64>, %x8: tensor<64x64xf64>, %x9: tensor<64x64xf64>, %x10: tensor<64x64xf64>, %x11: tensor<64x64xf64>, %x12: tensor<64x64xf64>, %x13: tensor<64x64xf64>, %x14: tensor<64x64xf64>, %x15: tensor<64x64xf64>, %x16: tensor<64x64xf64>, %x17: tensor<64x64xf64>, %x18: tensor<64x64xf64>, %x19: tensor<64x64xf64>, %x20: tensor<64x64xf64>, %x21: tensor<64x64xf64>, %x22: tensor<64x64xf64>, %x23: tensor<64x64xf64>, %x24: tensor<64x64xf64>, %x25: tensor<64x64xf64>, %x26: tensor<64x64xf64>, %x27: tensor<64x64xf64>, %x28: tensor<64x64xf64>, %x29: tensor<64x64xf64>, %x30: tensor<64x64xf64>, %x31: tensor<64x64xf64>) -> tensor<64x64xf64> {
  %t0 = tir.transpose %x0 {permutation = array<i64: 1, 0>} : (tensor<64x64xf64>) -> tensor<64x64xf64>
  %t1 = tir.transpose %x1 {permutation = array<i64: 1, 0>} : (tensor<64x64xf64>) -> tensor<64x64xf64>
  %t2 = tir.transpose %x2 {permutation = array<i64: 1, 0>} : (tensor<64x64xf64>) -> tensor<64x64xf64>
  %t3 = tir.transpose %x3 {permutation = array<i64: 1, 0>} : (tensor<64x64xf64>) -> tensor<64x64xf64>
  %t4 = tir.transpose %x4 {permutation = array<i64: 1, 0>} : (tensor<64x64xf64>) -> tensor<64x64xf64>
  %t5 = tir.transpose %x5 {permutation = array<i64: 1, 0>} : (tensor<64x64xf64>) -> tensor<64x64xf64>
  %t6 = tir.transpose %x6 {permutation = array<i64: 1, 0>} : (tensor<64x64xf64>) -> tensor<64x64xf64>
  %t7 = tir.transpose %x7 {permutation = array<i64: 1, 0>} : (tensor<64x64xf64>) -> tensor<64x64xf64>
  %t8 = tir.transpose %x8 {permutation = array<i64: 1, 0>} : (tensor<64x64xf64>) -> tensor<64x64xf64>
  %t9 = tir.transpose %x9 {permutation = array<i64: 1, 0>} : (tensor<64x64xf64>) -> tensor<64x64xf64>
  %t10 = tir.transpose %x10 {permutation = array<i64: 1, 0>} : (tensor<64x64xf64>) -> tensor<64x64xf64>
  %t11 = tir.transpose %x11 {permutation = array<i64: 1, 0>} : (tensor<64x64xf64>) -> tensor<64x64xf64>
  %t12 = tir.transpose %x12 {permutation = array<i64: 1, 0>} : (tensor<64x64xf64>) -> tensor<64x64xf64>
  %t13 = tir.transpose %x13 {permutation = array<i64: 1, 0>} : (tensor<64x64xf64>) -> tensor<64x64xf64>
  %t14 = tir.transpose %x14 {permutation = array<i64: 1, 0>} : (tensor<64x64xf64>) -> tensor<64x64xf64>
  %t15 = tir.transpose %x15 {permutation = array<i64: 1, 0>} : (tensor<64x64xf64>) -> tensor<64x64xf64>
  %t16 = tir.transpose %x16 {permutation = array<i64: 1, 0>} : (tensor<64x64xf64>) -> tensor<64x64xf64>
  %t17 = tir.transpose %x17 {permutation = array<i64: 1, 0>} : (tensor<64x64xf64>) -> tensor<64x64xf64>
  %t18 = tir.transpose %x18 {permutation = array<i64: 1, 0>} : (tensor<64x64xf64>) -> tensor<64x64xf64>
  %t19 = tir.transpose %x19 {permutation = array<i64: 1, 0>} : (tensor<64x64xf64>) -> tensor<64x64xf64>
  %t20 = tir.transpose %x20 {permutation = array<i64: 1, 0>} : (tensor<64x64xf64>) -> tensor<64x64xf64>
  %t21 = tir.transpose %x21 {permutation = array<i64: 1, 0>} : (tensor<64x64xf64>) -> tensor<64x64xf64>
  %t22 = tir.transpose %x22 {permutation = array<i64: 1, 0>} : (tensor<64x64xf64>) -> tensor<64x64xf64>
  %t23 = tir.transpose %x23 {permutation = array<i64: 1, 0>} : (tensor<64x64xf64>) -> tensor<64x64xf64>
  %t24 = tir.transpose %x24 {permutation = array<i64: 1, 0>} : (tensor<64x64xf64>) -> tensor<64x64xf64>
  %t25 = tir.transpose %x25 {permutation = array<i64: 1, 0>} : (tensor<64x64xf64>) -> tensor<64x64xf64>
  %t26 = tir.transpose %x26 {permutation = array<i64: 1, 0>} : (tensor<64x64xf64>) -> tensor<64x64xf64>
  %t27 = tir.transpose %x27 {permutation = array<i64: 1, 0>} : (tensor<64x64xf64>) -> tensor<64x64xf64>
  %t28 = tir.transpose %x28 {permutation = array<i64: 1, 0>} : (tensor<64x64xf64>) -> tensor<64x64xf64>
  %t29 = tir.transpose %x29 {permutation = array<i64: 1, 0>} : (tensor<64x64xf64>) -> tensor<64x64xf64>
  %t30 = tir.transpose %x30 {permutation = array<i64: 1, 0>} : (tensor<64x64xf64>) -> tensor<64x64xf64>
  %t31 = tir.transpose %x31 {permutation = array<i64: 1, 0>} : (tensor<64x64xf64>) -> tensor<64x64xf64>
  %s1 = tir.add %t0, %t1 : (tensor<64x64xf64>, tensor<64x64xf64>) -> tensor<64x64xf64>
  %s2 = tir.add %s1, %t2 : (tensor<64x64xf64>, tensor<64x64xf64>) -> tensor<64x64xf64>
  %s3 = tir.add %s2, %t3 : (tensor<64x64xf64>, tensor<64x64xf64>) -> tensor<64x64xf64>
  %s4 = tir.add %s3, %t4 : (tensor<64x64xf64>, tensor<64x64xf64>) -> tensor<64x64xf64>
  %s5 = tir.add %s4, %t5 : (tensor<64x64xf64>, tensor<64x64xf64>) -> tensor<64x64xf64>
  %s6 = tir.add %s5, %t6 : (tensor<64x64xf64>, tensor<64x64xf64>) -> tensor<64x64xf64>
  %s7 = tir.add %s6, %t7 : (tensor<64x64xf64>, tensor<64x64xf64>) -> tensor<64x64xf64>
  %s8 = tir.add %s7, %t8 : (tensor<64x64xf64>, tensor<64x64xf64>) -> tensor<64x64xf64>
  %s9 = tir.add %s8, %t9 : (tensor<64x64xf64>, tensor<64x64xf64>) -> tensor<64x64xf64>
  %s10 = tir.add %s9, %t10 : (tensor<64x64xf64>, tensor<64x64xf64>) -> tensor<64x64xf64>
  %s11 = tir.add %s10, %t11 : (tensor<64x64xf64>, tensor<64x64xf64>) -> tensor<64x64xf64>
  %s12 = tir.add %s11, %t12 : (tensor<64x64xf64>, tensor<64x64xf64>) -> tensor<64x64xf64>
  %s13 = tir.add %s12, %t13 : (tensor<64x64xf64>, tensor<64x64xf64>) -> tensor<64x64xf64>
  %s14 = tir.add %s13, %t14 : (tensor<64x64xf64>, tensor<64x64xf64>) -> tensor<64x64xf64>
  %s15 = tir.add %s14, %t15 : (tensor<64x64xf64>, tensor<64x64xf64>) -> tensor<64x64xf64>
  %s16 = tir.add %s15, %t16 : (tensor<64x64xf64>, tensor<64x64xf64>) -> tensor<64x64xf64>
  %s17 = tir.add %s16, %t17 : (tensor<64x64xf64>, tensor<64x64xf64>) -> tensor<64x64xf64>
  %s18 = tir.add %s17, %t18 : (tensor<64x64xf64>, tensor<64x64xf64>) -> tensor<64x64xf64>
  %s19 = tir.add %s18, %t19 : (tensor<64x64xf64>, tensor<64x64xf64>) -> tensor<64x64xf64>
  %s20 = tir.add %s19, %t20 : (tensor<64x64xf64>, tensor<64x64xf64>) -> tensor<64x64xf64>
  %s21 = tir.add %s20, %t21 : (tensor<64x64xf64>, tensor<64x64xf64>) -> tensor<64x64xf64>
  %s22 = tir.add %s21, %t22 : (tensor<64x64xf64>, tensor<64x64xf64>) -> tensor<64x64xf64>
  %s23 = tir.add %s22, %t23 : (tensor<64x64xf64>, tensor<64x64xf64>) -> tensor<64x64xf64>
  %s24 = tir.add %s23, %t24 : (tensor<64x64xf64>, tensor<64x64xf64>) -> tensor<64x64xf64>
  %s25 = tir.add %s24, %t25 : (tensor<64x64xf64>, tensor<64x64xf64>) -> tensor<64x64xf64>
  %s26 = tir.add %s25, %t26 : (tensor<64x64xf64>, tensor<64x64xf64>) -> tensor<64x64xf64>
  %s27 = tir.add %s26, %t27 : (tensor<64x64xf64>, tensor<64x64xf64>) -> tensor<64x64xf64>
  %s28 = tir.add %s27, %t28 : (tensor<64x64xf64>, tensor<64x64xf64>) -> tensor<64x64xf64>
  %s29 = tir.add %s28, %t29 : (tensor<64x64xf64>, tensor<64x64xf64>) -> tensor<64x64xf64>
  %s30 = tir.add %s29, %t30 : (tensor<64x64xf64>, tensor<64x64xf64>) -> tensor<64x64xf64>
  %s31 = tir.add %s30, %t31 : (tensor<64x64xf64>, tensor<64x64xf64>) -> tensor<64x64xf64>
  return %s31 : tensor<64x64xf64>
}
