// Tensor encodings (`tensor<10xf32, "enc">`): parsed, printed and compared
// as MLIR does; codegen refuses them with a clear error.
// RUN: tirc %s | FileCheck %s
// RUN: tirc %s | tirc | FileCheck %s
// RUN: tirc -mlir-print-op-generic %s | tirc | FileCheck %s
// RUN: not tirc -emit-llvm %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=CODEGEN
// RUN: test ! -e %t.ll
// mlir-opt-19 agrees: encoding-mlir-opt-19.test.

// CHECK-LABEL: func.func @enc
// CHECK-SAME: (%arg0: tensor<10xf32, "enc">, %arg1: tensor<?x4xi32, {level = 2 : i64}>) -> tensor<10xf32, "enc">
// CHECK-NEXT: %0 = arith.addf %arg0, %arg0 : tensor<10xf32, "enc">
// CHECK-NEXT: %1 = "test.same_operand_and_result_type"(%0, %arg0) : (tensor<10xf32, "enc">, tensor<10xf32, "enc">) -> tensor<10xf32, "enc">
// CHECK-NEXT: %cast = tensor.cast %arg1 : tensor<?x4xi32, {level = 2 : i64}> to tensor<?x4xi32, {level = 2 : i64}>
// CHECK-NEXT: return %1 : tensor<10xf32, "enc">
// CODEGEN: encoding.mlir:[[@LINE+1]]:1: error: argument #0 of @enc has the encoded tensor type 'tensor<10xf32, "enc">': codegen lowers dense tensors without an encoding only
func.func @enc(%a: tensor<10xf32, "enc">, %b: tensor<?x4xi32, {level = 2}>) -> tensor<10xf32, "enc"> {
  %0 = arith.addf %a, %a : tensor<10xf32, "enc">
  %1 = "test.same_operand_and_result_type"(%0, %a) : (tensor<10xf32, "enc">, tensor<10xf32, "enc">) -> tensor<10xf32, "enc">
  %2 = tensor.cast %b : tensor<?x4xi32, {level = 2}> to tensor<?x4xi32, {level = 2}>
  return %1 : tensor<10xf32, "enc">
}

// An encoding inside the body, with plain tensors at the boundary.
// CHECK-LABEL: func.func private @inner
// CHECK: arith.constant dense<1.000000e+00> : tensor<4xf32, "sparse">
// CODEGEN: encoding.mlir:[[@LINE+2]]:8: error: 'arith.constant' op has the encoded tensor type 'tensor<4xf32, "sparse">': codegen lowers dense tensors without an encoding only
func.func private @inner(%a: tensor<4xf32>) -> tensor<4xf32> {
  %c = arith.constant dense<1.0> : tensor<4xf32, "sparse">
  return %a : tensor<4xf32>
}
