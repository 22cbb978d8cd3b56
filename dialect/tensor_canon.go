package dialect

import (
	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/traits"
)

// The tensor ops' canonicalizations (MLIR's constant-argument folders):
// a dynamic offset, size, stride, padding or extent that is a constant
// index becomes a static entry. Where that makes the result type more
// static (a size of an extract_slice, an extent of tensor.empty), the op
// gets the static type and a tensor.cast back to the old one keeps its
// users' types, as MLIR does:
//
//	%c2 = arith.constant 2 : index
//	%s = tensor.extract_slice %t[%c2, 0] [%c2, 4] [1, 1] : tensor<8x4xf32> to tensor<?x4xf32>
//
// becomes
//
//	%extracted_slice = tensor.extract_slice %t[2, 0] [2, 4] [1, 1] : tensor<8x4xf32> to tensor<2x4xf32>
//	%cast = tensor.cast %extracted_slice : tensor<2x4xf32> to tensor<?x4xf32>

// constIndex returns the value of an index constant.
func constIndex(v *ir.Value) (int64, bool) {
	d := v.Def()
	if d == nil || !d.Has(traits.ConstantLike) || v.Type() != ir.Index {
		return 0, false
	}
	a, ok := d.Attr("value").(*ir.IntAttr)
	if !ok {
		return 0, false
	}
	return a.Value, true
}

// mixedList is one list of an op to fold: its static attribute and its
// operand segment.
type mixedList struct {
	attr string
	seg  int
}

// foldMixed moves the constant operands of op's lists into their static
// attributes and drops them from the operands; segments are the op's
// operand groups (nil: one list, all operands after the first).
func foldMixed(op *ir.Op, lists []mixedList, segments [][]*ir.Value) bool {
	changed := false
	var operands []*ir.Value
	sizes := make([]int64, len(segments))
	for g, seg := range segments {
		l := -1
		for i, m := range lists {
			if m.seg == g {
				l = i
			}
		}
		if l < 0 {
			operands = append(operands, seg...)
			sizes[g] = int64(len(seg))
			continue
		}
		static := append([]int64(nil), staticArray(op, lists[l].attr)...)
		k := 0
		for i, s := range static {
			if s != KDynamic || k >= len(seg) {
				continue
			}
			v := seg[k]
			k++
			if c, ok := constIndex(v); ok && c >= 0 {
				static[i] = c
				changed = true
				continue
			}
			operands = append(operands, v)
			sizes[g]++
		}
		op.Attrs.Set(lists[l].attr, ir.I64Array(static...))
	}
	if !changed {
		return false
	}
	op.SetOperands(operands)
	if op.Attr("operandSegmentSizes") != nil {
		op.Attrs.Set("operandSegmentSizes", &ir.DenseArrayAttr{Elem: ir.I32, Ints: sizes})
	}
	return true
}

// retype gives op's result the type t and, when it differs, a
// tensor.cast back to the old type for the users.
func retype(op *ir.Op, t ir.Type) {
	res := op.Result(0)
	old := res.Type()
	if ir.TypeEqual(old, t) {
		return
	}
	res.SetType(t)
	if !res.HasUses() {
		return
	}
	c := ir.NewOp("tensor.cast", []*ir.Value{res}, []ir.Type{old}, nil)
	c.Pos, c.Loc = op.Pos, op.Loc
	op.Func().InsertAfter(op, c)
	res.ReplaceAllUsesWith(c.Result(0))
	c.SetOperand(0, res)
}

// canonSlice folds an extract_slice's or insert_slice's constant
// offsets and strides, and an extract_slice's constant sizes (its result
// becomes static there, cast back).
func canonSlice(op *ir.Op) bool {
	s, ok := SliceOf(op)
	if !ok || op.Func() == nil {
		return false
	}
	n := 4
	lists := []mixedList{{StaticOffsetsAttr, 1}, {StaticSizesAttr, 2}, {StaticStridesAttr, 3}}
	if s.Dest != nil {
		n = 5
		lists = []mixedList{{StaticOffsetsAttr, 2}, {StaticStridesAttr, 4}}
	}
	dropped, ok := SliceDropped(op, s)
	if !ok {
		return false
	}
	seg, ok := segments(op, n)
	if !ok || !foldMixed(op, lists, seg) {
		return false
	}
	if s.Dest == nil {
		s, _ = SliceOf(op)
		full := sliceType(ir.ElementType(s.Source.Type()), s.Sizes.Static)
		var kept []int64
		for j, d := range full.Shape {
			if !dropped[j] {
				kept = append(kept, d)
			}
		}
		retype(op, ir.Tensor(full.Elem, kept...))
	}
	return true
}

// canonEmpty folds tensor.empty's constant extents into its type.
func canonEmpty(op *ir.Op) bool {
	rt, ok := op.Result(0).Type().(*ir.TensorType)
	if !ok || rt.Unranked || op.Func() == nil || dynamicDims(rt.Shape) != op.NumOperands() {
		return false
	}
	shape := append([]int64(nil), rt.Shape...)
	var keep []*ir.Value
	k := 0
	for i, d := range shape {
		if d >= 0 {
			continue
		}
		v := op.Operand(k)
		k++
		if c, ok := constIndex(v); ok && c >= 0 {
			shape[i] = c
			continue
		}
		keep = append(keep, v)
	}
	if len(keep) == op.NumOperands() {
		return false
	}
	op.SetOperands(keep)
	retype(op, ir.WithShape(rt, shape))
	return true
}
