package plan

import (
	"fmt"

	"github.com/tirc/tirc/dialect"
	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/traits"
)

// The buffers of the pre-pass, as far as the nests of copies depend on
// them beyond the views (layoutOf: a splat has none, a row-major view
// needs no copy to be reshaped): whether a value's buffer is one the
// function allocated for it (own: an insert may write into it in place)
// and the temporary's owner its view starts at (slot: an scf op may take
// it over). PlanCarries decides those hand-offs (owners.go); the
// pre-pass decides the ones of a contraction's buffers, once it has
// planned the contraction.

// hold is the pre-pass's view of a value's buffer.
type hold struct {
	own bool
	// slot is the temporary's owner, which an scf op may take over (0:
	// none; a view of a temporary keeps its base, hence its slot).
	slot int
}

// result is the buffer an op computes its result v into: the caller's
// when v is only returned (returnedOnce), else a temporary of its own.
func (pp *prepass) result(v *ir.Value) hold {
	if ReturnedOnce(v) >= 0 {
		return hold{}
	}
	return hold{own: true, slot: pp.newSlot()}
}

// buffers notes the buffers of op's results, and plans the copies and
// fills a tensor op makes (the emitter's tensor_ops.go and move.go):
// an insert's copy of its destination unless it writes in place, an
// insert_slice's copy of its source, a pad's fill and copy, a reshape's
// or collapse's copy of a source not known row-major (made at run time
// when it is not).
func (pp *prepass) buffers(op *ir.Op) {
	pp.tensorSizes(op)
	in := func(i int) hold { return pp.holds[op.Operand(i)] }
	set := func(b hold) {
		if op.NumResults() > 0 {
			pp.holds[op.Result(0)] = b
		}
	}
	switch {
	case op.Has(traits.Cast):
		b := in(0)
		b.own = false
		set(b)
	case op.Has(traits.Reshape):
		pp.reshapeSizes(op)
		b, l := in(0), pp.layoutOf(op.Operand(0))
		if l.none {
			set(b)
			return
		}
		if !l.rowMajor {
			pp.copyNest(op.Operand(0), pp.sizesOf(op.Operand(0)), rowMajorView, fmt.Sprintf("the operand of %s at %s into a row-major temporary, when it is not row-major at run time", op.Name, pos(op.Pos)))
			pp.newSlot()
			b.slot = 0
		}
		set(hold{slot: b.slot})
	case op.Name == "tensor.expand_shape":
		b := in(0)
		b.own = false
		set(b)
	case op.Name == "tensor.extract_slice":
		b := in(0)
		b.own, b.slot = false, 0
		set(b)
	case op.Name == "tensor.collapse_shape":
		b := in(0)
		if l := pp.layoutOf(op.Operand(0)); !l.none && !l.rowMajor {
			pp.copyNest(op.Operand(0), pp.sizesOf(op.Operand(0)), rowMajorView, fmt.Sprintf("the source of %s at %s into a row-major temporary, when its groups are not row-major at run time", op.Name, pos(op.Pos)))
			pp.newSlot()
			b.slot = 0
		}
		b.own = false
		set(b)
	case op.Name == "tensor.insert" || op.Name == "tensor.insert_slice":
		pp.insert(op)
	case op.Name == "tensor.pad":
		pp.pad(op)
	case op.Name == "tensor.empty" || op.Name == "tensor.from_elements" || op.Name == "tensor.generate" ||
		op.Has(traits.Concatenate) || (op.Def != nil && op.Def.Kernel == ir.KernelRegion) || pp.fusible(op) != nil ||
		(pp.facts.Contraction != nil && pp.facts.Contraction(op)):
		for _, r := range op.Results() {
			pp.holds[r] = pp.result(r)
		}
	case op.Has(traits.ConstantLike):
		if op.NumResults() == 1 {
			set(hold{})
		}
	default:
		for _, r := range op.Results() {
			pp.holds[r] = hold{}
		}
	}
}

// insert plans tensor.insert's and insert_slice's copies: of the
// destination unless the op writes into it in place (its only use, in a
// buffer of its own), then of an insert_slice's source into the window.
func (pp *prepass) insert(op *ir.Op) {
	dest := op.Operand(1)
	if op.Name == "tensor.insert_slice" {
		s, ok := dialect.SliceOf(op)
		if !ok {
			return
		}
		dest = s.Dest
	}
	b := pp.holds[dest]
	in := pp.inPlace(op, dest, b)
	if in.InPlace {
		pp.holds[op.Result(0)] = b
	} else {
		pp.holds[op.Result(0)] = pp.result(op.Result(0))
		sizes := pp.sizesOf(dest)
		if rt, ok := op.Result(0).Type().(*ir.TensorType); ok && len(rt.Shape) == len(sizes) {
			sizes = append([]sym(nil), sizes...)
			for d, n := range rt.Shape {
				if n >= 0 {
					sizes[d] = constSym(n)
				}
			}
		}
		pp.copyNest(dest, sizes, pp.owned(op.Result(0)), fmt.Sprintf("the destination of %s at %s (%s)", op.Name, pos(op.Pos), in.Why))
	}
	if op.Name == "tensor.insert_slice" {
		src := op.Operand(0)
		pp.copyNest(src, pp.windowSizes(op, src), pp.sliceWindow(op, dest), fmt.Sprintf("the source of %s at %s into its window", op.Name, pos(op.Pos)))
	}
}

// inPlace is the plan of insert op: whether it writes into dest's
// buffer (held as b):
// the plan's (PlanCarries), or where it left the choice to the
// emitter's view (a buffer a contraction's lowering chose), decided here
// as the emitter would: dest's only use, in a buffer allocated for it
// (not a cast of one), the result not only returned.
func (pp *prepass) inPlace(op *ir.Op, dest *ir.Value, b hold) *Insert {
	in := pp.p.InsertOf(op)
	if in == nil {
		in = &Insert{}
	}
	if !in.Decided {
		d := dest.Def()
		switch {
		case len(dest.Uses()) != 1:
			in.Why = WhyReadAgain
		case ReturnedOnce(op.Result(0)) >= 0:
			in.Why = WhyReturned
		case !b.own || d == nil || d.Has(traits.Cast):
			in.Why = WhyDestNotOwn
		default:
			in.InPlace, in.Why = true, WhyInsertInPlace
		}
		in.Decided = true
	}
	return in
}

// pad plans tensor.pad's nests: the fill of its buffer with a padding
// value that does not depend on the indices (else the body runs at each
// index outside the window, in a loop of its own), then the copy of the
// source into the window.
func (pp *prepass) pad(op *ir.Op) {
	p, ok := dialect.PadOf(op)
	if !ok {
		return
	}
	r := op.Result(0)
	pp.holds[r] = pp.result(r)
	if padFilled(p) {
		shape, _ := ir.Shape(r.Type())
		n := pp.fillNest(&pnode{elem: ir.ElementType(r.Type()), shape: shape}, pp.sizesOf(r), pp.owned(r), "fill")
		n.Copy = fmt.Sprintf("the padding value of %s at %s over its buffer", op.Name, pos(op.Pos))
	}
	pp.copyNest(p.Source, pp.sizesOf(p.Source), pp.padWindow(r, p.Source), fmt.Sprintf("the source of %s at %s into its window", op.Name, pos(op.Pos)))
}

// padFilled reports whether a pad's padding value is one scalar (an
// integer or float constant, or a value from outside its body: the
// emitter's padValue).
func padFilled(p *dialect.Pad) bool {
	c := p.Const
	if p.Value != nil && p.Value.Def() != nil && p.Value.Def().Has(traits.ConstantLike) {
		c = p.Value.Def()
	}
	if c != nil {
		switch c.Attr("value").(type) {
		case *ir.IntAttr, *ir.FloatAttr:
			return true
		}
	}
	return p.Value != nil && p.Const == nil && (p.Value.Def() == nil || p.Value.Def().Block() == nil || p.Value.Def().Block().ParentOp() != nil)
}

// reshapeSizes gives a reshape's result the sizes the emitter computes:
// its type's, and the dynamic one (at most one) the operand's count over
// the others' product, a constant when the count is one.
func (pp *prepass) reshapeSizes(op *ir.Op) {
	r := op.Result(0)
	rt, ok := r.Type().(*ir.TensorType)
	if !ok || rt.Unranked {
		return
	}
	count := pp.product(pp.sizesOf(op.Operand(0)))
	known, dyn := int64(1), -1
	for d, n := range rt.Shape {
		if n < 0 {
			dyn = d
		} else {
			known *= n
		}
	}
	if dyn < 0 || !count.known() || known == 0 {
		return
	}
	s := append([]sym(nil), pp.sizesOf(r)...)
	s[dyn] = constSym(count.c / known)
	pp.sizes[r] = s
}

// windowSizes are the sizes of insert_slice op's window (the emitter's
// sliceWindow): the source's static dims, else the slice's constant
// sizes, else sizes known at run time.
func (pp *prepass) windowSizes(op *ir.Op, src *ir.Value) []sym {
	shape, _ := ir.Shape(src.Type())
	vo, _ := pp.viewOf(op)
	out := make([]sym, len(shape))
	for j, n := range shape {
		switch {
		case n >= 0:
			out[j] = constSym(n)
		case j < len(vo.Sizes) && vo.Sizes[j] != Dynamic:
			out[j] = constSym(vo.Sizes[j])
		default:
			out[j] = pp.symbol()
		}
	}
	return out
}

// sliceWindow is the view of insert_slice op's window of its
// destination's buffer: the slice's steps times the buffer's strides.
func (pp *prepass) sliceWindow(op *ir.Op, dest *ir.Value) *vlay {
	vo, ok := pp.viewOf(op)
	why := fmt.Sprintf("the window of %s at %s", op.Name, pos(op.Pos))
	in := pp.owned(op.Result(0))
	if !ok || !in.rowMajor {
		return &vlay{why: why}
	}
	strides := contigSyms(pp.sizesOf(dest))
	out := &vlay{why: why}
	for j, step := range vo.Steps {
		if j < len(vo.Dropped) && vo.Dropped[j] {
			continue
		}
		s := unknown
		if step != Dynamic && j < len(strides) {
			s = mulSym(constSym(step), strides[j])
		}
		out.strides = append(out.strides, s)
	}
	return out
}

// padWindow is the view of a pad's source's window of its result r's
// buffer: the buffer's strides over the source's sizes.
func (pp *prepass) padWindow(r, src *ir.Value) *vlay {
	why := fmt.Sprintf("the window of %s at %s", r.Def().Name, pos(r.Def().Pos))
	if !pp.owned(r).rowMajor {
		return &vlay{why: why}
	}
	return &vlay{why: why, strides: contigSyms(pp.sizesOf(r))}
}

// viewOf is the slice or reshape op describes (Facts.View).
func (pp *prepass) viewOf(op *ir.Op) (ViewOp, bool) {
	if pp.facts.View == nil {
		return ViewOp{}, false
	}
	return pp.facts.View(op)
}

// index is the size an index value gives: its constant, else the
// value's own symbol (the emitter reads the same value: the same size).
func (pp *prepass) index(v *ir.Value) sym {
	if v == nil {
		return pp.symbol()
	}
	if d := v.Def(); d != nil && d.Has(traits.ConstantLike) {
		if a, ok := d.Attr("value").(*ir.IntAttr); ok {
			return constSym(a.Value)
		}
	}
	if s, ok := pp.idx[v]; ok {
		return s
	}
	s := pp.symbol()
	if pp.idx == nil {
		pp.idx = map[*ir.Value]sym{}
	}
	pp.idx[v] = s
	return s
}

// mixed is the size at i of a mixed static/dynamic list.
func (pp *prepass) mixed(m dialect.MixedList, i int) sym {
	n, v := m.At(i)
	if v == nil && n != dialect.KDynamic {
		return constSym(n)
	}
	return pp.index(v)
}

// tensorSizes gives the result of a tensor op the sizes the emitter
// computes (tensor_ops.go): a tensor.empty's or generate's index
// operands, a slice's sizes, a reshape's products or output shape, a
// pad's source plus its low and high padding, an insert's destination's;
// the type's static dims where it has them.
func (pp *prepass) tensorSizes(op *ir.Op) {
	if op.NumResults() == 0 {
		return
	}
	r := op.Result(0)
	rt, ok := r.Type().(*ir.TensorType)
	if !ok || rt.Unranked {
		return
	}
	var out []sym
	switch op.Name {
	case "tensor.empty", "tensor.generate":
		k := 0
		for _, n := range rt.Shape {
			if n < 0 && k < op.NumOperands() {
				out = append(out, pp.index(op.Operand(k)))
				k++
			} else {
				out = append(out, constSym(max(n, 0)))
			}
		}
	case "tensor.extract_slice":
		s, ok := dialect.SliceOf(op)
		dropped, ok2 := dialect.SliceDropped(op, s)
		if !ok || !ok2 {
			return
		}
		for j, d := range dropped {
			if !d {
				out = append(out, pp.mixed(s.Sizes, j))
			}
		}
	case "tensor.collapse_shape", "tensor.expand_shape":
		out = pp.reshapeOut(op)
	case "tensor.pad":
		p, ok := dialect.PadOf(op)
		in := pp.sizesOf(p.Source)
		if !ok || len(in) != len(rt.Shape) {
			return
		}
		for j := range in {
			out = append(out, pp.addSym(pp.addSym(in[j], pp.mixed(p.Low, j)), pp.mixed(p.High, j)))
		}
	case "tensor.insert", "tensor.insert_slice":
		out = append(out, pp.sizesOf(op.Operand(1))...)
	default:
		return
	}
	if len(out) != len(rt.Shape) {
		return
	}
	for d, n := range rt.Shape {
		if n >= 0 {
			out[d] = constSym(n)
		}
	}
	pp.sizes[r] = out
}

// reshapeOut are a collapse's group products or an expand's output
// shape.
func (pp *prepass) reshapeOut(op *ir.Op) []sym {
	groups, expand, ok := dialect.ReshapeGroups(op)
	if !ok {
		return nil
	}
	var out []sym
	if expand {
		m := dialect.OutputShape(op)
		for j := range m.Static {
			out = append(out, pp.mixed(m, j))
		}
		return out
	}
	in := pp.sizesOf(op.Operand(0))
	at := 0
	for _, g := range groups {
		if at+len(g) > len(in) {
			return nil
		}
		out = append(out, pp.product(in[at:at+len(g)]))
		at += len(g)
	}
	return out
}

// addSym is the emitter's folding sum of two sizes (a new symbol when
// known at run time only).
func (pp *prepass) addSym(a, b sym) sym {
	switch {
	case a.known() && b.known():
		return constSym(a.c + b.c)
	case b.known() && b.c == 0:
		return a
	case a.known() && a.c == 0:
		return b
	}
	return pp.symbol()
}
