// -emit-llvm refuses the tensor ops it cannot lower yet with an error at
// the op (exit status 1): a tensor.generate whose body computes tensors,
// which eval runs. (A pad whose padding value depends on the indices
// lowers: pad_index.test.)
// RUN: not tirc -split-input-file -emit-llvm %s 2>&1 | FileCheck %s

// CHECK: unlowered.mlir:[[@LINE+5]]:10: error: 'tensor.from_elements' op computes a tensor in the body of 'tensor.generate', which tirc cannot lower yet
func.func @generate(%n: index) -> tensor<?x3xf32> {
  %g = tensor.generate %n {
  ^bb0(%i: index, %j: index):
    %c = arith.constant 1.0 : f32
    %t = tensor.from_elements %c : tensor<1xf32>
    %e = tensor.extract %t[%i] : tensor<1xf32>
    tensor.yield %e : f32
  } : tensor<?x3xf32>
  return %g : tensor<?x3xf32>
}

// -----

// CHECK: unlowered.mlir:[[@LINE+2]]:8: error: 'tensor.splat' op tirc does not lower tensor.splat with dynamic sizes; write tensor.empty with the sizes and linalg.fill
func.func @splat_sizes(%v: f32, %n: index) -> tensor<?xf32> {
  %s = tensor.splat %v[%n] : tensor<?xf32>
  return %s : tensor<?xf32>
}
