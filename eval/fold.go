package eval

import (
	"fmt"

	"github.com/tirc/tirc/ir"
)

// Fold evaluates a single-result op whose operands are the constants
// consts (IntAttr, FloatAttr or DenseAttr, one per operand) and returns
// the result as a constant attribute: a DenseAttr (a splat when all
// elements are equal) for a tensor or vector result, an IntAttr or
// FloatAttr for a scalar one. When the result type has '?' dims, the
// attribute's type is the result type with the computed sizes, so the
// caller can see that it needs a cast.
//
// Fold never folds a run-time error: integer division by zero, MIN / -1,
// or sizes that do not broadcast return the *RuntimeError, and the caller
// leaves the op for the run-time check (SPEC section 3).
func Fold(op *ir.Op, consts []ir.Attr) (ir.Attr, error) {
	if op.NumResults() != 1 || len(consts) != op.NumOperands() {
		return nil, fmt.Errorf("'%s' op: fold needs one result and one constant per operand", op.Name)
	}
	args := make([]*Tensor, len(consts))
	for i, c := range consts {
		t, err := FromAttr(c)
		if err != nil {
			return nil, err
		}
		args[i] = t
	}
	out, err := Op(op, args)
	if err != nil {
		return nil, err
	}
	rt := op.Result(0).Type()
	if ir.IsShaped(rt) {
		rt = ir.WithShape(rt, out[0].Shape)
	}
	return out[0].Attr(rt), nil
}
