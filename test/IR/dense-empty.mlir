// A dense attribute with no elements prints as `dense<>`, as mlir-opt-19
// prints it, and reads back (a nested `[[], []]` does not: its inferred
// shape stops at the first 0).
// RUN: tirc %s | FileCheck %s
// RUN: tirc %s | tirc | FileCheck %s
// RUN: tirc -mlir-print-op-generic %s | tirc | FileCheck %s

// CHECK: tir.constant dense<> : tensor<4x0x4x1xbf16>
// CHECK: arith.constant dense<> : tensor<0xf32>
func.func @f() -> (tensor<4x0x4x1xbf16>, tensor<0xf32>) {
  %0 = "tir.constant"() {value = dense<> : tensor<4x0x4x1xbf16>} : () -> tensor<4x0x4x1xbf16>
  %1 = arith.constant dense<> : tensor<0xf32>
  return %0, %1 : tensor<4x0x4x1xbf16>, tensor<0xf32>
}
