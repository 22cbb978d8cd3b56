package codegen

import (
	"fmt"
	"slices"
	"strings"

	llvm "github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"github.com/tirc/tirc/codegen/plan"
	"github.com/tirc/tirc/ir"
)

// Row-block fusion of a contraction, the row softmax of its result and
// a second contraction that reads the softmax as its lhs (SPEC 7,
// "Contractions"; attention: softmax(q @ kᵀ · s) @ v). The function runs
// a driver over blocks of rows of the first product: per block, the
// first contraction's tiles go to a per-thread scratch block (R rows of
// the scores, sized to stay in L2), its elementwise consumers
// (contract_epilogue.go) and the row max run on each row, then exp(x -
// max) and the row sum, then the division, and the second contraction's
// micro-kernel reads the block as its packed lhs and writes its rows of
// the result. The score matrix is never stored. The rhs operands (kᵀ and
// v) are packed once per batch item and thread. Threads split the
// (item, row block) pairs; each row's sums, and so its bits, do not
// depend on the split.

// rowFusion is one contraction fused with the row softmax of its result
// and the contraction that reads it.
type rowFusion struct {
	c1, c2                  *ir.Op
	epi                     *gemmEpi // the first product's consumers before the softmax
	max, sub, exp, sum, div *ir.Op
	rows                    int   // R, the block
	k                       int64 // the first contraction's K
}

// rowSoftmax is c's row-block fusion, or nil: c (small or packed, static
// shape and K) is followed by its elementwise consumers, then max over the
// last dim (keepdims), x - max, exp, the sum over the last dim, the
// division, each used once, and, when its only use is one, a two-operand
// contraction reading the quotient as its lhs with its last dim
// contracted (c2; else the quotients are stored, row block by row block).
func (cl contractLowering) rowSoftmax(c *contraction, cp plan.Contract) *rowFusion {
	res := c.op.Result(0)
	shape, _ := ir.Shape(res.Type())
	r := len(shape)
	if cp.Path == plan.PathGeneric || !staticShape(shape) || r < 2 || slices.Contains(shape, 0) || !identityResult(c.l) {
		return nil
	}
	_, _, _, k, _ := plan.GEMMLoops(c.l)
	K, ok := constVal(c.ext[k])
	if !ok || K == 0 {
		return nil
	}
	f := &rowFusion{c1: c.op, epi: cl.contractEpilogue(c), k: K}
	if f.epi == nil {
		f.epi = &gemmEpi{name: fmt.Sprintf("%s.%d", cl.fc.f.Name, res.ID()), res: res, out: res}
	}
	uses := f.epi.out.Uses()
	if len(uses) != 2 {
		return nil
	}
	for _, u := range uses {
		switch op := u.Op; {
		case op != nil && u.Index == 0 && lastDimReduce(op, ir.ReduceMax):
			f.max = op
		case op != nil && u.Index == 0 && kernelOf(op, c.elem) == ir.KernelSub:
			f.sub = op
		}
	}
	if f.max == nil || f.sub == nil || f.sub.Operand(1) != f.max.Result(0) {
		return nil
	}
	if f.exp = onlyUse(f.sub.Result(0), 0); f.exp == nil || kernelOf(f.exp, c.elem) != ir.KernelExp {
		return nil
	}
	e := f.exp.Result(0)
	if len(e.Uses()) != 2 {
		return nil
	}
	for _, u := range e.Uses() {
		switch op := u.Op; {
		case op != nil && u.Index == 0 && lastDimReduce(op, ir.ReduceSum):
			f.sum = op
		case op != nil && u.Index == 0 && kernelOf(op, c.elem) == ir.KernelDiv:
			f.div = op
		}
	}
	if f.sum == nil || f.div == nil || f.div.Operand(1) != f.sum.Result(0) {
		return nil
	}
	for _, op := range []*ir.Op{f.max, f.sum} {
		if onlyUse(op.Result(0), 1) == nil {
			return nil
		}
	}
	for _, op := range []*ir.Op{f.sub, f.exp, f.div} {
		if !ir.TypeEqual(op.Result(0).Type(), res.Type()) || op.Func() != cl.fc.f || op.ParentOp() != nil {
			return nil
		}
	}
	if f.c2 = onlyUse(f.div.Result(0), 0); f.c2 != nil && !cl.rowConsumer(f.c2, shape, c.elem) {
		f.c2 = nil
	}
	f.rows = min(rowBlock(cp, shape[r-1], c.elem), int(roundTo(shape[r-2], int64(cp.MR))))
	return f
}

// onlyUse is the op of v's only use, when that use is operand k.
func onlyUse(v *ir.Value, k int) *ir.Op {
	uses := v.Uses()
	if len(uses) != 1 || uses[0].Op == nil || uses[0].Index != k {
		return nil
	}
	return uses[0].Op
}

// kernelOf is the kernel of an elementwise op on elem, or KernelNone.
func kernelOf(op *ir.Op, elem *ir.Scalar) ir.Kernel {
	l := ir.LoopsOf(op)
	if op.Def == nil || op.NumResults() != 1 || l == nil || !l.Parallel() || op.Def.KernelArgs != nil ||
		isContraction(op) || ir.ElementType(op.Result(0).Type()) != elem {
		return ir.KernelNone
	}
	return op.Def.KernelOn(0, elem)
}

// lastDimReduce reports whether op reduces its one operand over its last
// dim only, keeping it (size 1), with reduction kind kind.
func lastDimReduce(op *ir.Op, kind ir.Reduce) bool {
	l := ir.LoopsOf(op)
	if op.Def == nil || op.Def.Reduce != kind || op.NumOperands() != 1 || op.NumResults() != 1 || l == nil {
		return false
	}
	in, _ := ir.Shape(op.Operand(0).Type())
	out, ok := ir.Shape(op.Result(0).Type())
	r := len(in)
	if !ok || len(out) != r || out[r-1] != 1 || !slices.Equal(in[:r-1], out[:r-1]) || len(l.Iter) != r {
		return false
	}
	for d, m := range l.Operands[0] {
		if m.Loop != d || m.Stride != 1 || m.Offset != 0 || m.Kind == ir.Window ||
			(l.Iter[d] == ir.Reduction) != (d == r-1) {
			return false
		}
	}
	return true
}

// identityResult reports whether a contraction's result dim d is its loop
// d, and its last two loops are M and N (GEMMLoops).
func identityResult(l *ir.Loops) bool {
	_, m, n, _, ok := plan.GEMMLoops(l)
	rm := l.Results[0]
	r := len(rm)
	if !ok || r < 2 || m < 0 || n < 0 || rm[r-2].Loop != m || rm[r-1].Loop != n {
		return false
	}
	for d, dm := range rm {
		if dm.Loop != d || dm.Stride != 1 || dm.Offset != 0 {
			return false
		}
	}
	return true
}

// rowConsumer reports whether c2 can take the row blocks: a two-operand
// GEMM contraction of elem over the quotient's last dim, its rows the
// quotient's rows, batch dims the quotient's, its rhs lowered, static.
func (cl contractLowering) rowConsumer(c2 *ir.Op, shape []int64, elem *ir.Scalar) bool {
	l := ir.LoopsOf(c2)
	if !isContraction(c2) || l == nil || c2.NumOperands() != 2 || !identityResult(l) {
		return false
	}
	_, m, _, k, _ := plan.GEMMLoops(l)
	out, ok := ir.Shape(c2.Result(0).Type())
	r := len(shape)
	if !ok || !staticShape(out) || len(out) != r || !slices.Equal(out[:r-1], shape[:r-1]) || slices.Contains(out, 0) ||
		ir.ElementType(c2.Result(0).Type()) != elem {
		return false
	}
	pm := l.Operands[0]
	if len(pm) != r || pm[r-1].Loop != k || pm[r-2].Loop != m {
		return false
	}
	for d, dm := range pm {
		if (d < r-2 && dm.Loop != d) || dm.Stride != 1 || dm.Offset != 0 || dm.Kind == ir.Window {
			return false
		}
	}
	v := c2.Operand(1)
	lv := cl.fc.vals[v.ID()]
	vs, _ := ir.Shape(v.Type())
	return lv != nil && lv.view != nil && ir.ElementType(v.Type()) == elem && staticShape(vs)
}

// rowBlock is R: the scores block (R rows of n, padded) fills a quarter
// of L2, in whole MR-high strips, at most MC rows.
func rowBlock(cp plan.Contract, n int64, elem *ir.Scalar) int {
	t := plan.TargetAVX2
	if cp.Lanes*elem.Bits()/8 == plan.TargetAVX512.VectorBytes {
		t = plan.TargetAVX512
	}
	ld := int(scoreStride(cp, n))
	r := (t.L2 / 4) / (ld * elem.Bits() / 8) / cp.MR * cp.MR
	return max(cp.MR, min(r, cp.MC))
}

// scoreStride is the scratch block's row stride: n rounded up to whole
// NR strips, plus one vector (rows 2^k apart would share cache sets).
func scoreStride(cp plan.Contract, n int64) int64 {
	return roundTo(n, int64(cp.NR)) + int64(cp.Lanes)
}

func roundTo(x, m int64) int64 { return (x + m - 1) / m * m }

// describe is the plan's line for f.
func (f *rowFusion) describe() string {
	var ops []string
	for _, op := range append(slices.Clone(f.epi.ops), f.max, f.sub, f.exp, f.sum, f.div) {
		ops = append(ops, op.Name+" at "+posOf(op.Pos))
	}
	if f.c2 == nil {
		return fmt.Sprintf("blocks of %d rows, each computed in the result and finished there: %s", f.rows, strings.Join(ops, ", "))
	}
	return fmt.Sprintf("blocks of %d rows in a per-thread scratch (the product is never stored): %s; then %s at %s on each block",
		f.rows, strings.Join(ops, ", "), f.c2.Name, posOf(f.c2.Pos))
}

// Row-block driver arguments (i64 each): the operands, sizes and
// strides, then the batch sizes and the four operands' batch strides
// (maxBatch each), then the epilogue's leaves (epiLeafArgs each).
const (
	raQ = iota
	raKt
	raV
	raOut
	raBuf
	raItems
	raDims
	raRsQ
	raCsQ
	raRsKt
	raCsKt
	raRsV
	raCsV
	raRsOut
	raCsOut
	raSizes
	rowArgs = raSizes + 5*maxBatch
)

// rowGeometry are the static sizes of a row fusion: M, N (the scores'
// columns, the second contraction's K), K, N2 (the result's columns; 0
// without a second contraction, and then no v or scratch), the scratch's
// row stride and each thread's buffer layout (elements).
type rowGeometry struct {
	M, N, K, N2, ld                      int64
	packA, packB1, packB2, scores, total int64
	blocks                               int64 // row blocks per item
}

func (f *rowFusion) geometry(cp plan.Contract) rowGeometry {
	s, _ := ir.Shape(f.c1.Result(0).Type())
	r := len(s)
	g := rowGeometry{M: s[r-2], N: s[r-1], K: f.k, ld: scoreStride(cp, s[r-1])}
	R := int64(f.rows)
	g.packA = roundTo(R*int64(cp.KC), 16)
	g.packB1 = roundTo(g.K*roundTo(g.N, int64(cp.NR)), 16)
	if f.c2 != nil {
		o, _ := ir.Shape(f.c2.Result(0).Type())
		g.N2 = o[r-1]
		g.packB2 = roundTo(g.N*roundTo(g.N2, int64(cp.NR)), 16)
		g.scores = roundTo(R*g.ld, 16)
	}
	g.total = g.packA + g.packB1 + g.packB2 + g.scores
	g.blocks = (g.M + R - 1) / R
	return g
}

// contractRows lowers f: it fills the driver's arguments and runs it on
// the team when the problem is large.
func (cl contractLowering) contractRows(f *rowFusion, c *contraction, cp plan.Contract) error {
	bl := cl.fc.bl
	st := storageType(c.elem)
	geo := f.geometry(cp)
	shape, _ := ir.Shape(c.op.Result(0).Type())
	out := f.div.Result(0)
	if f.c2 != nil {
		out = f.c2.Result(0)
	}
	oshape, _ := ir.Shape(out.Type())
	sizes := make([]value.Value, len(oshape))
	for d, s := range oshape {
		sizes[d] = i64c(s)
	}
	nl1 := len(c.l.Iter)
	_, m1, n1, k1, _ := plan.GEMMLoops(c.l)
	sq, offQ := cl.loopStrides(c.ins[0], c.l.Operands[0], nl1)
	sk, offK := cl.loopStrides(c.ins[1], c.l.Operands[1], nl1)
	zeros := make([]value.Value, max(nl1, len(oshape)+1))
	for i := range zeros {
		zeros[i] = i64c(0)
	}
	var dst, v *view
	sv, so, offV, offO := zeros, zeros, value.Value(i64c(0)), value.Value(i64c(0))
	m2, n2, k2 := m1, n1, 0
	if f.c2 == nil {
		dst = cl.ownedDst(out, oshape, sizes)
		so, offO = cl.loopStrides(dst, c.l.Results[0], nl1)
		v = dst // not read
	} else {
		var err error
		if v, err = cl.fc.materialize(f.c2.Operand(1), fmt.Sprintf("%s: '%s' op", f.c2.Pos, f.c2.Name)); err != nil {
			return err
		}
		dst = cl.contractDst(f.c2, oshape, sizes)
		l2 := ir.LoopsOf(f.c2)
		_, m2, n2, k2, _ = plan.GEMMLoops(l2)
		sv, offV = cl.loopStrides(v, l2.Operands[1], len(l2.Iter))
		so, offO = cl.loopStrides(dst, l2.Results[0], len(l2.Iter))
	}
	cl.epilogueLeaves(f.epi, c)
	leaves := f.epi.viewLeaves()
	args := bl.alloca(types.NewArray(uint64(rowArgs+len(leaves)*epiLeafArgs), types.I64))
	set := cl.argSetter(args)
	for i, x := range []value.Value{bl.gep(st, c.ins[0].base, offQ), bl.gep(st, c.ins[1].base, offK),
		bl.gep(st, v.base, offV), bl.gep(st, dst.base, offO)} {
		set(raQ+i, x)
	}
	for i, x := range []value.Value{sq[m1], sq[k1], sk[k1], sk[n1], sv[k2], sv[n2], so[m2], so[n2]} {
		set(raRsQ+i, x)
	}
	batch := len(shape) - 2
	items := int64(1)
	for d := range batch {
		items *= shape[d]
		for i, x := range []value.Value{i64c(shape[d]), sq[d], sk[d], sv[d], so[d]} {
			set(raSizes+i*maxBatch+d, x)
		}
	}
	set(raItems, i64c(items))
	set(raDims, i64c(int64(batch)))
	setEpilogueArgs(f.epi, set, rowArgs)
	threads := cl.teamSize(items * geo.M * geo.N * (geo.K + geo.N2))
	what := fmt.Sprintf("%s: '%s' op", c.op.Pos, c.op.Name)
	slot := bl.alloca(i8p)
	store(bl.entry, constant.NewNull(i8p), slot)
	cl.fc.temps = append(cl.fc.temps, slot)
	set(raBuf, cl.fc.alloc(c.elem, []value.Value{threads.n, i64c(geo.total)}, slot, what+" row blocks"))
	cl.runTeam(cl.fc.mod.rowDriver(f, cp, geo), bl.b.NewBitCast(args, i8p), threads.big)
	cl.fc.vals[out.ID()] = &lowered{view: dst}
	cl.fc.inlined[out.ID()] = false
	cl.markFused(append(slices.Clone(f.epi.ops), f.max, f.sub, f.exp, f.sum, f.div)...)
	if f.c2 != nil {
		cl.markFused(f.c2)
	}
	return f.epi.err
}

// argSetter stores into element i of a driver's i64 argument array
// (pointers as integers).
func (cl contractLowering) argSetter(args *llvm.InstAlloca) func(int, value.Value) {
	bl := cl.fc.bl
	return func(i int, v value.Value) {
		if _, ok := v.Type().(*types.PointerType); ok {
			v = bl.b.NewPtrToInt(v, types.I64)
		}
		g := bl.b.NewGetElementPtr(args.ElemType, args, i64c(0), i64c(int64(i)))
		g.InBounds = true
		store(bl.b, v, g)
	}
}

// team is whether a driver runs on libgomp's team (big) and the threads
// to allocate buffers for.
type team struct{ big, n value.Value }

// teamSize decides the team for a problem of macs multiply-adds.
func (cl contractLowering) teamSize(macs int64) team {
	if min := cl.fc.mod.opts.ParallelMin; min > 0 && macs >= min {
		return team{big: constant.True, n: cl.fc.maxThreads()}
	}
	return team{big: constant.False, n: i64c(1)}
}

// runTeam calls driver(data) on libgomp's team when big is set and
// libgomp is linked, else on this thread.
func (cl contractLowering) runTeam(driver *llvm.Func, data, big value.Value) {
	bl := cl.fc.bl
	if isConst(big, 0) {
		bl.b.NewCall(driver, data)
		return
	}
	gomp := cl.fc.mod.weak("GOMP_parallel", types.Void, types.NewPointer(types.NewFunc(types.Void, i8p)), i8p, types.I32, types.I32)
	linked := bl.b.NewICmp(enum.IPredNE, gomp, constant.NewNull(gomp.Typ))
	bl.ifElse(bl.and(linked, big), "contract.team", func() {
		bl.b.NewCall(gomp, driver, data, i32c(0), i32c(0))
	}, func() {
		bl.b.NewCall(driver, data)
	})
}

// teamPos is this thread's number and the team's size (0 and 1 outside
// a team, or without libgomp), in a driver.
func teamPos(bl *builder) (tid, nth value.Value) {
	mc := bl.mod
	num := mc.weak("omp_get_thread_num", types.I32)
	cnt := mc.weak("omp_get_num_threads", types.I32)
	tslot, nslot := bl.alloca(types.I64), bl.alloca(types.I64)
	store(bl.b, i64c(0), tslot)
	store(bl.b, i64c(1), nslot)
	bl.ifThen(bl.b.NewICmp(enum.IPredNE, num, constant.NewNull(num.Typ)), "team", func() {
		store(bl.b, bl.b.NewSExt(bl.b.NewCall(num), types.I64), tslot)
		store(bl.b, bl.b.NewSExt(bl.b.NewCall(cnt), types.I64), nslot)
	})
	return bl.b.NewLoad(types.I64, tslot), bl.b.NewLoad(types.I64, nslot)
}

// itemOffsets are the element offsets of batch item b in each operand
// whose batch strides start at argument strideAt[t] (dims batch dims,
// their sizes from argument sizeAt; the last dim fastest).
func itemOffsets(bl *builder, arr, dims, b value.Value, sizeAt int, strideAt []int) []value.Value {
	offs := make([]value.Value, len(strideAt))
	for t := range offs {
		offs[t] = bl.alloca(types.I64)
		store(bl.b, i64c(0), offs[t])
	}
	rem := bl.alloca(types.I64)
	store(bl.b, b, rem)
	bl.loop(dims, "dim", func(j value.Value) {
		d := bl.b.NewSub(bl.b.NewSub(dims, j), i64c(1))
		size := arg1(bl, arr, sizeAt, d)
		r := bl.b.NewLoad(types.I64, rem)
		idx := bl.b.NewSRem(r, size)
		store(bl.b, bl.b.NewSDiv(r, size), rem)
		for t, o := range offs {
			s := arg1(bl, arr, strideAt[t], d)
			store(bl.b, bl.b.NewAdd(bl.b.NewLoad(types.I64, o), bl.b.NewMul(idx, s)), o)
		}
	})
	out := make([]value.Value, len(offs))
	for t, o := range offs {
		out[t] = bl.b.NewLoad(types.I64, o)
	}
	return out
}

// rowSoftmaxIf is c's row-block fusion when fuse is set (rowSoftmax).
func (cl contractLowering) rowSoftmaxIf(fuse bool, c *contraction, cp plan.Contract) *rowFusion {
	if !fuse {
		return nil
	}
	return cl.rowSoftmax(c, cp)
}
