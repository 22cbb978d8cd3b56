// External functions: @clip is declared here (func.func private, no body)
// and defined in C (softclip.c); @softclip calls it like any function and
// scales its result. The C definition follows the native ABI: descriptors
// in, a result descriptor it fills (allocating with malloc: the caller
// frees with free), a status out.
//
//   tirc -infer-shapes -emit-llvm examples/external/softclip.mlir -o build/softclip.ll
//   clang -O3 build/softclip.ll examples/external/softclip.c examples/external/main.c -o build/softclip -lm
func.func private @clip(%x: tensor<?x?xf32>, %limit: f32) -> tensor<?x?xf32>

func.func @softclip(%x: tensor<?x?xf32>, %limit: f32) -> tensor<?x?xf32> {
  %half = "tir.constant"() {value = dense<0.5> : tensor<f32>} : () -> tensor<f32>
  %c = func.call @clip(%x, %limit) : (tensor<?x?xf32>, f32) -> tensor<?x?xf32>
  %y = "tir.mul"(%c, %half) : (tensor<?x?xf32>, tensor<f32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
