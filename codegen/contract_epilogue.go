package codegen

import (
	"fmt"
	"slices"

	llvm "github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"github.com/tirc/tirc/codegen/plan"
	"github.com/tirc/tirc/codegen/scalar"
	"github.com/tirc/tirc/ir"
)

// The epilogue of a contraction on the small and packed paths (SPEC 7,
// "Contractions"): its elementwise consumers and the broadcasts they
// read (bias, activation, residual add, scaling) run on each output tile
// of the micro-kernel right after the tile's last K block, while it is
// in L1, and store the consumers' value instead of the product: there is
// no pass over the result afterwards. The consumers are the ops reached
// from the product through operands read at the element they compute
// (readsInPlace), of the product's shape and element type, whose other
// operands are already lowered (a view or a constant); their values but
// one, the epilogue's result, are used only by each other. Each element
// gets the same kernels as in the consumers' own nest, so the bits are
// the unfused program's; the K order is the contraction's, so they do
// not depend on the thread count.

// gemmEpi is the epilogue of one contraction.
type gemmEpi struct {
	name   string    // unique in the module: names the driver
	ops    []*ir.Op  // the consumers, in program order
	res    *ir.Value // the product
	out    *ir.Value // the value stored
	leaves []epiLeaf
	err    error // a consumer the driver could not lower
	// checks are the run-time checks of the leaves when sizes are known
	// only at run time (contract_guard.go): the epilogue runs when all
	// hold, else the unfused consumers.
	checks []epiCheck
}

// epiCheck is a run-time check of a leaf: its size (leaf) against the
// product's dim check.Of.
type epiCheck struct {
	check plan.FuseCheck
	leaf  value.Value
}

// epiLeaf is an operand of a consumer that the epilogue reads: a view
// (with its element offset and strides per GEMM loop, computed in the
// function) or a constant.
type epiLeaf struct {
	op     *ir.Op
	k      int // the operand
	scalar constant.Constant
	base   value.Value // the view's first element read
	rs, cs value.Value
	batch  []value.Value
}

// epiLeafArgs are the driver's arguments per view leaf: its pointer, row
// and column strides, and maxBatch batch strides.
const epiLeafArgs = 3 + maxBatch

// gemmEpiOf is the epilogue the plan chose (plan.Epilogue), its checks
// on the leaves' run-time sizes.
func (cl contractLowering) gemmEpiOf(p *plan.Epilogue) (*gemmEpi, error) {
	e := &gemmEpi{name: fmt.Sprintf("%s.%d", cl.fc.f.Name, p.Res.ID()), ops: p.Ops, res: p.Res, out: p.Out}
	for _, ch := range p.Checks {
		lv := cl.fc.vals[ch.Leaf.ID()]
		if lv == nil || lv.view == nil {
			return nil, p.Res.Def().Errorf("internal error: the plan checks %s, which is not lowered to memory", ch.What)
		}
		e.checks = append(e.checks, epiCheck{check: ch, leaf: lv.view.sizes[ch.Dim]})
	}
	return e, nil
}

// epilogueTest is the run-time test of e's checks against the product's
// sizes.
func (cl contractLowering) epilogueTest(e *gemmEpi, sizes []value.Value) value.Value {
	bl := cl.fc.bl
	var ok value.Value = constant.True
	for _, ch := range e.checks {
		t := bl.icmp(enum.IPredEQ, ch.leaf, sizes[ch.check.Of])
		if ch.check.OrOne {
			t = bl.or(t, bl.icmp(enum.IPredEQ, ch.leaf, i64c(1)))
		}
		ok = bl.and(ok, t)
	}
	return ok
}

// bindEpilogue computes e's leaves and marks the consumers lowered: out
// is written to dst by the contraction.
func (cl contractLowering) bindEpilogue(e *gemmEpi, c *contraction, dst *view) {
	cl.epilogueLeaves(e, c)
	cl.markFused(e.ops...)
	cl.fc.vals[e.out.ID()] = &lowered{view: dst}
	cl.fc.inlined[e.out.ID()] = false
}

// guardedEpilogue lowers c with its epilogue e when e's run-time checks
// hold, else c and then e's consumers as the unfused program does
// (guarded): one test per call; rec is its plan.
func (cl contractLowering) guardedEpilogue(c *contraction, cp plan.Contract, e *gemmEpi, sizes []value.Value, rec *plan.ContractAt) error {
	fc := cl.fc
	shape, _ := ir.Shape(c.op.Result(0).Type())
	cond := cl.epilogueTest(e, sizes)
	p, err := fc.contractRec(rec)
	if err != nil {
		return err
	}
	n0 := fc.built
	err = cl.guarded(cond, e.out, func() error {
		fused := *c
		fused.dst = cl.ownedDst(e.out, shape, sizes)
		cl.epilogueLeaves(e, &fused)
		fc.vals[e.out.ID()] = &lowered{view: fused.dst}
		cl.contractGEMM(&fused, cp, e)
		return e.err
	}, func() error {
		plain := *c
		plain.dst = cl.contractDst(c.op, shape, sizes)
		cl.contractGEMM(&plain, cp, nil)
		fc.vals[c.op.Result(0).ID()] = &lowered{view: plain.dst}
		return cl.lowerUnfused(e.ops)
	})
	if err == nil {
		err = fc.checkFallback(p, n0)
	}
	cl.markFused(e.ops...)
	return err
}

// markFused marks ops computed by a contraction's driver.
func (cl contractLowering) markFused(ops ...*ir.Op) {
	if cl.fc.fused == nil {
		cl.fc.fused = map[*ir.Op]bool{}
	}
	for _, op := range ops {
		cl.fc.fused[op] = true
	}
}

// epilogueLeaves computes the leaves' addresses and strides per GEMM
// loop (batch, m, n) in the function.
func (cl contractLowering) epilogueLeaves(e *gemmEpi, c *contraction) {
	batch, m, n, _, _ := plan.GEMMLoops(c.l)
	dimOf := func(loop int) int {
		for d, dm := range c.l.Results[0] {
			if loop >= 0 && dm.Loop == loop {
				return d
			}
		}
		return -1
	}
	for _, op := range e.ops {
		l := cl.fc.loopsOf(op)
		for k, a := range op.Operands() {
			if a == e.res || slices.Contains(e.ops, a.Def()) {
				continue
			}
			lv := cl.fc.vals[a.ID()]
			if lv.view == nil {
				e.leaves = append(e.leaves, epiLeaf{op: op, k: k, scalar: lv.scalar.(constant.Constant)})
				continue
			}
			st, off := cl.loopStrides(lv.view, l.Operands[k], len(l.Iter))
			along := func(loop int) value.Value {
				if d := dimOf(loop); d >= 0 {
					return st[l.Results[0][d].Loop]
				}
				return i64c(0)
			}
			lf := epiLeaf{op: op, k: k, base: cl.fc.bl.gep(storageType(lv.view.elem), lv.view.base, off), rs: along(m), cs: along(n)}
			for _, b := range batch {
				lf.batch = append(lf.batch, along(b))
			}
			e.leaves = append(e.leaves, lf)
		}
	}
}

// setEpilogueArgs fills the driver's leaf arguments from index at.
func setEpilogueArgs(e *gemmEpi, set func(int, value.Value), at int) {
	for _, lf := range e.viewLeaves() {
		set(at, lf.base)
		set(at+1, lf.rs)
		set(at+2, lf.cs)
		for d, s := range lf.batch {
			set(at+3+d, s)
		}
		at += epiLeafArgs
	}
}

// viewLeaves are e's leaves that are views.
func (e *gemmEpi) viewLeaves() []epiLeaf {
	var out []epiLeaf
	for _, lf := range e.leaves {
		if lf.scalar == nil {
			out = append(out, lf)
		}
	}
	return out
}

// epiCall is an epilogue inside the driver: each view leaf's pointer (at
// the current batch item) and strides.
type epiCall struct {
	e                 *gemmEpi
	base, ptr, rs, cs []value.Value
	elem              *ir.Scalar
	lanes             int64
	masked            *llvm.Func
}

// epilogue runs g's epilogue on C[i0:i0+rows, j0:j0+cols] (all of K
// summed there).
func (g *gemmCall) epilogue(bl *builder, i0, rows, j0, cols value.Value) {
	ep := g.epi
	nvec := ep.vectors(bl, g.csC, cols)
	bl.loop(rows, "epi.i", func(i value.Value) {
		row := bl.add(i0, i)
		ep.row(bl, at(bl, storageType(ep.elem), g.C, row, g.rsC, j0, g.csC), g.csC, row, j0, cols, nvec, nil)
	})
}

// vectors is the whole vectors of a row of cols columns the epilogue
// computes as vectors: all of them while C's row (column stride csC) and
// every leaf's are contiguous or broadcast along it, else none.
func (ep *epiCall) vectors(bl *builder, csC, cols value.Value) value.Value {
	vecOK := bl.icmp(enum.IPredEQ, csC, i64c(1))
	for _, cs := range ep.cs {
		vecOK = bl.and(vecOK, bl.or(bl.icmp(enum.IPredEQ, cs, i64c(0)), bl.icmp(enum.IPredEQ, cs, i64c(1))))
	}
	return bl.selectI64(vecOK, bl.b.NewSDiv(cols, i64c(ep.lanes)), i64c(0))
}

// row runs the epilogue on the cols elements of a row of C at crow
// (column stride csC; row and column j0 of the product): nvec whole
// vectors, then element by element; each value is stored back and passed
// to visit (when not nil) with its lane count (0: a scalar).
func (ep *epiCall) row(bl *builder, crow, csC, row, j0, cols, nvec value.Value, visit func(y value.Value, n int64)) {
	st := storageType(ep.elem)
	W := ep.lanes
	vt := types.NewVector(uint64(W), st)
	lrow := make([]value.Value, len(ep.ptr))
	for k := range ep.ptr {
		lrow[k] = at(bl, st, ep.ptr[k], row, ep.rs[k], j0, ep.cs[k])
	}
	bl.loop(nvec, "epi.v", func(v value.Value) {
		j := bl.mul(v, i64c(W))
		load := func(k int) value.Value { // leaf k's vector at j (a splat when broadcast)
			p := bl.gep(st, lrow[k], bl.mul(j, ep.cs[k]))
			s := bl.b.NewLoad(st, p)
			ins := bl.b.NewInsertElement(constant.NewUndef(vt), s, i32c(0))
			sp := bl.b.NewShuffleVector(ins, constant.NewUndef(vt), constant.NewZeroInitializer(types.NewVector(uint64(W), types.I32)))
			mask := bl.b.NewICmp(enum.IPredEQ, splatValue(bl, ep.cs[k], W), splatValue(bl, i64c(1), W))
			return bl.b.NewCall(ep.masked, bl.b.NewBitCast(p, types.NewPointer(vt)), i32c(byteSize(ep.elem)), mask, sp)
		}
		cp := bl.b.NewBitCast(bl.gep(st, crow, j), types.NewPointer(vt))
		x := bl.b.NewLoad(vt, cp)
		x.Align = llvm.Align(byteSize(ep.elem))
		y := ep.eval(bl, x, load, W)
		s := store(bl.b, y, cp)
		s.Align = llvm.Align(byteSize(ep.elem))
		if visit != nil {
			visit(y, W)
		}
	})
	bl.loopFrom(bl.mul(nvec, i64c(W)), cols, "epi.j", func(j value.Value) {
		load := func(k int) value.Value { return bl.b.NewLoad(st, bl.gep(st, lrow[k], bl.mul(j, ep.cs[k]))) }
		cp := bl.gep(st, crow, bl.mul(j, csC))
		y := ep.eval(bl, bl.b.NewLoad(st, cp), load, 0)
		store(bl.b, y, cp)
		if visit != nil {
			visit(y, 0)
		}
	})
}

// eval computes the epilogue's value from the product x (a vector of n
// lanes, or a scalar when n is 0), view leaf k's value being load(k).
func (ep *epiCall) eval(bl *builder, x value.Value, load func(k int) value.Value, n int64) value.Value {
	vals := map[*ir.Value]value.Value{ep.e.res: x}
	loaded := map[int]value.Value{}
	leaf := func(op *ir.Op, k int) value.Value {
		v := 0
		for _, lf := range ep.e.leaves {
			if lf.op == op && lf.k == k {
				if lf.scalar != nil {
					if n > 0 {
						return splat(lf.scalar, n)
					}
					return lf.scalar
				}
				if loaded[v] == nil {
					loaded[v] = load(v)
				}
				return loaded[v]
			}
			if lf.scalar == nil {
				v++
			}
		}
		return nil
	}
	for _, op := range ep.e.ops {
		args := make([]value.Value, op.NumOperands())
		ins := make([]*ir.Scalar, op.NumOperands())
		for k, a := range op.Operands() {
			ins[k] = ep.elem
			if args[k] = vals[a]; args[k] == nil {
				args[k] = leaf(op, k)
			}
		}
		r, err := bl.EmitKernel(op, ins, ep.elem, args)
		if err != nil { // epilogueOp admits only ops with a kernel on elem
			ep.e.err = op.Errorf("in a contraction's epilogue: %v", err)
			return x
		}
		vals[op.Result(0)] = r.V
	}
	return vals[ep.e.out]
}

// newEpiCall reads e's leaves from the driver's arguments (arg).
// The leaves' arguments start at from.
func newEpiCall(bl *builder, e *gemmEpi, elem *ir.Scalar, p plan.Contract, arg func(int) value.Value, from int) *epiCall {
	st := storageType(elem)
	vt := types.NewVector(uint64(p.Lanes), st)
	vp := types.NewPointer(vt)
	maskT := types.NewVector(uint64(p.Lanes), types.I1)
	ep := &epiCall{e: e, elem: elem, lanes: int64(p.Lanes),
		masked: bl.mod.intrinsic(fmt.Sprintf("llvm.masked.load.%s.p0%s", scalar.TypeSuffix(vt), scalar.TypeSuffix(vt)), vt, vp, types.I32, maskT, vt)}
	for k := range e.viewLeaves() {
		at := from + k*epiLeafArgs
		ep.base = append(ep.base, bl.b.NewIntToPtr(arg(at), types.NewPointer(st)))
		ep.rs = append(ep.rs, arg(at+1))
		ep.cs = append(ep.cs, arg(at+2))
	}
	ep.ptr = slices.Clone(ep.base)
	return ep
}

// atItem moves the leaves' pointers to the batch item at element
// offsets offs.
func (ep *epiCall) atItem(bl *builder, offs []value.Value) {
	st := storageType(ep.elem)
	for k := range ep.ptr {
		ep.ptr[k] = bl.gep(st, ep.base[k], offs[k])
	}
}

// finishTile runs the epilogue, if any, on C[i0:i0+rows, j0:j0+cols]
// once all of K is summed there: when last is set (nil: always).
func (g *gemmCall) finishTile(bl *builder, i0, rows, j0, cols, last value.Value) {
	if g.epi == nil {
		return
	}
	if last == nil {
		g.epilogue(bl, i0, rows, j0, cols)
		return
	}
	bl.ifThen(last, "epi", func() { g.epilogue(bl, i0, rows, j0, cols) })
}
