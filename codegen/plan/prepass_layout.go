package plan

import (
	"fmt"

	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/traits"
)

// The layouts of the pre-pass. The emitter reads a tensor value through
// a view: a base, sizes and strides. The view of a buffer the function
// allocates (a nest's output, a temporary, a dense constant, an scf
// op's buffer, a fast entry's argument or result) is known row-major;
// an argument's or a callee's descriptor, the caller's result buffer
// and a slice are views whose strides are known at run time, or are
// constants only where the emitter folds them (a slice of a static
// buffer). A nest is RowMajor when every view it captures is known
// row-major or folds to row-major (each dimension of size 1, or of a
// constant stride equal to its row-major one: the emitter's layout
// test, constant-folded), else Guarded: a run-time test of the strides
// picks its row-major version or its strided one.

// ViewOp is a tensor op whose result is a view of its operand's buffer
// (Facts.View): a slice, or a reshape by reassociation groups.
type ViewOp struct {
	// Slice: the result is a window of the source with Steps (per
	// source dimension, Dynamic where known at run time); Dropped are
	// the dimensions the result type drops, Sizes the kept dimensions'
	// sizes (Dynamic where known at run time).
	Slice   bool
	Steps   []int64
	Dropped []bool
	Sizes   []int64
	// Expand or collapse by reassociation Groups.
	Expand, Collapse bool
	// Into: the slice is an insert_slice's window of its destination
	// (its result is not a view).
	Into   bool
	Groups [][]int64
}

// vlay is what the emitter's view of a value knows of its strides.
type vlay struct {
	// none: no view (a splat or a scalar, read as one value).
	none     bool
	rowMajor bool
	// strides are the view's strides when not known row-major:
	// constants where the emitter folds them (nil: none known); sizes
	// its own sizes where they differ from the value's (a slice's).
	strides, sizes []sym
	// why names the view when it is not known row-major.
	why string
}

var (
	rowMajorView = &vlay{rowMajor: true}
	noView       = &vlay{none: true}
	unknown      = sym{id: -1} // a stride known at run time
)

// setArgLayouts gives f's tensor arguments their views: descriptors
// read at run time, row-major in a fast entry.
func (pp *prepass) setArgLayouts(f *ir.Func) {
	pp.lay = map[*ir.Value]*vlay{}
	for i, a := range f.Args() {
		switch {
		case !isTensor(a.Type()):
			pp.lay[a] = noView
		case pp.facts.FastEntry:
			pp.lay[a] = rowMajorView
		default:
			pp.lay[a] = &vlay{why: fmt.Sprintf("argument #%d's strides are known at run time", i)}
		}
	}
}

func isTensor(t ir.Type) bool {
	tt, ok := t.(*ir.TensorType)
	return ok && !tt.Unranked
}

// layoutOf is the view of v: unknown strides for a value the pre-pass
// did not follow.
func (pp *prepass) layoutOf(v *ir.Value) *vlay {
	if l := pp.lay[v]; l != nil {
		return l
	}
	if !isTensor(v.Type()) {
		return noView
	}
	why := "a value whose strides are known at run time"
	if d := v.Def(); d != nil {
		why = fmt.Sprintf("%s at %s: %s", d.Name, pos(d.Pos), why)
	}
	return &vlay{why: why}
}

// owned is the view of the buffer v is computed into: the caller's
// result buffer when its only use is the return (in the general body:
// strides read from the descriptor), else a buffer of the function's.
func (pp *prepass) owned(v *ir.Value) *vlay {
	if pp.facts.FastEntry {
		return rowMajorView
	}
	if k := ReturnedOnce(v); k >= 0 {
		return &vlay{why: fmt.Sprintf("result #%d is the caller's buffer, its strides known at run time", k)}
	}
	return rowMajorView
}

// ReturnedOnce is k when v's only use is operand k of the function's
// return and result k is a tensor of v's type (the lowering computes v
// into the caller's buffer), else -1.
func ReturnedOnce(v *ir.Value) int {
	uses := v.Uses()
	if len(uses) != 1 {
		return -1
	}
	u := uses[0]
	if u.Op == nil || !u.Op.Has(ir.TraitTerminator) || u.Op.Block() != nil {
		return -1
	}
	f := u.Op.Func()
	if f == nil || u.Index >= len(f.ResultTypes) || !isTensor(f.ResultTypes[u.Index]) || !ir.TypeEqual(v.Type(), f.ResultTypes[u.Index]) {
		return -1
	}
	return u.Index
}

// setLayouts gives the tensor results of op (lowered: not inlined)
// their views, as the emitter lowers op.
func (pp *prepass) setLayouts(op *ir.Op) {
	for _, r := range op.Results() {
		if !isTensor(r.Type()) {
			pp.lay[r] = noView
		}
	}
	if op.NumResults() == 0 || !isTensor(op.Result(0).Type()) {
		return
	}
	v := op.Result(0)
	vo, isView := ViewOp{}, false
	if pp.facts.View != nil {
		vo, isView = pp.facts.View(op)
	}
	switch {
	case op.Has(traits.ConstantLike):
		pp.lay[v] = rowMajorView
		if pp.base[v] == 0 {
			pp.lay[v] = noView // a splat
		}
	case op.Has(traits.Cast):
		pp.lay[v] = pp.layoutOf(op.Operand(0))
	case op.Has(traits.Reshape):
		pp.lay[v] = rowMajorView // after a copy when strided at run time
		if pp.layoutOf(op.Operand(0)).none {
			pp.lay[v] = noView
		}
	case isView && !vo.Into:
		pp.lay[v] = pp.viewLayout(op, vo)
	case op.Name == "func.call":
		for k, r := range op.Results() {
			if isTensor(r.Type()) {
				pp.lay[r] = &vlay{why: fmt.Sprintf("result #%d of func.call at %s: its strides are known at run time", k, pos(op.Pos))}
			}
		}
	case op.Name == "scf.for" || op.Name == "scf.if" || op.Name == "scf.while":
		for _, r := range op.Results() {
			if isTensor(r.Type()) {
				pp.lay[r] = rowMajorView // a buffer the scf op hands on
			}
		}
	case pp.ownsResult(op):
		for _, r := range op.Results() {
			if isTensor(r.Type()) {
				pp.lay[r] = pp.owned(r)
			}
		}
	}
}

// ownsResult reports whether the emitter computes op's results into
// buffers of their own (owned): nests, concatenations, contractions,
// linalg reductions and the tensor ops writing a buffer.
func (pp *prepass) ownsResult(op *ir.Op) bool {
	if TensorBuffer(op) {
		return true
	}
	return pp.fusible(op) != nil || op.Has(traits.Concatenate) || (pp.facts.Contraction != nil && pp.facts.Contraction(op)) ||
		(op.Def != nil && op.Def.Kernel == ir.KernelRegion)
}

// TensorBuffer reports a tensor op whose lowering writes its result
// into a buffer of its own, the caller's when the result is only
// returned (tensor_ops.go's buffer; an insert writing in place is never
// only returned).
func TensorBuffer(op *ir.Op) bool {
	switch op.Name {
	case "tensor.empty", "tensor.from_elements", "tensor.generate", "tensor.pad", "tensor.insert", "tensor.insert_slice":
		return true
	}
	return false
}

// viewLayout is the view of a slice's or a reshape's result (the
// emitter's sliceWindow, expandView and collapseView).
func (pp *prepass) viewLayout(op *ir.Op, vo ViewOp) *vlay {
	src := op.Operand(0)
	in, v := pp.layoutOf(src), op.Result(0)
	inSizes := pp.sizes[src]
	if in.none {
		return noView
	}
	strides := in.strides
	if in.rowMajor {
		strides = contigSyms(inSizes)
	}
	stride := func(j int) sym {
		if j < len(strides) {
			return strides[j]
		}
		return unknown
	}
	switch {
	case vo.Slice:
		out := &vlay{why: fmt.Sprintf("%s at %s is a strided view", op.Name, pos(op.Pos))}
		sizes := pp.sizes[v]
		for j, step := range vo.Steps {
			if j < len(vo.Dropped) && vo.Dropped[j] {
				continue
			}
			s := unknown
			if step != Dynamic {
				s = mulSym(constSym(step), stride(j))
			}
			out.strides = append(out.strides, s)
		}
		out.sizes = make([]sym, len(vo.Sizes))
		for j, n := range vo.Sizes {
			switch {
			case n != Dynamic:
				out.sizes[j] = constSym(n)
			case j < len(sizes):
				out.sizes[j] = sizes[j]
			default:
				out.sizes[j] = unknown
			}
		}
		return out
	case in.rowMajor:
		return rowMajorView
	case vo.Collapse:
		return &vlay{why: in.why} // strides chosen at run time
	}
	// An expand: each dimension of the source splits into its group's.
	sizes := pp.sizes[v]
	out := &vlay{why: in.why, strides: make([]sym, len(sizes))}
	for k := range out.strides {
		out.strides[k] = constSym(1)
	}
	at := 0
	for i, g := range vo.Groups {
		acc := stride(i)
		for k := at + len(g) - 1; k >= at && k < len(sizes); k-- {
			out.strides[k] = acc
			acc = mulSym(acc, sizes[k])
		}
		at += len(g)
	}
	return out
}

// window is the view of operand k of concatenation op (lowered into
// its window of the result): row-major when the result is and every
// dimension before the concatenated one has size 1, else the result's
// strides.
func (pp *prepass) window(op *ir.Op, d int) *vlay {
	dst := pp.owned(op.Result(0))
	out := concatSizes(op, d)
	if dst.rowMajor {
		unit := true
		for _, s := range out[:min(d, len(out))] {
			unit = unit && s.known() && s.c == 1
		}
		if unit {
			return rowMajorView
		}
		return &vlay{why: fmt.Sprintf("a window of %s at %s", op.Name, pos(op.Pos)), strides: contigSyms(out)}
	}
	return dst
}

// concatSizes are the sizes of concatenation op's result as far as the
// emitter knows them as constants: the type's, else the sum of the
// operands' along d and an operand's static size elsewhere.
func concatSizes(op *ir.Op, d int) []sym {
	shape, _ := ir.Shape(op.Result(0).Type())
	out := make([]sym, len(shape))
	for j, s := range shape {
		out[j] = unknown
		if s >= 0 {
			out[j] = constSym(s)
			continue
		}
		sum := int64(0)
		for _, v := range op.Operands() {
			sh, _ := ir.Shape(v.Type())
			switch {
			case j >= len(sh) || sh[j] < 0:
				sum = Dynamic
			case j != d:
				out[j] = constSym(sh[j])
			case sum != Dynamic:
				sum += sh[j]
			}
		}
		if j == d && sum != Dynamic {
			out[j] = constSym(sum)
		}
	}
	return out
}

// layout decides n's layout (Nest.Layout): dst is the view of the
// nest's output, root its tree. The reason names the first view read,
// else the output, that is not known row-major.
func (pp *prepass) layout(n *Nest, root *pnode, dst *vlay) {
	why := ""
	check := func(l *vlay, sizes []sym) {
		if why == "" && !foldsRowMajor(l, sizes) {
			why = l.why
		}
	}
	var walk func(k *pnode)
	walk = func(k *pnode) {
		if k.op == nil && k.val != nil {
			check(pp.layoutOf(k.val), k.sizes)
		}
		for _, c := range k.kids {
			walk(c)
		}
	}
	walk(root)
	check(dst, root.sizes)
	if why != "" {
		n.Layout, n.LayoutWhy = Guarded, why
	}
}

// foldsRowMajor reports whether the emitter's test that view l of
// sizes is row-major folds to true: every dimension has the constant
// size 1 or a constant stride equal to its row-major one.
func foldsRowMajor(l *vlay, sizes []sym) bool {
	if l.none || l.rowMajor {
		return true
	}
	if l.sizes != nil {
		sizes = l.sizes
	}
	contig := contigSyms(sizes)
	for j, s := range sizes {
		if s.known() && s.c == 1 {
			continue
		}
		st := unknown
		if j < len(l.strides) {
			st = l.strides[j]
		}
		if !st.known() || !contig[j].known() || st.c != contig[j].c {
			return false
		}
	}
	return true
}

// contigSyms are the row-major strides of sizes (the emitter's contig).
func contigSyms(sizes []sym) []sym {
	out := make([]sym, len(sizes))
	acc := constSym(1)
	for j := len(sizes) - 1; j >= 0; j-- {
		out[j] = acc
		if j > 0 {
			acc = mulSym(acc, sizes[j])
		}
	}
	return out
}

// mulSym is the emitter's folding product of two sizes: a constant when
// both are, or either is 0.
func mulSym(a, b sym) sym {
	switch {
	case a.known() && b.known():
		return constSym(a.c * b.c)
	case a.known() && a.c == 1:
		return b
	case b.known() && b.c == 1:
		return a
	case a.known() && a.c == 0 || b.known() && b.c == 0:
		return constSym(0)
	}
	return unknown
}
