package traits

import (
	"fmt"

	"github.com/tirc/tirc/ir"
)

// Reshape: the result holds the operand's elements in the same row-major
// order, in another shape with the same number of elements (StableHLO's
// reshape, NumPy's reshape, MLIR's tensor.reshape). At most one result
// dimension may be '?': the element count decides it, as NumPy's -1 does
// (a '?' beside a static 0 is undecidable, as NumPy's reshape(0, -1) of
// an empty array). The evaluator and codegen implement every op carrying
// the trait once: codegen keeps the operand's buffer as a view with new
// sizes and strides when its strides allow, and copies it once otherwise.
var Reshape = &ir.Trait{
	Name:     "Reshape",
	Doc:      "The result has the operand's elements in row-major order, in a shape with the same element count.",
	Requires: []*ir.Trait{SingleResult},
	Verify: func(op *ir.Op) *ir.Diagnostic {
		if op.NumOperands() != 1 {
			return op.Errorf("requires a single operand")
		}
		in, inRanked := ir.Shape(op.Operand(0).Type())
		out, outRanked := ir.Shape(op.Result(0).Type())
		if !outRanked {
			return nil
		}
		if msg := ReshapeResultError(out); msg != "" {
			return op.Errorf("%s", msg)
		}
		if !inRanked {
			return nil
		}
		n, nok := ir.NumElements(in)
		m, mok := ir.NumElements(out)
		switch {
		case nok && mok && n != m:
			return op.Errorf("number of output elements (%d) doesn't match expected number of elements (%d)", m, n)
		case nok && !mok:
			if _, err := ReshapeSizes(n, out); err != "" {
				return op.Errorf("%s", err)
			}
		}
		return nil
	},
	Infer: func(op *ir.Op) []ir.Type {
		in, inRanked := ir.Shape(op.Operand(0).Type())
		out, outRanked := ir.Shape(op.Result(0).Type())
		n, ok := ir.NumElements(in)
		if !inRanked || !outRanked || !ok {
			return nil
		}
		sizes, err := ReshapeSizes(n, out)
		if err != "" {
			return nil
		}
		return []ir.Type{ir.WithShape(op.Result(0).Type(), sizes)}
	},
}

// ReshapeResultError checks a reshape's result shape on its own: at most
// one '?', and none beside a static 0. "" when it holds.
func ReshapeResultError(out []int64) string {
	dyn, zero := 0, false
	for _, d := range out {
		switch {
		case d < 0:
			dyn++
		case d == 0:
			zero = true
		}
	}
	switch {
	case dyn > 1:
		return fmt.Sprintf("result type has %d dynamic dimensions ('%s'), but the element count decides at most one", dyn, ir.ShapeString(out))
	case dyn == 1 && zero:
		return fmt.Sprintf("result type '%s' has a dynamic dimension beside a dimension of size 0, which no element count decides", ir.ShapeString(out))
	}
	return ""
}

// ReshapeSizes returns the sizes of a reshape's result of shape out (at
// most one '?') holding n elements, or NumPy's message when n elements
// do not fit: "cannot reshape array of size 6 into shape (4,?)".
func ReshapeSizes(n int64, out []int64) ([]int64, string) {
	sizes := append([]int64(nil), out...)
	known, dyn := int64(1), -1
	for i, d := range out {
		if d < 0 {
			dyn = i
			continue
		}
		known *= d
	}
	switch {
	case dyn < 0 && known == n:
		return sizes, ""
	case dyn >= 0 && known > 0 && n%known == 0:
		sizes[dyn] = n / known
		return sizes, ""
	}
	return nil, fmt.Sprintf("cannot reshape array of size %d into shape %s", n, ir.TupleShape(out))
}
