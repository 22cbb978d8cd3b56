package traits

import "github.com/tirc/tirc/ir"

// SameOperandsAndResultType: every operand and result has the element type
// of result #0 and a shape compatible with it ('?' and unranked are
// compatible); when result #0 is a tensor with an encoding, every other
// operand and result has that encoding (MLIR's rule). Shape refinement gives the results the join of all operand
// shapes.
var SameOperandsAndResultType = &ir.Trait{
	Name: "SameOperandsAndResultType",
	Doc:  "All operands and results have the same type, up to dynamic dimensions.",
	Verify: func(op *ir.Op) *ir.Diagnostic {
		if d := verifyAtLeastNOperands(op, 1); d != nil {
			return d
		}
		if d := verifyAtLeastNResults(op, 1); d != nil {
			return d
		}
		want := op.Result(0).Type()
		wantElem := elementTypeOrSelf(want)
		enc := ir.Encoding(want)
		for _, t := range append(op.ResultTypes()[1:], op.OperandTypes()...) {
			if !ir.TypeEqual(elementTypeOrSelf(t), wantElem) || !ir.CompatibleShapeOf(t, want) {
				return op.Errorf("requires the same type for all operands and results")
			}
			// As MLIR: only a result #0 with an encoding constrains the others.
			if enc != nil && !ir.AttrEqual(ir.Encoding(t), enc) {
				return op.Errorf("requires the same encoding for all operands and results")
			}
		}
		return nil
	},
	Infer: inferSameShape,
}
