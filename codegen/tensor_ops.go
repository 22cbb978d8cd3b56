package codegen

import (
	"fmt"

	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/value"

	"github.com/tirc/tirc/codegen/plan"
	"github.com/tirc/tirc/dialect"
	"github.com/tirc/tirc/eval"
	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/traits"
)

// The tensor dialect's ops on views: an extract_slice, expand_shape or
// (row-major) collapse_shape is a new view of its source's buffer (a
// base offset, sizes and strides), with no copy; tensor.empty allocates
// without writing; insert, insert_slice and pad write into a buffer
// (their destination's, when it is the destination's last use and the
// destination owns it, else a copy); extract loads one element. Dynamic
// offsets, sizes and indices are read at run time and checked: out of
// bounds is status 1 with eval's message.

// tensorLowering lowers the tensor dialect's ops of one function: it
// reads and writes the function's lowered values and builds with its
// builder, through fc; funcCtx only dispatches to it (lowerOp).
type tensorLowering struct{ fc *funcCtx }

// tensorLowerings are the tensor ops lowered here, by name.
var tensorLowerings map[string]func(tl tensorLowering, op *ir.Op) error

// unloweredTensorOp is the error for a tensor op in a form tirc verifies
// but does not lower (a tensor.splat with dynamic sizes), found before
// any pass or lowering step meets it; nil for any other op.
func unloweredTensorOp(op *ir.Op) *ir.Diagnostic {
	if op.Name == "tensor.splat" && op.NumOperands() > 1 {
		return op.Errorf("tirc does not lower tensor.splat with dynamic sizes; write tensor.empty with the sizes and linalg.fill")
	}
	return nil
}

func init() {
	tensorLowerings = map[string]func(tl tensorLowering, op *ir.Op) error{
		"tensor.empty":          tensorLowering.empty,
		"tensor.collapse_shape": tensorLowering.reshape,
		"tensor.expand_shape":   tensorLowering.reshape,
		"tensor.extract":        tensorLowering.extract,
		"tensor.insert":         tensorLowering.insert,
		"tensor.from_elements":  tensorLowering.fromElements,
		"tensor.extract_slice":  tensorLowering.extractSlice,
		"tensor.insert_slice":   tensorLowering.insertSlice,
		"tensor.pad":            tensorLowering.pad,
		"tensor.generate":       tensorLowering.generate,
	}
}

// rankedResult returns op's ranked tensor result type or an error.
func rankedResult(op *ir.Op) (*ir.TensorType, error) {
	rt, ok := op.Result(0).Type().(*ir.TensorType)
	if !ok || rt.Unranked {
		return nil, op.Errorf("has an unranked result type '%s'; give it a rank before -emit-llvm", ir.TypeString(op.Result(0).Type()))
	}
	return rt, nil
}

// index returns the run-time value of an index operand.
func (tl tensorLowering) index(v *ir.Value) value.Value { return tl.fc.vals[v.ID()].scalar }

// mixedValues returns the run-time values of a mixed static/dynamic list.
func (tl tensorLowering) mixedValues(m dialect.MixedList) []value.Value {
	out := make([]value.Value, m.Len())
	for i := range out {
		s, v := m.At(i)
		if v != nil {
			out[i] = tl.index(v)
		} else {
			out[i] = i64c(s)
		}
	}
	return out
}

// fixStatic replaces the sizes a static type states by constants.
func fixStatic(shape []int64, sizes []value.Value) []value.Value {
	for d, s := range shape {
		if s >= 0 {
			sizes[d] = i64c(s)
		}
	}
	return sizes
}

// buffer returns a fresh buffer for op's result: the function's result
// buffer when the result is only returned, else a temporary.
func (tl tensorLowering) buffer(op *ir.Op, t *ir.TensorType, sizes []value.Value) *view {
	if k := tl.fc.returnedOnce(op.Result(0)); k >= 0 {
		tl.fc.results[k].filled = true
		return tl.fc.resultView(k, sizes)
	}
	return tl.fc.temp(t.Elem, t.Shape, sizes, fmt.Sprintf("%s: '%s' op", op.Pos, op.Name))
}

// writable returns the buffer op writes its result into, holding
// dest's elements: dest's own or a copy, as the plan says
// (plan.PlanCarries; where it left the choice to the view, of a buffer a
// contraction's lowering chose, the view's). Writing in place needs
// dest's view to be a buffer allocated for it: a plan that says
// otherwise, or under checkPlan differs from what the view says, is an
// internal error.
func (tl tensorLowering) writable(op *ir.Op, dest *ir.Value, t *ir.TensorType) (*view, error) {
	lv, d := tl.fc.vals[dest.ID()], dest.Def()
	in := tl.fc.plan.InsertOf(op)
	own := lv.view != nil && lv.view.allocatedHere
	if in == nil || !in.Decided || in.InPlace && !own || checkPlan && in.Why == plan.WhyDestNotOwn && own && d != nil && !d.Has(traits.Cast) {
		return nil, op.Errorf("internal error: the plan of the insert differs from its destination's view (allocated for it: %v)", own)
	}
	if in.InPlace {
		return lv.view, nil
	}
	dst := tl.buffer(op, t, fixStatic(t.Shape, append([]value.Value(nil), lv.sizesOf()...)))
	return dst, tl.fc.copyInto(dst, dest)
}

// fill writes the scalar x into every element of dst.
func (tl tensorLowering) fill(dst *view, x value.Value) error {
	n := &node{elem: dst.elem, shape: dst.shape, sizes: dst.sizes, scalar: x, bit: -1}
	if err := tl.fc.prepare(n); err != nil {
		return err
	}
	return tl.fc.emitNest(dst, n)
}

// dynamicSizes are the sizes of op's result type rt, its '?' dims given
// by op's index operands in order (tensor.empty's and tensor.generate's),
// each checked not to be negative.
func (tl tensorLowering) dynamicSizes(op *ir.Op, rt *ir.TensorType) []value.Value {
	sizes := make([]value.Value, len(rt.Shape))
	k := 0
	for d, s := range rt.Shape {
		if s >= 0 {
			sizes[d] = i64c(s)
			continue
		}
		sizes[d] = tl.index(op.Operand(k))
		k++
		if tl.fc.mod.opts.Checks {
			tl.fc.fail(tl.fc.bl.icmp(enum.IPredSLT, sizes[d], i64c(0)), StatusShape, fmt.Sprintf("%s dynamic size %%lld of dimension %d is negative", where(op), d), sizes[d])
		}
	}
	return sizes
}

func (tl tensorLowering) empty(op *ir.Op) error {
	rt, err := rankedResult(op)
	if err != nil {
		return err
	}
	sizes := tl.dynamicSizes(op, rt)
	tl.fc.vals[op.Result(0).ID()] = &lowered{view: tl.buffer(op, rt, sizes)}
	return nil
}

// checkedOffset returns the element offset of indices idx (each checked
// against its size when checks are on, with eval.IndexMessage); nil
// strides: only the checks.
func (tl tensorLowering) checkedOffset(op *ir.Op, sizes, strides []value.Value, idx []value.Value) value.Value {
	bl := tl.fc.bl
	var off value.Value = i64c(0)
	for j, i := range idx {
		if tl.fc.mod.opts.Checks {
			bad := bl.or(bl.icmp(enum.IPredSLT, i, i64c(0)), bl.icmp(enum.IPredSGE, i, sizes[j]))
			tl.fc.fail(bad, StatusShape, where(op)+" "+eval.IndexMessage(j), i, sizes[j])
		}
		if strides != nil {
			off = bl.add(off, bl.mul(i, strides[j]))
		}
	}
	return off
}

func (tl tensorLowering) extract(op *ir.Op) error {
	src := tl.fc.vals[op.Operand(0).ID()]
	var idx []value.Value
	for _, v := range op.Operands()[1:] {
		idx = append(idx, tl.index(v))
	}
	if src.view == nil { // a splat: every element is the scalar
		tl.checkedOffset(op, src.sizes, nil, idx)
		tl.fc.vals[op.Result(0).ID()] = &lowered{scalar: src.scalar}
		return nil
	}
	v := src.view
	off := tl.checkedOffset(op, v.sizes, v.strides, idx)
	p := tl.fc.bl.gep(storageType(v.elem), v.base, off)
	tl.fc.vals[op.Result(0).ID()] = &lowered{scalar: tl.fc.bl.FromStorage(tl.fc.bl.b.NewLoad(storageType(v.elem), p), v.elem)}
	return nil
}

// storeAt stores the scalar x at indices idx of dst.
func (tl tensorLowering) storeAt(op *ir.Op, dst *view, idx []value.Value, x value.Value) {
	off := tl.checkedOffset(op, dst.sizes, dst.strides, idx)
	store(tl.fc.bl.b, tl.fc.bl.ToStorage(x, dst.elem), tl.fc.bl.gep(storageType(dst.elem), dst.base, off))
}

func (tl tensorLowering) insert(op *ir.Op) error {
	rt, err := rankedResult(op)
	if err != nil {
		return err
	}
	dst, err := tl.writable(op, op.Operand(1), rt)
	if err != nil {
		return err
	}
	var idx []value.Value
	for _, v := range op.Operands()[2:] {
		idx = append(idx, tl.index(v))
	}
	tl.storeAt(op, dst, idx, tl.index(op.Operand(0)))
	tl.fc.vals[op.Result(0).ID()] = &lowered{view: dst}
	return nil
}

func (tl tensorLowering) fromElements(op *ir.Op) error {
	rt, err := rankedResult(op)
	if err != nil {
		return err
	}
	sizes := fixStatic(rt.Shape, make([]value.Value, len(rt.Shape)))
	dst := tl.buffer(op, rt, sizes)
	strides := make([]int64, len(rt.Shape))
	acc := int64(1)
	for j := len(rt.Shape) - 1; j >= 0; j-- {
		strides[j] = acc
		acc *= rt.Shape[j]
	}
	for i, v := range op.Operands() {
		idx := make([]value.Value, len(rt.Shape))
		r := int64(i)
		for j := range idx {
			idx[j] = i64c(r / strides[j])
			r %= strides[j]
		}
		tl.storeAt(op, dst, idx, tl.index(v))
	}
	tl.fc.vals[op.Result(0).ID()] = &lowered{view: dst}
	return nil
}

// sliceWindow returns the view of a slice's window of v (sizes, strides
// and base of the dims the rank-reduced type keeps), after the bounds
// checks of every dimension.
func (tl tensorLowering) sliceWindow(op *ir.Op, s *dialect.Slice, v *view, sizes []value.Value, shape []int64) (*view, []value.Value, error) {
	bl := tl.fc.bl
	dropped, ok := dialect.SliceDropped(op, s)
	if !ok {
		return nil, nil, op.Errorf("has a type that is not its slice with unit dims dropped")
	}
	off, size, step := tl.mixedValues(s.Offsets), tl.mixedValues(s.Sizes), tl.mixedValues(s.Strides)
	if tl.fc.mod.opts.Checks {
		for j := range off {
			tl.fc.fail(outOfSlice(bl, off[j], size[j], step[j], sizes[j]), StatusShape, where(op)+" "+eval.SliceBoundsMessage(j), off[j], size[j], step[j], sizes[j])
		}
	}
	w := &view{shape: shape}
	var at value.Value = i64c(0)
	for j := range off {
		if v != nil {
			at = bl.add(at, bl.mul(off[j], v.strides[j]))
		}
		if dropped[j] {
			continue
		}
		w.sizes = append(w.sizes, size[j])
		if v != nil {
			w.strides = append(w.strides, bl.mul(step[j], v.strides[j]))
		}
	}
	w.sizes = fixStatic(shape, w.sizes)
	if v == nil {
		return w, w.sizes, nil
	}
	w.elem = v.elem
	w.base = bl.gep(storageType(v.elem), v.base, at)
	return w, w.sizes, nil
}

// outOfSlice is eval.SliceInBounds negated, at run time.
func outOfSlice(bl *builder, off, size, step, n value.Value) value.Value {
	if c, ok := constVal(size); ok && c > 0 {
		last := bl.add(off, bl.mul(i64c(c-1), step))
		bad := bl.or(bl.icmp(enum.IPredSLT, off, i64c(0)), bl.icmp(enum.IPredSGE, off, n))
		return bl.or(bad, bl.or(bl.icmp(enum.IPredSLT, last, i64c(0)), bl.icmp(enum.IPredSGE, last, n)))
	}
	neg := bl.or(bl.icmp(enum.IPredSLT, size, i64c(0)), bl.icmp(enum.IPredSLT, off, i64c(0)))
	last := bl.add(off, bl.mul(bl.b.NewSub(size, i64c(1)), step))
	nonEmpty := bl.or(bl.or(bl.icmp(enum.IPredSGE, off, n), bl.icmp(enum.IPredSLT, last, i64c(0))), bl.icmp(enum.IPredSGE, last, n))
	empty := bl.icmp(enum.IPredSGT, off, n)
	return bl.or(neg, bl.b.NewSelect(bl.icmp(enum.IPredEQ, size, i64c(0)), empty, nonEmpty))
}

func (tl tensorLowering) extractSlice(op *ir.Op) error {
	rt, err := rankedResult(op)
	if err != nil {
		return err
	}
	s, ok := dialect.SliceOf(op)
	if !ok {
		return op.Errorf("is malformed")
	}
	src := tl.fc.vals[s.Source.ID()]
	w, sizes, err := tl.sliceWindow(op, s, src.view, src.sizesOf(), rt.Shape)
	if err != nil {
		return err
	}
	if src.view == nil {
		tl.fc.vals[op.Result(0).ID()] = &lowered{scalar: src.scalar, sizes: sizes}
		return nil
	}
	tl.fc.vals[op.Result(0).ID()] = &lowered{view: w}
	return nil
}

func (tl tensorLowering) insertSlice(op *ir.Op) error {
	rt, err := rankedResult(op)
	if err != nil {
		return err
	}
	s, ok := dialect.SliceOf(op)
	if !ok {
		return op.Errorf("is malformed")
	}
	dst, err := tl.writable(op, s.Dest, rt)
	if err != nil {
		return err
	}
	st, _ := ir.Shape(s.Source.Type())
	w, sizes, err := tl.sliceWindow(op, s, dst, dst.sizes, st)
	if err != nil {
		return err
	}
	have := tl.fc.vals[s.Source.ID()].sizesOf()
	if tl.fc.mod.opts.Checks {
		for j := range sizes {
			tl.fc.fail(tl.fc.bl.icmp(enum.IPredNE, have[j], sizes[j]), StatusShape, where(op)+" "+eval.InsertSizeMessage(j), have[j], sizes[j])
		}
	}
	if err := tl.fc.copyInto(w, s.Source); err != nil {
		return err
	}
	tl.fc.vals[op.Result(0).ID()] = &lowered{view: dst}
	return nil
}

// padValue returns the run-time padding value of a pad whose body yields
// a value that does not depend on the indices, nil for another (padBody
// runs its body).
func (tl tensorLowering) padValue(op *ir.Op, p *dialect.Pad) value.Value {
	c := p.Const
	if p.Value != nil && p.Value.Def() != nil && p.Value.Def().Has(traits.ConstantLike) {
		c = p.Value.Def()
	}
	e := ir.ElementType(op.Result(0).Type())
	if c != nil {
		switch a := c.Attr("value").(type) {
		case *ir.IntAttr:
			return intConst(computeType(e), ir.WrapInt(a.Value, e))
		case *ir.FloatAttr:
			return floatConst(computeType(e), ir.RoundFloat(a.Value, e))
		}
	}
	if p.Value != nil && tl.fc.vals[p.Value.ID()] != nil {
		return tl.fc.vals[p.Value.ID()].scalar
	}
	return nil
}

// padBody runs a pad's body at every index of dst outside the source's
// window (low[j] <= i[j] < low[j] + in[j] in every dim), as MLIR computes
// the padding value there only, storing what it yields; the source is
// copied into the window afterwards.
func (tl tensorLowering) padBody(op *ir.Op, dst *view, low, in []value.Value) error {
	bl := tl.fc.bl
	body := op.Region(0).Front()
	if err := tl.scalarBody(op); err != nil {
		return err
	}
	return tl.indexNest(dst.sizes, "pad", func(idx []value.Value) error {
		var out value.Value = constant.False
		for j, i := range idx {
			out = bl.or(out, bl.or(bl.icmp(enum.IPredSLT, i, low[j]), bl.icmp(enum.IPredSGE, i, bl.add(low[j], in[j]))))
		}
		var err error
		bl.ifThen(out, "pad.body", func() {
			var y value.Value
			if y, err = tl.runBody(body, idx); err == nil {
				var off value.Value = i64c(0)
				for j, i := range idx {
					off = bl.add(off, bl.mul(i, dst.strides[j]))
				}
				store(bl.b, bl.ToStorage(y, dst.elem), bl.gep(storageType(dst.elem), dst.base, off))
			}
		})
		return err
	})
}

func (tl tensorLowering) pad(op *ir.Op) error {
	bl := tl.fc.bl
	rt, err := rankedResult(op)
	if err != nil {
		return err
	}
	p, ok := dialect.PadOf(op)
	if !ok {
		return op.Errorf("is malformed")
	}
	low, high := tl.mixedValues(p.Low), tl.mixedValues(p.High)
	in := tl.fc.vals[p.Source.ID()].sizesOf()
	sizes := make([]value.Value, len(rt.Shape))
	for j := range sizes {
		if tl.fc.mod.opts.Checks {
			tl.fc.fail(bl.icmp(enum.IPredSLT, low[j], i64c(0)), StatusShape, where(op)+" "+eval.PadMessage("low", j), low[j])
			tl.fc.fail(bl.icmp(enum.IPredSLT, high[j], i64c(0)), StatusShape, where(op)+" "+eval.PadMessage("high", j), high[j])
		}
		sizes[j] = bl.add(bl.add(in[j], low[j]), high[j])
		if s := rt.Shape[j]; s >= 0 && tl.fc.mod.opts.Checks {
			tl.fc.fail(bl.icmp(enum.IPredNE, sizes[j], i64c(s)), StatusShape, fmt.Sprintf("%s pads dimension %d to size %%lld, but the result type is %s", where(op), j, escape(ir.TypeString(rt))), sizes[j])
		}
	}
	dst := tl.buffer(op, rt, fixStatic(rt.Shape, sizes))
	if x := tl.padValue(op, p); x != nil {
		err = tl.fill(dst, x)
	} else {
		err = tl.padBody(op, dst, low, in)
	}
	if err != nil {
		return err
	}
	var at value.Value = i64c(0)
	for j := range low {
		at = bl.add(at, bl.mul(low[j], dst.strides[j]))
	}
	st, _ := ir.Shape(p.Source.Type())
	w := &view{elem: dst.elem, shape: st, base: bl.gep(storageType(dst.elem), dst.base, at), sizes: in, strides: dst.strides}
	if err := tl.fc.copyInto(w, p.Source); err != nil {
		return err
	}
	tl.fc.vals[op.Result(0).ID()] = &lowered{view: dst}
	return nil
}

// reshapeSizes returns the run-time sizes of a collapse_shape's or
// expand_shape's result, checking an expand's group sizes against its
// source's dims.
func (tl tensorLowering) reshapeSizes(op *ir.Op, groups [][]int64, expand bool, in []value.Value, rt *ir.TensorType) []value.Value {
	bl := tl.fc.bl
	if !expand {
		out := make([]value.Value, len(groups))
		at := 0
		for i, g := range groups {
			out[i] = tl.fc.bl.product(in[at : at+len(g)])
			at += len(g)
		}
		return fixStatic(rt.Shape, out)
	}
	out := fixStatic(rt.Shape, tl.mixedValues(dialect.OutputShape(op)))
	at := 0
	for i, g := range groups {
		part := out[at : at+len(g)]
		at += len(g)
		if !tl.fc.mod.opts.Checks {
			continue
		}
		var bad value.Value = bl.icmp(enum.IPredNE, tl.fc.bl.product(part), in[i])
		for _, d := range part {
			bad = bl.or(bad, bl.icmp(enum.IPredSLT, d, i64c(0)))
		}
		var args []value.Value
		args = append(args, in[i])
		text := sizesText(part, &args)
		tl.fc.fail(bad, StatusShape, where(op)+" "+eval.ExpandMessage(i, text), args...)
	}
	return out
}

// reshape lowers an expand_shape or collapse_shape: a splat stays a
// splat of the new sizes; a view is reshaped by view (expandView,
// collapseView).
func (tl tensorLowering) reshape(op *ir.Op) error {
	rt, err := rankedResult(op)
	if err != nil {
		return err
	}
	groups, _, ok := dialect.ReshapeGroups(op)
	if !ok {
		return op.Errorf("is malformed")
	}
	expand := op.Name == "tensor.expand_shape"
	in := tl.fc.vals[op.Operand(0).ID()]
	sizes := tl.reshapeSizes(op, groups, expand, in.sizesOf(), rt)
	if in.view == nil {
		tl.fc.vals[op.Result(0).ID()] = &lowered{scalar: in.scalar, sizes: sizes}
		return nil
	}
	if expand {
		tl.expandView(op, rt, groups, in.view, sizes)
		return nil
	}
	return tl.collapseView(op, rt, groups, in.view, sizes)
}

// expandView reshapes view v by an expand_shape.
func (tl tensorLowering) expandView(op *ir.Op, rt *ir.TensorType, groups [][]int64, v *view, sizes []value.Value) {
	// Dim i of stride s splits into its group's dims, strides s times
	// the sizes after each: always a view.
	strides := make([]value.Value, len(sizes))
	for k := range strides {
		strides[k] = i64c(1) // a dim of size 1 no group covers (from rank 0)
	}
	at := 0
	for i, g := range groups {
		acc := v.strides[i]
		for k := at + len(g) - 1; k >= at; k-- {
			strides[k] = acc
			acc = tl.fc.bl.mul(acc, sizes[k])
		}
		at += len(g)
	}
	tl.fc.vals[op.Result(0).ID()] = &lowered{view: &view{elem: v.elem, shape: rt.Shape, base: v.base, sizes: sizes, strides: strides, contiguous: v.contiguous}}
}

// collapseView reshapes view v by a collapse_shape: a view when each
// group is row-major within itself (always, for a row-major source), else
// a row-major copy made at run time.
func (tl tensorLowering) collapseView(op *ir.Op, rt *ir.TensorType, groups [][]int64, v *view, sizes []value.Value) error {
	bl := tl.fc.bl
	var err error
	if v.contiguous {
		tl.fc.vals[op.Result(0).ID()] = &lowered{view: &view{elem: v.elem, shape: rt.Shape, base: v.base, sizes: sizes, strides: tl.fc.bl.contig(sizes), contiguous: true}}
		return nil
	}
	rowMajor, _ := groupStrides(bl, groups, v.sizes, v.strides)
	slots := make([]value.Value, len(v.strides))
	for i := range slots {
		slots[i] = bl.alloca(i64c(0).Type())
	}
	baseSlot := bl.alloca(v.base.Type())
	keep := func(b value.Value, st []value.Value) {
		store(bl.b, b, baseSlot)
		for i, s := range st {
			store(bl.b, s, slots[i])
		}
	}
	bl.ifElse(rowMajor, "collapse.view", func() { keep(v.base, v.strides) }, func() {
		tmp := tl.fc.temp(v.elem, v.shape, v.sizes, fmt.Sprintf("%s: '%s' op", op.Pos, op.Name))
		if err = tl.fc.copyInto(tmp, op.Operand(0)); err == nil {
			keep(tmp.base, tmp.strides)
		}
	})
	if err != nil {
		return err
	}
	strides := make([]value.Value, len(v.strides))
	for i := range strides {
		strides[i] = bl.b.NewLoad(i64c(0).Type(), slots[i])
	}
	_, out := groupStrides(bl, groups, v.sizes, strides)
	tl.fc.vals[op.Result(0).ID()] = &lowered{view: &view{elem: v.elem, shape: rt.Shape, base: bl.b.NewLoad(v.base.Type(), baseSlot), sizes: sizes, strides: out}}
	return nil
}

// groupStrides reports whether each reassociation group of a view is
// row-major within itself (the dims of size 1 left out: their stride
// does not matter), and the stride of each group merged into one dim:
// that of its innermost dim of size other than 1.
func groupStrides(bl *builder, groups [][]int64, sizes, strides []value.Value) (value.Value, []value.Value) {
	not := func(x value.Value) value.Value {
		if c, ok := x.(*constant.Int); ok {
			return constant.NewBool(c.X.Sign() == 0)
		}
		return bl.b.NewXor(x, constant.True)
	}
	var ok value.Value = constant.True
	out := make([]value.Value, len(groups))
	at := 0
	for i, g := range groups {
		var have value.Value = constant.False
		var want, inner value.Value = i64c(0), i64c(1)
		for k := at + len(g) - 1; k >= at; k-- {
			unit := bl.icmp(enum.IPredEQ, sizes[k], i64c(1))
			ok = bl.and(ok, bl.or(unit, bl.or(not(have), bl.icmp(enum.IPredEQ, strides[k], want))))
			inner = bl.selectI64(bl.and(not(unit), not(have)), strides[k], inner)
			want = bl.selectI64(unit, want, bl.mul(strides[k], sizes[k]))
			have = bl.or(have, not(unit))
		}
		out[i] = inner
		at += len(g)
	}
	return ok, out
}

// lowersRegion reports whether op is an op with a region that this file
// lowers (a pad's body yields its constant padding value, a generate's
// body runs on scalars at every index).
func lowersRegion(op *ir.Op) bool { return op.Name == "tensor.pad" || op.Name == "tensor.generate" }

// nestedOperands calls f with every operand of the ops in op's regions,
// at any depth.
func nestedOperands(op *ir.Op, f func(v *ir.Value)) {
	for _, r := range op.Regions() {
		for _, b := range r.Blocks() {
			for o := range b.Ops() {
				for _, v := range o.Operands() {
					f(v)
				}
				nestedOperands(o, f)
			}
		}
	}
}

// generate lowers tensor.generate as a loop nest over the result's
// indices whose body is the op's body, lowered op by op on scalars (its
// ops may read tensors defined outside, as tensor.extract does), storing
// the yielded element. A body computing tensors is refused.
func (tl tensorLowering) generate(op *ir.Op) error {
	rt, err := rankedResult(op)
	if err != nil {
		return err
	}
	if err := tl.scalarBody(op); err != nil {
		return err
	}
	sizes := tl.dynamicSizes(op, rt)
	dst := tl.buffer(op, rt, sizes)
	body := op.Region(0).Front()
	err = tl.indexNest(sizes, "generate", func(idx []value.Value) error {
		y, err := tl.runBody(body, idx)
		if err == nil {
			tl.storeAt(op, dst, idx, y)
		}
		return err
	})
	if err != nil {
		return err
	}
	tl.fc.vals[op.Result(0).ID()] = &lowered{view: dst}
	return nil
}

// scalarBody refuses a tensor.generate's or tensor.pad's body that
// computes tensors or holds regions.
func (tl tensorLowering) scalarBody(op *ir.Op) error {
	for o := range op.Region(0).Front().Ops() {
		for _, r := range o.Results() {
			if ir.IsShaped(r.Type()) || r.ID() >= len(tl.fc.vals) {
				return o.Errorf("computes a tensor in the body of '%s', which tirc cannot lower yet", op.Name)
			}
		}
		if o.NumRegions() > 0 {
			return o.Errorf("has a region in the body of '%s', which tirc cannot lower yet", op.Name)
		}
	}
	return nil
}

// indexNest emits loops over every index below sizes, calling f with
// the indices innermost.
func (tl tensorLowering) indexNest(sizes []value.Value, name string, f func(idx []value.Value) error) error {
	idx := make([]value.Value, len(sizes))
	var nest func(d int) error
	nest = func(d int) error {
		if d == len(sizes) {
			return f(idx)
		}
		var err error
		tl.fc.bl.loop(sizes[d], name, func(i value.Value) {
			idx[d] = i
			err = nest(d + 1)
		})
		return err
	}
	return nest(0)
}

// runBody lowers a scalar body (its block arguments the indices idx) and
// returns the value it yields.
func (tl tensorLowering) runBody(body *ir.Block, idx []value.Value) (value.Value, error) {
	for j, a := range body.Args() {
		tl.fc.vals[a.ID()] = &lowered{scalar: idx[j]}
	}
	for o := range body.Ops() {
		if o.Has(ir.TraitTerminator) {
			return tl.fc.vals[o.Operand(0).ID()].scalar, nil
		}
		if err := tl.fc.lowerOp(o); err != nil {
			return nil, err
		}
	}
	return nil, fmt.Errorf("body has no terminator")
}
