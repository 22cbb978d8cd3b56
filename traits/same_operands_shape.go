package traits

import "github.com/tirc/tirc/ir"

// SameOperandsShape: all operands have compatible shapes (same rank, each
// dimension equal or dynamic; unranked matches anything). Element types
// are not compared.
var SameOperandsShape = &ir.Trait{
	Name: "SameOperandsShape",
	Doc:  "All operands have compatible shapes.",
	Verify: func(op *ir.Op) *ir.Diagnostic {
		if d := verifyAtLeastNOperands(op, 1); d != nil {
			return d
		}
		if !CompatibleShapes(op.OperandTypes()) {
			return op.Errorf("requires the same shape for all operands")
		}
		return nil
	},
	Infer: nil,
}
