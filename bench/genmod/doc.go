// Package genmod writes large synthetic tir modules for the compiler-speed
// benchmark (bench/cmd/compilebench): one long function, or many functions,
// of broadcasting tir ops, in the generic op form that both tirc and
// `mlir-opt-19 -allow-unregistered-dialect` read.
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
package genmod
