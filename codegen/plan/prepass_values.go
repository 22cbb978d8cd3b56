package plan

import (
	"fmt"

	"github.com/tirc/tirc/dialect"
	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/traits"
)

// The buffers of the pre-pass: what the emitter's view of each tensor
// value will be, as far as the nests of copies depend on it. A value is
// a splat (no buffer: a scalar in a shape), or a view whose strides are
// known row-major (contiguous) or not, in a buffer the function
// allocated for it (own: an op may write into it in place) or not.

// buf is the pre-pass's view of a value's buffer.
type buf struct {
	splat, contig, own bool
	// slot is the temporary's owner, which an scf op may take over (0:
	// none; a view of a temporary keeps its base, hence its slot).
	slot int
}

// result is the buffer an op computes its result v into: the caller's
// when v is only returned (returnedOnce), else a temporary of its own.
func (pp *prepass) result(v *ir.Value) buf {
	if pp.returnedOnce(v) {
		return buf{contig: pp.facts.FastEntry}
	}
	return buf{contig: true, own: true, slot: pp.newSlot()}
}

// returnedOnce reports whether v's only use is the function's return,
// at a result of v's type (the emitter then computes it into the
// caller's buffer).
func (pp *prepass) returnedOnce(v *ir.Value) bool {
	uses := v.Uses()
	if len(uses) != 1 || uses[0].Op == nil || !uses[0].Op.Has(ir.TraitTerminator) || uses[0].Op.Block() != nil {
		return false
	}
	k := uses[0].Index
	if k >= len(pp.results) {
		return false
	}
	_, ok := pp.results[k].(*ir.TensorType)
	return ok && ir.TypeEqual(v.Type(), pp.results[k])
}

// buffers notes the buffers of op's results, and plans the copies and
// fills a tensor op makes (the emitter's tensor_ops.go and move.go):
// an insert's copy of its destination unless it writes in place, an
// insert_slice's copy of its source, a pad's fill and copy, a reshape's
// or collapse's copy of a source not known row-major (made at run time
// when it is not).
func (pp *prepass) buffers(op *ir.Op) {
	in := func(i int) buf { return pp.bufs[op.Operand(i)] }
	set := func(b buf) {
		if op.NumResults() > 0 {
			pp.bufs[op.Result(0)] = b
		}
	}
	switch {
	case op.Has(traits.Cast):
		b := in(0)
		b.own = false
		set(b)
	case op.Has(traits.Reshape):
		pp.reshapeSizes(op)
		b := in(0)
		if b.splat {
			set(b)
			return
		}
		if !b.contig {
			pp.copyNest(op.Operand(0), pp.sizesOf(op.Operand(0)), "a strided operand not row-major at run time, into a row-major temporary")
			pp.newSlot()
			b.slot = 0
		}
		set(buf{contig: true, slot: b.slot})
	case op.Name == "tensor.expand_shape":
		b := in(0)
		b.own = false
		set(b)
	case op.Name == "tensor.extract_slice":
		b := in(0)
		b.own, b.contig, b.slot = false, false, 0
		set(b)
	case op.Name == "tensor.collapse_shape":
		b := in(0)
		if !b.splat && !b.contig {
			pp.copyNest(op.Operand(0), pp.sizesOf(op.Operand(0)), "a source whose groups are not row-major at run time, into a row-major temporary")
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
			pp.bufs[r] = pp.result(r)
		}
	case op.Has(traits.ConstantLike):
		if op.NumResults() == 1 {
			set(buf{splat: pp.base[op.Result(0)] == 0, contig: true})
		}
	default:
		for _, r := range op.Results() {
			pp.bufs[r] = buf{contig: true}
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
	b := pp.bufs[dest]
	d := dest.Def()
	if len(dest.Uses()) == 1 && !pp.returnedOnce(op.Result(0)) && !b.splat && b.own && d != nil && !d.Has(traits.Cast) {
		pp.bufs[op.Result(0)] = b
	} else {
		pp.bufs[op.Result(0)] = pp.result(op.Result(0))
		sizes := pp.sizesOf(dest)
		if rt, ok := op.Result(0).Type().(*ir.TensorType); ok && len(rt.Shape) == len(sizes) {
			sizes = append([]sym(nil), sizes...)
			for d, n := range rt.Shape {
				if n >= 0 {
					sizes[d] = constSym(n)
				}
			}
		}
		pp.copyNest(dest, sizes, fmt.Sprintf("the destination of %s at %s", op.Name, pos(op.Pos)))
	}
	if op.Name == "tensor.insert_slice" {
		src := op.Operand(0)
		pp.copyNest(src, pp.sizesOf(src), fmt.Sprintf("the source of %s at %s into its window", op.Name, pos(op.Pos)))
	}
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
	pp.bufs[r] = pp.result(r)
	if padFilled(p) {
		shape, _ := ir.Shape(r.Type())
		pp.fillNest(&pnode{elem: ir.ElementType(r.Type()), shape: shape}, pp.sizesOf(r), "fill")
	}
	pp.copyNest(p.Source, pp.sizesOf(p.Source), fmt.Sprintf("the source of %s at %s into its window", op.Name, pos(op.Pos)))
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
