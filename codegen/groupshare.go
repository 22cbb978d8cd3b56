package codegen

import (
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"github.com/tirc/tirc/codegen/plan"
	"github.com/tirc/tirc/ir"
)

// Shared values of a row group. the fusion plan (plan.NewFusion) recomputes a cheap value with
// several users in each user's nest (exp(x - max) in softmax feeds the sum
// and the division) rather than writing a temporary as large as the
// tensor. Inside a row group the users run one after the other over the
// same block of rows, so the value can be computed once per block into a
// scratch buffer of one block (per thread), which stays in the cache:
//
//	for each block of rows:
//	    nest1(block); scratch = e(block); nest2(block, scratch); nest3(block, scratch)
//
// A value is shared so when at least two members compute it, its tree
// costs at least plan.MinShareCost (an exp), and every member reads it at the
// row being computed (its first dimension at the group's first loop,
// stride 1, no other dimension there), so a member never reads a row of
// another block. The scratch is a temporary of threads x block rows; a
// member sees it through a view whose base is moved by the block's first
// row (scratch - lo*row), so its nests are the ordinary ones.

// scratchRows is a shared value's scratch buffer: base is the temporary
// (threads x block rows of row elements each) in the enclosing function.
type scratchRows struct {
	base    value.Value
	slot    value.Value // rows per thread: a block, or all rows when fewer
	row     value.Value // elements per row
	threads value.Value // the threads the buffer has room for
	elem    *ir.Scalar
}

// shareValues rewrites g's members to compute each value the plan shares
// (plan.RowGroup.SharedValues, which at least two members compute) once
// per block (see above): a new member writes it to a scratch block
// before the first member that uses it, and every use at the row
// (rowLocal) becomes a leaf reading it.
func (r *rowsEmitter) shareValues(fc *funcCtx, g *rowGroup) {
	shared := map[plan.Root]*view{}
	planned := map[plan.Root]bool{} // the values the plan shares
	for _, r := range g.plan.SharedValues {
		planned[r] = true
	}
	var members []*groupMember
	for _, m := range g.members {
		var rewrite func(n *node, top bool)
		rewrite = func(n *node, top bool) {
			if n.op == nil {
				return
			}
			if k := (plan.Root{Op: n.op, Res: n.res}); !top && planned[k] {
				v, ok := shared[k]
				if !ok {
					var p *groupMember
					p, v = fc.rows.scratchMember(fc, g, n)
					if p != nil {
						members = append(members, p)
					}
					shared[k] = v // nil: not shareable
				}
				if v != nil && rowLocal(g, n) {
					*n = node{elem: n.elem, shape: n.shape, sizes: n.sizes, dimMap: n.dimMap, view: v, bit: -1}
					return
				}
			}
			for _, kid := range n.kids {
				rewrite(kid, false)
			}
		}
		rewrite(m.root, true)
		members = append(members, m)
	}
	g.members = members
}

// rowLocal reports whether n is read at the row group g computes only
// (plan.RowLocal).
func rowLocal(g *rowGroup, n *node) bool {
	sameRows := len(n.sizes) > 0 && sameValue(n.sizes[0], g.rows)
	return plan.RowLocal(n.dimMap, len(n.idx) > 0, sameRows)
}

// scratchMember builds the member computing n's value into a new scratch
// block, and the view the users read it through (the plan checked that
// its nest runs in the group).
func (re *rowsEmitter) scratchMember(fc *funcCtx, g *rowGroup, n *node) (*groupMember, *view) {
	root := cloneTree(n)
	root.dimMap = root.loops.Results[root.res]
	if err := fc.mapDims(root, nestMap{}); err != nil {
		return nil, nil
	}

	bl := fc.bl
	var row value.Value = i64c(1)
	for _, s := range n.sizes[1:] {
		row = bl.mul(row, s)
	}
	threads := fc.maxThreads()
	rows := g.block // a block, or all rows when fewer
	b, bok := constVal(g.block)
	r, rok := constVal(g.rows)
	switch {
	case bok && rok:
		rows = i64c(min(b, r))
	case !bok || !rok:
		rows = bl.selectI64(bl.icmp(enum.IPredULT, g.block, g.rows), g.block, g.rows)
	}
	alloc := append([]value.Value{bl.mul(threads, rows)}, n.sizes[1:]...)
	buf := fc.temp(n.elem, n.shape, alloc, "a row group's scratch rows")
	v := &view{elem: n.elem, shape: n.shape, base: buf.base, sizes: n.sizes, strides: fc.bl.contig(n.sizes), contiguous: true}
	g.scratch = append(g.scratch, scratchRows{base: buf.base, slot: rows, row: row, threads: threads, elem: n.elem})
	var planned *plan.Nest
	for i, r := range g.plan.SharedValues {
		if r == (plan.Root{Op: n.op, Res: n.res}) {
			planned = g.plan.SharedNests[i]
		}
	}
	guard, rec, err := fc.nestLayout(v, root, planned)
	if err != nil {
		re.err = err
		return nil, nil
	}
	return &groupMember{dst: v, root: root, guard: guard, rec: rec}, v
}

// cloneTree copies n's tree (its nodes; views and values are shared).
func cloneTree(n *node) *node {
	c := *n
	c.kids = make([]*node, len(n.kids))
	for i, k := range n.kids {
		c.kids[i] = cloneTree(k)
	}
	c.idx = make([]*node, len(n.idx))
	for i, k := range n.idx {
		c.idx[i] = cloneTree(k)
	}
	return &c
}

// maxThreads is how many threads a nest may run on: libgomp's
// omp_get_max_threads() when linked (the team GOMP_parallel starts is
// never larger), else 1; 1 when threads are off.
func (fc *funcCtx) maxThreads() value.Value {
	if fc.mod.opts.ParallelMin <= 0 {
		return i64c(1)
	}
	bl := fc.bl
	// Once per call: nothing between two nests changes it.
	return bl.once(maxThreadsKey{}, func() value.Value {
		f := fc.mod.weak("omp_get_max_threads", types.I32)
		slot := bl.alloca(types.I64)
		store(bl.b, i64c(1), slot)
		bl.ifThen(bl.b.NewICmp(enum.IPredNE, f, constant.NewNull(f.Typ)), "threads", func() {
			n := bl.b.NewSExt(bl.b.NewCall(f), types.I64)
			store(bl.b, bl.selectI64(bl.icmp(enum.IPredSGT, n, i64c(1)), n, i64c(1)), slot)
		})
		return bl.b.NewLoad(types.I64, slot)
	})
}

// maxThreadsKey keys maxThreads (builder.once).
type maxThreadsKey struct{}

// capturedScratch is a scratch buffer's values inside a row group's
// function.
type capturedScratch struct {
	base, slot, row, threads value.Value
	elem                     *ir.Scalar
}

func captureScratch(ns *nest, g *rowGroup) []capturedScratch {
	out := make([]capturedScratch, len(g.scratch))
	for i, s := range g.scratch {
		out[i] = capturedScratch{base: ns.capture(s.base, "p"), slot: ns.capture(s.slot, "n"), row: ns.capture(s.row, "n"), threads: ns.capture(s.threads, "n"), elem: s.elem}
	}
	return out
}

// scratchBases is, inside a row group's function, the base each scratch
// view is read through (by its base in the enclosing function) for the
// block starting at row lo on this thread: scratch + ((thread mod
// threads) * slot - lo) * row elements. The pointer lies before the
// buffer for a later block; the nests add lo * row back before reading.
func scratchBases(bl *builder, g *rowGroup, cs []capturedScratch, thread, lo value.Value) map[value.Value]value.Value {
	out := map[value.Value]value.Value{}
	for i, s := range g.scratch {
		c := cs[i]
		first := bl.b.NewSub(bl.b.NewMul(bl.b.NewURem(thread, c.threads), c.slot), lo)
		out[s.base] = bl.b.NewGetElementPtr(storageType(c.elem), c.base, bl.b.NewMul(first, c.row))
	}
	return out
}
