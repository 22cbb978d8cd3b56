package plan

import (
	"fmt"

	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/traits"
)

// The nests of copies and fills in the pre-pass: the emitter copies a
// value into a buffer where an op cannot compute into it (the caller's
// result buffer for an argument returned, a destination read again, a
// concatenation's operand that is not a fused tree, ...) and fills a
// buffer with one scalar (a pad's border). Each such nest is one loop
// per dimension on threads by its size; its store is decided as for any
// nest.

// copyNest plans the nest copying v into a buffer of sizes dst (v's,
// with the destination type's static dims where given) read through
// view to, why it is made.
func (pp *prepass) copyNest(v *ir.Value, dst []sym, to *vlay, why string) *Nest {
	shape, _ := ir.Shape(v.Type())
	leaf := &pnode{elem: ir.ElementType(v.Type()), shape: shape, sizes: pp.sizesOf(v), base: pp.base[v], val: v}
	what := "copy"
	if pp.layoutOf(v).none {
		what = "fill" // a splat's one value
	}
	n := pp.fillNest(leaf, dst, to, what)
	n.Copy = why
	return n
}

// fillNest plans the nest writing leaf (a value copied, or a splat
// filled) into a buffer of sizes dst read through view to: the
// emitter's nest whose root is the leaf, one loop per dimension over the
// leaf's sizes. Its layout is guarded unless both views fold row-major.
func (pp *prepass) fillNest(leaf *pnode, dst []sym, to *vlay, what string) *Nest {
	ext := leaf.sizes
	if ext == nil {
		ext = dst
	}
	n := &Nest{Op: what, Group: -1, RowRun: -1}
	for _, s := range ext {
		n.Loops = append(n.Loops, Loop{Kind: ir.Parallel, Extent: s.value()})
	}
	n.Threads = NewThreads(pp.facts.ParallelMin, pp.product(ext).value())
	out := &pnode{elem: leaf.elem, shape: leaf.shape, sizes: dst}
	if leaf.base != 0 {
		out.kids = []*pnode{leaf}
	}
	n.Store = pp.store(out)
	pp.copyFast(n, ext, dst, leaf)
	if leaf.val != nil {
		if l := pp.layoutOf(leaf.val); !foldsRowMajor(l, leaf.sizes) {
			n.Layout, n.LayoutWhy = Guarded, l.why
		}
	}
	if n.Layout == RowMajor && !foldsRowMajor(to, dst) {
		n.Layout, n.LayoutWhy = Guarded, to.why
	}
	pp.p.Nests = append(pp.p.Nests, n)
	return n
}

// copyFast decides the row-major version of a copy's or a fill's nest
// (PlanFast): over extents ext, its output of sizes dst, and the leaf's
// view unless it is a splat; no loop description.
func (pp *prepass) copyFast(n *Nest, ext, dst []sym, leaf *pnode) {
	f := MergeFacts{Fast: true}
	ident := make([]ir.DimMap, len(ext))
	for d, s := range ext {
		f.Sizes = append(f.Sizes, s.value())
		ident[d] = ir.Dim(d)
	}
	view := func(ss []sym) ViewFacts {
		v := ViewFacts{Map: ident, Sizes: make([]int64, len(ss)), Same: make([]bool, len(ss))}
		for j, s := range ss {
			v.Sizes[j], v.Same[j] = s.value(), j < len(ext) && s == ext[j]
		}
		return v
	}
	f.Views = append(f.Views, view(dst))
	if leaf.base != 0 {
		f.Views = append(f.Views, view(leaf.sizes))
	}
	n.PlanFast(f, true)
	n.Fence = n.streams(f)
}

// ret plans the copies of the returned tensors not computed into the
// caller's buffers: each but a value whose only use is the return, of
// the result's type, computed by a nest, a concatenation, a contraction,
// a region kernel or a tensor op writing a buffer (TensorBuffer), which
// write into the caller's buffer.
func (pp *prepass) ret(ret *ir.Op, results []ir.Type) {
	for k, a := range ret.Operands() {
		rt, ok := a.Type().(*ir.TensorType)
		if !ok || k >= len(results) {
			continue
		}
		if pp.intoResult(a, k, results[k]) {
			continue
		}
		want, _ := results[k].(*ir.TensorType)
		sizes := append([]sym(nil), pp.sizes[a]...)
		if len(sizes) != len(rt.Shape) {
			sizes = make([]sym, len(rt.Shape))
			for d := range sizes {
				sizes[d] = pp.symbol()
			}
		}
		if want != nil && len(want.Shape) == len(sizes) {
			for d, s := range want.Shape {
				if s >= 0 {
					sizes[d] = constSym(s)
				}
			}
		}
		to := &vlay{why: fmt.Sprintf("result #%d is the caller's buffer, its strides known at run time", k)}
		pp.copyNest(a, sizes, to, fmt.Sprintf("result #%d into the caller's buffer", k))
	}
}

// intoResult reports whether a is computed into result k's buffer by
// its op (the emitter's returnedOnce and returnedOnceDone).
func (pp *prepass) intoResult(a *ir.Value, k int, t ir.Type) bool {
	uses := a.Uses()
	if len(uses) != 1 || uses[0].Index != k || !ir.TypeEqual(a.Type(), t) {
		return false
	}
	d := a.Def()
	if d == nil {
		return false
	}
	return pp.fusible(d) != nil || d.Has(traits.Concatenate) || (pp.facts.Contraction != nil && pp.facts.Contraction(d)) ||
		(d.Def != nil && d.Def.Kernel == ir.KernelRegion) || TensorBuffer(d)
}

// regionInits plans a region kernel's copies of its outs' values into
// its results' buffers (none for a tensor.empty), and gives the results
// storage of their own.
func (pp *prepass) regionInits(op *ir.Op) {
	nIns := op.NumOperands() - op.NumResults()
	for r, v := range op.Results() {
		init := op.Operand(nIns + r)
		pp.fresh(v, v.Type())
		if d := init.Def(); d == nil || d.Name != "tensor.empty" {
			pp.copyNest(init, pp.sizesOf(init), pp.owned(v), fmt.Sprintf("the outs' values of %s at %s into its result's buffer", op.Name, pos(op.Pos)))
		}
	}
}

// sizesOf is v's sizes, new symbols where unknown.
func (pp *prepass) sizesOf(v *ir.Value) []sym {
	if s, ok := pp.sizes[v]; ok {
		return s
	}
	shape, _ := ir.Shape(v.Type())
	s := make([]sym, len(shape))
	for d, n := range shape {
		if n >= 0 {
			s[d] = constSym(n)
		} else {
			s[d] = pp.symbol()
		}
	}
	return s
}
