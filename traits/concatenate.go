package traits

import (
	"fmt"

	"github.com/tirc/tirc/ir"
)

// ConcatDimAttr is the attribute naming the dimension Concatenate joins
// along (StableHLO's `dimension`).
const ConcatDimAttr = "dimension"

// Concatenate: the result is the operands side by side along the
// dimension given by the `dimension` attribute (StableHLO's concatenate,
// NumPy's concatenate): all operands have the result's rank, equal sizes
// in the other dimensions, and the result's size along `dimension` is the
// sum of theirs. The evaluator and codegen implement every op carrying
// the trait once: codegen writes each operand into its window of the
// result.
var Concatenate = &ir.Trait{
	Name:     "Concatenate",
	Doc:      "The result joins the operands along the dimension given by the `dimension` attribute.",
	Requires: []*ir.Trait{SingleResult},
	Verify: func(op *ir.Op) *ir.Diagnostic {
		d, ok := ConcatDim(op)
		if !ok {
			return op.Errorf("requires attribute '%s'", ConcatDimAttr)
		}
		want, msg := ConcatShape(op.OperandTypes(), d)
		if msg != "" {
			return op.Errorf("%s", msg)
		}
		return VerifyInferredShape(op, want)
	},
	Infer: func(op *ir.Op) []ir.Type {
		d, ok := ConcatDim(op)
		if !ok {
			return nil
		}
		want, msg := ConcatShape(op.OperandTypes(), d)
		if msg != "" || want == nil {
			return nil
		}
		return []ir.Type{ir.WithShape(op.Result(0).Type(), want)}
	},
}

// ConcatDim returns the dimension a Concatenate op joins along.
func ConcatDim(op *ir.Op) (int64, bool) {
	a, ok := op.Attr(ConcatDimAttr).(*ir.IntAttr)
	if !ok {
		return 0, false
	}
	return a.Value, true
}

// ConcatShape is the shape of the operands joined along dimension d
// (StableHLO's inference, with its messages): '?' along d when an operand
// has '?' there, the most static size elsewhere; nil when every operand
// is unranked.
func ConcatShape(operands []ir.Type, d int64) ([]int64, string) {
	if d < 0 {
		return nil, fmt.Sprintf("dimension %d is negative", d)
	}
	var out []int64
	first := -1
	var from []int // the operand that gave out[j] its static size
	for i, t := range operands {
		s, ranked := ir.Shape(t)
		if !ranked {
			continue
		}
		if first < 0 {
			if len(s) == 0 {
				return nil, "rank-0 values cannot be concatenated"
			}
			if d >= int64(len(s)) {
				return nil, fmt.Sprintf("dimension %d is out-of-bounds for input rank %d", d, len(s))
			}
			first = i
			out = append([]int64(nil), s...)
			from = make([]int, len(s))
			for j := range from {
				from[j] = i
			}
			continue
		}
		if len(s) != len(out) {
			return nil, fmt.Sprintf("operands (%d) and (%d) do not match rank", first, i)
		}
		for j := range s {
			switch {
			case int64(j) == d:
				if out[j] < 0 || s[j] < 0 {
					out[j] = ir.Dynamic
				} else {
					out[j] += s[j]
				}
			case out[j] >= 0 && s[j] >= 0 && out[j] != s[j]:
				f, _ := ir.Shape(operands[from[j]])
				return nil, fmt.Sprintf("shapes of operand (%d) and (%d) do not match at non-concat index: (%s) != (%s) at non-concat index %d",
					from[j], i, joinSizes(f), joinSizes(s), j)
			case out[j] < 0:
				out[j], from[j] = s[j], i
			}
		}
	}
	if out != nil && len(operands) > 0 {
		for _, t := range operands {
			if _, ranked := ir.Shape(t); !ranked {
				out[d] = ir.Dynamic // an unranked operand adds an unknown size
			}
		}
	}
	return out, ""
}

// VerifyInferredShape reports a result type whose shape contradicts the
// shape inferred from the operands and attributes, with MLIR's wording
// for ops that infer their result type ("inferred type(s) 'tensor<4xf32>'
// are incompatible with return type(s) of operation 'tensor<5xf32>'").
func VerifyInferredShape(op *ir.Op, inferred []int64) *ir.Diagnostic {
	rt := op.Result(0).Type()
	if inferred == nil {
		return nil
	}
	want := ir.WithShape(rt, inferred)
	if !ir.CompatibleShapeOf(want, rt) {
		return op.Errorf("inferred type(s) '%s' are incompatible with return type(s) of operation '%s'", ir.TypeString(want), ir.TypeString(rt))
	}
	return nil
}

func joinSizes(s []int64) string {
	out := ""
	for i, d := range s {
		if i > 0 {
			out += ", "
		}
		if d < 0 {
			out += "?"
		} else {
			out += fmt.Sprint(d)
		}
	}
	return out
}
