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
// depend on the split. With sizes known only at run time the fusion is
// guarded (contract_guard.go): the leaves' and v's sizes must match the
// scores', every size be at least 1, and MR rows of the scores fit the
// scratch's quarter of L2; the block of rows is then chosen from the row
// length at run time.

// rowFusion is one contraction fused with the row softmax of its result
// and the contraction that reads it.
type rowFusion struct {
	c1, c2                  *ir.Op
	epi                     *gemmEpi // the first product's consumers before the softmax
	max, sub, exp, sum, div *ir.Op
	rows                    int   // R, the block; 0: chosen at run time
	k                       int64 // the first contraction's K (-1: dynamic)
	// M, N and N2 are the scores' rows and columns and the result's
	// columns (0 without c2), -1 when dynamic.
	M, N, N2 int64
	// dynamic: some size is known only at run time, so the fusion is
	// guarded; vChecks are c2's rhs's checks against the scores.
	dynamic bool
	vChecks []plan.FuseCheck
}

// rowSoftmax is c's row-block fusion, or nil: c (small or packed, no
// size known to be 0) is followed by its elementwise consumers, then max over the
// last dim (keepdims), x - max, exp, the sum over the last dim, the
// division, each used once, and, when its only use is one, a two-operand
// contraction reading the quotient as its lhs with its last dim
// contracted (c2; else the quotients are stored, row block by row block).
func (cl contractLowering) rowSoftmax(c *contraction, cp plan.Contract) *rowFusion {
	res := c.op.Result(0)
	shape, _ := ir.Shape(res.Type())
	r := len(shape)
	if cp.Path == plan.PathGeneric || r < 2 || slices.Contains(shape, 0) || !identityResult(c.l) {
		return nil
	}
	_, _, _, k, _ := plan.GEMMLoops(c.l)
	K, ok := constVal(c.ext[k])
	if !ok {
		K = -1
	} else if K == 0 {
		return nil
	}
	f := &rowFusion{c1: c.op, epi: cl.contractEpilogue(c), k: K, M: shape[r-2], N: shape[r-1]}
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
	f.dynamic = !staticShape(shape) || K < 0 || len(f.epi.checks) > 0
	if f.c2 = onlyUse(f.div.Result(0), 0); f.c2 != nil {
		cl.secondContraction(f, shape, c.elem)
	}
	if !f.dynamic {
		f.rows = min(rowBlock(cp, shape[r-1], c.elem), int(roundTo(shape[r-2], int64(cp.MR))))
	}
	return f
}

// secondContraction keeps f.c2 when it can take the row blocks
// (rowConsumer), with its result's columns and v's checks; a guarded
// fusion does not take a c2 whose result another op computes in place
// (contractSink: both paths would own that buffer).
func (cl contractLowering) secondContraction(f *rowFusion, shape []int64, elem *ir.Scalar) {
	checks, ok := cl.rowConsumer(f.c2, shape, elem)
	if !ok {
		f.c2 = nil
		return
	}
	out, _ := ir.Shape(f.c2.Result(0).Type())
	dynamic := f.dynamic || len(checks) > 0 || !staticShape(out)
	if dynamic && cl.contractSink(f.c2.Result(0)) != nil {
		f.c2 = nil
		return
	}
	f.dynamic, f.vChecks, f.N2 = dynamic, checks, out[len(out)-1]
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
// quotient's rows, batch dims the quotient's, its rhs lowered; with the
// run-time checks of its rhs (its contracted size the scores' columns,
// its batch sizes the scores' or 1) where sizes are dynamic.
func (cl contractLowering) rowConsumer(c2 *ir.Op, shape []int64, elem *ir.Scalar) ([]plan.FuseCheck, bool) {
	l := ir.LoopsOf(c2)
	if !isContraction(c2) || l == nil || c2.NumOperands() != 2 || !identityResult(l) {
		return nil, false
	}
	_, m, n, k, _ := plan.GEMMLoops(l)
	out, ok := ir.Shape(c2.Result(0).Type())
	r := len(shape)
	if !ok || len(out) != r || !slices.Equal(out[:r-1], shape[:r-1]) || slices.Contains(out, 0) ||
		ir.ElementType(c2.Result(0).Type()) != elem {
		return nil, false
	}
	pm := l.Operands[0]
	if len(pm) != r || pm[r-1].Loop != k || pm[r-2].Loop != m {
		return nil, false
	}
	for d, dm := range pm {
		if (d < r-2 && dm.Loop != d) || dm.Stride != 1 || dm.Offset != 0 || dm.Kind == ir.Window {
			return nil, false
		}
	}
	v := c2.Operand(1)
	lv := cl.fc.vals[v.ID()]
	if lv == nil || lv.view == nil || ir.ElementType(v.Type()) != elem {
		return nil, false
	}
	dimOf := func(loop int) int {
		switch {
		case loop == k:
			return r - 1
		case loop == n:
			return plan.FreeDim
		case loop < r-2:
			return loop
		}
		return -1
	}
	return plan.LeafChecks(fmt.Sprintf("operand 1 of %s at %s", c2.Name, posOf(c2.Pos)), lv.view.shape, shape, l.Operands[1], dimOf)
}

// rowBlock is R: the scores block (R rows of n, padded) fills a quarter
// of L2, in whole MR-high strips, at most MC rows.
func rowBlock(cp plan.Contract, n int64, elem *ir.Scalar) int {
	ld := int(scoreStride(cp, n))
	r := rowScratch(cp, elem) / (ld * elem.Bits() / 8) / cp.MR * cp.MR
	return max(cp.MR, min(r, cp.MC))
}

// rowScratch is the bytes of L2 a block of scores may fill: a quarter.
func rowScratch(cp plan.Contract, elem *ir.Scalar) int {
	t := plan.TargetAVX2
	if cp.Lanes*elem.Bits()/8 == plan.TargetAVX512.VectorBytes {
		t = plan.TargetAVX512
	}
	return t.L2 / 4
}

// scoreStride is the scratch block's row stride: n rounded up to whole
// NR strips, plus one vector (rows 2^k apart would share cache sets).
func scoreStride(cp plan.Contract, n int64) int64 {
	return roundTo(n, int64(cp.NR)) + int64(cp.Lanes)
}

func roundTo(x, m int64) int64 { return (x + m - 1) / m * m }

// divV is x / m (x >= 0), folded when constant.
func divV(bl *builder, x, m value.Value) value.Value {
	a, aok := constVal(x)
	c, cok := constVal(m)
	if aok && cok {
		return i64c(a / c)
	}
	return bl.b.NewSDiv(x, m)
}

// roundV is x rounded up to a multiple of m.
func roundV(bl *builder, x value.Value, m int64) value.Value {
	return bl.mul(divV(bl, bl.add(x, i64c(m-1)), i64c(m)), i64c(m))
}

// describe is the plan's line for f.
func (f *rowFusion) describe() string {
	var ops []string
	for _, op := range append(slices.Clone(f.epi.ops), f.max, f.sub, f.exp, f.sum, f.div) {
		ops = append(ops, op.Name+" at "+posOf(op.Pos))
	}
	rows := "?"
	if f.rows > 0 {
		rows = fmt.Sprint(f.rows)
	}
	if f.c2 == nil {
		return fmt.Sprintf("blocks of %s rows, each computed in the result and finished there: %s", rows, strings.Join(ops, ", "))
	}
	return fmt.Sprintf("blocks of %s rows in a per-thread scratch (the product is never stored): %s; then %s at %s on each block",
		rows, strings.Join(ops, ", "), f.c2.Name, posOf(f.c2.Pos))
}

// Row-block driver arguments (i64 each): the operands, sizes and
// strides, the geometry's sizes (rowGeometry), then the batch sizes and
// the four operands' batch strides (maxBatch each), then the epilogue's
// leaves (epiLeafArgs each).
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
	raM
	raN
	raK
	raN2
	raR
	raSizes
	rowArgs = raSizes + 5*maxBatch
)

// rowGeometry are the sizes of a row fusion (constants when static): M,
// N (the scores' columns, the second contraction's K), K, N2 (the
// result's columns; 0 without a second contraction, and then no v or
// scratch), R the block of rows, the scratch's row stride and each
// thread's buffer layout (elements).
type rowGeometry struct {
	M, N, K, N2, R, ld                   value.Value
	packA, packB1, packB2, scores, total value.Value
	blocks                               value.Value // row blocks per item
}

func rowGeometryOf(bl *builder, cp plan.Contract, second bool, M, N, K, N2, R value.Value) rowGeometry {
	g := rowGeometry{M: M, N: N, K: K, N2: N2, R: R, packB2: i64c(0), scores: i64c(0)}
	g.ld = bl.add(roundV(bl, N, int64(cp.NR)), i64c(int64(cp.Lanes)))
	g.packA = roundV(bl, bl.mul(R, i64c(int64(cp.KC))), 16)
	g.packB1 = roundV(bl, bl.mul(K, roundV(bl, N, int64(cp.NR))), 16)
	if second {
		g.packB2 = roundV(bl, bl.mul(N, roundV(bl, N2, int64(cp.NR))), 16)
		g.scores = roundV(bl, bl.mul(R, g.ld), 16)
	}
	g.total = bl.add(bl.add(g.packA, g.packB1), bl.add(g.packB2, g.scores))
	g.blocks = divV(bl, bl.add(M, bl.add(R, i64c(-1))), R)
	return g
}

// staticGeometry is f's geometry when its sizes are static.
func (f *rowFusion) staticGeometry(bl *builder, cp plan.Contract) rowGeometry {
	return rowGeometryOf(bl, cp, f.c2 != nil, i64c(f.M), i64c(f.N), i64c(f.k), i64c(f.N2), i64c(int64(f.rows)))
}

// rowSizes are the run-time sizes of f: the scores' (the product's
// extents), the result's columns (v's, or 0) and the block of rows
// (rowBlock's rule over the run-time row length).
func (cl contractLowering) rowSizes(f *rowFusion, c *contraction, cp plan.Contract) rowGeometry {
	if !f.dynamic {
		return f.staticGeometry(cl.fc.bl, cp)
	}
	bl := cl.fc.bl
	_, m, n, k, _ := plan.GEMMLoops(c.l)
	M, N := c.ext[m], c.ext[n]
	var N2 value.Value = i64c(0)
	if f.c2 != nil {
		l2 := ir.LoopsOf(f.c2)
		_, _, n2, _, _ := plan.GEMMLoops(l2)
		vv := cl.fc.vals[f.c2.Operand(1).ID()].view
		for j, dm := range l2.Operands[1] {
			if dm.Loop == n2 {
				N2 = vv.sizes[j]
			}
		}
	}
	ld := bl.add(roundV(bl, N, int64(cp.NR)), i64c(int64(cp.Lanes)))
	fit := divV(bl, i64c(int64(rowScratch(cp, c.elem))), bl.mul(ld, i64c(int64(c.elem.Bits()/8))))
	R := bl.mul(divV(bl, fit, i64c(int64(cp.MR))), i64c(int64(cp.MR)))
	R = minI64(bl, minI64(bl, R, i64c(int64(cp.MC))), roundV(bl, M, int64(cp.MR)))
	R = bl.selectI64(bl.icmp(enum.IPredSLT, R, i64c(1)), i64c(1), R) // no rows: unfused, but no division by 0
	return rowGeometryOf(bl, cp, f.c2 != nil, M, N, c.ext[k], N2, R)
}

// rowTest is the run-time condition of a dynamic f (geo its rowSizes):
// the epilogue's and v's checks, every size at least 1, and MR rows of
// the scores in the scratch (then R is at least MR).
func (cl contractLowering) rowTest(f *rowFusion, c *contraction, cp plan.Contract, geo rowGeometry) value.Value {
	bl := cl.fc.bl
	ok := cl.epilogueTest(f.epi, c.ext)
	if f.c2 != nil {
		vv := cl.fc.vals[f.c2.Operand(1).ID()].view
		var vc gemmEpi
		for _, ch := range f.vChecks {
			vc.checks = append(vc.checks, epiCheck{check: ch, leaf: vv.sizes[ch.Dim]})
		}
		ok = bl.and(ok, cl.epilogueTest(&vc, c.ext))
	}
	positive := func(x value.Value) { ok = bl.and(ok, bl.icmp(enum.IPredSLT, i64c(0), x)) }
	for _, e := range c.ext {
		positive(e)
	}
	if f.c2 != nil {
		positive(geo.N2)
	}
	ok = bl.and(ok, bl.b.NewXor(bl.icmp(enum.IPredSLT, geo.R, i64c(int64(cp.MR))), constant.True))
	return ok
}

// rowWhen is the plan's text of f's run-time condition.
func (f *rowFusion) rowWhen(cp plan.Contract, elem *ir.Scalar) string {
	return plan.Guard(append(f.epi.epilogueWhen(), f.vChecks...), "every size >= 1",
		fmt.Sprintf("%d rows of the scores in %d KiB", cp.MR, rowScratch(cp, elem)>>10))
}

// contractRows lowers f: it fills the driver's arguments and runs it on
// the team when the problem is large; a dynamic f is guarded (rowTest),
// the unfused path lowering c, the softmax and c2 in turn.
func (cl contractLowering) contractRows(f *rowFusion, c *contraction, cp plan.Contract) error {
	fc := cl.fc
	fused := func() error { return cl.contractRowsFused(f, c, cp, cl.rowSizes(f, c, cp)) }
	fc.plan.Contracts = append(fc.plan.Contracts, &plan.ContractAt{Op: c.op.Name, At: posOf(c.op.Pos), Plan: cp, Rows: f.describe(), Prologues: c.views})
	if !f.dynamic {
		return fused()
	}
	rec := fc.plan.Contracts[len(fc.plan.Contracts)-1]
	rec.When = f.rowWhen(cp, c.elem)
	ops := f.ops()
	out := f.div.Result(0)
	if f.c2 != nil {
		out = f.c2.Result(0)
	}
	n0 := fc.built
	err := cl.guarded(cl.rowTest(f, c, cp, cl.rowSizes(f, c, cp)), out, fused, func() error {
		shape, _ := ir.Shape(c.op.Result(0).Type())
		plain := *c
		plain.dst = cl.contractDst(c.op, shape, c.ext)
		cl.contractGEMM(&plain, cp, nil)
		fc.vals[c.op.Result(0).ID()] = &lowered{view: plain.dst}
		if err := cl.lowerUnfused(ops); err != nil {
			return err
		}
		if f.c2 == nil {
			return nil
		}
		return cl.contractOp(f.c2, false)
	})
	for i := n0; i < fc.built; i++ {
		rec.Fallback = append(rec.Fallback, i)
	}
	cl.markFused(ops...)
	if f.c2 != nil {
		cl.markFused(f.c2)
	}
	return err
}

// ops are the ops f fuses between its contractions, in program order.
func (f *rowFusion) ops() []*ir.Op {
	in := map[*ir.Op]bool{f.max: true, f.sub: true, f.exp: true, f.sum: true, f.div: true}
	for _, op := range f.epi.ops {
		in[op] = true
	}
	var out []*ir.Op
	for op := f.c1.Next(); op != nil && len(out) < len(in); op = op.Next() {
		if in[op] {
			out = append(out, op)
		}
	}
	return out
}

// contractRowsFused lowers f as row blocks (geo its sizes).
func (cl contractLowering) contractRowsFused(f *rowFusion, c *contraction, cp plan.Contract, geo rowGeometry) error {
	bl := cl.fc.bl
	st := storageType(c.elem)
	shape, _ := ir.Shape(c.op.Result(0).Type())
	out := f.div.Result(0)
	last := geo.N
	if f.c2 != nil {
		out, last = f.c2.Result(0), geo.N2
	}
	oshape, _ := ir.Shape(out.Type())
	sizes := append(slices.Clone(c.ext[:len(oshape)-1]), last)
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
	for i, x := range []value.Value{sq[m1], sq[k1], sk[k1], sk[n1], sv[k2], sv[n2], so[m2], so[n2],
		geo.M, geo.N, geo.K, geo.N2, geo.R} {
		set(raRsQ+i, x)
	}
	batch := len(shape) - 2
	var items value.Value = i64c(1)
	for d := range batch {
		items = bl.mul(items, c.ext[d])
		for i, x := range []value.Value{c.ext[d], sq[d], sk[d], sv[d], so[d]} {
			set(raSizes+i*maxBatch+d, x)
		}
	}
	set(raItems, items)
	set(raDims, i64c(int64(batch)))
	setEpilogueArgs(f.epi, set, rowArgs)
	threads := cl.teamSize(bl.mul(bl.mul(items, geo.M), bl.mul(geo.N, bl.add(geo.K, geo.N2))))
	what := fmt.Sprintf("%s: '%s' op", c.op.Pos, c.op.Name)
	slot := bl.alloca(i8p)
	store(bl.entry, constant.NewNull(i8p), slot)
	cl.fc.temps = append(cl.fc.temps, slot)
	set(raBuf, cl.fc.alloc(c.elem, []value.Value{threads.n, geo.total}, slot, what+" row blocks"))
	cl.runTeam(cl.fc.mod.rowDriver(f, cp), bl.b.NewBitCast(args, i8p), threads.big)
	cl.fc.vals[out.ID()] = &lowered{view: dst}
	cl.fc.inlined[out.ID()] = false
	if !f.dynamic {
		cl.markFused(f.ops()...)
		if f.c2 != nil {
			cl.markFused(f.c2)
		}
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
func (cl contractLowering) teamSize(macs value.Value) team {
	min := cl.fc.mod.opts.ParallelMin
	if min <= 0 {
		return team{big: constant.False, n: i64c(1)}
	}
	bl := cl.fc.bl
	small := bl.icmp(enum.IPredSLT, macs, i64c(min))
	switch {
	case isConst(small, 1):
		return team{big: constant.False, n: i64c(1)}
	case isConst(small, 0):
		return team{big: constant.True, n: cl.fc.maxThreads()}
	}
	big := bl.b.NewXor(small, constant.True)
	return team{big: big, n: bl.selectI64(big, cl.fc.maxThreads(), i64c(1))}
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
