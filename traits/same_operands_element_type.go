package traits

import "github.com/tirc/tirc/ir"

// SameOperandsElementType: all operands have the same element type (a
// scalar operand counts as its own element type).
var SameOperandsElementType = &ir.Trait{
	Name: "SameOperandsElementType",
	Doc:  "All operands have the same element type.",
	Verify: func(op *ir.Op) *ir.Diagnostic {
		if d := verifyAtLeastNOperands(op, 1); d != nil {
			return d
		}
		want := elementTypeOrSelf(op.Operand(0).Type())
		for _, v := range op.Operands()[1:] {
			if !ir.TypeEqual(elementTypeOrSelf(v.Type()), want) {
				return op.Errorf("requires the same element type for all operands")
			}
		}
		return nil
	},
}

// elementTypeOrSelf is MLIR's getElementTypeOrSelf.
func elementTypeOrSelf(t ir.Type) ir.Type {
	if e := ir.ElementType(t); e != nil {
		return e
	}
	return t
}
