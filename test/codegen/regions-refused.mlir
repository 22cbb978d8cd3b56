// -emit-llvm refuses an op with regions, which codegen cannot lower, with
// an error at the op (exit status 1, no crash).
// RUN: not tirc -emit-llvm %s 2>&1 | FileCheck %s
// CHECK: regions-refused.mlir:[[@LINE+3]]:3: error: 'test.graph_region' op has 1 region(s): codegen has no lowering for ops with regions
// CHECK-NOT: panic
func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  test.graph_region {
    %0 = arith.addf %a, %a : tensor<4xf32>
    "test.use"(%0) : (tensor<4xf32>) -> ()
  }
  return %a : tensor<4xf32>
}
