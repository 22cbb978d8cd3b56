// RUN: tirc -emit-llvm %s | FileCheck %s
// A fused tree reading one value at several leaves (x * x + x) reads it
// through one pointer: one row address per loop and one load per element,
// in the strided version and in the fast version's vector loop.
// CHECK-LABEL: define internal i64 @sq.nest1(
// CHECK: nt.body:
// CHECK: %[[V:[0-9]+]] = load <16 x float>
// CHECK-NEXT: %[[VSQ:[0-9]+]] = fmul <16 x float> %[[V]], %[[V]]
// CHECK-NEXT: fadd <16 x float> %[[VSQ]], %[[V]]
// CHECK-LABEL: define internal i64 @sq.nest2.strided(float* noalias %p0, i64 %n1, i64 %s2, i64 %s3, float* noalias readonly %p4, i64 %s5, i64 %s6, i64 %thread, i64 %threads)
// CHECK: i.body:
// CHECK-NEXT: mul i64
// CHECK-NEXT: getelementptr inbounds float, float* %p0,
// CHECK-NEXT: mul i64
// CHECK-NEXT: getelementptr inbounds float, float* %p4,
// CHECK-NEXT: br label
// CHECK: i.body1:
// CHECK-NEXT: mul i64 {{.*}}, %s3
// CHECK-NEXT: getelementptr
// CHECK-NEXT: mul i64 {{.*}}, %s6
// CHECK-NEXT: getelementptr
// CHECK-NEXT: %[[X:[0-9]+]] = load float
// CHECK-NEXT: %[[SQ:[0-9]+]] = fmul float %[[X]], %[[X]]
// CHECK-NEXT: fadd float %[[SQ]], %[[X]]
// CHECK-NEXT: store float
func.func @sq(%x: tensor<?x64xf32>) -> tensor<?x64xf32> {
  %0 = "tir.mul"(%x, %x) : (tensor<?x64xf32>, tensor<?x64xf32>) -> tensor<?x64xf32>
  %1 = "tir.add"(%0, %x) : (tensor<?x64xf32>, tensor<?x64xf32>) -> tensor<?x64xf32>
  return %1 : tensor<?x64xf32>
}
