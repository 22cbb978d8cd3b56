package dialect

import (
	"slices"

	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/traits"
)

// The tensor ops with a body: tensor.generate (the body computes the
// element at its index arguments) and tensor.pad (the body yields the
// padding value; tirc runs the constant case, where the yielded value
// does not depend on the indices).

var (
	generateOp = &Op{
		OpDef: ir.OpDef{
			Name: "tensor.generate", Summary: "a tensor whose element at each index is what the body yields for it",
			Format:     generateForm,
			ResultName: func(*ir.Op) string { return "generated" },
			Regions:    1,
			Traits:     []*ir.Trait{traits.SingleBlockImplicitTerminator("tensor.yield")},
			Verify:     verifyGenerate,
		},
		Operands: []Arg{{"dynamicExtents", indexType, true}},
		Results:  []Arg{{"result", rankedTensor, false}},
	}
	padOp = &Op{
		OpDef: ir.OpDef{
			Name: "tensor.pad", Summary: "source with low[i] and high[i] elements of the yielded value added before and after dim i",
			Format:     padForm,
			ResultName: func(*ir.Op) string { return "padded" },
			Regions:    1,
			Traits:     []*ir.Trait{traits.AttrSizedOperandSegments(3), traits.SingleBlockImplicitTerminator("tensor.yield"), traits.Pure},
			Inherent:   []string{"nofold", "operandSegmentSizes", StaticHighAttr, StaticLowAttr},
			Verify:     verifyPad,
			Infer:      inferPad,
		},
		Operands: []Arg{{"source", rankedTensor, false}, {"low", indexType, true}},
		Results:  []Arg{{"result", rankedTensor, false}},
		Attrs:    []AttrSpec{denseI64Spec(StaticLowAttr), denseI64Spec(StaticHighAttr), {Name: "nofold", Desc: "unit attribute", Optional: true, Check: func(a ir.Attr) bool { _, ok := a.(ir.UnitAttr); return ok }}},
	}
)

// yielded returns the value the single block of op's region yields (nil
// if the body is not so).
func yielded(op *ir.Op) *ir.Value {
	if op.NumRegions() != 1 || op.Region(0).NumBlocks() != 1 {
		return nil
	}
	y := op.Region(0).Front().Last()
	if y == nil || y.Name != "tensor.yield" || y.NumOperands() != 1 {
		return nil
	}
	return y.Operand(0)
}

// verifyBody checks the body's index arguments, one per result dim, and
// the yielded type; msgs are the op's wording of each failure.
func verifyIndexBodyArgs(op *ir.Op, pad bool) *ir.Diagnostic {
	if op.NumRegions() != 1 || op.Region(0).Empty() {
		return nil // the region traits report it
	}
	rs, _ := ir.Shape(op.Result(0).Type())
	args := op.Region(0).Front().Args()
	if pad {
		if len(args) != len(rs) {
			return op.EmitErrorf("expected the block to have %d arguments", len(rs))
		}
	}
	for i, a := range args {
		if a.Type() != ir.Index {
			if pad {
				return op.Errorf("expected block argument %d to be an index", i+1)
			}
			return op.EmitErrorf("all body arguments must be index")
		}
	}
	if !pad && len(args) != len(rs) {
		return op.EmitErrorf("must have one body argument per input dimension")
	}
	if v := yielded(op); v != nil && v.Type() != ir.ElementType(op.Result(0).Type()) {
		if pad {
			return op.Errorf("expected yield type to match shape element type")
		}
		return op.Errorf("body must be terminated with a `yield` operation of the tensor element type")
	}
	return nil
}

func verifyGenerate(op *ir.Op) *ir.Diagnostic {
	rs, _ := ir.Shape(op.Result(0).Type())
	if dynamicDims(rs) != op.NumOperands() {
		return op.EmitErrorf("must have as many index operands as dynamic extents in the result type")
	}
	return verifyIndexBodyArgs(op, false)
}

// Pad is a tensor.pad taken apart.
type Pad struct {
	Source    *ir.Value
	Low, High MixedList
	// Value is the padding value when it does not depend on the indices:
	// a value from outside the body, or a ConstantLike op in it (Const).
	Value *ir.Value
	Const *ir.Op
}

// PadOf takes a pad apart (false for another op or a malformed one).
func PadOf(op *ir.Op) (*Pad, bool) {
	if op.Name != "tensor.pad" {
		return nil, false
	}
	seg, ok := segments(op, 3)
	if !ok || len(seg[0]) != 1 {
		return nil, false
	}
	p := &Pad{Source: seg[0][0], Low: MixedList{staticArray(op, StaticLowAttr), seg[1]}, High: MixedList{staticArray(op, StaticHighAttr), seg[2]}}
	if numDynamic(p.Low.Static) != len(p.Low.Values) || numDynamic(p.High.Static) != len(p.High.Values) {
		return nil, false
	}
	if v := yielded(op); v != nil {
		if d := v.Def(); d != nil && d.Block() != nil && d.Block().ParentOp() == op {
			if d.Has(traits.ConstantLike) {
				p.Const = d
			} else {
				return p, true
			}
		} else if d == nil && slices.Contains(op.Region(0).Front().Args(), v) {
			return p, true // a block argument: not a constant
		}
		p.Value = v
	}
	return p, true
}

// padShape is MLIR's PadOp::inferResultType: source + low + high per
// dim, '?' where one is dynamic; ok is false when the lists do not have
// the source's rank.
func padShape(src, low, high []int64) ([]int64, bool) {
	if len(low) != len(src) || len(high) != len(src) {
		return nil, false
	}
	out := make([]int64, len(src))
	for i := range src {
		out[i] = ir.Dynamic
		if src[i] >= 0 && low[i] != KDynamic && high[i] != KDynamic {
			out[i] = src[i] + low[i] + high[i]
		}
	}
	return out, true
}

func verifyPad(op *ir.Op) *ir.Diagnostic {
	st, rt := op.Operand(0).Type(), op.Result(0).Type()
	src, _ := ir.Shape(st)
	res, _ := ir.Shape(rt)
	want, ok := padShape(src, staticArray(op, StaticLowAttr), staticArray(op, StaticHighAttr))
	if !ok {
		return op.EmitErrorf("failed to infer expectedType from sourceType '%s', specified resultType is '%s'", ir.TypeString(st), ir.TypeString(rt))
	}
	wt := ir.Tensor(ir.ElementType(st), want...)
	bad := len(res) != len(want)
	for i := 0; !bad && i < len(want); i++ {
		bad = res[i] != want[i] && want[i] >= 0
	}
	if bad {
		return op.EmitErrorf("specified type '%s' does not match the inferred type '%s'", ir.TypeString(rt), ir.TypeString(wt))
	}
	return verifyIndexBodyArgs(op, true)
}

// inferPad refines the result from the static low and high entries.
func inferPad(op *ir.Op) []ir.Type {
	src, r := ir.Shape(op.Operand(0).Type())
	res, rr := ir.Shape(op.Result(0).Type())
	want, ok := padShape(src, staticArray(op, StaticLowAttr), staticArray(op, StaticHighAttr))
	if !r || !rr || !ok || len(want) != len(res) {
		return nil
	}
	if j, ok := traits.JoinShapes(want, res); ok {
		return []ir.Type{ir.WithShape(op.Result(0).Type(), j)}
	}
	return nil
}

// generateForm is `%n, ... { body } [attrs] : T`.
var generateForm = &ir.Format{
	Name: "%n, ... { body } : T",
	Parse: func(p ir.OpParser) *ir.Op {
		if !p.ParseOptionalOperands() {
			return nil
		}
		if p.ParseRegion(nil) == nil {
			return nil
		}
		return buildFromSizes(p)
	},
	Print: func(p ir.OpPrinter, op *ir.Op) bool {
		if op.NumResults() != 1 || op.NumRegions() != 1 || !allIndex(op.Operands()) {
			return false
		}
		if op.NumOperands() > 0 {
			p.Str(" ")
			p.Operands(op.Operands())
		}
		p.Str(" ")
		p.Region(op.Region(0), true, true)
		printAttrsAndType(p, op, op.Result(0).Type())
		return true
	},
}

// padForm is `%src [nofold] low[...] high[...] { body } [attrs] : S to R`.
var padForm = &ir.Format{
	Name: "%src low[...] high[...] { body } : S to R",
	Parse: func(p ir.OpParser) *ir.Op {
		if !p.ParseOperand() {
			return nil
		}
		if p.ParseOptionalKeyword("nofold") {
			p.SetAttr("nofold", ir.UnitAttr{})
		}
		counts := []int{1, 0, 0}
		for i, kw := range []string{"low", "high"} {
			if !p.ParseOptionalKeyword(kw) {
				p.ErrorExpected("expected '%s'", kw)
				return nil
			}
			n := p.NumOperands()
			static, ok := parseMixedList(p)
			if !ok {
				return nil
			}
			counts[i+1] = p.NumOperands() - n
			p.SetAttr([]string{StaticLowAttr, StaticHighAttr}[i], ir.I64Array(static...))
		}
		if p.ParseRegion(nil) == nil {
			return nil
		}
		src, res, ok := parseTypePair(p, "to")
		if !ok {
			return nil
		}
		p.SetAttr("operandSegmentSizes", segmentAttr(counts...))
		return p.Build(append([]ir.Type{src}, p.SameTypes(ir.Index, p.NumOperands()-1)...), []ir.Type{res})
	},
	Print: func(p ir.OpPrinter, op *ir.Op) bool {
		pd, ok := PadOf(op)
		if !ok || op.NumResults() != 1 || op.NumRegions() != 1 || !allIndex(op.Operands()[1:]) {
			return false
		}
		p.Str(" ")
		p.Operand(pd.Source)
		if op.Attr("nofold") != nil {
			p.Str(" nofold")
		}
		p.Str(" low")
		printMixedList(p, pd.Low.Static, pd.Low.Values)
		p.Str(" high")
		printMixedList(p, pd.High.Static, pd.High.Values)
		p.Str(" ")
		p.Region(op.Region(0), true, true)
		p.OptionalAttrDict(op.Attrs, "nofold", "operandSegmentSizes", StaticLowAttr, StaticHighAttr)
		p.Str(" : ")
		p.Type(pd.Source.Type())
		p.Str(" to ")
		p.Type(op.Result(0).Type())
		return true
	},
}
