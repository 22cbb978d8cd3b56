package codegen

import (
	"fmt"

	llvm "github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"github.com/tirc/tirc/codegen/cabi"
	"github.com/tirc/tirc/codegen/plan"
)

// Row groups. Softmax is three nests over the same rows (the max, the sum
// of exp(x - max), the division) and layer norm four; run one after the
// other, each reads the whole input from memory. A row group runs
// consecutive nests that share their first loop -- parallel, the same
// extent, and every member reads what earlier members wrote only at the
// row it is computing -- block by block of rows:
//
//	for each block of rows (this thread's share of them):
//	    nest1(rows of the block); nest2(rows of the block); ...
//
// so a block's rows are read from memory once and stay in the cache for
// the members after the first, as in the hand-written loop that does all
// passes on one row. The members are the ordinary nests built with a row
// window (buildNest, nestSpec.window): their first loop runs [rlo, rhi). Sizes, checks
// and buffers of the members are set up in the enclosing function as they
// are lowered; the group runs when a nest that cannot join it comes, or
// anything that reads memory (a call, the return, a copy). When the first
// member is a row reduction and the second computes over the same rows,
// the group is pipelined instead (rider.go): the second member computes
// the first one row ahead in its own loop.

// rowsEmitter emits the row groups of a function's plan: it holds the
// members of the pending group as they are lowered, and runs the group
// (flush) before the first thing that is not one of its members -- a
// nest of another row run, or anything that reads memory (plan.EndsRows,
// a contraction, the return).
type rowsEmitter struct {
	pending *rowGroup
	// err is a shared value's nest that differs from its plan.
	err error
}

type rowGroup struct {
	rows    value.Value // the extent of the members' first loop
	block   value.Value // rows per block
	perRow  value.Value // elements of a row of the first member (checkGroup)
	total   value.Value // elements of the largest member (the threads' threshold)
	members []*groupMember
	outs    map[value.Value][]*groupMember // members by output base
	scratch []scratchRows                  // shared values' buffers (groupshare.go)
	// nt is set when a member built for the group uses non-temporal
	// stores: what the plan's fence says (checkGroup).
	nt bool
	// plan is the group's plan: its row run in the pre-pass's.
	plan *plan.RowGroup
}

type groupMember struct {
	dst   *view
	root  *node
	guard value.Value // fast layout (constant true: always)
	rec   *plan.Nest  // the nest's plan
}

// sameValue reports whether two i64 values are the same: equal constants
// or one SSA value.
func sameValue(a, b value.Value) bool {
	x, xok := constVal(a)
	y, yok := constVal(b)
	if xok || yok {
		return xok && yok && x == y
	}
	return a == b
}

// add adds the nest of root to the pending group (after running
// the pending one when the nest is in another row run of the plan).
// Nothing is built until the group runs: a group of one is an ordinary
// nest.
func (r *rowsEmitter) add(fc *funcCtx, dst *view, root *node, guard value.Value, rec *plan.Nest, run *plan.RowGroup) error {
	if g := r.pending; g != nil && g.plan != run {
		if err := fc.rows.flush(fc); err != nil {
			return err
		}
	}
	m := &groupMember{dst: dst, root: root, guard: guard, rec: rec}
	bl := fc.bl
	work := fc.bl.product(root.ext)
	g := r.pending
	if g == nil {
		perRow := fc.bl.product(root.ext[1:])
		g = &rowGroup{rows: root.ext[0], block: blockOf(bl, perRow, run.Block, run.BlockElements), perRow: perRow, total: work, outs: map[value.Value][]*groupMember{}, plan: run}
		r.pending = g
	} else if !sameValue(work, g.total) {
		g.total = bl.selectI64(bl.b.NewICmp(enum.IPredUGT, work, g.total), work, g.total)
	}
	g.members = append(g.members, m)
	g.outs[dst.base] = append(g.outs[dst.base], m)
	return nil
}

// blockOf is the block of rows the plan chose (plan.RowBlock), or when
// Dynamic, how many rows of perRow elements make a block of about
// elements at run time: max(1, elements / perRow).
func blockOf(bl *builder, perRow value.Value, block, elements int64) value.Value {
	if block != plan.Dynamic {
		return i64c(block)
	}
	div := bl.selectI64(bl.icmp(enum.IPredEQ, perRow, i64c(0)), i64c(1), perRow)
	q := bl.b.NewUDiv(i64c(elements), div)
	return bl.selectI64(bl.icmp(enum.IPredEQ, q, i64c(0)), i64c(1), q)
}

// memberCall is a row group member's nest functions and arguments.
type memberCall struct {
	fast, slow   *llvm.Func
	fastA, slowA []value.Value
	guard        value.Value
}

// flush runs the pending row group, if any: one nest alone as
// usual; several through one function over the blocks of rows (this
// thread's share of them), calling each member's nest on the block, fast
// or strided as its layout guard says.
func (r *rowsEmitter) flush(fc *funcCtx) error {
	g := r.pending
	if g == nil {
		return nil
	}
	r.pending = nil
	if len(g.members) == 1 {
		if len(g.plan.Members) > 0 { // a planned group run as one nest
			if err := checkGroup(g); err != nil {
				return err
			}
		}
		m := g.members[0]
		return fc.runNestNow(m.dst, m.root, m.guard, 0, nil, m.rec)
	}
	fc.rows.shareValues(fc, g)
	if err := fc.rows.err; err != nil {
		return err
	}
	ride := g.plan.Rider
	built, err := fc.rows.buildMembers(fc, g)
	if err != nil {
		return err
	}
	// A pipelined group (rider.go): the second member carrying the
	// first one row ahead, over blocks of a row or a few.
	var rideFn *llvm.Func
	var rideA []value.Value
	if ride {
		a, h := g.members[0], g.members[1]
		if rideFn, rideA, err = fc.buildNest(h.dst, h.root, nestSpec{fast: true, window: true, rideOn: a, group: g, plan: h.rec}); err != nil {
			return err
		}
		g.block = blockOf(fc.bl, a.root.ext[1], g.plan.PipeBlock, g.plan.PipeElements)
		g.perRow = a.root.ext[1]
	}
	if err := checkGroup(g); err != nil {
		return err
	}
	// The group's function, like a nest, is shared by the groups with
	// the same members and the same pattern of values (nestcache.go).
	key := rowsKey(g, built, ride, g.plan.Fence, rideFn, rideA)
	same := fc.mod.sharedNest(key)
	if same != nil && !checkSharedNests {
		fc.rows.runGroup(fc, g, same.fn, same.argsOf(key))
		return nil
	}
	fn, args, err := fc.rows.buildGroup(fc, g, key, same, built, rideFn, rideA)
	if err != nil {
		return err
	}
	fc.rows.runGroup(fc, g, fn, args)
	return nil
}

// buildMembers builds each member's nest functions: the fast version,
// and the strided one unless its layout is known row-major. An output a
// later member reads is wanted in the cache: no non-temporal stores for
// it (plan.Nest.ReadLater).
func (r *rowsEmitter) buildMembers(fc *funcCtx, g *rowGroup) ([]memberCall, error) {
	built := make([]memberCall, len(g.members))
	for i, m := range g.members {
		c := memberCall{guard: m.guard}
		var err error
		if c.fast, c.fastA, err = fc.buildNest(m.dst, m.root, nestSpec{fast: true, window: true, allowNT: !m.rec.ReadLater, group: g, rec: m.rec}); err != nil {
			return nil, err
		}
		if !knownTrue(m.guard) {
			if c.slow, c.slowA, err = fc.buildNest(m.dst, m.root, nestSpec{window: true, allowNT: true, group: g}); err != nil {
				return nil, err
			}
		}
		built[i] = c
	}
	return built, nil
}

// groupFn is a row group's function being built: its rows, rows per
// block, scratch buffers, this thread's index and the slot of the
// members' fault bits.
type groupFn struct {
	ns          *nest
	bl          *builder
	g           *rowGroup
	rows, block value.Value
	scratch     []capturedScratch
	thread      value.Value
	faults      value.Value
}

// buildGroup defines the function of row group g (with rideFn, the
// pipelined one): `i64 (captures..., i64 thread, i64 threads)` running
// this thread's blocks of rows through the members' nests.
func (r *rowsEmitter) buildGroup(fc *funcCtx, g *rowGroup, key *nestKey, same *sharedNest, built []memberCall, rideFn *llvm.Func, rideA []value.Value) (*llvm.Func, []value.Value, error) {
	mc := fc.mod
	mc.await() // a new group function
	mc.nests++
	fn := mc.m.NewFunc(mc.symbol(fmt.Sprintf("%s.rows%d", cabi.PrivateSymbol(fc.f.Name), mc.nests)), types.I64)
	fn.Linkage = enum.LinkageInternal
	mc.funcAttrs(fn)
	ns := &nest{bl: newBuilder(mc, fn), fn: fn, caps: map[value.Value]value.Value{}}
	ns.bl.cse = true
	ns.packed = newPacked(ns)
	bl := ns.bl
	gf := &groupFn{ns: ns, bl: bl, g: g, rows: ns.capture(g.rows, "n"), block: ns.capture(g.block, "n")}
	gf.scratch = captureScratch(ns, g)
	calls, rideArgs := gf.captureCalls(built, rideA)
	thread := llvm.NewParam("thread", types.I64)
	threads := llvm.NewParam("threads", types.I64)
	fn.Params = append(fn.Params, thread, threads)
	fn.Sig.Params = append(fn.Sig.Params, types.I64, types.I64)
	gf.thread = thread
	// This thread's rows, whole blocks each.
	nblocks := bl.b.NewUDiv(bl.b.NewAdd(gf.rows, bl.b.NewSub(gf.block, i64c(1))), gf.block)
	ns.split(nblocks, thread, threads)
	gf.faults = bl.alloca(types.I64) // the members' fault bits (FaultOOM)
	store(bl.b, i64c(0), gf.faults)
	if rideFn == nil {
		gf.blocks(calls, nil)
	} else {
		gf.pipelined(calls, rideFn, rideArgs)
	}
	// The members' streaming stores (none fence, see buildNest) are
	// visible before the group returns or its thread joins the team.
	if g.plan.Fence {
		bl.b.NewFence(enum.AtomicOrderingSequentiallyConsistent)
	}
	bl.b.NewRet(bl.b.NewLoad(types.I64, gf.faults))
	bl.finish()
	st := ns.packed.st
	st.Fields = append(st.Fields, types.I64) // the fault bits of GOMP's threads (runPacked)
	if same == nil {
		mc.defineType(st)
		mc.publish(func() { mc.omp[fn] = ompEntry{st: st, packed: true} })
	}
	return mc.finishShared(key, same, ns)
}

// captureCalls captures the members' arguments (and the rider's) in the
// group's function. A scratch base stays the enclosing function's value
// here: each block reads it through its own base (scratchBases).
func (gf *groupFn) captureCalls(built []memberCall, rideA []value.Value) ([]memberCall, []value.Value) {
	ns := gf.ns
	isScratch := map[value.Value]bool{}
	for _, s := range gf.g.scratch {
		isScratch[s.base] = true
	}
	capture := func(a value.Value) value.Value {
		if isScratch[a] {
			return a
		}
		return ns.capture(a, "a")
	}
	calls := make([]memberCall, len(built))
	for i, b := range built {
		c := memberCall{fast: b.fast, slow: b.slow}
		for _, a := range b.fastA {
			c.fastA = append(c.fastA, capture(a))
		}
		for _, a := range b.slowA {
			c.slowA = append(c.slowA, capture(a))
		}
		if b.slow != nil {
			c.guard = ns.capture(b.guard, "g")
		}
		calls[i] = c
	}
	var rideArgs []value.Value
	for _, a := range rideA {
		rideArgs = append(rideArgs, capture(a))
	}
	return calls, rideArgs
}

// minRows is min(a, rows).
func (gf *groupFn) minRows(a value.Value) value.Value {
	bl := gf.bl
	return bl.b.NewSelect(bl.b.NewICmp(enum.IPredULT, a, gf.rows), a, gf.rows)
}

// run calls f on the rows [lo, hi) (and more row arguments), each
// scratch view through its base for the block at lo.
func (gf *groupFn) run(f *llvm.Func, args []value.Value, bases map[value.Value]value.Value, lo, hi value.Value, more ...value.Value) {
	bl := gf.bl
	in := make([]value.Value, 0, len(args)+2+len(more))
	for _, a := range args {
		if p, ok := bases[a]; ok {
			a = p
		}
		in = append(in, a)
	}
	in = append(append(in, lo, hi), more...)
	r := bl.b.NewCall(f, in...)
	store(bl.b, bl.b.NewOr(bl.b.NewLoad(types.I64, gf.faults), r), gf.faults)
}

// blocks loops over this thread's blocks of rows, calling first (when
// set) and then each member on the block.
func (gf *groupFn) blocks(members []memberCall, first func(lo, hi value.Value, bases map[value.Value]value.Value)) {
	bl, ns := gf.bl, gf.ns
	bl.loopFrom(ns.lo, ns.hi, "rows", func(k value.Value) {
		lo := bl.b.NewMul(k, gf.block)
		hi := gf.minRows(bl.b.NewAdd(lo, gf.block))
		bases := scratchBases(bl, gf.g, gf.scratch, gf.thread, lo)
		if first != nil {
			first(lo, hi, bases)
		}
		for _, c := range members {
			if c.slow == nil {
				gf.run(c.fast, c.fastA, bases, lo, hi)
				continue
			}
			bl.ifElse(c.guard, "layout", func() { gf.run(c.fast, c.fastA, bases, lo, hi) }, func() { gf.run(c.slow, c.slowA, bases, lo, hi) })
		}
	})
}

// pipelined runs the first member's first row alone, then the second
// member carrying it one row ahead up to this thread's last row, when
// both members' layouts are row-major; the ordinary blocks otherwise.
func (gf *groupFn) pipelined(calls []memberCall, rideFn *llvm.Func, rideArgs []value.Value) {
	bl, ns := gf.bl, gf.ns
	pipelined := func() {
		tlo := bl.b.NewMul(ns.lo, gf.block)
		thi := gf.minRows(bl.b.NewMul(ns.hi, gf.block))
		bl.ifThen(bl.b.NewICmp(enum.IPredULT, tlo, thi), "ride.first", func() {
			gf.run(calls[0].fast, calls[0].fastA, nil, tlo, bl.b.NewAdd(tlo, i64c(1)))
		})
		gf.blocks(calls[2:], func(lo, hi value.Value, bases map[value.Value]value.Value) {
			gf.run(rideFn, rideArgs, bases, lo, hi, thi)
		})
	}
	var fast value.Value
	for _, c := range calls[:2] {
		if c.slow != nil {
			if fast == nil {
				fast = c.guard
			} else {
				fast = bl.b.NewAnd(fast, c.guard)
			}
		}
	}
	if fast == nil {
		pipelined()
	} else {
		bl.ifElse(fast, "ride", pipelined, func() { gf.blocks(calls, nil) })
	}
}

// runGroup calls a row group's function and reports its members' faults.
func (re *rowsEmitter) runGroup(fc *funcCtx, g *rowGroup, fn *llvm.Func, args []value.Value) {
	r := fc.runNest(fn, args, g.total, g.plan.Threads.May)
	for _, m := range g.members {
		if m.root.loops != nil && !m.root.loops.Parallel() {
			fc.failOOM(r, m.root.op)
		}
	}
}
