package codegen

import (
	"fmt"

	llvm "github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"github.com/tirc/tirc/ir"
)

// Pipelined row groups. In softmax's row group the first member (the row
// maximum) only reads memory and the next (exp(x - max) into the scratch
// row) only computes: run one after the other, the core waits for memory
// in the first and memory idles in the second (W6 spent as long in its
// exp as in all its memory traffic). A pipelined group computes the first
// member one row ahead inside the second member's innermost loop, so each
// step of that loop both loads the next row and computes this one:
//
//	first(row lo)
//	for each row i of this thread's share:
//	    for j (the first member's lanes and steps):
//	        acc = combine(acc, first's tree at (i+1, j))    # the rider
//	        host's tree at (i, j) -> host's output          # the host
//	    first's result[i+1] = finish(acc)
//	    the other members (row i)
//
// The rider's loop is its own reduction loop (accumulateWith): the same
// steps, lanes and combining order as the member alone, so the bits do
// not depend on whether a group is pipelined. The host's elements are
// computed at the rider's steps, W lanes at a time, then its tail one by
// one. The last row of a thread's share has no next row: the host's
// ordinary loop runs there. Only the fast layout pipelines (the group
// function picks the ordinary schedule when a guard says strided).

// rider is a row group's first member computed inside another member's
// nest (the host), one row ahead of it.
type rider struct {
	ns    *nest // the rider's own nest, building into the host's function
	r     *reducer
	gs    []group // the rows, then the reduction
	views []*capturedView
	count value.Value // elements each result reduces
	end   value.Value // the first row the rider must not compute
	row   value.Value // the host's row, set by its row loop
	err   error       // from building the rider's tree
}

// newRider captures the first member m's views and extents into the
// host's function (its captures are the host's args) and plans its loops.
func newRider(host *nest, m *groupMember) (*rider, error) {
	rn := &nest{bl: host.bl, fn: host.fn, caps: host.caps, scalars: map[*node]value.Value{}, share: host}
	d, views := rn.captureViews(m.dst, m.root, true)
	markRiderNoAlias(d, views)
	ext := make([]value.Value, len(m.root.ext))
	var count value.Value = i64c(1)
	for i, e := range m.root.ext {
		ext[i] = rn.capture(e, "n")
		if m.root.loops.Iter[i] == ir.Reduction {
			count = rn.bl.mul(count, ext[i])
		}
	}
	rn.root, rn.ext = m.root, ext
	f := mergeFacts(views, ext, m.root.loops.Iter, true, true)
	var err error
	if rn.version, err = rn.versionPlan(f, nestSpec{plan: m.rec}, m.root, true); err != nil {
		return nil, err
	}
	gs := rn.groups(views, ext, f, rn.version.Merged)
	return &rider{ns: rn, r: newReducer(m.root), gs: gs, views: views, count: count}, nil
}

// markRiderNoAlias marks the rider's pointers noalias as markNoAlias
// does: its output is written (the host may read it through the same
// parameter, which then must not stay readonly), its inputs only read.
func markRiderNoAlias(d *capturedView, views []*capturedView) {
	if p, ok := d.base.(*llvm.Param); ok {
		attrs := p.Attrs[:0]
		noalias := false
		for _, a := range p.Attrs {
			noalias = noalias || a == enum.ParamAttrNoAlias
			if a != enum.ParamAttrReadOnly {
				attrs = append(attrs, a)
			}
		}
		if p.Attrs = attrs; !noalias {
			p.Attrs = append(p.Attrs, enum.ParamAttrNoAlias)
		}
	}
	for _, c := range views[1:] {
		if p, ok := c.base.(*llvm.Param); ok && c.base != d.base && len(p.Attrs) == 0 {
			p.Attrs = append(p.Attrs, enum.ParamAttrNoAlias, enum.ParamAttrReadOnly)
		}
	}
}

// rideLoop is the host's innermost loop at its row (ns.ride.row, ptrs):
// the rider's reduction loop over the next row carrying the host's
// elements, or, on the share's last row, the host's ordinary loop.
func (ns *nest) rideLoop(g group, views []*capturedView, ptrs []value.Value, body func([]value.Value)) {
	bl := ns.bl
	rd := ns.ride
	at := func(j value.Value) []value.Value {
		out := make([]value.Value, len(ptrs))
		for k, c := range views {
			out[k] = ns.advance(c, ptrs[k], bl.mul(j, g.strides[k]))
		}
		return out
	}
	plain := func() {
		bl.loop(g.trip, "i", func(j value.Value) { body(at(j)) })
	}
	if rd.row == nil {
		// The group skips the rider's own calls after the first row: a
		// host without a row loop would leave the rider's rows unwritten.
		rd.err = fmt.Errorf("internal: a pipelined row group's host has no row loop")
		plain()
		return
	}
	// The rider's reduction loop carries the host when it runs over the
	// host's innermost loop; otherwise the two run one after the other.
	carry := len(rd.gs) == 2 && rd.gs[1].kind == ir.Reduction && sameValue(rd.gs[1].trip, g.trip)
	next := bl.b.NewAdd(rd.row, i64c(1))
	bl.ifElse(bl.b.NewICmp(enum.IPredSLT, next, rd.end), "ride", func() {
		rn := rd.ns
		rp := make([]value.Value, len(rd.views))
		for k, c := range rd.views {
			rp[k] = rn.advance(c, c.base, bl.mul(next, rd.gs[0].strides[k]))
		}
		a := rn.newAcc(rd.r, rd.r.lanes())
		host := func(j value.Value, vf int64) {
			hp := at(j)
			if vf == 0 {
				body(hp)
				return
			}
			rd.prefetch(rp, j, vf)
			v, err := ns.evalWith(ns.root, ns.leaves(views, hp, g.strides, vf))
			if err != nil {
				return // reported by the scalar body, which shares the tree
			}
			ns.storeVector(views[0], hp[0], g.strides[0], v)
		}
		if !carry {
			plain()
			host = nil
		}
		if err := rn.accumulateWith(rd.r, rd.gs[1:], rd.views, rp, a, host); err != nil && rd.err == nil {
			rd.err = err
		}
		t := rn.total(rd.r, a)
		store(bl.b, bl.ToStorage(rd.r.finish(bl, t, rd.count), rd.r.out), rp[0])
	}, plain)
}

// prefetch asks for the row after the rider's (the host's row + 2) at
// the rider's step j of vf lanes, a line at a time, for every input read
// along the row: the loop is long in the host's work, so the rider's own
// loads alone keep too few lines in flight.
func (rd *rider) prefetch(rp []value.Value, j value.Value, vf int64) {
	rn := rd.ns
	bl := rn.bl
	i8p := types.NewPointer(types.I8)
	pf := bl.mod.intrinsic("llvm.prefetch.p0i8", types.Void, i8p, types.I32, types.I32, types.I32)
	for k, c := range rd.views[1:] {
		if c.v.index || !isConst(rd.gs[1].strides[k+1], 1) {
			continue
		}
		p := bl.b.NewBitCast(rn.advance(c, rp[k+1], bl.add(rd.gs[0].strides[k+1], j)), i8p)
		for off := int64(0); off < vf*byteSize(c.v.elem); off += 64 {
			// read, keep in all levels, data
			bl.b.NewCall(pf, bl.b.NewGetElementPtr(types.I8, p, i64c(off)), i32c(0), i32c(3), i32c(1))
		}
	}
}

// storeVector stores the lanes of v at p, s elements apart: one vector
// store when s is 1, lane by lane otherwise.
func (ns *nest) storeVector(c *capturedView, p, s value.Value, v value.Value) {
	bl := ns.bl
	elem := c.v.elem
	sv := bl.ToStorage(v, elem)
	if isConst(s, 1) {
		st := store(bl.b, sv, bl.b.NewBitCast(p, types.NewPointer(sv.Type())))
		st.Align = llvm.Align(byteSize(elem))
		return
	}
	for lane := int64(0); lane < lanes(sv.Type()); lane++ {
		x := bl.b.NewExtractElement(sv, i32c(lane))
		store(bl.b, x, ns.advance(c, p, bl.mul(i64c(lane), s)))
	}
}
