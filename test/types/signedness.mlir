// Signed (si) and unsigned (ui) integer element types, as MLIR has them:
// parsed, printed, and the attribute ranges and messages of mlir-opt-19.
// RUN: tirc %s | FileCheck %s
// RUN: tirc %s | tirc | FileCheck %s
// RUN: tirc -mlir-print-op-generic %s | tirc | FileCheck %s
// mlir-opt-19 agrees: signedness-mlir-opt-19.test.

// CHECK-LABEL: func.func @types
// CHECK-SAME: (%arg0: ui8, %arg1: tensor<2x?xui16>, %arg2: vector<4xui32>, %arg3: tensor<*xui64>, %arg4: si8, %arg5: tensor<3xsi16>, %arg6: si32, %arg7: si64)
func.func @types(%a: ui8, %b: tensor<2x?xui16>, %c: vector<4xui32>, %d: tensor<*xui64>, %e: si8, %f: tensor<3xsi16>, %g: si32, %h: si64) {
  return
}

// The unsigned ranges print as unsigned numbers, ui64 above 2^63 included.
// CHECK-LABEL: func.func @attrs
// CHECK: "test.c"() {a = dense<[255, 0, 128]> : tensor<3xui8>, b = 18446744073709551615 : ui64, c = -128 : si8, d = 127 : si8, e = dense<255> : tensor<ui8>, f = 4294967295 : ui32, g = -9223372036854775808 : si64, h = dense<[65535, 1]> : vector<2xui16>}
func.func @attrs() {
  "test.c"() {a = dense<[255, 0, 128]> : tensor<3xui8>, b = 18446744073709551615 : ui64, c = -128 : si8, d = 127 : si8, e = dense<0xFF> : tensor<ui8>, f = 4294967295 : ui32, g = -9223372036854775808 : si64, h = dense<[65535, 1]> : vector<2xui16>} : () -> ()
  return
}
