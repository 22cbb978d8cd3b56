// The elementwise ops of MLIR 19's math dialect in their custom form,
// printed back as mlir-opt-19 prints them (math-mlir-opt-19.test), and
// their verifier messages (math-errors.mlir).
// RUN: tirc %s | FileCheck %s
// RUN: tirc %s | tirc | FileCheck %s
// RUN: tirc -mlir-print-op-generic %s | tirc | FileCheck %s

// CHECK-LABEL: func.func @floats
// CHECK-NEXT: math.absf %arg0 : f32
// CHECK-NEXT: math.ceil %arg0 fastmath<fast> : f32
// CHECK-NEXT: math.floor %arg0 : f32
// CHECK-NEXT: math.round %arg0 : f32
// CHECK-NEXT: math.roundeven %arg0 : f32
// CHECK-NEXT: math.trunc %arg0 : f32
// CHECK-NEXT: math.sqrt %arg0 : f32
// CHECK-NEXT: math.rsqrt %arg0 : f32
// CHECK-NEXT: math.exp %arg0 : f32
// CHECK-NEXT: math.exp2 %arg0 : f32
// CHECK-NEXT: math.expm1 %arg0 : f32
// CHECK-NEXT: math.log %arg0 : f32
// CHECK-NEXT: math.log2 %arg0 : f32
// CHECK-NEXT: math.log10 %arg0 : f32
// CHECK-NEXT: math.log1p %arg0 : f32
// CHECK-NEXT: math.sin %arg0 : f32
// CHECK-NEXT: math.cos %arg0 : f32
// CHECK-NEXT: math.tan %arg0 : f32
// CHECK-NEXT: math.tanh %arg0 : f32
// CHECK-NEXT: math.atan %arg0 : f32
// CHECK-NEXT: math.atan2 %arg0, %arg1 : f32
// CHECK-NEXT: math.erf %arg0 : f32
// CHECK-NEXT: math.powf %arg0, %arg1 : f32
// CHECK-NEXT: math.fma %arg0, %arg1, %arg0 : f32
// CHECK-NEXT: math.copysign %arg0, %arg1 : f32
// CHECK-NEXT: math.exp %arg2 fastmath<nnan,ninf> : tensor<4x?xf64>
// CHECK-NEXT: math.erf %arg3 : vector<8xf16>
func.func @floats(%x: f32, %y: f32, %t: tensor<4x?xf64>, %v: vector<8xf16>) {
  %0 = math.absf %x : f32
  %1 = math.ceil %x fastmath<fast> : f32
  %2 = math.floor %x : f32
  %3 = math.round %x : f32
  %4 = math.roundeven %x : f32
  %5 = math.trunc %x : f32
  %6 = math.sqrt %x : f32
  %7 = math.rsqrt %x : f32
  %8 = math.exp %x : f32
  %9 = math.exp2 %x : f32
  %10 = math.expm1 %x : f32
  %11 = math.log %x : f32
  %12 = math.log2 %x : f32
  %13 = math.log10 %x : f32
  %14 = math.log1p %x : f32
  %15 = math.sin %x : f32
  %16 = math.cos %x : f32
  %17 = math.tan %x : f32
  %18 = math.tanh %x : f32
  %19 = math.atan %x : f32
  %20 = math.atan2 %x, %y : f32
  %21 = math.erf %x : f32
  %22 = math.powf %x, %y : f32
  %23 = math.fma %x, %y, %x : f32
  %24 = math.copysign %x, %y : f32
  %25 = math.exp %t fastmath<nnan,ninf> : tensor<4x?xf64>
  %26 = math.erf %v : vector<8xf16>
  return
}

// CHECK-LABEL: func.func @ints
// CHECK-NEXT: math.absi %arg0 : i32
// CHECK-NEXT: math.ctlz %arg0 : i32
// CHECK-NEXT: math.cttz %arg1 : tensor<4xi8>
// CHECK-NEXT: math.ctpop %arg1 : tensor<4xi8>
func.func @ints(%a: i32, %t: tensor<4xi8>) {
  %0 = math.absi %a : i32
  %1 = math.ctlz %a : i32
  %2 = math.cttz %t : tensor<4xi8>
  %3 = math.ctpop %t : tensor<4xi8>
  return
}
