package traits

import "github.com/tirc/tirc/ir"

// SameOperandsAndResultShape: operands and results all have compatible
// shapes. Shape refinement gives every result the join of the operand
// shapes.
var SameOperandsAndResultShape = &ir.Trait{
	Name: "SameOperandsAndResultShape",
	Doc:  "All operands and results have compatible shapes.",
	Verify: func(op *ir.Op) *ir.Diagnostic {
		if d := verifyAtLeastNOperands(op, 1); d != nil {
			return d
		}
		if d := verifyAtLeastNResults(op, 1); d != nil {
			return d
		}
		if !CompatibleShapes(append(op.OperandTypes(), op.ResultTypes()...)) {
			return op.Errorf("requires the same shape for all operands and results")
		}
		return nil
	},
	Infer: inferSameShape,
}

// joinOperandShapes joins the shapes of the ranked shaped operands; ok is
// false when no operand is ranked or two conflict.
func joinOperandShapes(op *ir.Op) ([]int64, bool) {
	var shape []int64
	found := false
	for _, v := range op.Operands() {
		s, ranked := ir.Shape(v.Type())
		if !ranked {
			continue
		}
		if !found {
			shape, found = append([]int64{}, s...), true
			continue
		}
		j, ok := JoinShapes(shape, s)
		if !ok {
			return nil, false
		}
		shape = j
	}
	return shape, found
}

// inferSameShape gives each shaped result the joined operand shape.
func inferSameShape(op *ir.Op) []ir.Type {
	shape, ok := joinOperandShapes(op)
	if !ok {
		return nil
	}
	out := make([]ir.Type, op.NumResults())
	for i, r := range op.Results() {
		if ir.IsShaped(r.Type()) {
			out[i] = ir.WithShape(r.Type(), shape)
		} else {
			out[i] = r.Type()
		}
	}
	return out
}
