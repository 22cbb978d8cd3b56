package traits

import "github.com/tirc/tirc/ir"

// SameOperandsAndResultRank: all ranked operands have one rank, and a
// ranked result has it too (unranked tensors and scalars take no part).
// MLIR's OpTrait::SameOperandsAndResultRank; TOSA's elementwise ops need
// it: their broadcasting is NumPy's between operands of equal rank.
var SameOperandsAndResultRank = &ir.Trait{
	Name: "SameOperandsAndResultRank",
	Doc:  "All ranked operands and results have the same rank.",
	Verify: func(op *ir.Op) *ir.Diagnostic {
		if d := verifyAtLeastNOperands(op, 1); d != nil {
			return d
		}
		rank := -1
		for _, t := range op.OperandTypes() {
			s, ranked := ir.Shape(t)
			if !ranked {
				continue
			}
			if rank >= 0 && len(s) != rank {
				return op.Errorf("operands don't have matching ranks")
			}
			rank = len(s)
		}
		if rank < 0 {
			return nil
		}
		for _, t := range op.ResultTypes() {
			if s, ranked := ir.Shape(t); ranked && len(s) != rank {
				return op.Errorf("result type has different rank than operands")
			}
		}
		return nil
	},
}
