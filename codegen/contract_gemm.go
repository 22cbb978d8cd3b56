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

// The small and packed paths of a batch/M/N/K contraction of f32 or f64
// (contract_plan.go). The function lowering the op fills an argument
// array (gemmArg), allocates the packing buffers (one slice per thread,
// once per call; none on the small path) and calls the module's driver
// for the plan, tirc.gemm.<plan>, on libgomp's team when the problem is
// large and libgomp is linked. The driver splits the batch items, or the
// N columns in NR-wide strips, or M's rows in MR-high ones, between the
// threads (never K), and runs
// the small path or BLIS's loops around the micro-kernel on its share.

// gemmArg indexes the driver's argument array (i64 each; pointers as
// integers). The batch dims follow: sizes, then A's, B's and C's
// strides, maxBatch each.
const (
	gaA = iota
	gaB
	gaC
	gaPack
	gaM
	gaN
	gaK
	gaRsA
	gaCsA
	gaRsB
	gaCsB
	gaRsC
	gaCsC
	gaBatch // batch items (the product of the batch sizes)
	gaBatchDims
	gaPackStride // elements of one thread's packing buffers
	gaSizes
)

const maxBatch = ir.MaxRank

const gemmArgs = gaSizes + 4*maxBatch

// contractGEMM lowers a batch/M/N/K contraction of f32 or f64.
// With an epilogue (contract_epilogue.go), the driver is the op's own and
// its arguments go on with the epilogue's leaves.
func (cl contractLowering) contractGEMM(c *contraction, cp plan.Contract, epi *gemmEpi) {
	bl := cl.fc.bl
	batch, m, n, k, _ := plan.GEMMLoops(c.l)
	nl := len(c.l.Iter)
	sa, pa := cl.gemmOperand(c, 0)
	sb, pb := cl.gemmOperand(c, 1)
	sc, offC := cl.loopStrides(c.dst, c.l.Results[0], nl)
	st := storageType(c.elem)
	nargs := gemmArgs
	if epi != nil {
		nargs += len(epi.viewLeaves()) * epiLeafArgs
	}
	for _, p := range c.pro {
		if p != nil {
			nargs += p.proArgs()
		}
	}
	args := bl.alloca(types.NewArray(uint64(nargs), types.I64))
	set := cl.argSetter(args)
	ext := func(i int) value.Value {
		if i < 0 {
			return i64c(1)
		}
		return c.ext[i]
	}
	at := func(s []value.Value, i int) value.Value {
		if i < 0 {
			return i64c(0)
		}
		return s[i]
	}
	set(gaA, pa)
	set(gaB, pb)
	set(gaC, bl.gep(st, c.dst.base, offC))
	M, N, K := ext(m), ext(n), ext(k)
	set(gaM, M)
	set(gaN, N)
	set(gaK, K)
	set(gaRsA, at(sa, m))
	set(gaCsA, at(sa, k))
	set(gaRsB, at(sb, k))
	set(gaCsB, at(sb, n))
	set(gaRsC, at(sc, m))
	set(gaCsC, at(sc, n))
	var items value.Value = i64c(1)
	for d, i := range batch {
		items = bl.mul(items, c.ext[i])
		set(gaSizes+d, c.ext[i])
		set(gaSizes+maxBatch+d, sa[i])
		set(gaSizes+2*maxBatch+d, sb[i])
		set(gaSizes+3*maxBatch+d, sc[i])
	}
	next := gemmArgs
	if epi != nil {
		setEpilogueArgs(epi, set, next)
		next += len(epi.viewLeaves()) * epiLeafArgs
	}
	for _, p := range c.pro {
		if p != nil {
			next = cl.setPrologueArgs(c, p, args, set, next)
		}
	}
	set(gaBatch, items)
	set(gaBatchDims, i64c(int64(len(batch))))
	aBlock, bPanel := packSizes(bl, cp, M, N, K)
	packStride := bl.add(bl.add(aBlock, bPanel), i64c(16))
	set(gaPackStride, packStride)
	macs := bl.mul(bl.mul(items, M), bl.mul(N, K))
	big := constant.False
	var bigV value.Value = big
	if min := cl.fc.mod.opts.ParallelMin; min > 0 {
		bigV = bl.icmp(enum.IPredSGE, macs, i64c(min))
	}
	set(gaPack, cl.packBuffers(c, cp, M, N, K, packStride, bigV))
	driver := cl.fc.mod.gemmDriver(c.elem, cp, epi, gemmPro{c.pro, fmt.Sprintf("%s.%d", cl.fc.f.Name, c.op.Result(0).ID())})
	cl.runTeam(driver, bl.b.NewBitCast(args, i8p), bigV)
}

// packBuffers allocates the per-thread packing buffers (packStride
// elements each; one thread's unless bigV) unless the sizes take the small
// path, and returns their address (null on the small path).
func (cl contractLowering) packBuffers(c *contraction, cp plan.Contract, M, N, K, packStride, bigV value.Value) value.Value {
	bl := cl.fc.bl
	small := cl.smallTest(M, N, K, cp)
	if c.hasPrologue() {
		small = constant.False // plan.ContractShape.Prologue: packed
	}
	what := fmt.Sprintf("%s: '%s' op", c.op.Pos, c.op.Name)
	packSlot := bl.alloca(i8p)
	store(bl.entry, constant.NewNull(i8p), packSlot)
	if !isConst(small, 1) {
		slot := bl.alloca(i8p)
		store(bl.entry, constant.NewNull(i8p), slot)
		cl.fc.temps = append(cl.fc.temps, slot)
		alloc := func() {
			var threads value.Value = i64c(1)
			if !isConst(bigV, 0) {
				threads = bl.selectI64(bigV, cl.fc.maxThreads(), i64c(1))
			}
			p := cl.fc.alloc(c.elem, []value.Value{threads, packStride}, slot, what+" packing buffers")
			store(bl.b, bl.b.NewBitCast(p, i8p), packSlot)
		}
		if isConst(small, 0) {
			alloc()
		} else {
			bl.ifThen(bl.b.NewXor(small, constant.True), "contract.pack", alloc)
		}
	}
	return bl.b.NewLoad(i8p, packSlot)
}

// argsDriver is a contraction's driver being defined: `void name(i8*
// args)`, its arguments an array of i64 (pointers as integers), run by
// each thread of a team.
type argsDriver struct {
	fn  *llvm.Func
	bl  *builder
	st  types.Type              // the element's storage type
	arr value.Value             // the arguments, an i64*
	arg func(i int) value.Value // argument i
	ptr func(i int) value.Value // argument i, a pointer to elements
}

// newArgsDriver starts defining the driver name over elements e; have is
// the module's own when it already has one of that name.
func newArgsDriver(mc *moduleCtx, name string, e *ir.Scalar) (d argsDriver, have *llvm.Func) {
	if f := mc.helper(name); f != nil {
		return d, f
	}
	data := llvm.NewParam("args", i8p)
	d.fn = mc.m.NewFunc(mc.symbol(name), types.Void, data)
	d.fn.Linkage = enum.LinkageInternal
	mc.funcAttrs(d.fn)
	mc.publishHelper(name, d.fn)
	bl := newBuilder(mc, d.fn)
	d.bl, d.st = bl, storageType(e)
	pt := types.NewPointer(d.st)
	arr := bl.b.NewBitCast(data, types.NewPointer(types.I64))
	d.arr = arr
	d.arg = func(i int) value.Value { return bl.b.NewLoad(types.I64, bl.gep(types.I64, arr, i64c(int64(i)))) }
	d.ptr = func(i int) value.Value { return bl.b.NewIntToPtr(d.arg(i), pt) }
	return d, nil
}

// gemmOperand is operand k's strides per loop and its first element's
// address (an integer 0 for an operand computed by its prologue, whose
// leaves are its own arguments).
func (cl contractLowering) gemmOperand(c *contraction, k int) ([]value.Value, value.Value) {
	if c.pro[k] != nil {
		zeros := make([]value.Value, len(c.l.Iter))
		for i := range zeros {
			zeros[i] = i64c(0)
		}
		return zeros, i64c(0)
	}
	st, off := cl.loopStrides(c.ins[k], c.l.Operands[k], len(c.l.Iter))
	return st, cl.fc.bl.gep(storageType(c.elem), c.ins[k].base, off)
}

// gemmPro is a driver's prologues (by operand, nil for a plain one) and
// the name that makes the driver theirs.
type gemmPro struct {
	pro  []*prologue
	name string
}

// packSizes are the elements of one thread's packed A block and B panel:
// MC x KC and KC x NC, or less where M, N or K are smaller (rounded up to
// whole strips).
func packSizes(bl *builder, p plan.Contract, M, N, K value.Value) (aBlock, bPanel value.Value) {
	roundUp := func(x value.Value, m int) value.Value {
		if c, ok := constVal(x); ok {
			return i64c((c + int64(m) - 1) / int64(m) * int64(m))
		}
		return bl.b.NewMul(bl.b.NewSDiv(bl.b.NewAdd(x, i64c(int64(m-1))), i64c(int64(m))), i64c(int64(m)))
	}
	mc := minI64(bl, roundUp(M, p.MR), i64c(int64(p.MC)))
	kc := minI64(bl, K, i64c(int64(p.KC)))
	nc := minI64(bl, roundUp(N, p.NR), i64c(int64(p.NC)))
	return bl.mul(mc, kc), bl.mul(kc, nc)
}

// smallTest is isSmallGEMM on run-time sizes (constant when they are).
func (cl contractLowering) smallTest(M, N, K value.Value, p plan.Contract) value.Value {
	m, mok := constVal(M)
	n, nok := constVal(N)
	k, kok := constVal(K)
	if mok && nok && kok {
		return constant.NewBool(plan.IsSmallGEMM(m, n, k, p))
	}
	bl := cl.fc.bl
	t := bl.or(bl.icmp(enum.IPredSLE, K, i64c(plan.SmallK)), bl.icmp(enum.IPredSLT, M, i64c(int64(p.MR))))
	t = bl.or(t, bl.icmp(enum.IPredSLT, N, i64c(int64(p.NR))))
	return bl.or(t, bl.icmp(enum.IPredSLE, bl.mul(bl.mul(M, N), K), i64c(p.SmallFlops)))
}

// gemmName names the plan's functions.
func gemmName(e *ir.Scalar, p plan.Contract) string {
	return fmt.Sprintf("%s.%dx%d.%d.%d.%d.%d", ir.TypeString(e), p.MR, p.NR, p.MC, p.KC, p.NC, p.SmallMR)
}

// gemmDriver defines, once per element type and plan, `void
// tirc.gemm.<plan>(i8* args)`: this thread's share of the contraction
// whose arguments args holds (gemmArg).
func (mc *moduleCtx) gemmDriver(e *ir.Scalar, p plan.Contract, epi *gemmEpi, pro gemmPro) *llvm.Func {
	name := "tirc.gemm." + gemmName(e, p)
	if epi != nil {
		name += ".epi." + epi.name
	}
	if slices.ContainsFunc(pro.pro, func(p *prologue) bool { return p != nil }) {
		name += ".pro." + pro.name
	}
	d, have := newArgsDriver(mc, name, e)
	if have != nil {
		return have
	}
	f, bl, st, arr, arg, ptr := d.fn, d.bl, d.st, d.arr, d.arg, d.ptr
	pt := types.NewPointer(st)
	g := gemmCall{e: e, p: p, A: ptr(gaA), B: ptr(gaB), C: ptr(gaC), M: arg(gaM), N: arg(gaN), K: arg(gaK),
		rsA: arg(gaRsA), csA: arg(gaCsA), rsB: arg(gaRsB), csB: arg(gaCsB), rsC: arg(gaRsC), csC: arg(gaCsC)}
	pack := ptr(gaPack)
	items, dims := arg(gaBatch), arg(gaBatchDims)
	tidV, nthV := teamPos(bl)
	// Batch items split when there are enough of them, else N's strips,
	// or M's when N has fewer strips than there are threads.
	byItems := bl.icmp(enum.IPredSGE, items, nthV)
	share := func(total, t value.Value) value.Value { return bl.b.NewSDiv(bl.b.NewMul(total, t), nthV) }
	next := bl.b.NewAdd(tidV, i64c(1))
	blo := bl.selectI64(byItems, share(items, tidV), i64c(0))
	bhi := bl.selectI64(byItems, share(items, next), items)
	split := func(total value.Value, step int) (value.Value, value.Value, value.Value) {
		s := i64c(int64(step))
		strips := bl.b.NewSDiv(bl.b.NewAdd(total, i64c(int64(step-1))), s)
		at := func(t value.Value) value.Value { return minI64(bl, bl.b.NewMul(share(strips, t), s), total) }
		return strips, at(tidV), at(next)
	}
	nStrips, nlo, nhi := split(g.N, p.NR)
	_, mlo, mhi := split(g.M, p.MR)
	byN := bl.icmp(enum.IPredSGE, nStrips, nthV)
	whole := bl.or(byItems, byN)
	g.nlo = bl.selectI64(byItems, i64c(0), bl.selectI64(byN, nlo, i64c(0)))
	g.nhi = bl.selectI64(byItems, g.N, bl.selectI64(byN, nhi, g.N))
	g.mlo = bl.selectI64(whole, i64c(0), mlo)
	g.mhi = bl.selectI64(whole, g.M, mhi)
	g.packA = bl.gep(st, pack, bl.b.NewMul(tidV, arg(gaPackStride)))
	aBlock, _ := packSizes(bl, p, g.M, g.N, g.K)
	g.packB = bl.gep(st, g.packA, aBlock)
	isSmall := bl.b.NewICmp(enum.IPredEQ, pack, constant.NewNull(pt))
	A, B, C := g.A, g.B, g.C
	strideAt := []int{gaSizes + maxBatch, gaSizes + 2*maxBatch, gaSizes + 3*maxBatch}
	from := gemmArgs
	if epi != nil {
		g.epi = newEpiCall(bl, epi, e, p, arg, gemmArgs)
		for k := range g.epi.ptr {
			strideAt = append(strideAt, gemmArgs+k*epiLeafArgs+3)
		}
		from += len(g.epi.ptr) * epiLeafArgs
	}
	nEpi := len(strideAt)
	pcs := make([]*proCall, len(pro.pro))
	for k, pp := range pro.pro {
		if pp != nil {
			pcs[k], from = newProCall(bl, pp, arr, arg, from, &strideAt)
		}
	}
	g.proA, g.proB = pcs[0], pcs[1]
	bl.loopFrom(blo, bhi, "item", func(b value.Value) {
		offs := itemOffsets(bl, arr, dims, b, gaSizes, strideAt)
		g.A = bl.gep(st, A, offs[0])
		g.B = bl.gep(st, B, offs[1])
		g.C = bl.gep(st, C, offs[2])
		if g.epi != nil {
			g.epi.atItem(bl, offs[3:nEpi])
		}
		rest := offs[nEpi:]
		for _, pc := range pcs {
			if pc != nil {
				n := pc.views()
				pc.atItem(bl, rest[:n])
				rest = rest[n:]
			}
		}
		if g.proA != nil || g.proB != nil {
			g.packed(bl, mc) // the small path reads its operands in place
			return
		}
		bl.ifElse(isSmall, "path", func() { g.small(bl, mc) }, func() { g.packed(bl, mc) })
	})
	bl.b.NewRet(nil)
	bl.finish()
	mc.finish(f)
	return f
}

// arg1 loads element base+i of the argument array.
func arg1(bl *builder, arr value.Value, base int, i value.Value) value.Value {
	return bl.b.NewLoad(types.I64, bl.gep(types.I64, arr, bl.b.NewAdd(i, i64c(int64(base)))))
}

// gemmCall is one 2-D problem inside the driver: C[mlo:mhi, nlo:nhi] =
// A[mlo:mhi, K] B[K, nlo:nhi] with element strides, and this thread's packing buffers.
type gemmCall struct {
	e                            *ir.Scalar
	p                            plan.Contract
	A, B, C                      value.Value
	M, N, K                      value.Value
	rsA, csA, rsB, csB, rsC, csC value.Value
	nlo, nhi, mlo, mhi           value.Value
	packA, packB                 value.Value
	epi                          *epiCall // run on each finished tile, or nil
	proA, proB                   *proCall // computing A or B while packed, or nil
}

// at is the address of element (i, j) of a matrix with strides rs, cs.
func at(bl *builder, t types.Type, p, i, rs, j, cs value.Value) value.Value {
	return bl.gep(t, p, bl.add(bl.mul(i, rs), bl.mul(j, cs)))
}

// small computes C without packing: with B's rows contiguous, the
// direct micro-kernel on every MR x NR tile (A and B read in place), else
// row by row in place: row i of C is zeroed, then each k adds A[i,k] *
// B[k,:] with one FMA per element. Either way each element is one FMA per
// k from k = 0 (the order of every path).
func (g *gemmCall) small(bl *builder, mc *moduleCtx) {
	st := storageType(g.e)
	dp := g.p
	dp.MR = g.p.SmallMR
	direct := mc.gemmKernel(g.e, dp, true)
	fma := func(a, b, c value.Value) value.Value { return bl.CallIntrinsic("llvm.fma", st, a, b, c) }
	bl.ifElse(bl.icmp(enum.IPredEQ, g.csB, i64c(1)), "small.direct", func() {
		blocks(bl, g.nlo, g.nhi, g.p.NR, "small.jr", func(jr, nrv value.Value) {
			blocks(bl, g.mlo, g.mhi, dp.MR, "small.ir", func(ir, mrv value.Value) {
				ap := at(bl, st, g.A, ir, g.rsA, i64c(0), g.csA)
				bp := bl.gep(st, g.B, jr)
				cp := at(bl, st, g.C, ir, g.rsC, jr, g.csC)
				bl.b.NewCall(direct, g.K, ap, g.rsA, g.csA, bp, g.rsB, cp, g.rsC, g.csC, mrv, nrv, constant.False)
				g.finishTile(bl, ir, mrv, jr, nrv, nil)
			})
		})
	}, func() {
		bl.loopFrom(g.mlo, g.mhi, "small.i", func(i value.Value) {
			crow := at(bl, st, g.C, i, g.rsC, i64c(0), g.csC)
			bl.loopFrom(g.nlo, g.nhi, "small.zero", func(j value.Value) {
				store(bl.b, floatConst(st, 0), bl.gep(st, crow, bl.mul(j, g.csC)))
			})
			bl.loop(g.K, "small.k", func(k value.Value) {
				a := bl.b.NewLoad(st, at(bl, st, g.A, i, g.rsA, k, g.csA))
				brow := bl.gep(st, g.B, bl.mul(k, g.rsB))
				bl.loopFrom(g.nlo, g.nhi, "small.j", func(j value.Value) {
					cp := bl.gep(st, crow, bl.mul(j, g.csC))
					b := bl.b.NewLoad(st, bl.gep(st, brow, bl.mul(j, g.csB)))
					store(bl.b, fma(a, b, bl.b.NewLoad(st, cp)), cp)
				})
			})
			g.finishTile(bl, i, i64c(1), g.nlo, bl.b.NewSub(g.nhi, g.nlo), nil)
		})
	})
}

// minI64 is min(x, y).
func minI64(bl *builder, x, y value.Value) value.Value {
	return bl.selectI64(bl.icmp(enum.IPredSLT, x, y), x, y)
}

// blocks emits `for lo := from; lo < to; lo += step { body(lo, min(step, to-lo)) }`.
func blocks(bl *builder, from, to value.Value, step int, base string, body func(lo, n value.Value)) {
	s := i64c(int64(step))
	count := bl.b.NewSDiv(bl.b.NewAdd(bl.b.NewSub(to, from), i64c(int64(step-1))), s)
	bl.loop(count, base, func(x value.Value) {
		lo := bl.add(from, bl.mul(x, s))
		body(lo, minI64(bl, s, bl.b.NewSub(to, lo)))
	})
}

// packed is BLIS's five loops around the micro-kernel: NC columns of C
// at a time, KC of K (in order: each block's sums continue the
// previous ones', reloaded from C), B's KC x NC panel packed in NR-wide
// strips, then MC rows: A's MC x KC block packed in MR-high strips, and
// the micro-kernel on every MR x NR tile.
func (g *gemmCall) packed(bl *builder, mc *moduleCtx) {
	p := g.p
	st := storageType(g.e)
	kernel := mc.gemmKernel(g.e, p, false)
	zero := func() {
		bl.loopFrom(g.mlo, g.mhi, "zero.i", func(i value.Value) {
			bl.loopFrom(g.nlo, g.nhi, "zero.j", func(j value.Value) {
				store(bl.b, floatConst(st, 0), at(bl, st, g.C, i, g.rsC, j, g.csC))
			})
		})
	}
	bl.ifThen(bl.icmp(enum.IPredEQ, g.K, i64c(0)), "zero", func() {
		zero()
		g.finishTile(bl, g.mlo, bl.b.NewSub(g.mhi, g.mlo), g.nlo, bl.b.NewSub(g.nhi, g.nlo), nil)
	})
	blocks(bl, g.nlo, g.nhi, p.NC, "jc", func(jc, nc value.Value) {
		blocks(bl, i64c(0), g.K, p.KC, "pc", func(pc, kc value.Value) {
			g.packBPanel(bl, pc, jc, kc, nc)
			load := bl.b.NewICmp(enum.IPredNE, pc, i64c(0))
			blocks(bl, g.mlo, g.mhi, p.MC, "ic", func(ic, mcv value.Value) {
				g.packABlock(bl, ic, pc, mcv, kc)
				blocks(bl, i64c(0), nc, p.NR, "jr", func(jr, nrv value.Value) {
					bp := bl.gep(st, g.packB, bl.mul(jr, kc))
					blocks(bl, i64c(0), mcv, p.MR, "ir", func(ir, mrv value.Value) {
						ap := bl.gep(st, g.packA, bl.mul(ir, kc))
						cp := at(bl, st, g.C, bl.add(ic, ir), g.rsC, bl.add(jc, jr), g.csC)
						bl.b.NewCall(kernel, kc, ap, bp, cp, g.rsC, g.csC, mrv, nrv, load)
						g.finishTile(bl, bl.add(ic, ir), mrv, bl.add(jc, jr), nrv, bl.icmp(enum.IPredEQ, bl.add(pc, kc), g.K))
					})
				})
			})
		})
	})
}

// packBPanel packs B[pc:pc+kc, jc:jc+nc] in NR-wide strips, k-major
// within a strip (packB[s*NR*kc + k*NR + j]), the columns past nc zero.
func (g *gemmCall) packBPanel(bl *builder, pc, jc, kc, nc value.Value) {
	if g.proB != nil {
		g.packBPrologue(bl, pc, jc, kc, nc)
		return
	}
	st := storageType(g.e)
	NR := int64(g.p.NR)
	blocks(bl, i64c(0), nc, g.p.NR, "packb", func(s, w value.Value) {
		dst := bl.gep(st, g.packB, bl.mul(s, kc))
		src := at(bl, st, g.B, pc, g.rsB, bl.add(jc, s), g.csB)
		fast := bl.and(bl.icmp(enum.IPredEQ, w, i64c(NR)), bl.icmp(enum.IPredEQ, g.csB, i64c(1)))
		bl.ifElse(fast, "packb.full", func() {
			bl.loop(kc, "packb.k", func(k value.Value) {
				d, sp := bl.gep(st, dst, bl.mul(k, i64c(NR))), bl.gep(st, src, bl.mul(k, g.rsB))
				vt := types.NewVector(uint64(NR), st)
				ld := bl.b.NewLoad(vt, bl.b.NewBitCast(sp, types.NewPointer(vt)))
				ld.Align = llvm.Align(byteSize(g.e))
				s := store(bl.b, ld, bl.b.NewBitCast(d, types.NewPointer(vt)))
				s.Align = llvm.Align(byteSize(g.e))
			})
		}, func() {
			bl.loop(kc, "packb.k", func(k value.Value) {
				d, sp := bl.gep(st, dst, bl.mul(k, i64c(NR))), bl.gep(st, src, bl.mul(k, g.rsB))
				bl.loop(i64c(NR), "packb.j", func(j value.Value) {
					in := bl.b.NewICmp(enum.IPredSLT, j, w)
					jj := bl.b.NewSelect(in, j, i64c(0))
					x := bl.b.NewLoad(st, bl.gep(st, sp, bl.b.NewMul(jj, g.csB)))
					store(bl.b, bl.b.NewSelect(in, x, floatConst(st, 0)), bl.gep(st, d, j))
				})
			})
		})
	})
}

// packABlock packs A[ic:ic+mc, pc:pc+kc] in MR-high strips, k-major
// within a strip (packA[r*MR*kc + k*MR + i]), the rows past mc zero.
// Per k, the strip's MR elements are read from their rows and stored
// side by side (a row past mc reads the last row, and stores 0). A full
// strip of a row-major A goes packAChunk elements of k at a time (one
// vector load per row).
func (g *gemmCall) packABlock(bl *builder, ic, pc, mcv, kc value.Value) {
	if g.proA != nil {
		g.packAPrologue(bl, ic, pc, mcv, kc)
		return
	}
	st := storageType(g.e)
	MR := int64(g.p.MR)
	blocks(bl, i64c(0), mcv, g.p.MR, "packa", func(r, h value.Value) {
		dst := bl.gep(st, g.packA, bl.mul(r, kc))
		rows := make([]value.Value, MR)
		valid := make([]value.Value, MR)
		for i := range MR {
			valid[i] = bl.b.NewICmp(enum.IPredSLT, i64c(i), h)
			row := bl.add(bl.add(ic, r), minI64(bl, i64c(i), bl.b.NewSub(h, i64c(1))))
			rows[i] = at(bl, st, g.A, row, g.rsA, pc, g.csA)
		}
		fast := bl.and(bl.icmp(enum.IPredEQ, g.csA, i64c(1)), bl.icmp(enum.IPredEQ, h, i64c(MR)))
		chunks := bl.selectI64(fast, bl.b.NewSDiv(kc, i64c(packAChunk)), i64c(0))
		bl.loop(chunks, "packa.chunk", func(c value.Value) {
			packAChunkOf(bl, g.e, rows, dst, bl.mul(c, i64c(packAChunk)))
		})
		bl.loopFrom(bl.mul(chunks, i64c(packAChunk)), kc, "packa.k", func(k value.Value) {
			d := bl.gep(st, dst, bl.b.NewMul(k, i64c(MR)))
			off := bl.mul(k, g.csA)
			for i := range MR {
				x := bl.b.NewLoad(st, bl.gep(st, rows[i], off))
				store(bl.b, bl.b.NewSelect(valid[i], x, floatConst(st, 0)), bl.gep(st, d, i64c(i)))
			}
		})
	})
}

// packAChunk is the k elements a full strip of a row-major A packs at a time.
const packAChunk = 8

// packAChunkOf packs elements k0 to k0+packAChunk of the contiguous rows
// into the strip dst: a vector load per row, its elements stored to their
// places. (Per-element loads instead become gathers or scatters in clang's
// vectorizers, several times slower on AVX-512.)
func packAChunkOf(bl *builder, e *ir.Scalar, rows []value.Value, dst, k0 value.Value) {
	st := storageType(e)
	vt := types.NewVector(packAChunk, st)
	vs := make([]value.Value, len(rows))
	for i, row := range rows {
		ld := bl.b.NewLoad(vt, bl.b.NewBitCast(bl.gep(st, row, k0), types.NewPointer(vt)))
		ld.Align = llvm.Align(byteSize(e))
		vs[i] = ld
	}
	storeAChunk(bl, e, vs, dst, k0)
}

// storeAChunk stores the rows' vectors vs of elements k0 to
// k0+packAChunk to their places in the strip dst.
func storeAChunk(bl *builder, e *ir.Scalar, vs []value.Value, dst, k0 value.Value) {
	st := storageType(e)
	MR := int64(len(vs))
	d := bl.gep(st, dst, bl.mul(k0, i64c(MR)))
	for t := range int64(packAChunk) {
		for i := range MR {
			store(bl.b, bl.b.NewExtractElement(vs[i], i32c(t)), bl.gep(st, d, i64c(t*MR+i)))
		}
	}
}

// gemmKernel defines, once per element type and plan, the micro-kernel
// `void tirc.gemm.kernel.<plan>(i64 kc, T* a, T* b, T* c, i64 rsC, i64
// csC, i64 mr, i64 nr, i1 load)`: the MR x NR tile of C at c (mr x nr of
// it valid) gets the kc terms of the packed strips a (MR per k) and b (NR
// per k), one vector FMA per row and NR/lanes vectors per k, held in
// registers; its sums start from C's values when load is set (a later KC
// block), else from 0. A partial or strided tile goes through a stack
// tile.
//
// The direct kernel (the small path), `void tirc.gemm.direct.<plan>(i64
// kc, T* a, i64 rsA, i64 csA, T* b, i64 rsB, T* c, i64 rsC, i64 csC, i64
// mr, i64 nr, i1 load)`, reads A and B where they are (B's rows
// contiguous; its columns past nr are masked off, A's rows past mr read
// row mr-1): the same FMAs in the same order, without packing.
func (mc *moduleCtx) gemmKernel(e *ir.Scalar, p plan.Contract, direct bool) *llvm.Func {
	name := "tirc.gemm.kernel." + gemmName(e, p)
	if direct {
		name = "tirc.gemm.direct." + gemmName(e, p)
	}
	if f := mc.helper(name); f != nil {
		return f
	}
	st := storageType(e)
	pt := types.NewPointer(st)
	f, g := mc.newGemmFunc(name, pt, direct)
	kc, a, b, c, rsA, csA, rsB := g.kc, g.a, g.b, g.c, g.rsA, g.csA, g.rsB
	rsC, csC, mr, nr, load := g.rsC, g.csC, g.mr, g.nr, g.load
	bl := newBuilder(mc, f)
	MR, NR, W := int64(p.MR), int64(p.NR), int64(p.Lanes)
	nv := NR / W
	vt := types.NewVector(uint64(W), st)
	vp := types.NewPointer(vt)
	align := llvm.Align(byteSize(e))
	vload := func(q value.Value) value.Value {
		ld := bl.b.NewLoad(vt, bl.b.NewBitCast(q, vp))
		ld.Align = align
		return ld
	}
	vstore := func(x, q value.Value) {
		s := store(bl.b, x, bl.b.NewBitCast(q, vp))
		s.Align = align
	}
	// The operands' loads at k: A's element of row i, B's vector v.
	var aAt func(k value.Value, i int64) value.Value
	var bAt func(k value.Value, v int64) value.Value
	if direct {
		aAt, bAt = directLoads(bl, e, p, a, rsA, csA, b, rsB, mr, nr)
	} else {
		aAt = func(k value.Value, i int64) value.Value {
			return bl.b.NewLoad(st, bl.gep(st, a, bl.b.NewAdd(bl.b.NewMul(k, i64c(MR)), i64c(i))))
		}
		bAt = func(k value.Value, v int64) value.Value {
			return vload(bl.gep(st, b, bl.b.NewAdd(bl.b.NewMul(k, i64c(NR)), i64c(v*W))))
		}
	}
	full := bl.and(bl.and(bl.b.NewICmp(enum.IPredEQ, mr, i64c(MR)), bl.b.NewICmp(enum.IPredEQ, nr, i64c(NR))),
		bl.b.NewICmp(enum.IPredEQ, csC, i64c(1)))
	tile := bl.alloca(types.NewArray(uint64(MR*NR), st))
	tile.Align = 64
	tp := bl.b.NewBitCast(tile, pt)
	cp := bl.b.NewSelect(full, c, tp)
	rs := bl.b.NewSelect(full, rsC, i64c(NR))
	copyTile := func(toC bool) {
		bl.loop(mr, "edge.i", func(i value.Value) {
			bl.loop(nr, "edge.j", func(j value.Value) {
				cq := at(bl, st, c, i, rsC, j, csC)
				tq := at(bl, st, tp, i, i64c(NR), j, i64c(1))
				if toC {
					store(bl.b, bl.b.NewLoad(st, tq), cq)
				} else {
					store(bl.b, bl.b.NewLoad(st, cq), tq)
				}
			})
		})
	}
	notFull := bl.b.NewXor(full, constant.True)
	bl.ifThen(bl.b.NewAnd(notFull, load), "edge.in", func() { copyTile(false) })
	zero := constant.NewZeroInitializer(vt)
	accs := make([]*llvm.InstAlloca, MR*nv)
	for i := range MR {
		for v := range nv {
			s := bl.alloca(vt)
			accs[i*nv+v] = s
			x := vload(at(bl, st, cp, i64c(i), rs, i64c(v*W), i64c(1)))
			store(bl.b, bl.b.NewSelect(load, x, zero), s)
		}
	}
	prefetchNextTile(bl, e, p, c, rsC, csC)
	if direct {
		prefetchRowsAhead(bl, e, p, a, rsA, csA)
	}
	gemmFMALoop(bl, kc, vt, accs, MR, nv, aAt, bAt)
	for i := range MR {
		for v := range nv {
			vstore(bl.b.NewLoad(vt, accs[i*nv+v]), at(bl, st, cp, i64c(i), rs, i64c(v*W), i64c(1)))
		}
	}
	bl.ifThen(notFull, "edge.out", func() { copyTile(true) })
	bl.b.NewRet(nil)
	bl.finish()
	mc.finish(f)
	return f
}

// gemmParams are a micro-kernel's parameters: the K extent, the panels
// (or, direct, A and B in place with their strides), C's tile with its
// strides and edge extents, and whether C's old values are accumulated.
type gemmParams struct {
	kc, a, b, c, rsA, csA, rsB, rsC, csC, mr, nr, load *llvm.Param
}

// newGemmFunc declares the micro-kernel called name (its elements of
// pointer type pt) with its parameters: internal, never inlined.
func (mc *moduleCtx) newGemmFunc(name string, pt types.Type, direct bool) (*llvm.Func, gemmParams) {
	i64p := func(n string) *llvm.Param { return llvm.NewParam(n, types.I64) }
	g := gemmParams{kc: i64p("kc"), a: llvm.NewParam("a", pt), b: llvm.NewParam("b", pt), c: llvm.NewParam("c", pt),
		rsA: i64p("rsA"), csA: i64p("csA"), rsB: i64p("rsB"), rsC: i64p("rsC"), csC: i64p("csC"),
		mr: i64p("mr"), nr: i64p("nr"), load: llvm.NewParam("load", types.I1)}
	for _, q := range []*llvm.Param{g.a, g.b, g.c} {
		q.Attrs = append(q.Attrs, enum.ParamAttrNoAlias)
	}
	params := []*llvm.Param{g.kc, g.a, g.b, g.c, g.rsC, g.csC, g.mr, g.nr, g.load}
	if direct {
		params = []*llvm.Param{g.kc, g.a, g.rsA, g.csA, g.b, g.rsB, g.c, g.rsC, g.csC, g.mr, g.nr, g.load}
	}
	f := mc.m.NewFunc(mc.symbol(name), types.Void, params...)
	f.Linkage = enum.LinkageInternal
	f.FuncAttrs = append(f.FuncAttrs, enum.FuncAttrNoInline)
	mc.funcAttrs(f)
	mc.publishHelper(name, f)
	return f, g
}

// gemmFMALoop is the micro-kernel's k loop: per k, B's nv vectors, and
// for each of the MR rows A's element splat and nv FMAs into the
// accumulators (row-major, nv per row).
func gemmFMALoop(bl *builder, kc value.Value, vt *types.VectorType, accs []*llvm.InstAlloca, MR, nv int64,
	aAt func(k value.Value, i int64) value.Value, bAt func(k value.Value, v int64) value.Value) {
	splatMask := constant.NewZeroInitializer(types.NewVector(vt.Len, types.I32))
	bl.loop(kc, "k", func(k value.Value) {
		bv := make([]value.Value, nv)
		for v := range nv {
			bv[v] = bAt(k, v)
		}
		for i := range MR {
			ins := bl.b.NewInsertElement(constant.NewUndef(vt), aAt(k, i), i32c(0))
			s := bl.b.NewShuffleVector(ins, constant.NewUndef(vt), splatMask)
			for v := range nv {
				q := accs[i*nv+v]
				store(bl.b, bl.CallIntrinsic("llvm.fma", vt, s, bv[v], bl.b.NewLoad(vt, q)), q)
			}
		}
	})
}

// directLoads are the direct kernel's loads at k: A's element of row i
// (rows past mr read row mr-1) and B's vector v, its lanes at or past nr
// masked off (never read).
func directLoads(bl *builder, e *ir.Scalar, p plan.Contract, a, rsA, csA, b, rsB, mr, nr value.Value) (
	aAt func(k value.Value, i int64) value.Value, bAt func(k value.Value, v int64) value.Value) {
	st := storageType(e)
	MR, NR, W := int64(p.MR), int64(p.NR), int64(p.Lanes)
	nv := NR / W
	vt := types.NewVector(uint64(W), st)
	vp := types.NewPointer(vt)
	align := llvm.Align(byteSize(e))
	mc := bl.mod
	rows := make([]value.Value, MR)
	for i := range MR {
		rows[i] = bl.gep(st, a, bl.mul(minI64(bl, i64c(i), bl.b.NewSub(mr, i64c(1))), rsA))
	}
	aAt = func(k value.Value, i int64) value.Value {
		return bl.b.NewLoad(st, bl.gep(st, rows[i], bl.b.NewMul(k, csA)))
	}
	maskT := types.NewVector(uint64(W), types.I1)
	masked := mc.intrinsic(fmt.Sprintf("llvm.masked.load.%s.p0%s", scalar.TypeSuffix(vt), scalar.TypeSuffix(vt)), vt, vp, types.I32, maskT, vt)
	iv := types.NewVector(uint64(W), types.I64)
	masks := make([]value.Value, nv)
	nrs := bl.b.NewShuffleVector(bl.b.NewInsertElement(constant.NewUndef(iv), nr, i32c(0)), constant.NewUndef(iv),
		constant.NewZeroInitializer(types.NewVector(uint64(W), types.I32)))
	for v := range nv {
		lanes := make([]constant.Constant, W)
		for l := range W {
			lanes[l] = i64c(v*W + l)
		}
		masks[v] = bl.b.NewICmp(enum.IPredSLT, constant.NewVector(iv, lanes...), nrs)
	}
	bAt = func(k value.Value, v int64) value.Value {
		q := bl.gep(st, bl.gep(st, b, bl.b.NewMul(k, rsB)), i64c(v*W))
		return bl.b.NewCall(masked, bl.b.NewBitCast(q, vp), i32c(int64(align)), masks[v], constant.NewZeroInitializer(vt))
	}
	return aAt, bAt
}

// prefetchNextTile fetches the next tile down of C (the ir loop's next
// call) into cache while this one computes: its rows are far apart in C.
// (A prefetch of an address past C does not fault.)
func prefetchNextTile(bl *builder, e *ir.Scalar, p plan.Contract, c, rsC, csC value.Value) {
	st := storageType(e)
	MR, NR := int64(p.MR), int64(p.NR)
	pf := bl.mod.intrinsic("llvm.prefetch.p0i8", types.Void, i8p, types.I32, types.I32, types.I32)
	for i := range MR {
		for off := int64(0); off < NR; off += 64 / byteSize(e) {
			idx := bl.add(bl.mul(i64c(MR+i), rsC), bl.mul(i64c(off), csC))
			q := bl.b.NewGetElementPtr(st, c, idx)
			bl.b.NewCall(pf, bl.b.NewBitCast(q, i8p), i32c(1), i32c(3), i32c(1))
		}
	}
}

// prefetchAhead is how many tiles down the direct kernel fetches A's rows.
const prefetchAhead = 2

// prefetchRowsAhead fetches the first two cache lines of A's rows
// prefetchAhead tiles down (the ir loop's later calls; past the last
// tile, the next batch item's first rows when the items are contiguous).
// The small path's A is often a run of small matrices, one page each
// (32x32 f32) or less, and the hardware prefetchers stop at page
// boundaries.
func prefetchRowsAhead(bl *builder, e *ir.Scalar, p plan.Contract, a, rsA, csA value.Value) {
	st := storageType(e)
	MR := int64(p.MR)
	pf := bl.mod.intrinsic("llvm.prefetch.p0i8", types.Void, i8p, types.I32, types.I32, types.I32)
	for i := range MR {
		for line := range int64(2) {
			idx := bl.add(bl.mul(i64c(MR*prefetchAhead+i), rsA), bl.mul(i64c(line*64/byteSize(e)), csA))
			q := bl.b.NewGetElementPtr(st, a, idx)
			bl.b.NewCall(pf, bl.b.NewBitCast(q, i8p), i32c(0), i32c(3), i32c(1))
		}
	}
}
