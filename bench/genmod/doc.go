// Package genmod writes large synthetic tir modules for the compiler-speed
// benchmark of `make bench` (bench/run.sh, via bench/cmd/genmodule): one
// long function, or many functions, of broadcasting tir ops, in the generic
// op form that both tirc and `mlir-opt-19 -allow-unregistered-dialect` read.
//
// Every op takes the previous value and an older one (a DAG, not just a
// chain) and is written with a loose result type, so -infer-shapes has a
// refinement to prove at every op; with Options.Dup, some ops repeat an
// earlier op exactly, so -cse has something to remove:
//
//	func.func @f0(%a: tensor<?x64xf32>, %b: tensor<64xf32>) -> tensor<?x?xf32> {
//	  %0 = "tir.add"(%a, %b) : (tensor<?x64xf32>, tensor<64xf32>) -> tensor<?x?xf32>
//	  %1 = "tir.mul"(%0, %b) : (tensor<?x?xf32>, tensor<64xf32>) -> tensor<?x?xf32>
//	  ...
//	  return %9 : tensor<?x?xf32>
//	}
//
// Options.TOSA writes the same DAG with tosa.add, tosa.mul, tosa.sub,
// tosa.maximum and tosa.minimum (and %b as tensor<1x64xf32>), the closest
// thing mlir-opt-19 has to tirc's -infer-shapes: `--tosa-infer-shapes`
// refines every result to tensor<?x64xf32>, as tirc does for the tir module.
package genmod
