// Every elementwise op of MLIR 19's arith dialect in its custom form:
// parsed, verified and printed back as mlir-opt-19 prints it (the custom
// form byte for byte; the generic form reads back in mlir-opt-19 as the
// same module: arith-mlir-opt-19.test).
// RUN: tirc %s | FileCheck %s
// RUN: tirc %s | tirc | FileCheck %s
// RUN: tirc -mlir-print-op-generic %s | tirc | FileCheck %s
// RUN: tirc -mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @ints
// CHECK-NEXT: arith.addi %arg0, %arg1 overflow<nsw> : i32
// CHECK-NEXT: arith.subi %arg0, %arg1 overflow<nsw, nuw> : i32
// CHECK-NEXT: arith.muli %arg0, %arg1 : i32
// CHECK-NEXT: arith.divsi %arg0, %arg1 : i32
// CHECK-NEXT: arith.divui %arg0, %arg1 : i32
// CHECK-NEXT: arith.remsi %arg0, %arg1 : i32
// CHECK-NEXT: arith.remui %arg0, %arg1 : i32
// CHECK-NEXT: arith.ceildivsi %arg0, %arg1 : i32
// CHECK-NEXT: arith.ceildivui %arg0, %arg1 : i32
// CHECK-NEXT: arith.floordivsi %arg0, %arg1 : i32
// CHECK-NEXT: arith.shli %arg0, %arg1 overflow<nuw> : i32
// CHECK-NEXT: arith.shrsi %arg0, %arg1 : i32
// CHECK-NEXT: arith.shrui %arg0, %arg1 : i32
// CHECK-NEXT: arith.maxsi %arg0, %arg1 : i32
// CHECK-NEXT: arith.maxui %arg0, %arg1 : i32
// CHECK-NEXT: arith.minsi %arg0, %arg1 : i32
// CHECK-NEXT: arith.minui %arg0, %arg1 : i32
// CHECK-NEXT: arith.andi %arg0, %arg1 : i32
// CHECK-NEXT: arith.ori %arg0, %arg1 : i32
// CHECK-NEXT: arith.xori %arg0, %arg1 : i32
// CHECK-NEXT: %sum, %overflow = arith.addui_extended %arg0, %arg1 : i32, i1
// CHECK-NEXT: %low, %high = arith.mulsi_extended %arg0, %arg1 : i32
// CHECK-NEXT: %low_0, %high_1 = arith.mului_extended %arg0, %arg1 : i32
// CHECK-NEXT: %sum_2, %overflow_3 = arith.addui_extended %arg2, %arg2 : tensor<4xi8>, tensor<4xi1>
// CHECK-NEXT: arith.cmpi ult, %arg0, %arg1 : i32
// CHECK-NEXT: arith.select %arg3, %arg0, %arg1 : i32
// GENERIC-LABEL: "func.func"
// GENERIC: "arith.addi"(%arg0, %arg1) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
// GENERIC: "arith.muli"(%arg0, %arg1) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
// GENERIC: "arith.divsi"(%arg0, %arg1) : (i32, i32) -> i32
// GENERIC: %20:2 = "arith.addui_extended"(%arg0, %arg1) : (i32, i32) -> (i32, i1)
// GENERIC: %21:2 = "arith.mulsi_extended"(%arg0, %arg1) : (i32, i32) -> (i32, i32)
// GENERIC: "arith.cmpi"(%arg0, %arg1) <{predicate = 6 : i64}> : (i32, i32) -> i1
func.func @ints(%a: i32, %b: i32, %t: tensor<4xi8>, %c: i1) {
  %0 = arith.addi %a, %b overflow<nsw> : i32
  %1 = arith.subi %a, %b overflow<nsw, nuw> : i32
  %2 = arith.muli %a, %b : i32
  %3 = arith.divsi %a, %b : i32
  %4 = arith.divui %a, %b : i32
  %5 = arith.remsi %a, %b : i32
  %6 = arith.remui %a, %b : i32
  %7 = arith.ceildivsi %a, %b : i32
  %8 = arith.ceildivui %a, %b : i32
  %9 = arith.floordivsi %a, %b : i32
  %10 = arith.shli %a, %b overflow<nuw> : i32
  %11 = arith.shrsi %a, %b : i32
  %12 = arith.shrui %a, %b : i32
  %13 = arith.maxsi %a, %b : i32
  %14 = arith.maxui %a, %b : i32
  %15 = arith.minsi %a, %b : i32
  %16 = arith.minui %a, %b : i32
  %17 = arith.andi %a, %b : i32
  %18 = arith.ori %a, %b : i32
  %19 = arith.xori %a, %b : i32
  %20:2 = arith.addui_extended %a, %b : i32, i1
  %21:2 = arith.mulsi_extended %a, %b : i32
  %22:2 = arith.mului_extended %a, %b : i32
  %23:2 = arith.addui_extended %t, %t : tensor<4xi8>, tensor<4xi1>
  %24 = arith.cmpi ult, %a, %b : i32
  %25 = arith.select %c, %a, %b : i32
  return
}

// CHECK-LABEL: func.func @floats
// CHECK-NEXT: arith.addf %arg0, %arg1 fastmath<fast> : f32
// CHECK-NEXT: arith.subf %arg0, %arg1 : f32
// CHECK-NEXT: arith.mulf %arg0, %arg1 fastmath<nnan,ninf> : f32
// CHECK-NEXT: arith.divf %arg0, %arg1 : f32
// CHECK-NEXT: arith.remf %arg0, %arg1 : f32
// CHECK-NEXT: arith.maximumf %arg0, %arg1 : f32
// CHECK-NEXT: arith.minimumf %arg0, %arg1 : f32
// CHECK-NEXT: arith.maxnumf %arg0, %arg1 : f32
// CHECK-NEXT: arith.minnumf %arg0, %arg1 : f32
// CHECK-NEXT: arith.negf %arg0 : f32
// CHECK-NEXT: arith.cmpf ord, %arg0, %arg1 : f32
// CHECK-NEXT: arith.maxnumf %arg2, %arg2 : vector<4xf16>
// GENERIC: "arith.subf"(%arg0, %arg1) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// GENERIC: "arith.cmpf"(%arg0, %arg1) <{fastmath = #arith.fastmath<none>, predicate = 7 : i64}> : (f32, f32) -> i1
func.func @floats(%x: f32, %y: f32, %v: vector<4xf16>) {
  %0 = arith.addf %x, %y fastmath<fast> : f32
  %1 = arith.subf %x, %y : f32
  %2 = arith.mulf %x, %y fastmath<nnan,ninf> : f32
  %3 = arith.divf %x, %y : f32
  %4 = arith.remf %x, %y : f32
  %5 = arith.maximumf %x, %y : f32
  %6 = arith.minimumf %x, %y : f32
  %7 = arith.maxnumf %x, %y : f32
  %8 = arith.minnumf %x, %y : f32
  %9 = arith.negf %x : f32
  %10 = arith.cmpf ord, %x, %y : f32
  %11 = arith.maxnumf %v, %v : vector<4xf16>
  return
}

// CHECK-LABEL: func.func @casts
// CHECK-NEXT: arith.extf %arg0 : f32 to f64
// CHECK-NEXT: arith.truncf %0 : f64 to f32
// CHECK-NEXT: arith.extsi %arg1 : i32 to i64
// CHECK-NEXT: arith.extui %arg1 : i32 to i64
// CHECK-NEXT: arith.trunci %2 : i64 to i16
// CHECK-NEXT: arith.sitofp %arg1 : i32 to f32
// CHECK-NEXT: arith.uitofp %arg1 : i32 to f32
// CHECK-NEXT: arith.fptosi %arg0 : f32 to i32
// CHECK-NEXT: arith.fptoui %arg0 : f32 to i32
// CHECK-NEXT: arith.index_cast %arg1 : i32 to index
// CHECK-NEXT: arith.index_castui %arg2 : index to i64
// CHECK-NEXT: arith.bitcast %arg0 : f32 to i32
// CHECK-NEXT: arith.bitcast %arg3 : tensor<2xi16> to tensor<2xbf16>
// GENERIC: "arith.extf"(%arg0) : (f32) -> f64
// GENERIC: "arith.index_castui"(%arg2) : (index) -> i64
func.func @casts(%x: f32, %a: i32, %i: index, %t: tensor<2xi16>) {
  %0 = arith.extf %x : f32 to f64
  %1 = arith.truncf %0 : f64 to f32
  %2 = arith.extsi %a : i32 to i64
  %3 = arith.extui %a : i32 to i64
  %4 = arith.trunci %2 : i64 to i16
  %5 = arith.sitofp %a : i32 to f32
  %6 = arith.uitofp %a : i32 to f32
  %7 = arith.fptosi %x : f32 to i32
  %8 = arith.fptoui %x : f32 to i32
  %9 = arith.index_cast %a : i32 to index
  %10 = arith.index_castui %i : index to i64
  %11 = arith.bitcast %x : f32 to i32
  %12 = arith.bitcast %t : tensor<2xi16> to tensor<2xbf16>
  return
}

// fastmath flags print as MLIR spells them: in its order, all seven as
// `fast`, none left out; cmpf keeps them in its custom form.
// CHECK-LABEL: func.func @fastmath_spelling
// CHECK-NEXT: arith.addf %arg0, %arg1 fastmath<nnan,ninf> : f32
// CHECK-NEXT: arith.mulf %arg0, %arg1 fastmath<fast> : f32
// CHECK-NEXT: arith.subf %arg0, %arg1 : f32
// CHECK-NEXT: arith.cmpf oeq, %arg0, %arg1 fastmath<fast> : f32
// CHECK-NEXT: math.powf %arg0, %arg1 fastmath<fast> : f32
func.func @fastmath_spelling(%x: f32, %y: f32) {
  %0 = arith.addf %x, %y fastmath<ninf,nnan> : f32
  %1 = arith.mulf %x, %y fastmath<reassoc,nnan,ninf,nsz,arcp,contract,afn> : f32
  %2 = arith.subf %x, %y fastmath<none> : f32
  %3 = arith.cmpf oeq, %x, %y fastmath<fast> : f32
  %4 = math.powf %x, %y fastmath<afn,contract,arcp,nsz,ninf,nnan,reassoc> : f32
  return
}
