package traits

import "github.com/tirc/tirc/ir"

// SingleResult: the op has exactly one result (MLIR's OneResult).
var SingleResult = &ir.Trait{
	Name: "SingleResult",
	Doc:  "The op has exactly one result.",
	Verify: func(op *ir.Op) *ir.Diagnostic {
		if op.NumResults() != 1 {
			return op.Errorf("requires one result")
		}
		return nil
	},
}
