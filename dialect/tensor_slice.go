package dialect

import (
	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/traits"
)

// The tensor ops with mixed static/dynamic offset, size and stride lists
// (extract_slice, insert_slice) and with a body (generate, pad):
//
//	%extracted_slice = tensor.extract_slice %t[%o, 4] [2, %s] [1, 2] : tensor<8x16xf32> to tensor<2x?xf32>
//	%inserted_slice = tensor.insert_slice %d into %t[%o, 0] [4, 4] [1, 1] : tensor<4x4xf32> into tensor<8x16xf32>
//	%padded = tensor.pad %t low[1, %o] high[2, 3] {
//	^bb0(%i: index, %j: index):
//	  tensor.yield %cst : f32
//	} : tensor<8x16xf32> to tensor<11x?xf32>
//
// An extract_slice is a view of its source (no copy), an insert_slice
// writes its source into (a copy of, unless it is its last use) its
// destination. A static offset or size out of bounds is accepted by the
// verifier, as MLIR 19 accepts it; running it is an error.

var sliceElided = []string{"operandSegmentSizes", StaticOffsetsAttr, StaticSizesAttr, StaticStridesAttr}

var (
	extractSliceOp = &Op{
		OpDef: ir.OpDef{
			Name: "tensor.extract_slice", Summary: "a view of source[offsets : offsets + sizes * strides : strides], unit dims dropped to the result's rank",
			Format:       sliceForm(false),
			ResultName:   func(*ir.Op) string { return "extracted_slice" },
			Traits:       []*ir.Trait{traits.AttrSizedOperandSegments(4), traits.Pure},
			Inherent:     []string{"operandSegmentSizes", StaticOffsetsAttr, StaticSizesAttr, StaticStridesAttr},
			Verify:       verifyExtractSlice,
			Canonicalize: canonSlice,
		},
		Operands: []Arg{{"source", rankedTensor, false}, {"offsets", indexType, true}},
		Results:  []Arg{{"result", rankedTensor, false}},
		Attrs:    []AttrSpec{denseI64Spec(StaticOffsetsAttr), denseI64Spec(StaticSizesAttr), denseI64Spec(StaticStridesAttr)},
	}
	insertSliceOp = &Op{
		OpDef: ir.OpDef{
			Name: "tensor.insert_slice", Summary: "dest with the window offsets, sizes, strides replaced by source (its unit dims dropped)",
			Format:       sliceForm(true),
			ResultName:   func(*ir.Op) string { return "inserted_slice" },
			Traits:       []*ir.Trait{traits.AttrSizedOperandSegments(5), traits.Pure},
			Inherent:     []string{"operandSegmentSizes", StaticOffsetsAttr, StaticSizesAttr, StaticStridesAttr},
			Verify:       verifyInsertSlice,
			Canonicalize: canonSlice,
			Infer:        inferDest(1),
		},
		Operands: []Arg{{"source", rankedTensor, false}, {"dest", rankedTensor, false}, {"offsets", indexType, true}},
		Results:  []Arg{{"result", rankedTensor, false}},
		Attrs:    []AttrSpec{denseI64Spec(StaticOffsetsAttr), denseI64Spec(StaticSizesAttr), denseI64Spec(StaticStridesAttr)},
	}
)

// Slice is an extract_slice or insert_slice taken apart: Dest is nil for
// an extract_slice.
type Slice struct {
	Source, Dest            *ir.Value
	Offsets, Sizes, Strides MixedList
}

// SliceOf takes a slice op apart (false for another op or a malformed
// one).
func SliceOf(op *ir.Op) (*Slice, bool) {
	n := 4
	switch op.Name {
	case "tensor.extract_slice":
	case "tensor.insert_slice":
		n = 5
	default:
		return nil, false
	}
	seg, ok := segments(op, n)
	if !ok || len(seg[0]) != 1 || n == 5 && len(seg[1]) != 1 || op.NumResults() != 1 {
		return nil, false
	}
	s := &Slice{Source: seg[0][0]}
	if n == 5 {
		s.Dest = seg[1][0]
	}
	s.Offsets = MixedList{staticArray(op, StaticOffsetsAttr), seg[n-3]}
	s.Sizes = MixedList{staticArray(op, StaticSizesAttr), seg[n-2]}
	s.Strides = MixedList{staticArray(op, StaticStridesAttr), seg[n-1]}
	for _, m := range []MixedList{s.Offsets, s.Sizes, s.Strides} {
		if numDynamic(m.Static) != len(m.Values) {
			return s, false
		}
	}
	return s, true
}

// sliceForm is `%src[offsets] [sizes] [strides] [attrs] : S to R` or,
// for insert_slice, `%src into %dest[...] [...] [...] [attrs] : S into D`.
func sliceForm(insert bool) *ir.Format {
	return &ir.Format{
		Name: "%src[offsets] [sizes] [strides] : S to R",
		Parse: func(p ir.OpParser) *ir.Op {
			if !p.ParseOperand() {
				return nil
			}
			if insert && (!p.ParseOptionalKeyword("into") || !p.ParseOperand()) {
				p.ErrorExpected("expected 'into' and the destination")
				return nil
			}
			var lists [3][]int64
			first := p.NumOperands()
			counts := make([]int, 3)
			for i := range lists {
				n := p.NumOperands()
				var ok bool
				if lists[i], ok = parseMixedList(p); !ok {
					return nil
				}
				counts[i] = p.NumOperands() - n
			}
			p.SetAttr(StaticOffsetsAttr, ir.I64Array(lists[0]...))
			p.SetAttr(StaticSizesAttr, ir.I64Array(lists[1]...))
			p.SetAttr(StaticStridesAttr, ir.I64Array(lists[2]...))
			kw := "to"
			if insert {
				kw = "into"
			}
			src, res, ok := parseTypePair(p, kw)
			if !ok {
				return nil
			}
			types := []ir.Type{src}
			seg := []int{1}
			if insert {
				types = append(types, res)
				seg = append(seg, 1)
			}
			types = append(types, p.SameTypes(ir.Index, p.NumOperands()-first)...)
			p.SetAttr("operandSegmentSizes", segmentAttr(append(seg, counts...)...))
			return p.Build(types, []ir.Type{res})
		},
		Print: func(p ir.OpPrinter, op *ir.Op) bool {
			s, ok := SliceOf(op)
			if !ok || op.NumResults() != 1 || (s.Dest != nil) != insert || insert && !ir.TypeEqual(s.Dest.Type(), op.Result(0).Type()) || op.NumOperands() < sliceHead(insert) || !allIndex(op.Operands()[sliceHead(insert):]) {
				return false
			}
			p.Str(" ")
			p.Operand(s.Source)
			if insert {
				p.Str(" into ")
				p.Operand(s.Dest)
			}
			printMixedList(p, s.Offsets.Static, s.Offsets.Values)
			p.Str(" ")
			printMixedList(p, s.Sizes.Static, s.Sizes.Values)
			p.Str(" ")
			printMixedList(p, s.Strides.Static, s.Strides.Values)
			p.OptionalAttrDict(op.Attrs, sliceElided...)
			p.Str(" : ")
			p.Type(s.Source.Type())
			if insert {
				p.Str(" into ")
			} else {
				p.Str(" to ")
			}
			p.Type(op.Result(0).Type())
			return true
		},
	}
}

// sliceHead is the number of operands before a slice's lists.
func sliceHead(insert bool) int {
	if insert {
		return 2
	}
	return 1
}

// allIndex reports whether every value is an index (the custom forms
// print the lists' operands without their types).
func allIndex(vs []*ir.Value) bool {
	for _, v := range vs {
		if v.Type() != ir.Index {
			return false
		}
	}
	return true
}

// verifySliceLists is MLIR's OffsetSizeAndStrideOpInterface verifier
// over a source (extract) or destination (insert) of the given rank.
func verifySliceLists(op *ir.Op, rank int) (*Slice, *ir.Diagnostic) {
	s, _ := SliceOf(op)
	if s == nil {
		return nil, op.Errorf("has malformed operandSegmentSizes")
	}
	lists := []struct {
		name string
		m    MixedList
	}{{"offset", s.Offsets}, {"size", s.Sizes}, {"stride", s.Strides}}
	for _, l := range lists {
		if len(l.m.Static) != rank {
			return nil, op.EmitErrorf("expected %d %s values", rank, l.name)
		}
	}
	for _, l := range lists {
		if n := numDynamic(l.m.Static); n != len(l.m.Values) {
			return nil, op.EmitErrorf("expected %d dynamic %s values", n, l.name)
		}
	}
	for _, l := range lists[:2] {
		for _, x := range l.m.Static {
			if x != KDynamic && x < 0 {
				return nil, op.EmitErrorf("expected %ss to be non-negative, but got %d", l.name, x)
			}
		}
	}
	return s, nil
}

// sliceType is the type of a slice before rank reduction: the static
// sizes, '?' for the dynamic ones.
func sliceType(e *ir.Scalar, sizes []int64) *ir.TensorType {
	shape := make([]int64, len(sizes))
	for i, x := range sizes {
		shape[i] = x
		if x == KDynamic {
			shape[i] = ir.Dynamic
		}
	}
	return ir.Tensor(e, shape...)
}

// RankReductionMask returns, for the shape of a slice before rank
// reduction and the reduced shape, which dims are dropped (MLIR's
// computeRankReductionMask: a dim that does not match the next reduced
// dim must be a static 1); ok is false when reduced cannot be obtained.
func RankReductionMask(full, reduced []int64) (dropped []bool, ok bool) {
	dropped = make([]bool, len(full))
	j := 0
	for i, d := range full {
		if j < len(reduced) && d == reduced[j] {
			j++
			continue
		}
		if d != 1 {
			return nil, false
		}
		dropped[i] = true
	}
	return dropped, j == len(reduced)
}

// verifyRankReduced is MLIR's produceSliceErrorMsg(isRankReducedType):
// candidate must be expected with some unit dims dropped.
func verifyRankReduced(op *ir.Op, expected *ir.TensorType, candidate ir.Type) *ir.Diagnostic {
	cs, _ := ir.Shape(candidate)
	if len(cs) > len(expected.Shape) {
		return op.EmitErrorf("expected rank to be smaller or equal to the other rank. ")
	}
	if _, ok := RankReductionMask(expected.Shape, cs); !ok {
		return op.EmitErrorf("expected type to be '%s' or a rank-reduced version. (size mismatch) ", ir.TypeString(expected))
	}
	if e := ir.ElementType(candidate); e != expected.Elem {
		return op.EmitErrorf("expected element type to be '%s'", ir.TypeString(expected.Elem))
	}
	return nil
}

func verifyExtractSlice(op *ir.Op) *ir.Diagnostic {
	src, _ := ir.Shape(op.Operand(0).Type())
	s, d := verifySliceLists(op, len(src))
	if d != nil {
		return d
	}
	return verifyRankReduced(op, sliceType(ir.ElementType(s.Source.Type()), s.Sizes.Static), op.Result(0).Type())
}

func verifyInsertSlice(op *ir.Op) *ir.Diagnostic {
	if op.NumOperands() >= 2 && !ir.TypeEqual(op.Operand(1).Type(), op.Result(0).Type()) {
		return op.Errorf("failed to verify that expected result type to match dest type")
	}
	dst, _ := ir.Shape(op.Result(0).Type())
	s, d := verifySliceLists(op, len(dst))
	if d != nil {
		return d
	}
	return verifyRankReduced(op, sliceType(ir.ElementType(s.Dest.Type()), s.Sizes.Static), s.Source.Type())
}

// SliceDropped returns which dims of a slice's sizes its rank-reduced
// type (the result of an extract_slice, the source of an insert_slice)
// drops.
func SliceDropped(op *ir.Op, s *Slice) ([]bool, bool) {
	t := op.Result(0).Type()
	if s.Dest != nil {
		t = s.Source.Type()
	}
	reduced, _ := ir.Shape(t)
	return RankReductionMask(sliceType(ir.ElementType(t), s.Sizes.Static).Shape, reduced)
}
