// W1: out = a + b, b broadcast along the rows (f32). bench/run.sh compiles
// it with `tirc -infer-shapes -emit-llvm` and clang -O3 -march=native and
// times @w1 against the hand-written C (bench/c/kernels.c), the MLIR 19
// pipeline and NumPy.
func.func @w1(%a: tensor<4096x4096xf32>, %b: tensor<4096xf32>) -> tensor<4096x4096xf32> {
  %r = "tir.add"(%a, %b) : (tensor<4096x4096xf32>, tensor<4096xf32>) -> tensor<4096x4096xf32>
  return %r : tensor<4096x4096xf32>
}
