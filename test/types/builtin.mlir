// MLIR's builtin types beyond what tirc lowers: integers of any width and
// signedness, complex<T>, scalable vectors and memref<...> with strided and
// affine layouts and memory spaces. Parsed, printed and verified as
// mlir-opt-19 does (builtin-mlir-opt-19.test); -emit-llvm refuses them
// (emit-llvm-refuses.mlir).
// RUN: tirc %s | FileCheck %s
// RUN: tirc %s | tirc | FileCheck %s
// RUN: tirc -mlir-print-op-generic %s | tirc | FileCheck %s
// An affine-map layout prints as an alias, as mlir-opt-19 prints it.
// CHECK: #map = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-NEXT: module {

// CHECK-LABEL: func.func private @ints(i0, i2, i15, i128, i16777215, si1, si128, ui7, ui1024)
func.func private @ints(i0, i2, i15, i128, i16777215, si1, si128, ui7, ui1024)

// CHECK-LABEL: func.func private @complex(complex<f32>, complex<f64>, complex<i8>, complex<si16>, tensor<4xcomplex<bf16>>, memref<2xcomplex<f32>>)
func.func private @complex(complex<f32>, complex<f64>, complex<i8>, complex<si16>, tensor<4xcomplex<bf16>>, memref<2xcomplex<f32>>)

// 0-d vectors, as in MLIR.
// CHECK-LABEL: func.func private @zero_d(vector<f32>, vector<i1>)
func.func private @zero_d(vector<f32>, vector<i1>)

// Spaces inside the brackets and around 'x' are dropped.
// CHECK-LABEL: func.func private @scalable(vector<[4]xi32>, vector<2x[4]xf32>, vector<[2]x[8]xi8>, vector<[2]xi32>, vector<4x[1]xi128>)
func.func private @scalable(vector<[4]xi32>, vector<2x[4]xf32>, vector<[2]x[8]xi8>, vector<[2] x i32>, vector<4x[ 1 ]xi128>)

// Identity layouts (affine or a zero offset) and memory space 0 are
// dropped, as MLIR does; integer memory spaces print without ': i64'.
// CHECK-LABEL: func.func private @memrefs
// CHECK-SAME: memref<4xf32>, memref<4xf32>, memref<4xf32, 1>, memref<4xf32, "gpu">, memref<4xf32, 1 : i32>
// CHECK-SAME: memref<4x?xf32, strided<[?, 1], offset: ?>>, memref<4xf32, strided<[1]>>, memref<4xi32, strided<[2], offset: 3>, 3>
// CHECK-SAME: memref<4x4xf32>, memref<4x4xf32, #map>
// CHECK-SAME: memref<*xf32>, memref<*xf32, 2>, memref<f32>, memref<0x?xindex>
// CHECK-SAME: memref<4xvector<4xf32>>, memref<4xmemref<2xf32>>, memref<2xvector<[4]xi8>>
func.func private @memrefs(memref<4xf32>, memref<4xf32, 0>, memref<4xf32, 1>, memref<4xf32, "gpu">, memref<4xf32, 1 : i32>,
    memref<4x?xf32, strided<[?, 1], offset: ?>>, memref<4xf32, strided<[1], offset: 0>>, memref<4xi32, strided<[2], offset: 3>, 3>,
    memref<4x4xf32, affine_map<(d0, d1) -> (d0, d1)>>, memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>,
    memref<*xf32>, memref<*xf32, 2>, memref<f32>, memref<0x?xindex>,
    memref<4xvector<4xf32>>, memref<4xmemref<2xf32>>, memref<2xvector<[4]xi8>>)

// The arith ops verify on them as MLIR's do.
// CHECK-LABEL: func.func @arith
// CHECK: arith.addi %arg0, %arg0 : vector<[4]xi32>
// CHECK: arith.extsi %arg1 : i15 to i128
// CHECK: arith.trunci %{{.*}} : i128 to i17
// CHECK: arith.index_cast %arg2 : memref<4xindex> to memref<4xi32>
// CHECK: arith.bitcast %arg3 : memref<4xf32> to memref<4xi32>
// CHECK: arith.constant dense<7> : vector<[4]xi32>
// CHECK: arith.constant 5 : i128
// CHECK: arith.constant -3 : i15
func.func @arith(%v: vector<[4]xi32>, %a: i15, %m: memref<4xindex>, %f: memref<4xf32>) -> (vector<[4]xi32>, i17, memref<4xi32>, memref<4xi32>) {
  %0 = arith.addi %v, %v : vector<[4]xi32>
  %1 = arith.extsi %a : i15 to i128
  %2 = arith.trunci %1 : i128 to i17
  %3 = arith.index_cast %m : memref<4xindex> to memref<4xi32>
  %4 = arith.bitcast %f : memref<4xf32> to memref<4xi32>
  %5 = arith.constant dense<7> : vector<[4]xi32>
  %6 = arith.constant 5 : i128
  %7 = arith.constant -3 : i15
  return %0, %2, %3, %4 : vector<[4]xi32>, i17, memref<4xi32>, memref<4xi32>
}

// Integer constants of types wider than 64 bits keep their whole value,
// signless and signed ones printed as signed numbers (as MLIR).
// CHECK-LABEL: func.func @wide_constants
// CHECK: %c-1_i128 = arith.constant -1 : i128
// CHECK: %c85070591730234615865843651857942052864_i128 = arith.constant 85070591730234615865843651857942052864 : i128
// CHECK: a = 340282366920938463463374607431768211455 : ui128, b = -170141183460469231731687303715884105728 : si128, d = -18446744073709551616 : i65
// CHECK: %c7 = arith.constant {note = "kept"} 7 : index
func.func @wide_constants() {
  %0 = arith.constant 340282366920938463463374607431768211455 : i128
  %1 = arith.constant 85070591730234615865843651857942052864 : i128
  "test.c"() {a = 340282366920938463463374607431768211455 : ui128, b = -170141183460469231731687303715884105728 : si128, d = 18446744073709551616 : i65} : () -> ()
  %2 = arith.constant {note = "kept"} 7 : index
  return
}
