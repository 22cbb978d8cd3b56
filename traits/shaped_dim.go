package traits

import "github.com/tirc/tirc/ir"

// ShapedDim (MLIR's ShapedDimOpInterface): the op returns the size of one
// dimension of operand #0, the dimension given by operand #1 (an index),
// as an index (tensor.dim). A constant index out of range is an error, as
// MLIR's verifier of tensor.dim once reported it (mlir-opt-19 leaves it
// undefined); a dynamic one is checked at run time.
var ShapedDim = &ir.Trait{
	Name:     "ShapedDim",
	Doc:      "The result is the size of operand #0's dimension given by operand #1.",
	Requires: []*ir.Trait{SingleResult},
	Verify: func(op *ir.Op) *ir.Diagnostic {
		if op.NumOperands() != 2 {
			return op.Errorf("requires 2 operands")
		}
		s, ranked := ir.Shape(op.Operand(0).Type())
		d, known := ConstantInt(op.Operand(1))
		if ranked && known && (d < 0 || d >= int64(len(s))) {
			return op.Errorf("index is out of range")
		}
		return nil
	},
}

// ConstantInt returns the value of v when a ConstantLike op defines it as
// an integer (arith.constant 1 : index).
func ConstantInt(v *ir.Value) (int64, bool) {
	d := v.Def()
	if d == nil || !d.Has(ConstantLike) {
		return 0, false
	}
	a, ok := d.Attr("value").(*ir.IntAttr)
	if !ok {
		return 0, false
	}
	return a.Value, true
}
