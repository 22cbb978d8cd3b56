package traits

import "github.com/tirc/tirc/ir"

// Pure (MLIR's Pure: NoMemoryEffect and AlwaysSpeculatable): the op only
// computes its results from its operands and attributes. Passes may erase
// it when its results are unused (dce), merge two identical ones (cse) or
// fold it when its operands are constants; a run-time error it can raise
// (integer division by zero) is left to run time by folding. Ops without
// it — func.call, func.return, unregistered ops — stay where they are.
var Pure = &ir.Trait{
	Name: "Pure",
	Doc:  "The op has no effect besides computing its results: unused, it can be erased; twice the same, merged.",
}
