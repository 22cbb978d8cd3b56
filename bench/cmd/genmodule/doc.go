// Command genmodule writes a large synthetic tir module (package
// bench/genmod) for the compiler-speed part of `make bench` (bench/run.sh):
//
//	go run ./bench/cmd/genmodule -ops 100000 -funcs 1 -o big.mlir
//	go run ./bench/cmd/genmodule -ops 100000 -tosa -o big.tosa.mlir
//
// -funcs spreads the ops over many functions (for the parallel function
// passes), -dup makes every n-th op a duplicate for -cse to remove, and
// -tosa writes the same DAG in MLIR's TOSA dialect for
// `mlir-opt-19 --tosa-infer-shapes`, and -multiuse a DAG whose multi-use
// values have their users close together (nests that do not all fuse);
// -dag fanout|fanin|diamond|manyuse writes one function of -ops ops in
// that shape (the emit-llvm scaling checks of issue 34).
package main
