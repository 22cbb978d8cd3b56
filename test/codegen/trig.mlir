// sin, cos and tan lower to vector polynomials, not libm calls (issue 33,
// SPEC §7 "Math accuracy"). A scalar op calls the module's
// tirc.<op>.<type>, whose vector variants the call names with LLVM's
// vector-function ABI: the loop vectorizer calls one per N elements
// (codegen/vectorizable.go). Each variant is the Cody-Waite reduction and
// polynomials on the vector, with a branch to the Payne-Hanek helper
// tirc.rem_pio2 when a lane is beyond 2^30 (codegen/vmath/trig.go).
// test/mathacc measures the accuracy.
// RUN: tirc -emit-llvm %s | FileCheck %s
// RUN: tirc -emit-llvm -target-cpu=x86-64-v3 %s -o %t.ll
// RUN: opt-14 -passes=verify %t.ll -o /dev/null
// RUN: clang -O3 -march=x86-64-v3 -S %t.ll -o - 2>&1 | FileCheck %s --check-prefix=ASM
// RUN: clang-19 -O3 -march=x86-64-v3 -S %t.ll -o - 2>&1 | FileCheck %s --check-prefix=ASM
// REQUIRES: opt-14, clang, clang-19

// CHECK-NOT: @sinf
// CHECK-NOT: @llvm.sin
// CHECK-NOT: @tan(
// CHECK-DAG: define internal { double, double, i64 } @tirc.rem_pio2(double %x) cold
// CHECK-DAG: define internal float @tirc.sin.f32(float %x) noinline readnone
// CHECK-DAG: define internal <8 x float> @tirc.sin.f32.v8(<8 x float> %x) noinline readnone
// CHECK-DAG: define internal double @tirc.cos.f64(double %x) noinline readnone
// CHECK-DAG: define internal <4 x double> @tirc.tan.f64.v4(<4 x double> %x) noinline readnone
// CHECK-DAG: call float @tirc.sin.f32(float %{{[0-9]+}}) "vector-function-abi-variant"="_ZGV_LLVM_N2v_tirc.sin.f32(tirc.sin.f32.v2),_ZGV_LLVM_N4v_tirc.sin.f32(tirc.sin.f32.v4),_ZGV_LLVM_N8v_tirc.sin.f32(tirc.sin.f32.v8),_ZGV_LLVM_N16v_tirc.sin.f32(tirc.sin.f32.v16)"
// CHECK-DAG: @llvm.compiler.used = appending global [{{[0-9]+}} x i8*] [{{.*}}@tirc.cos.f64.v16{{.*}}], section "llvm.metadata"

// The loops call the vector variants (AVX2: 8 f32 or 4 f64 lanes).
// ASM-NOT: sinf
// ASM-NOT: {{call.*[^.]tan$}}
// ASM-LABEL: sin_f32:
// ASM: callq tirc.sin.f32.v8
// ASM-LABEL: cos_f64:
// ASM: callq tirc.cos.f64.v4
// ASM-LABEL: tan_f64:
// ASM: callq tirc.tan.f64.v4
func.func @sin_f32(%x: tensor<1024xf32>) -> tensor<1024xf32> {
  %r = math.sin %x : tensor<1024xf32>
  return %r : tensor<1024xf32>
}
func.func @cos_f64(%x: tensor<1024xf64>) -> tensor<1024xf64> {
  %r = math.cos %x : tensor<1024xf64>
  return %r : tensor<1024xf64>
}
func.func @tan_f64(%x: tensor<1024xf64>) -> tensor<1024xf64> {
  %r = math.tan %x : tensor<1024xf64>
  return %r : tensor<1024xf64>
}
