package traits

import "github.com/tirc/tirc/ir"

// SameTypeOperands: all operands have exactly the same type (MLIR's
// SameTypeOperands; no '?' compatibility, unlike SameOperandsShape).
var SameTypeOperands = &ir.Trait{
	Name: "SameTypeOperands",
	Doc:  "All operands have exactly the same type.",
	Verify: func(op *ir.Op) *ir.Diagnostic {
		if d := verifyAtLeastNOperands(op, 1); d != nil {
			return d
		}
		want := op.Operand(0).Type()
		for _, v := range op.Operands()[1:] {
			if !ir.TypeEqual(v.Type(), want) {
				return op.Errorf("requires all operands to have the same type")
			}
		}
		return nil
	},
}
