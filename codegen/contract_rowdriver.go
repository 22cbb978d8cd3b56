package codegen

import (
	"math"

	llvm "github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"github.com/tirc/tirc/codegen/plan"
	"github.com/tirc/tirc/ir"
)

// rowDriver defines `void tirc.rows.<plan>.<op>(i8* args)`, this thread's
// share of a row fusion (contract_rows.go): its (item, row block) pairs.
func (mc *moduleCtx) rowDriver(f *rowFusion, p plan.Contract) *llvm.Func {
	e := ir.ElementType(f.C1.Result(0).Type())
	name := "tirc.rows." + gemmName(e, p) + "." + f.epi.name
	d, have := newArgsDriver(mc, name, e)
	if have != nil { // a fast entry's twin of the op
		return have
	}
	fn, bl, st, arr, arg, ptr := d.fn, d.bl, d.st, d.arr, d.arg, d.ptr
	ep := newEpiCall(bl, f.epi, e, p, arg, rowArgs)
	strideAt := []int{raSizes + maxBatch, raSizes + 2*maxBatch, raSizes + 3*maxBatch, raSizes + 4*maxBatch}
	for k := range ep.ptr {
		strideAt = append(strideAt, rowArgs+k*epiLeafArgs+3)
	}
	var geo rowGeometry
	if f.Dynamic {
		geo = rowGeometryOf(bl, p, f.C2 != nil, arg(raM), arg(raN), arg(raK), arg(raN2), arg(raR))
	} else {
		geo = f.staticGeometry(bl, p)
	}
	tid, nth := teamPos(bl)
	blocks := geo.blocks
	units := bl.mul(arg(raItems), blocks)
	lo := bl.b.NewSDiv(bl.b.NewMul(units, tid), nth)
	hi := bl.b.NewSDiv(bl.b.NewMul(units, bl.b.NewAdd(tid, i64c(1))), nth)
	buf := bl.gep(st, ptr(raBuf), bl.mul(tid, geo.total))
	w := rowWork{f: f, p: p, geo: geo, e: e, ep: ep, kernel: mc.gemmKernel(e, p, false), direct: mc.gemmKernel(e, p, true),
		packA: buf, packB1: bl.gep(st, buf, geo.packA)}
	w.packB2 = bl.gep(st, w.packB1, geo.packB1)
	w.scratch = bl.gep(st, w.packB2, geo.packB2)
	last := bl.alloca(types.I64)
	store(bl.b, i64c(-1), last)
	q, kt, v, out := ptr(raQ), ptr(raKt), ptr(raV), ptr(raOut)
	rs := func(i int) value.Value { return arg(i) }
	w.rsQ, w.csQ, w.rsKt, w.csKt, w.rsV, w.csV, w.rsOut, w.csOut =
		rs(raRsQ), rs(raCsQ), rs(raRsKt), rs(raCsKt), rs(raRsV), rs(raCsV), rs(raRsOut), rs(raCsOut)
	dims := arg(raDims)
	bl.loopFrom(lo, hi, "rows.unit", func(u value.Value) {
		item := bl.b.NewSDiv(u, blocks)
		r0 := bl.mul(bl.b.NewSRem(u, blocks), geo.R)
		offs := itemOffsets(bl, arr, dims, item, raSizes, strideAt)
		w.q, w.kt, w.v, w.out = bl.gep(st, q, offs[0]), bl.gep(st, kt, offs[1]), bl.gep(st, v, offs[2]), bl.gep(st, out, offs[3])
		ep.atItem(bl, offs[4:])
		w.block, w.ld, w.cs = w.scratch, geo.ld, i64c(1)
		if f.C2 == nil { // the rows of the result
			w.block, w.ld, w.cs = bl.gep(st, w.out, bl.mul(r0, w.rsOut)), w.rsOut, w.csOut
		}
		bl.ifThen(bl.icmp(enum.IPredNE, bl.b.NewLoad(types.I64, last), item), "rows.pack", func() {
			w.packRhs(bl)
			store(bl.b, item, last)
		})
		rows := minI64(bl, geo.R, bl.b.NewSub(geo.M, r0))
		w.scoresBlock(bl, r0, rows)
		bl.loop(rows, "rows.softmax", func(i value.Value) { w.softmax(bl, r0, i) })
		if f.C2 != nil {
			w.outputBlock(bl, r0, rows)
		}
	})
	bl.b.NewRet(nil)
	bl.finish()
	mc.finish(fn)
	return fn
}

// rowWork is a row driver's state for one (item, row block): the item's
// operands, the strides, the thread's buffers.
type rowWork struct {
	f                              *rowFusion
	p                              plan.Contract
	geo                            rowGeometry
	e                              *ir.Scalar
	ep                             *epiCall
	kernel, direct                 *llvm.Func
	q, kt, v, out                  value.Value
	rsQ, csQ, rsKt, csKt, rsV, csV value.Value
	rsOut, csOut                   value.Value
	packA, packB1, packB2, scratch value.Value
	// block is the scores' rows of the current block (row stride ld,
	// column stride cs): the scratch, or the result's rows without a
	// second contraction.
	block, ld, cs value.Value
}

// call is a gemmCall over w's buffers with A, B and their strides.
func (w *rowWork) call(a, rsA, csA, b, rsB, csB, packB value.Value) *gemmCall {
	return &gemmCall{e: w.e, p: w.p, A: a, rsA: rsA, csA: csA, B: b, rsB: rsB, csB: csB, packA: w.packA, packB: packB}
}

// packRhs packs the item's kᵀ (K x N) and v (N x N2; unless its rows are
// contiguous) whole, KC rows at a
// time in NR-wide strips: block pc of a panel of width n starts at
// pc*round(n, NR), its strip at column j at j*kc within it.
func (w *rowWork) packRhs(bl *builder) {
	st := storageType(w.e)
	pack := func(b, rsB, csB, base value.Value, k, n value.Value) {
		g := w.call(nil, nil, nil, b, rsB, csB, nil)
		blocks(bl, i64c(0), k, w.p.KC, "rows.packb", func(pc, kc value.Value) {
			g.packB = bl.gep(st, base, bl.mul(pc, roundV(bl, n, int64(w.p.NR))))
			g.packBPanel(bl, pc, i64c(0), kc, n)
		})
	}
	pack(w.kt, w.rsKt, w.csKt, w.packB1, w.geo.K, w.geo.N)
	if w.f.C2 == nil {
		return
	}
	bl.ifThen(bl.icmp(enum.IPredNE, w.csV, i64c(1)), "rows.packv", func() { // else read in place (outputBlock)
		pack(w.v, w.rsV, w.csV, w.packB2, w.geo.N, w.geo.N2)
	})
}

// tiles runs the micro-kernel over a rows x n product of A (packed per
// KC block by packA) and a whole packed rhs of k rows, into C at c
// (row stride rsC, column stride csC), the K blocks in order.
func (w *rowWork) tiles(bl *builder, g *gemmCall, ic, rows, k, n, packB, c, rsC, csC value.Value) {
	st := storageType(w.e)
	blocks(bl, i64c(0), k, w.p.KC, "rows.pc", func(pc, kc value.Value) {
		g.packABlock(bl, ic, pc, rows, kc)
		load := bl.icmp(enum.IPredNE, pc, i64c(0))
		bp := bl.gep(st, packB, bl.mul(pc, roundV(bl, n, int64(w.p.NR))))
		blocks(bl, i64c(0), n, w.p.NR, "rows.jr", func(jr, nrv value.Value) {
			b := bl.gep(st, bp, bl.mul(jr, kc))
			blocks(bl, i64c(0), rows, w.p.MR, "rows.ir", func(ir, mrv value.Value) {
				a := bl.gep(st, w.packA, bl.mul(ir, kc))
				cp := at(bl, st, c, ir, rsC, jr, csC)
				bl.b.NewCall(w.kernel, kc, a, b, cp, rsC, csC, mrv, nrv, load)
			})
		})
	})
}

// scoresBlock computes rows r0.. of the first product into the block.
func (w *rowWork) scoresBlock(bl *builder, r0, rows value.Value) {
	g := w.call(w.q, w.rsQ, w.csQ, nil, nil, nil, nil)
	w.tiles(bl, g, r0, rows, w.geo.K, w.geo.N, w.packB1, w.block, w.ld, w.cs)
}

// outputBlock computes rows r0.. of the second product from the
// scratch's quotients: with v's rows contiguous, the direct kernel reads
// the scratch and v in place, all of K in one call (the same FMAs in the
// same order as the packed kernel's K blocks), else the packed kernel.
func (w *rowWork) outputBlock(bl *builder, r0, rows value.Value) {
	g := w.call(w.scratch, w.geo.ld, i64c(1), nil, nil, nil, nil)
	st := storageType(w.e)
	c := bl.gep(st, w.out, bl.mul(r0, w.rsOut))
	bl.ifElse(bl.icmp(enum.IPredEQ, w.csV, i64c(1)), "rows.direct", func() {
		blocks(bl, i64c(0), w.geo.N2, w.p.NR, "rows.jr", func(jr, nrv value.Value) {
			blocks(bl, i64c(0), rows, w.p.MR, "rows.ir", func(ir, mrv value.Value) {
				a := bl.gep(st, w.scratch, bl.mul(ir, w.geo.ld))
				cp := at(bl, st, c, ir, w.rsOut, jr, w.csOut)
				bl.b.NewCall(w.direct, w.geo.N, a, w.geo.ld, i64c(1), bl.gep(st, w.v, jr), w.rsV, cp,
					w.rsOut, w.csOut, mrv, nrv, constant.False)
			})
		})
	}, func() {
		w.tiles(bl, g, i64c(0), rows, w.geo.N, w.geo.N2, w.packB2, c, w.rsOut, w.csOut)
	})
}

// softmax turns row i of the block (row r0+i of the product) into the
// quotients: the epilogue and the max (the max op's kernel, from -inf),
// then exp(x - max) and their sum (accumulated as the sum op's nest
// does: in f64 for f32), then each divided by the sum (the ops' own
// kernels).
func (w *rowWork) softmax(bl *builder, r0, i value.Value) {
	st := storageType(w.e)
	W := w.ep.lanes
	n := w.geo.N
	srow := bl.gep(st, w.block, bl.mul(i, w.ld))
	nvec := w.ep.vectors(bl, w.cs, n)
	maxOf := func(a, b value.Value) value.Value {
		r, _ := bl.Kernel(ir.KernelMax, nil, []*ir.Scalar{w.e, w.e}, w.e, []value.Value{a, b})
		return r.V
	}
	vt := types.NewVector(uint64(W), st)
	ninf := floatConst(st, math.Inf(-1))
	mv, ms := bl.alloca(vt), bl.alloca(st)
	store(bl.b, splat(ninf, W), mv)
	store(bl.b, ninf, ms)
	w.ep.row(bl, srow, w.cs, bl.add(r0, i), i64c(0), n, nvec, func(y value.Value, lanes int64) {
		slot := ms
		if lanes > 0 {
			slot = mv
		}
		store(bl.b, maxOf(bl.b.NewLoad(y.Type(), slot), y), slot)
	})
	m := horizontal(bl, bl.b.NewLoad(vt, mv), bl.b.NewLoad(st, ms), W, maxOf)
	acc := ir.AccumulatorType(w.e)
	if w.e.IsFloat() {
		acc = ir.F64
	}
	at := computeType(acc)
	avt := types.NewVector(uint64(W), at)
	sv, ss := bl.alloca(avt), bl.alloca(at)
	store(bl.b, splat(floatConst(at, 0), W), sv)
	store(bl.b, floatConst(at, 0), ss)
	add := func(a, b value.Value) value.Value { return bl.b.NewFAdd(a, b) }
	w.rowMap(bl, srow, nvec, func(x value.Value, lanes int64) value.Value {
		mx := m
		if lanes > 0 {
			mx = splatValue(bl, m, lanes)
		}
		d := w.apply(bl, w.f.Sub, x, mx)
		ex := w.apply(bl, w.f.Exp, d)
		slot, wide := ss, at
		if lanes > 0 {
			slot, wide = sv, avt
		}
		xe := value.Value(ex)
		if acc != w.e {
			xe = bl.b.NewFPExt(ex, wide)
		}
		store(bl.b, add(bl.b.NewLoad(wide, slot), xe), slot)
		return ex
	})
	z := horizontal(bl, bl.b.NewLoad(avt, sv), bl.b.NewLoad(at, ss), W, add)
	if acc != w.e {
		z = bl.b.NewFPTrunc(z, st)
	}
	w.rowMap(bl, srow, nvec, func(x value.Value, lanes int64) value.Value {
		zz := z
		if lanes > 0 {
			zz = splatValue(bl, z, lanes)
		}
		return w.apply(bl, w.f.Div, x, zz)
	})
}

// rowMap replaces each element x of a row of the block by fn(x): nvec
// vectors (0 unless the row is contiguous), then the rest one by one.
func (w *rowWork) rowMap(bl *builder, srow, nvec value.Value, fn func(x value.Value, lanes int64) value.Value) {
	st := storageType(w.e)
	W := w.ep.lanes
	vt := types.NewVector(uint64(W), st)
	bl.loop(nvec, "rows.v", func(v value.Value) {
		p := bl.b.NewBitCast(bl.gep(st, srow, bl.mul(v, i64c(W))), types.NewPointer(vt))
		x := bl.b.NewLoad(vt, p)
		x.Align = llvm.Align(byteSize(w.e))
		s := store(bl.b, fn(x, W), p)
		s.Align = llvm.Align(byteSize(w.e))
	})
	bl.loopFrom(bl.mul(nvec, i64c(W)), w.geo.N, "rows.j", func(j value.Value) {
		p := bl.gep(st, srow, bl.mul(j, w.cs))
		store(bl.b, fn(bl.b.NewLoad(st, p), 0), p)
	})
}

// apply is op's kernel on args (of w's element type).
func (w *rowWork) apply(bl *builder, op *ir.Op, args ...value.Value) value.Value {
	ins := make([]*ir.Scalar, len(args))
	for k := range ins {
		ins[k] = w.e
	}
	r, err := bl.EmitKernel(op, ins, w.e, args)
	if err != nil && w.ep.e.err == nil {
		w.ep.e.err = op.Errorf("in a row block: %v", err)
	}
	if err != nil {
		return args[0]
	}
	return r.V
}

// horizontal combines a vector's lanes in order, then the scalar s.
func horizontal(bl *builder, v, s value.Value, n int64, comb func(a, b value.Value) value.Value) value.Value {
	r := value.Value(bl.b.NewExtractElement(v, i64c(0)))
	for l := int64(1); l < n; l++ {
		r = comb(r, bl.b.NewExtractElement(v, i64c(l)))
	}
	return comb(r, s)
}

// splatValue is x in n lanes.
func splatValue(bl *builder, x value.Value, n int64) value.Value {
	vt := types.NewVector(uint64(n), x.Type())
	ins := bl.b.NewInsertElement(constant.NewUndef(vt), x, i32c(0))
	return bl.b.NewShuffleVector(ins, constant.NewUndef(vt), constant.NewZeroInitializer(types.NewVector(uint64(n), types.I32)))
}
