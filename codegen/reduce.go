package codegen

import (
	"fmt"
	"math"

	llvm "github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/metadata"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"github.com/tirc/tirc/codegen/plan"
	"github.com/tirc/tirc/ir"
)

// Reductions. A nest whose root has reduction loops (its op's ir.Loops)
// combines the values of its fused tree over those loops with the root's
// ir.Reduce kind. The loops run in the operand's order, grouped as for any
// nest (adjacent reduction loops merge; a reduction group never merges with
// a parallel one, since the result indexes only the parallel ones):
//
//	for outer parallel groups (this thread's share of the first):
//	    acc = identity
//	    for reduction groups:               innermost: W lanes at a time
//	        acc = combine(acc, tree(i...))
//	    result[...] = finish(acc)
//
// When parallel groups follow the first reduction group (a column sum,
// `sum(x, 0)`), the accumulators are a scratch row indexed by those
// groups, so the input is still read in memory order:
//
//	    scratch[*] = identity
//	    for reduction and inner parallel groups, in order:
//	        scratch[k] = combine(scratch[k], tree(i...))
//	    result[..., k] = finish(scratch[k])
//
// Numbers (SPEC section 3a): float sums and means accumulate in f64 (f32,
// f16 and bf16 data: n ulps of f64 are far below one of the result; f64
// data: Kahan-compensated), so they are at least as accurate as pairwise
// summation along every reduced dimension, outer ones included. The order
// is fixed by the logical index alone: element j of the innermost
// reduction loop goes to lane j mod W of a vector accumulator, lanes are
// combined in a fixed tree at the end, and threads only split parallel
// loops, so the bits do not depend on thread count, alignment, strides
// or checks. clang would not vectorize an ordered float reduction without
// fast-math flags; the W lanes are explicit here, with no such flag.
// max/min start from -inf/+inf (MIN/MAX for integers) after the
// enclosing function has refused an empty extent. argmax/argmin carry a
// vector of indices beside the vector of extremes: each lane keeps the
// first extreme of its elements (strictly beyond, or the first NaN), and
// the lanes are combined by value, the smaller index winning ties and
// among NaNs. The answer, the first index of the row's extreme (of its
// first NaN if any), does not depend on which lane saw what, so it is the
// scalar loop's for any layout, alignment or thread count. A float row
// is first reduced with the compare alone while its values are summed;
// only when that sum is NaN (the row may hold a NaN) is it reduced again
// with the NaN tests (reducer.fast).

// reducer is the accumulation of one reduction nest.
type reducer struct {
	kind ir.Reduce
	info ir.ReduceInfo
	elem *ir.Scalar // the reduced values' element type
	out  *ir.Scalar // the result's
	acc  *ir.Scalar // the accumulator's (F64 for float sums)
	// kahan, width and chains are plan.NewReduction's: f64 sums carry a
	// compensation term; width is the lanes of one vector of the
	// accumulator, chains how many width-lane vectors the innermost loop
	// combines into, one after the other (element j into vector j/width
	// mod chains): a float max or min is a chain of four dependent
	// instructions per vector (compare, NaN test, blend, signed zeros);
	// argmax/argmin likewise (compare, NaN tests, blend of the extreme
	// and of its index).
	kahan  bool
	width  int64
	chains int64
	// idx32 makes vector accumulators carry i32 indices (widened at the
	// end): set when the innermost reduced extent is a constant below
	// 2^31. Half the registers and blends of i64 lanes.
	idx32 bool
	// fast makes a float argmax/argmin compare only (greater or less,
	// no NaN tests) and sum its values into the accumulator's c: a NaN
	// sum means the row may hold a NaN, and the row is reduced again the
	// exact way (rowNaN, reduceOver). Without NaNs the compare alone is
	// exact; the NaN tests were two of the three compares per vector.
	fast bool
}

// newReducer is the accumulation of the reduction nest of root, as its
// plan says (a contraction's generic nest, which the pre-pass does not
// plan, asks plan.NewReduction).
func newReducer(root *node) *reducer {
	r := &reducer{kind: root.op.Def.Reduce, info: root.op.Def.Reduce.On(root.kids[0].elem), elem: root.kids[0].elem, out: root.elem}
	var p *plan.Reduction
	if root.plan != nil {
		p = root.plan.Reduction
	}
	if p == nil {
		p = plan.NewReduction(r.kind, r.elem)
	}
	r.acc = p.AccElem
	r.kahan, r.width, r.chains = p.Kahan, p.Width, p.Chains
	return r
}

// lanes is the width of the innermost loop's accumulator: chains vectors
// of width lanes.
func (r *reducer) lanes() int64 {
	return r.width * r.chains
}

// accType is the accumulator's LLVM type, a vector of n lanes when n > 0.
func (r *reducer) accType(n int64) types.Type { return vecOf(computeType(r.acc), n) }

// identity is the accumulator's starting value: the combining kernel's
// Start (its row in ir/kernel.go), in the accumulator's type.
func (r *reducer) identity(n int64) constant.Constant {
	t := computeType(r.acc)
	s := r.info.Combine.Info().Start
	if r.acc.IsFloat() {
		return splat(floatConst(t, s.Float()), n)
	}
	return splat(intConst(t, s.Int(r.acc)), n)
}

// widen converts a value of the reduced element type (compute type) to
// the accumulator's.
func (r *reducer) widen(bl *builder, v value.Value) value.Value {
	if r.acc == ir.F64 && r.elem != ir.F64 {
		return bl.b.NewFPExt(v, vecOf(types.Double, lanes(v.Type())))
	}
	return v
}

// combine is acc ⊕ v on scalars or vectors (the kind's kernel; NaN
// propagates through max/min).
func (r *reducer) combine(bl *builder, acc, v value.Value) value.Value {
	kr, _ := bl.Kernel(r.info.Combine, nil, []*ir.Scalar{r.acc, r.acc}, r.acc, []value.Value{acc, v})
	return kr.V
}

// kahanAdd is one compensated step: s + v with the lost low part in c.
// Once the sum is infinite or NaN the compensation is 0 (it would be NaN
// and poison an IEEE sum such as inf + 1).
func kahanAdd(bl *builder, s, c, v value.Value) (value.Value, value.Value) {
	y := bl.b.NewFSub(v, c)
	t := bl.b.NewFAdd(s, y)
	c2 := bl.b.NewFSub(bl.b.NewFSub(t, s), y)
	finite := bl.b.NewFCmp(enum.FPredOLT, bl.CallIntrinsic("llvm.fabs", t.Type(), t), floatConst(t.Type(), math.Inf(1)))
	return t, bl.b.NewSelect(finite, c2, floatConst(t.Type(), 0))
}

// accumulator is an accumulator in stack slots (promoted to registers by
// LLVM): a value, its compensation for Kahan sums, and the index of
// argmax/argmin.
type accumulator struct {
	s, c, idx value.Value
	lanes     int64
	it        *types.IntType // the index's element type (nil: i64)
}

// index is the element type of a's index: i32 for a vector accumulator
// when r.idx32, else i64.
func (a *accumulator) index() *types.IntType {
	if a.it == nil {
		return types.I64
	}
	return a.it
}

func (ns *nest) newAcc(r *reducer, n int64) *accumulator {
	bl := ns.bl
	a := &accumulator{lanes: n}
	a.s = bl.alloca(r.accType(n))
	store(bl.b, r.identity(n), a.s)
	if r.kahan || r.fast {
		a.c = bl.alloca(r.accType(n))
		store(bl.b, splat(floatConst(computeType(r.acc), 0), n), a.c)
	}
	if r.info.Index {
		if r.idx32 && n > 0 {
			a.it = types.I32
		}
		a.idx = bl.alloca(vecOf(a.index(), n))
		store(bl.b, splat(constant.NewInt(a.index(), 0), n), a.idx)
	}
	return a
}

// add folds v (already widened; as many lanes as the accumulator) into a;
// at is the element's index along the reduction loop (argmax/argmin).
func (ns *nest) add(r *reducer, a *accumulator, v, at value.Value) {
	bl := ns.bl
	t := r.accType(a.lanes)
	s := bl.b.NewLoad(t, a.s)
	switch {
	case r.kahan:
		c := bl.b.NewLoad(t, a.c)
		s2, c2 := kahanAdd(bl, s, c, v)
		store(bl.b, s2, a.s)
		store(bl.b, c2, a.c)
	case r.info.Index:
		if r.fast {
			store(bl.b, bl.b.NewFAdd(bl.b.NewLoad(t, a.c), v), a.c)
		}
		take := r.beats(bl, v, s)
		store(bl.b, bl.b.NewSelect(take, v, s), a.s)
		idx := bl.b.NewLoad(vecOf(a.index(), a.lanes), a.idx)
		store(bl.b, bl.b.NewSelect(take, at, idx), a.idx)
	default:
		store(bl.b, r.combine(bl, s, v), a.s)
	}
}

// beats reports whether v replaces the current extreme cur of an argmax
// or argmin: strictly beyond it (unsigned types and i1 compare unsigned),
// or the first NaN.
func (r *reducer) beats(bl *builder, v, cur value.Value) value.Value {
	b := bl.b
	max := r.info.Combine == ir.KernelMax
	if r.acc.IsFloat() {
		p := enum.FPredOLT
		if max {
			p = enum.FPredOGT
		}
		if r.fast {
			return b.NewFCmp(p, v, cur)
		}
		newNaN := b.NewAnd(b.NewFCmp(enum.FPredUNO, v, v), b.NewFCmp(enum.FPredORD, cur, cur))
		return b.NewOr(b.NewFCmp(p, v, cur), newNaN)
	}
	p := map[bool]enum.IPred{true: enum.IPredSGT, false: enum.IPredSLT}[max]
	if r.acc.Unsigned() { // ui types, and i1: false < true
		p = map[bool]enum.IPred{true: enum.IPredUGT, false: enum.IPredULT}[max]
	}
	return b.NewICmp(p, v, cur)
}

// laneIndices is the index vector of a vector step at j of w lanes into
// a (argmax/argmin: j, j+1, ..., j+w-1 of a's index type), nil for the
// other kinds.
func (r *reducer) laneIndices(ns *nest, a *accumulator, j value.Value, w int64) value.Value {
	if !r.info.Index {
		return nil
	}
	it := a.index()
	iota := make([]constant.Constant, w)
	for l := range iota {
		iota[l] = constant.NewInt(it, int64(l))
	}
	if it != types.I64 {
		j = ns.bl.b.NewTrunc(j, it)
	}
	return ns.bl.b.NewAdd(ns.splat(j, w), constant.NewVector(types.NewVector(uint64(w), it), iota...))
}

// addLane folds the scalar v into lane l (an i64 value) of a vector
// accumulator (into the accumulator itself when it has no lanes).
func (ns *nest) addLane(r *reducer, a *accumulator, v, l, at value.Value) {
	if a.lanes == 0 {
		ns.add(r, a, v, at)
		return
	}
	bl := ns.bl
	vt, et := r.accType(a.lanes), computeType(r.acc)
	one := &accumulator{}
	one.s = bl.alloca(et)
	store(bl.b, bl.b.NewExtractElement(bl.b.NewLoad(vt, a.s), l), one.s)
	if a.c != nil {
		one.c = bl.alloca(et)
		store(bl.b, bl.b.NewExtractElement(bl.b.NewLoad(vt, a.c), l), one.c)
	}
	it := vecOf(a.index(), a.lanes)
	if a.idx != nil {
		one.idx = bl.alloca(types.I64)
		store(bl.b, bl.sext64(bl.b.NewExtractElement(bl.b.NewLoad(it, a.idx), l)), one.idx)
	}
	ns.add(r, one, v, at)
	store(bl.b, bl.b.NewInsertElement(bl.b.NewLoad(vt, a.s), bl.b.NewLoad(et, one.s), l), a.s)
	if a.c != nil {
		store(bl.b, bl.b.NewInsertElement(bl.b.NewLoad(vt, a.c), bl.b.NewLoad(et, one.c), l), a.c)
	}
	if a.idx != nil {
		var i value.Value = bl.b.NewLoad(types.I64, one.idx)
		if a.index() != types.I64 {
			i = bl.b.NewTrunc(i, a.index())
		}
		store(bl.b, bl.b.NewInsertElement(bl.b.NewLoad(it, a.idx), i, l), a.idx)
	}
}

// total combines the lanes of a vector accumulator in a fixed order and
// returns the scalar accumulator (value, compensation, index).
func (ns *nest) total(r *reducer, a *accumulator) *accumulator {
	bl := ns.bl
	if a.lanes == 0 {
		return a
	}
	et := computeType(r.acc)
	out := &accumulator{lanes: 0}
	out.s = bl.alloca(et)
	s := bl.b.NewLoad(r.accType(a.lanes), a.s)
	switch {
	case r.kahan:
		// Lane by lane, compensated: S += s[l] - c[l].
		c := bl.b.NewLoad(r.accType(a.lanes), a.c)
		var S, C value.Value = floatConst(types.Double, 0), floatConst(types.Double, 0)
		for l := int64(0); l < a.lanes; l++ {
			x := bl.b.NewFSub(bl.b.NewExtractElement(s, i64c(l)), bl.b.NewExtractElement(c, i64c(l)))
			S, C = kahanAdd(bl, S, C, x)
		}
		store(bl.b, S, out.s)
		out.c = bl.alloca(et)
		store(bl.b, C, out.c)
	default:
		// Halves, pairwise: (l0..l(n/2-1)) ⊕ (l(n/2)..l(n-1)), repeated.
		v := value.Value(s)
		var idx value.Value
		if r.info.Index {
			idx = bl.b.NewLoad(vecOf(a.index(), a.lanes), a.idx)
		}
		for n := a.lanes; n > 1; n /= 2 {
			lo, hi := make([]constant.Constant, n/2), make([]constant.Constant, n/2)
			for i := range lo {
				lo[i], hi[i] = i32c(int64(i)), i32c(int64(i)+n/2)
			}
			mt := types.NewVector(uint64(n/2), types.I32)
			half := func(v value.Value, m []constant.Constant) value.Value {
				return bl.b.NewShuffleVector(v, constant.NewUndef(v.Type()), constant.NewVector(mt, m...))
			}
			x, y := half(v, lo), half(v, hi)
			if idx == nil {
				v = r.combine(bl, x, y)
				continue
			}
			ix, iy := half(idx, lo), half(idx, hi)
			take := r.beatsLane(bl, y, iy, x, ix)
			v, idx = bl.b.NewSelect(take, y, x), bl.b.NewSelect(take, iy, ix)
		}
		store(bl.b, bl.b.NewExtractElement(v, i64c(0)), out.s)
		if idx != nil {
			out.idx = bl.alloca(types.I64)
			store(bl.b, bl.sext64(bl.b.NewExtractElement(idx, i64c(0))), out.idx)
		}
	}
	return out
}

// beatsLane reports whether the extreme v at index i (a lane's) replaces
// cur at index ci (another lane's) in argmax/argmin: strictly beyond it,
// equal at a smaller index, or a NaN where cur is none or a NaN at a
// larger index. Lanes hold elements in any index order, so ties go by
// index, not by lane.
func (r *reducer) beatsLane(bl *builder, v, i, cur, ci value.Value) value.Value {
	b := bl.b
	earlier := b.NewICmp(enum.IPredSLT, i, ci)
	if !r.acc.IsFloat() {
		return b.NewOr(r.beats(bl, v, cur), b.NewAnd(b.NewICmp(enum.IPredEQ, v, cur), earlier))
	}
	// beats: v > cur, or v is NaN and cur is not; then the ties: equal
	// (oeq: neither is NaN; -0 equals +0) or both NaN, at a smaller index.
	tie := b.NewOr(b.NewFCmp(enum.FPredOEQ, v, cur), b.NewAnd(b.NewFCmp(enum.FPredUNO, v, v), b.NewFCmp(enum.FPredUNO, cur, cur)))
	return b.NewOr(r.beats(bl, v, cur), b.NewAnd(tie, earlier))
}

// finish turns a scalar accumulator into the result element (compute
// type of the result): the index, the mean, or the value narrowed.
func (r *reducer) finish(bl *builder, a *accumulator, count value.Value) value.Value {
	if r.info.Index {
		return bl.b.NewLoad(types.I64, a.idx)
	}
	et := computeType(r.acc)
	v := value.Value(bl.b.NewLoad(et, a.s))
	if r.kahan {
		v = bl.b.NewFSub(v, bl.b.NewLoad(et, a.c))
	}
	if r.info.Mean {
		v = bl.b.NewFDiv(v, bl.b.NewSIToFP(count, types.Double))
	}
	if r.acc.IsFloat() {
		if rt := computeType(r.out); rt != et {
			v = bl.b.NewFPTrunc(v, rt)
		}
		if r.out.Kind == ir.KindF16 || r.out.Kind == ir.KindBF16 {
			v = bl.Round16(v, r.out)
		}
	}
	return v
}

// reduce emits the loops of a reduction nest (see the top of this file).
// thread and threads are the nest's parameters; count is the number of
// elements each result element reduces (for means).
func (ns *nest) reduce(gs []group, views []*capturedView, iters []ir.IterKind, thread, threads value.Value) error {
	r := newReducer(ns.root)
	if ns.blocks != nil {
		return ns.reduceBlocks(r, gs, views, thread, threads)
	}
	first := firstReduction(gs)
	if first > 0 {
		ns.split(gs[0].trip, thread, threads)
		gs[0].outer = true
	} else if s := innerParallel(gs); s >= 0 {
		// Reductions outermost with parallel groups inside (column sums,
		// W9): the threads split the first of those, each with a scratch
		// row of its share. Every result element is still reduced by one
		// thread in index order: the same bits on any number of threads.
		ns.split(gs[s].trip, thread, threads)
		gs[s].outer = true
		thread = nil
	}
	return ns.reduceOver(r, gs, views, iters, first, thread)
}

// innerParallel is the index of the first parallel group of gs, -1 for
// none.
func innerParallel(gs []group) int {
	for i, g := range gs {
		if g.kind == ir.Parallel {
			return i
		}
	}
	return -1
}

// reduceRows is a row group member's reduction: the rows ns.lo..ns.hi of
// its first loop, which is parallel.
func (ns *nest) reduceRows(gs []group, views []*capturedView, iters []ir.IterKind) error {
	return ns.reduceOver(newReducer(ns.root), gs, views, iters, firstReduction(gs), nil)
}

// firstReduction is the index of the first reduction group (len(gs) when
// every reduced extent is 1).
func firstReduction(gs []group) int {
	for i, g := range gs {
		if g.kind == ir.Reduction {
			return i
		}
	}
	return len(gs)
}

// reduceOver emits the reduction over the outer parallel groups gs[:first]
// (the first one's range is ns.lo..ns.hi when split), or, with none, once
// by thread 0 (thread nil: unconditionally).
func (ns *nest) reduceOver(r *reducer, gs []group, views []*capturedView, iters []ir.IterKind, first int, thread value.Value) error {
	bl := ns.bl
	st := ns.version.Reduction // its strategy (plan.NewRowStrategy)
	var count value.Value = i64c(1)
	for i, k := range iters {
		if k == ir.Reduction {
			count = bl.mul(count, ns.ext[i])
		}
	}
	var err error
	run := func() {
		ptrs := make([]value.Value, len(views))
		for k, c := range views {
			ptrs[k] = c.base
		}
		ns.walk(gs[:first], views, ptrs, func(ptrs []value.Value, _ []value.Value) {
			if st.Scratch {
				err = ns.reduceScratch(r, gs[first:], views, ptrs, count)
				return
			}
			r.idx32 = st.Index32
			exact := func() {
				a := ns.newAcc(r, r.lanes())
				err = ns.accumulate(r, gs[first:], views, ptrs, a)
				t := ns.total(r, a)
				store(bl.b, bl.ToStorage(r.finish(bl, t, count), r.out), ptrs[0])
			}
			if !st.CompareOnly {
				exact()
				return
			}
			r.fast = true
			a := ns.newAcc(r, r.lanes())
			err = ns.accumulate(r, gs[first:], views, ptrs, a)
			res := r.finish(bl, ns.total(r, a), count)
			r.fast = false
			bl.ifElse(ns.rowNaN(r, a), "nan", exact, func() {
				store(bl.b, bl.ToStorage(res, r.out), ptrs[0])
			})
		})
	}
	if first > 0 || thread == nil {
		run()
	} else {
		// No parallel loop outside the reductions: one thread does it
		// all (emitNest calls such nests directly).
		bl.ifThen(bl.b.NewICmp(enum.IPredEQ, thread, i64c(0)), "first", run)
	}
	return err
}

// rowNaN reports whether the value sum of a fast accumulator a is NaN in
// any lane: its elements may hold a NaN (or +inf and -inf met).
func (ns *nest) rowNaN(r *reducer, a *accumulator) value.Value {
	b := ns.bl.b
	c := b.NewLoad(r.accType(a.lanes), a.c)
	uno := b.NewFCmp(enum.FPredUNO, c, c)
	return b.NewICmp(enum.IPredNE, b.NewBitCast(uno, types.NewInt(uint64(a.lanes))), constant.NewInt(types.NewInt(uint64(a.lanes)), 0))
}

// split sets this thread's share of the outermost loop: chunks of
// ceil(trip / threads) iterations.
func (ns *nest) split(trip, thread, threads value.Value) {
	bl := ns.bl
	chunk := bl.b.NewUDiv(bl.b.NewSub(bl.b.NewAdd(trip, threads), i64c(1)), threads)
	lo := bl.b.NewMul(thread, chunk)
	lo2 := bl.b.NewSelect(bl.b.NewICmp(enum.IPredULT, lo, trip), lo, trip)
	hi := bl.b.NewAdd(lo2, chunk)
	hi2 := bl.b.NewSelect(bl.b.NewICmp(enum.IPredULT, hi, trip), hi, trip)
	ns.lo, ns.hi = lo2, hi2
}

// walk emits the loops of gs around body, each view's pointer advancing
// by its stride; body also gets the groups' induction variables. A group
// the threads split runs this thread's share (span).
func (ns *nest) walk(gs []group, views []*capturedView, ptrs []value.Value, body func(ptrs, ivs []value.Value)) {
	var rec func(level int, ptrs, ivs []value.Value)
	rec = func(level int, ptrs, ivs []value.Value) {
		if level == len(gs) {
			body(ptrs, ivs)
			return
		}
		g := gs[level]
		from, to := ns.span(g)
		ns.bl.loopFrom(from, to, "i", func(i value.Value) {
			next := make([]value.Value, len(ptrs))
			for k, c := range views {
				next[k] = ns.bl.gep(storageType(c.v.elem), ptrs[k], ns.bl.mul(i, g.strides[k]))
			}
			rec(level+1, next, append(ivs[:len(ivs):len(ivs)], i))
		})
	}
	rec(0, ptrs, nil)
}

// leaves returns the leaf function evalWith needs at ptrs: scalars
// captured, views loaded (vf lanes from consecutive iterations of a loop
// with the given strides when vf > 0).
func (ns *nest) leaves(views []*capturedView, ptrs, strides []value.Value, vf int64) func(*node) value.Value {
	at := map[*node]int{}
	for k, c := range views[1:] {
		for _, l := range c.leaves {
			at[l] = k + 1
		}
	}
	return func(l *node) value.Value {
		if l.view == nil {
			if vf > 0 {
				return ns.splat(ns.scalars[l], vf)
			}
			return ns.scalars[l]
		}
		k := at[l]
		if vf == 0 {
			return ns.bl.FromStorage(ns.bl.b.NewLoad(storageType(l.elem), ptrs[k]), l.elem)
		}
		return ns.vectorLeaf(l, ptrs[k], strides[k], vf)
	}
}

// vectorLeaf loads vf elements of leaf l from p, stride s apart: one
// vector load when s is 1, a splat when 0, lane by lane otherwise.
func (ns *nest) vectorLeaf(l *node, p, s value.Value, vf int64) value.Value {
	bl := ns.bl
	st := storageType(l.elem)
	switch {
	case isConst(s, 0):
		return ns.splat(bl.FromStorage(bl.b.NewLoad(st, p), l.elem), vf)
	case isConst(s, 1):
		vt := types.NewVector(uint64(vf), st)
		ld := bl.b.NewLoad(vt, bl.b.NewBitCast(p, types.NewPointer(vt)))
		ld.Align = llvm.Align(byteSize(l.elem))
		return bl.FromStorage(ld, l.elem)
	}
	var acc value.Value = constant.NewUndef(types.NewVector(uint64(vf), st))
	for lane := int64(0); lane < vf; lane++ {
		x := bl.b.NewLoad(st, bl.gep(st, p, bl.mul(i64c(lane), s)))
		acc = bl.b.NewInsertElement(acc, x, i32c(lane))
	}
	return bl.FromStorage(acc, l.elem)
}

// accumulate runs the reduction groups gs (all reduction loops) at ptrs
// into the vector accumulator a: the outer ones as plain loops, the
// innermost W lanes at a time (element j into lane j mod W), its tail
// lane by lane into the same lanes.
func (ns *nest) accumulate(r *reducer, gs []group, views []*capturedView, ptrs []value.Value, a *accumulator) error {
	return ns.accumulateWith(r, gs, views, ptrs, a, nil)
}

// accumulateWith is accumulate with a passenger: host, when set, is
// called at every step of the innermost loop with the step's first
// element j and its lanes (vf, 0 for one element), so another nest's
// elementwise work runs in the same loop (a pipelined row group's host,
// rider.go). The steps, and so the lanes every element goes to, are
// accumulate's whatever host does.
func (ns *nest) accumulateWith(r *reducer, gs []group, views []*capturedView, ptrs []value.Value, a *accumulator, host func(j value.Value, vf int64)) error {
	bl := ns.bl
	var err error
	if len(gs) == 0 { // every reduced extent is 1: one element
		v, e := ns.evalWith(ns.root, ns.leaves(views, ptrs, nil, 0))
		if e != nil {
			return e
		}
		ns.addLane(r, a, r.widen(bl, v), i64c(0), i64c(0))
		return nil
	}
	outer, g := gs[:len(gs)-1], gs[len(gs)-1]
	ns.walk(outer, views, ptrs, func(ptrs, _ []value.Value) {
		w := a.lanes
		var nvec value.Value = i64c(0)
		if w > 0 {
			nvec = bl.b.NewUDiv(g.trip, i64c(w))
			back := bl.loop(nvec, "red", func(k value.Value) {
				j := bl.b.NewMul(k, i64c(w))
				at := make([]value.Value, len(ptrs))
				for kk, c := range views {
					at[kk] = bl.gep(storageType(c.v.elem), ptrs[kk], bl.mul(j, g.strides[kk]))
				}
				v, e := ns.evalWith(ns.root, ns.leaves(views, at, g.strides, w))
				if e != nil {
					err = e
					return
				}
				ns.add(r, a, r.widen(bl, v), r.laneIndices(ns, a, j, w))
				if host != nil {
					host(j, w)
				}
			})
			if back != nil && r.info.Index {
				// Four chains are unrolled enough: clang would unroll a
				// short row's steps fully, which is slower.
				back.Metadata = append(back.Metadata, &metadata.Attachment{Name: "llvm.loop", Node: bl.mod.noUnrollMetadata()})
			}
		}
		start := bl.mul(nvec, i64c(max(w, 1)))
		if w > r.width {
			// Several chains: the whole vectors left go into the first.
			start = ns.firstChain(r, a, g, views, ptrs, start, &err, host)
		}
		tail := func(j, lane value.Value) {
			at := make([]value.Value, len(ptrs))
			for kk, c := range views {
				at[kk] = bl.gep(storageType(c.v.elem), ptrs[kk], bl.mul(j, g.strides[kk]))
			}
			v, e := ns.evalWith(ns.root, ns.leaves(views, at, nil, 0))
			if e != nil {
				err = e
				return
			}
			ns.addLane(r, a, r.widen(bl, v), lane, j)
			if host != nil {
				host(j, 0)
			}
		}
		if from, to, ok := shortTail(g.trip, r.width, w); ok {
			// Element by element with constant lanes: a lane chosen at run
			// time goes through memory, and each element then waits for
			// the accumulator's store.
			for j := from; j < to; j++ {
				tail(i64c(j), i64c(j-from))
			}
			return
		}
		bl.loopFrom(start, g.trip, "red.tail", func(j value.Value) {
			var lane value.Value = i64c(0)
			if w > 0 {
				lane = bl.b.NewSub(j, start)
			}
			tail(j, lane)
		})
	})
	return err
}

// maxUnrolledTail is the longest reduction tail emitted element by
// element (shortTail).
const maxUnrolledTail = 16

// shortTail reports the constant tail [from, to) of a reduction loop of
// trip elements, w lanes a step and, when w holds several chains, the
// last steps width lanes (firstChain): known when the trip count is, and
// short enough to unroll.
func shortTail(trip value.Value, width, w int64) (from, to int64, ok bool) {
	c, known := constVal(trip)
	if !known || w == 0 {
		return 0, 0, false
	}
	step := min(w, width)
	from = c / step * step
	return from, c, c-from <= maxUnrolledTail
}

// firstChain folds the whole width-lane vectors of g from start on into
// the first chain (lanes 0..width-1) of the accumulator a and returns the
// first element left for the tail, which goes into the same lanes.
func (ns *nest) firstChain(r *reducer, a *accumulator, g group, views []*capturedView, ptrs []value.Value, start value.Value, err *error, host func(j value.Value, vf int64)) value.Value {
	bl := ns.bl
	w := r.width
	n := bl.b.NewUDiv(bl.b.NewSub(g.trip, start), i64c(w))
	lo, widen, merge := make([]constant.Constant, w), make([]constant.Constant, a.lanes), make([]constant.Constant, a.lanes)
	for i := range widen {
		widen[i], merge[i] = i32c(0), i32c(int64(i))
		if int64(i) < w {
			lo[i], widen[i], merge[i] = i32c(int64(i)), i32c(int64(i)), i32c(a.lanes+int64(i))
		}
	}
	mask := func(c []constant.Constant) constant.Constant {
		return constant.NewVector(types.NewVector(uint64(len(c)), types.I32), c...)
	}
	bl.loop(n, "red.chain", func(k value.Value) {
		j := bl.b.NewAdd(start, bl.b.NewMul(k, i64c(w)))
		at := make([]value.Value, len(ptrs))
		for kk, c := range views {
			at[kk] = bl.gep(storageType(c.v.elem), ptrs[kk], bl.mul(j, g.strides[kk]))
		}
		v, e := ns.evalWith(ns.root, ns.leaves(views, at, g.strides, w))
		if e != nil {
			*err = e
			return
		}
		// The first chain of p (t-typed) and p with it replaced by c.
		firstOf := func(t types.Type, p value.Value) (value.Value, value.Value) {
			all := bl.b.NewLoad(t, p)
			return all, bl.b.NewShuffleVector(all, constant.NewUndef(t), mask(lo))
		}
		put := func(all, c, p value.Value) {
			wide := bl.b.NewShuffleVector(c, constant.NewUndef(c.Type()), mask(widen))
			store(bl.b, bl.b.NewShuffleVector(all, wide, mask(merge)), p)
		}
		s, first := firstOf(r.accType(a.lanes), a.s)
		v = r.widen(bl, v)
		if r.info.Index {
			idx, firstIdx := firstOf(vecOf(a.index(), a.lanes), a.idx)
			if r.fast {
				c, firstC := firstOf(r.accType(a.lanes), a.c)
				put(c, bl.b.NewFAdd(firstC, v), a.c)
			}
			take := r.beats(bl, v, first)
			put(s, bl.b.NewSelect(take, v, first), a.s)
			put(idx, bl.b.NewSelect(take, r.laneIndices(ns, a, j, w), firstIdx), a.idx)
		} else {
			put(s, r.combine(bl, first, v), a.s)
		}
		if host != nil {
			host(j, w)
		}
	})
	return bl.b.NewAdd(start, bl.b.NewMul(n, i64c(w)))
}

// scratchPtr is a pointer reduceScratch walks beside the views: the
// scratch row (and the Kahan or index rows).
type scratchPtr struct {
	p    value.Value
	t    types.Type
	step []value.Value // per group
}

// quadLoop runs the reduction group gs[0] (followed by parallel groups
// only) four rows at a time: for each point of the parallel groups,
// scratch += (x0 + x1) + (x2 + x3), the rows' values widened to f64. It
// returns the first row left for the ordinary loop (trip rounded down to
// a multiple of four).
func (ns *nest) quadLoop(r *reducer, gs []group, at int, views []*capturedView, extra []scratchPtr, vp, xp []value.Value) (value.Value, error) {
	bl := ns.bl
	g := gs[at]
	quads := bl.b.NewUDiv(g.trip, i64c(4))
	var err error
	bl.loop(quads, "s4", func(q value.Value) {
		rows := make([][]value.Value, 4)
		for u := range rows {
			i := bl.b.NewAdd(bl.b.NewMul(q, i64c(4)), i64c(int64(u)))
			rows[u] = make([]value.Value, len(vp))
			for k, c := range views {
				rows[u][k] = bl.gep(storageType(c.v.elem), vp[k], bl.mul(i, g.strides[k]))
			}
		}
		// The scratch does not move along a reduction group.
		var inner func(level int, rows [][]value.Value, xp []value.Value)
		inner = func(level int, rows [][]value.Value, xp []value.Value) {
			if level == len(gs) {
				var vs [4]value.Value
				for u := range rows {
					v, e := ns.evalWith(ns.root, ns.leaves(views, rows[u], nil, 0))
					if e != nil {
						err = e
						return
					}
					vs[u] = r.widen(bl, v)
				}
				sum := bl.b.NewFAdd(bl.b.NewFAdd(vs[0], vs[1]), bl.b.NewFAdd(vs[2], vs[3]))
				ns.add(r, &accumulator{s: xp[0]}, sum, i64c(0))
				return
			}
			g := gs[level]
			from, to := ns.span(g)
			bl.loopFrom(from, to, "s", func(i value.Value) {
				next := make([][]value.Value, len(rows))
				for u := range rows {
					next[u] = make([]value.Value, len(views))
					for k, c := range views {
						next[u][k] = bl.gep(storageType(c.v.elem), rows[u][k], bl.mul(i, g.strides[k]))
					}
				}
				inner(level+1, next, ns.scratchAt(g, level, extra, xp, i))
			})
		}
		inner(at+1, rows, xp)
	})
	return bl.b.NewMul(quads, i64c(4)), err
}

// span is the range of g's loop: this thread's share when the threads
// split g (reduce), else all of it.
func (ns *nest) span(g group) (from, to value.Value) {
	if g.outer && ns.lo != nil {
		return ns.lo, ns.hi
	}
	return i64c(0), g.trip
}

// shareOf is how many iterations of g this thread runs (span).
func (ns *nest) shareOf(g group) value.Value {
	if g.outer && ns.lo != nil {
		return ns.bl.b.NewSub(ns.hi, ns.lo)
	}
	return g.trip
}

// scratchAt advances the scratch pointers xp to iteration i of g (level
// level of reduceScratch's groups), counted from the start of this
// thread's share.
func (ns *nest) scratchAt(g group, level int, extra []scratchPtr, xp []value.Value, i value.Value) []value.Value {
	bl := ns.bl
	if g.outer && ns.lo != nil {
		i = bl.b.NewSub(i, ns.lo)
	}
	nx := make([]value.Value, len(xp))
	for k, e := range extra {
		nx[k] = bl.gep(e.t, xp[k], bl.mul(i, e.step[level]))
	}
	return nx
}

// reduceScratch runs the inner groups gs (reduction groups with parallel
// ones among them) at the outer position ptrs with a scratch row of
// accumulators, one per point of the inner parallel groups, and writes
// the finished row to the result (views[0]).
func (ns *nest) reduceScratch(r *reducer, gs []group, views []*capturedView, ptrs []value.Value, count value.Value) error {
	bl := ns.bl
	// Scratch strides: row-major over the inner parallel groups, 0 along
	// reduction groups. A group split among threads (reduce) counts this
	// thread's share only (span): the scratch holds that share.
	var n value.Value = i64c(1)
	sstride := make([]value.Value, len(gs))
	for i := len(gs) - 1; i >= 0; i-- {
		sstride[i] = i64c(0)
		if gs[i].kind == ir.Parallel {
			sstride[i] = n
			n = bl.mul(n, ns.shareOf(gs[i]))
		}
	}
	et := computeType(r.acc)
	bufs, ok := ns.allocScratch(r, et, n)
	// The scratch and views as one list of pointers walked together.
	s := &scratchRed{ns: ns, r: r, gs: gs, views: views, kahan: bufs[1] != nil, index: bufs[2] != nil, quad: -1}
	s.extra = append(s.extra, scratchPtr{bufs[0], et, sstride})
	if s.kahan {
		s.extra = append(s.extra, scratchPtr{bufs[1], et, sstride})
	}
	if s.index {
		s.extra = append(s.extra, scratchPtr{bufs[2], types.I64, sstride})
	}
	var err error
	bl.ifElse(ok, "scratch", func() { err = s.rows(ptrs, count) }, ns.faultOOM)
	for _, b := range bufs {
		if b != nil {
			bl.b.NewCall(ns.bl.mod.free(), bl.b.NewBitCast(b, i8p))
		}
	}
	return err
}

// allocScratch allocates n accumulators of type et (and their
// compensations and indices when r has them: bufs[1], bufs[2]), at least
// one: malloc(0) may return NULL, which is not out of memory (an empty
// share, or an empty parallel extent). ok is false when one failed.
func (ns *nest) allocScratch(r *reducer, et types.Type, n value.Value) (bufs [3]value.Value, ok value.Value) {
	bl := ns.bl
	elems := n
	if c, static := constVal(n); !static {
		elems = bl.b.NewSelect(bl.icmp(enum.IPredEQ, n, i64c(0)), i64c(1), n)
	} else if c == 0 {
		elems = i64c(1)
	}
	alloc := func(t types.Type) value.Value {
		bytes := bl.mul(elems, i64c(int64(typeBytes(t))))
		raw := bl.b.NewCall(ns.bl.mod.malloc(), bytes)
		return bl.b.NewBitCast(raw, types.NewPointer(t))
	}
	bufs[0] = alloc(et)
	if r.kahan {
		bufs[1] = alloc(et)
	}
	if r.info.Index {
		bufs[2] = alloc(types.I64)
	}
	// Out of memory: no work, and the fault bit the caller reports.
	ok = bl.b.NewICmp(enum.IPredNE, bufs[0], constant.NewNull(bufs[0].Type().(*types.PointerType)))
	for _, b := range bufs[1:] {
		if b != nil {
			ok = bl.b.NewAnd(ok, bl.b.NewICmp(enum.IPredNE, b, constant.NewNull(b.Type().(*types.PointerType))))
		}
	}
	return bufs, ok
}

// scratchRed is reduceScratch's walk: the groups, the views and the
// scratch pointers (extra: the sums, then the compensations with kahan,
// then the indices with index) walked together, and the reduction group
// run four rows at a time (quad, -1 for none).
type scratchRed struct {
	ns           *nest
	r            *reducer
	gs           []group
	views        []*capturedView
	extra        []scratchPtr
	kahan, index bool
	quad         int
	quadErr      error
}

// walk runs body over the groups (over the parallel ones only when
// parallelOnly: one visit per scratch element).
func (s *scratchRed) walk(level int, vp, xp []value.Value, parallelOnly bool, body func(vp, xp, ivs []value.Value), ivs []value.Value) {
	ns, bl := s.ns, s.ns.bl
	if level == len(s.gs) {
		body(vp, xp, ivs)
		return
	}
	g := s.gs[level]
	if parallelOnly && g.kind != ir.Parallel {
		s.walk(level+1, vp, xp, parallelOnly, body, append(ivs[:len(ivs):len(ivs)], i64c(0)))
		return
	}
	from, to := ns.span(g)
	if level == s.quad && !parallelOnly {
		var e error
		if from, e = ns.quadLoop(s.r, s.gs, level, s.views, s.extra, vp, xp); e != nil {
			s.quadErr = e
		}
	}
	bl.loopFrom(from, to, "s", func(i value.Value) {
		nv := make([]value.Value, len(vp))
		for k, c := range s.views {
			nv[k] = bl.gep(storageType(c.v.elem), vp[k], bl.mul(i, g.strides[k]))
		}
		nx := ns.scratchAt(g, level, s.extra, xp, i)
		s.walk(level+1, nv, nx, parallelOnly, body, append(ivs[:len(ivs):len(ivs)], i))
	})
}

// acc is the accumulator at scratch pointers xp.
func (s *scratchRed) acc(xp []value.Value) *accumulator {
	a := &accumulator{s: xp[0]}
	if s.kahan {
		a.c = xp[1]
	}
	if s.index {
		a.idx = xp[len(xp)-1]
	}
	return a
}

// rows sets the scratch to the identity, accumulates the groups in memory
// order, and finishes the scratch into the result row at ptrs.
func (s *scratchRed) rows(ptrs []value.Value, count value.Value) error {
	ns, bl, r := s.ns, s.ns.bl, s.r
	xp := make([]value.Value, len(s.extra))
	for k, e := range s.extra {
		xp[k] = e.p
	}
	// Identity everywhere.
	s.walk(0, ptrs, xp, true, func(_, xp, _ []value.Value) {
		store(bl.b, r.identity(0), xp[0])
		if s.kahan {
			store(bl.b, floatConst(types.Double, 0), xp[1])
		}
		if s.index {
			store(bl.b, i64c(0), xp[len(xp)-1])
		}
	}, nil)
	// Accumulate in memory order.
	redLoop := -1 // the one reduction group whose index argmax reports
	for i, g := range s.gs {
		if g.kind == ir.Reduction {
			redLoop = i
		}
	}
	// Column sums (the plan's FourRows: the last reduction group
	// followed by parallel ones only, a float sum in f64): rows in fours,
	// (x0 + x1) + (x2 + x3) added to the scratch once, so the scratch row
	// is loaded and stored once per four rows. The order is still fixed
	// by the indices.
	if ns.version.Reduction.FourRows {
		s.quad = redLoop
	}
	var err error
	s.walk(0, ptrs, xp, false, func(vp, xp, ivs []value.Value) {
		v, e := ns.evalWith(ns.root, ns.leaves(s.views, vp, nil, 0))
		if e != nil {
			err = e
			return
		}
		a := s.acc(xp)
		var at value.Value = i64c(0)
		if s.index && redLoop >= 0 {
			at = ivs[redLoop]
		}
		ns.add(r, a, r.widen(bl, v), at)
	}, nil)
	if s.quadErr != nil {
		return s.quadErr
	}
	// Finish into the result.
	s.walk(0, ptrs, xp, true, func(vp, xp, _ []value.Value) {
		store(bl.b, bl.ToStorage(r.finish(bl, s.acc(xp), count), r.out), vp[0])
	}, nil)
	return err
}

// faultOOM sets the nest's out-of-memory fault bit (FaultOOM), which the
// enclosing function reports as status 3.
func (ns *nest) faultOOM() {
	if ns.flag == nil {
		ns.flag = ns.bl.alloca(types.I64)
		store(ns.bl.entry, i64c(0), ns.flag)
	}
	bl := ns.bl
	store(bl.b, bl.b.NewOr(bl.b.NewLoad(types.I64, ns.flag), i64c(FaultOOM)), ns.flag)
}

// FaultOOM is the fault bit of a nest that could not allocate its
// scratch row of accumulators (reduceScratch); the integer division
// faults take the low bits.
const FaultOOM = 1 << 62

// typeBytes is the size of an LLVM scalar type.
func typeBytes(t types.Type) int {
	switch t {
	case types.Double, types.I64:
		return 8
	case types.Float, types.I32:
		return 4
	case types.I16:
		return 2
	}
	return 1
}

// checkEmpty makes an empty reduced extent a run-time error for the
// reductions without identity (max, min, argmax, argmin), even when the
// result has no elements (SPEC section 3a, as NumPy; static ones are
// verifier errors).
func (fc *funcCtx) checkEmpty(root *node) {
	if root.op.Def.Reduce.Info().HasIdentity || !fc.mod.opts.Checks {
		return
	}
	bl := fc.bl
	l := root.loops
	for i, k := range l.Iter {
		if k != ir.Reduction {
			continue
		}
		cond := bl.icmp(enum.IPredEQ, root.ext[i], i64c(0))
		dim := i
		for j, m := range l.Operands[0] {
			if m.Loop == i {
				dim = j
			}
		}
		fc.fail(cond, StatusShape, fmt.Sprintf("%s reduces dimension %d of size 0, which has no %s (no identity for an empty set)", where(root.op), dim, root.op.Def.Reduce))
	}
}

// blockPlan splits a full reduction (no parallel loop runs more than
// once) into fixed blocks of its outermost reduction loop: size
// iterations each (about 2^16 elements), count blocks. Threads share the
// blocks; each block's total goes to sums[b] (and idx[b] for argmax and
// argmin), which the enclosing function combines in block order. The
// blocks depend on the sizes alone, so the bits do not depend on the
// thread count.
type blockPlan struct {
	size, count value.Value
	sums, idx   value.Value // the blocks' totals: acc-typed, i64
}

// blockElements is about how many elements one block reduces.
const blockElements = 1 << 16

// planBlocks sets up the blocks of a full reduction the plan blocks
// along loop outer (plan.Blocked): their size and count, and the partial
// sums, temporaries of the enclosing function.
func (fc *funcCtx) planBlocks(root *node, outer int) *blockPlan {
	bl := fc.bl
	var inner value.Value = i64c(1)
	for _, e := range root.ext[outer+1:] {
		if !isConst(e, 1) {
			inner = bl.mul(inner, e)
		}
	}
	r := newReducer(root)
	// size = max(1, blockElements / inner); count = ceil(T / size)
	size := value.Value(bl.b.NewUDiv(i64c(blockElements), bl.selectI64(bl.icmp(enum.IPredEQ, inner, i64c(0)), i64c(1), inner)))
	size = bl.selectI64(bl.icmp(enum.IPredEQ, size, i64c(0)), i64c(1), size)
	t := root.ext[outer]
	count := bl.b.NewUDiv(bl.b.NewAdd(t, bl.b.NewSub(size, i64c(1))), size)
	p := &blockPlan{size: size, count: count}
	what := fmt.Sprintf("%s: '%s' op", root.op.Pos, root.op.Name)
	p.sums = fc.temp(r.acc, []int64{ir.Dynamic}, []value.Value{count}, what).base
	if r.info.Index {
		p.idx = fc.temp(ir.I64, []int64{ir.Dynamic}, []value.Value{count}, what).base
	}
	return p
}

// reduceBlocks is the nest of a blocked full reduction: this thread's
// share of the blocks, each reduced like a whole reduction over its part
// of the outermost reduction group gs[0], its total stored.
func (ns *nest) reduceBlocks(r *reducer, gs []group, views []*capturedView, thread, threads value.Value) error {
	bl := ns.bl
	b := ns.blocks
	ns.split(b.count, thread, threads)
	var err error
	bl.loopFrom(ns.lo, ns.hi, "block", func(k value.Value) {
		start := bl.b.NewMul(k, b.size)
		rest := bl.b.NewSub(gs[0].trip, start)
		n := bl.selectI64(bl.b.NewICmp(enum.IPredULT, b.size, rest), b.size, rest)
		part := append([]group{}, gs...)
		part[0].trip = n
		ptrs := make([]value.Value, len(views))
		for i, c := range views {
			ptrs[i] = bl.gep(storageType(c.v.elem), c.base, bl.mul(start, gs[0].strides[i]))
		}
		a := ns.newAcc(r, r.lanes())
		if e := ns.accumulate(r, part, views, ptrs, a); e != nil {
			err = e
		}
		t := ns.total(r, a)
		s := value.Value(bl.b.NewLoad(r.accType(0), t.s))
		if r.kahan {
			s = bl.b.NewFSub(s, bl.b.NewLoad(r.accType(0), t.c))
		}
		store(bl.b, bl.ToStorage(s, r.acc), bl.gep(storageType(r.acc), b.sums, k))
		if r.info.Index {
			at := bl.b.NewAdd(bl.b.NewLoad(types.I64, t.idx), start)
			store(bl.b, at, bl.gep(types.I64, b.idx, k))
		}
	})
	return err
}

// combineBlocks folds the blocks' totals in block order (compensated for
// f64 sums; the earlier block on argmax/argmin ties) and stores the
// result in dst, in the enclosing function.
func (fc *funcCtx) combineBlocks(dst *view, root *node, b *blockPlan) {
	bl := fc.bl
	r := newReducer(root)
	ns := &nest{bl: bl}
	a := ns.newAcc(r, 0)
	bl.loop(b.count, "blocks", func(k value.Value) {
		v := bl.FromStorage(bl.b.NewLoad(storageType(r.acc), bl.gep(storageType(r.acc), b.sums, k)), r.acc)
		var at value.Value
		if r.info.Index {
			at = bl.b.NewLoad(types.I64, bl.gep(types.I64, b.idx, k))
		}
		ns.add(r, a, v, at)
	})
	var count value.Value = i64c(1)
	for i, k := range root.loops.Iter {
		if k == ir.Reduction {
			count = bl.mul(count, root.ext[i])
		}
	}
	store(bl.b, bl.ToStorage(r.finish(bl, a, count), r.out), dst.base)
}

// sext64 widens an integer to i64 (an i64 as it is).
func (bl *builder) sext64(v value.Value) value.Value {
	if v.Type().Equal(types.I64) {
		return v
	}
	return bl.b.NewSExt(v, types.I64)
}
