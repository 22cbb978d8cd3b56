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

// rowFusion is the row-block fusion the plan chose (plan.RowFusion:
// the contractions and the softmax's ops, the block of rows, the
// sizes), with the first product's epilogue to lower.
type rowFusion struct {
	*plan.RowFusion
	epi *gemmEpi
}

func (cl contractLowering) rowFusionOf(r *plan.RowFusion) (*rowFusion, error) {
	e, err := cl.gemmEpiOf(r.Epi)
	return &rowFusion{RowFusion: r, epi: e}, err
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
	return rowGeometryOf(bl, cp, f.C2 != nil, i64c(f.M), i64c(f.N), i64c(f.K), i64c(f.N2), i64c(int64(f.Rows)))
}

// rowSizes are the run-time sizes of f: the scores' (the product's
// extents), the result's columns (v's, or 0) and the block of rows
// (rowBlock's rule over the run-time row length).
func (cl contractLowering) rowSizes(f *rowFusion, c *contraction, cp plan.Contract) rowGeometry {
	if !f.Dynamic {
		return f.staticGeometry(cl.fc.bl, cp)
	}
	bl := cl.fc.bl
	_, m, n, k, _ := plan.GEMMLoops(c.l)
	M, N := c.ext[m], c.ext[n]
	var N2 value.Value = i64c(0)
	if f.C2 != nil {
		l2 := ir.LoopsOf(f.C2)
		_, _, n2, _, _ := plan.GEMMLoops(l2)
		vv := cl.fc.vals[f.C2.Operand(1).ID()].view
		for j, dm := range l2.Operands[1] {
			if dm.Loop == n2 {
				N2 = vv.sizes[j]
			}
		}
	}
	ld := bl.add(roundV(bl, N, int64(cp.NR)), i64c(int64(cp.Lanes)))
	fit := divV(bl, i64c(int64(plan.RowScratch(cp, c.elem))), bl.mul(ld, i64c(int64(c.elem.Bits()/8))))
	R := bl.mul(divV(bl, fit, i64c(int64(cp.MR))), i64c(int64(cp.MR)))
	R = minI64(bl, minI64(bl, R, i64c(int64(cp.MC))), roundV(bl, M, int64(cp.MR)))
	R = bl.selectI64(bl.icmp(enum.IPredSLT, R, i64c(1)), i64c(1), R) // no rows: unfused, but no division by 0
	return rowGeometryOf(bl, cp, f.C2 != nil, M, N, c.ext[k], N2, R)
}

// rowTest is the run-time condition of a dynamic f (geo its rowSizes):
// the epilogue's and v's checks, every size at least 1, and MR rows of
// the scores in the scratch (then R is at least MR).
func (cl contractLowering) rowTest(f *rowFusion, c *contraction, cp plan.Contract, geo rowGeometry) value.Value {
	bl := cl.fc.bl
	ok := cl.epilogueTest(f.epi, c.ext)
	if f.C2 != nil {
		vv := cl.fc.vals[f.C2.Operand(1).ID()].view
		var vc gemmEpi
		for _, ch := range f.VChecks {
			vc.checks = append(vc.checks, epiCheck{check: ch, leaf: vv.sizes[ch.Dim]})
		}
		ok = bl.and(ok, cl.epilogueTest(&vc, c.ext))
	}
	positive := func(x value.Value) { ok = bl.and(ok, bl.icmp(enum.IPredSLT, i64c(0), x)) }
	for _, e := range c.ext {
		positive(e)
	}
	if f.C2 != nil {
		positive(geo.N2)
	}
	ok = bl.and(ok, bl.b.NewXor(bl.icmp(enum.IPredSLT, geo.R, i64c(int64(cp.MR))), constant.True))
	return ok
}

// contractRows lowers f: it fills the driver's arguments and runs it on
// the team when the problem is large; a dynamic f is guarded (rowTest),
// the unfused path lowering c, the softmax and c2 in turn.
func (cl contractLowering) contractRows(f *rowFusion, c *contraction, cp plan.Contract, rec *plan.ContractAt) error {
	fc := cl.fc
	fused := func() error { return cl.contractRowsFused(f, c, cp, cl.rowSizes(f, c, cp)) }
	if !f.Dynamic {
		if _, err := fc.contractRec(rec); err != nil {
			return err
		}
		return fused()
	}
	ops := f.Ops()
	out := f.Div.Result(0)
	if f.C2 != nil {
		out = f.C2.Result(0)
	}
	p, err := fc.contractRec(rec)
	if err != nil {
		return err
	}
	n0 := fc.built
	err = cl.guarded(cl.rowTest(f, c, cp, cl.rowSizes(f, c, cp)), out, fused, func() error {
		shape, _ := ir.Shape(c.op.Result(0).Type())
		plain := *c
		plain.dst = cl.contractDst(c.op, shape, c.ext)
		cl.contractGEMM(&plain, cp, nil)
		fc.vals[c.op.Result(0).ID()] = &lowered{view: plain.dst}
		if err := cl.lowerUnfused(ops); err != nil {
			return err
		}
		if f.C2 == nil {
			return nil
		}
		return cl.contractOp(f.C2, false)
	})
	if err == nil {
		err = fc.checkFallback(p, n0)
	}
	cl.markFused(ops...)
	if f.C2 != nil {
		cl.markFused(f.C2)
	}
	return err
}

// contractRowsFused lowers f as row blocks (geo its sizes).
func (cl contractLowering) contractRowsFused(f *rowFusion, c *contraction, cp plan.Contract, geo rowGeometry) error {
	bl := cl.fc.bl
	st := storageType(c.elem)
	shape, _ := ir.Shape(c.op.Result(0).Type())
	out := f.Div.Result(0)
	last := geo.N
	if f.C2 != nil {
		out, last = f.C2.Result(0), geo.N2
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
	if f.C2 == nil {
		dst = cl.ownedDst(out, oshape, sizes)
		so, offO = cl.loopStrides(dst, c.l.Results[0], nl1)
		v = dst // not read
	} else {
		var err error
		if v, err = cl.fc.materialize(f.C2.Operand(1), fmt.Sprintf("%s: '%s' op", f.C2.Pos, f.C2.Name)); err != nil {
			return err
		}
		dst = cl.contractDst(f.C2, oshape, sizes)
		l2 := ir.LoopsOf(f.C2)
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
	if !f.Dynamic {
		cl.markFused(f.Ops()...)
		if f.C2 != nil {
			cl.markFused(f.C2)
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
