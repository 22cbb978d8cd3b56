// A parse error is rendered like clang and mlir-opt: location line, the
// source line, and a caret under the exact column (the seed documents'
// missing '>' example).
// RUN: not tirc %s 2>&1 | FileCheck --strict-whitespace --match-full-lines %s
// RUN: not tirc < %s 2>&1 | FileCheck --strict-whitespace --match-full-lines --check-prefix=STDIN %s

func.func @missing_gt(%a: tensor<1x2xi32>) {
  %0 = "test.broadcastable"(%a, %a) : (tensor<1x2xi32>, tensor<1x2xi32) -> tensor<1x2xi32>
  return
}

// CHECK:{{.*}}parse-error-caret.mlir:8:71: error: expected '>' in tensor type
// CHECK-NEXT:  %0 = "test.broadcastable"(%a, %a) : (tensor<1x2xi32>, tensor<1x2xi32) -> tensor<1x2xi32>
// CHECK-NEXT:                                                                      ^
// STDIN:<stdin>:8:71: error: expected '>' in tensor type
