package traits

import "github.com/tirc/tirc/ir"

// ConstantLike: the op has no operands and produces a compile-time
// constant given by its `value` attribute, which folding may read.
var ConstantLike = &ir.Trait{
	Name:     "ConstantLike",
	Doc:      "The op materializes its `value` attribute; it has no operands and one result.",
	Requires: []*ir.Trait{SingleResult},
	Verify: func(op *ir.Op) *ir.Diagnostic {
		if op.NumOperands() != 0 {
			return op.Errorf("requires zero operands")
		}
		if op.Attr("value") == nil {
			return op.Errorf("requires attribute 'value'")
		}
		return nil
	},
}
