package traits

import "github.com/tirc/tirc/ir"

// SameOperandsAndResultElementType: operands and results all have the
// element type of result #0.
var SameOperandsAndResultElementType = &ir.Trait{
	Name: "SameOperandsAndResultElementType",
	Doc:  "All operands and results have the same element type.",
	Verify: func(op *ir.Op) *ir.Diagnostic {
		if d := verifyAtLeastNOperands(op, 1); d != nil {
			return d
		}
		if d := verifyAtLeastNResults(op, 1); d != nil {
			return d
		}
		want := elementTypeOrSelf(op.Result(0).Type())
		for _, t := range append(op.ResultTypes()[1:], op.OperandTypes()...) {
			if !ir.TypeEqual(elementTypeOrSelf(t), want) {
				return op.Errorf("requires the same element type for all operands and results")
			}
		}
		return nil
	},
}
