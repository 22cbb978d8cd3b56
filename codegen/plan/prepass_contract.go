package plan

import (
	"fmt"

	"github.com/tirc/tirc/ir"
)

// A contraction's nests in the pre-pass, as the emitter's contractOp
// builds them: a fill of each splat operand into a temporary
// (materialize), the nests of the prologues it does not compute where it
// reads them (into temporaries: bindPrologues), and for a fusion guarded
// at run time (an epilogue or row blocks over dynamic sizes) the unfused
// path's nests, there, in program order (lowerUnfused). The ops a
// contraction fuses are skipped when the walk meets them.

// contraction plans contraction op (with its fusions when fuse is set).
func (pp *prepass) contraction(op *ir.Op, fuse bool) {
	pp.end()
	if pp.p.contracts[op] == nil {
		pp.contract(op)
	}
	c := pp.p.contracts[op]
	if c != nil {
		pp.contractOperands(op, c, fuse && c.Rows != nil)
	}
	pp.fresh(op.Result(0), op.Result(0).Type())
	pp.buffers(op)
	pp.setLayouts(op)
	if c == nil {
		return
	}
	rec := c.Record(fuse)
	pp.p.Contracts = append(pp.p.Contracts, rec)
	n0 := len(pp.p.Nests)
	switch {
	case !fuse:
		return
	case c.Rows != nil:
		r := c.Rows
		ops := r.Ops()
		out := r.Div.Result(0)
		if r.C2 != nil {
			ops = append(ops, r.C2)
			out = r.C2.Result(0)
		}
		pp.fused(ops, out, r.Dynamic)
	case c.Epi != nil:
		pp.fused(c.Epi.Ops, c.Epi.Out, len(c.Epi.Checks) > 0)
	}
	for i := n0; i < len(pp.p.Nests); i++ {
		rec.Fallback = append(rec.Fallback, i)
	}
}

// contractOperands plans the fills of op's splat operands and the
// nests of the prologues c reads through temporaries (all but the
// strided views when rows: the row blocks read their operands in
// memory).
func (pp *prepass) contractOperands(op *ir.Op, c *ContractChoice, rows bool) {
	for k, v := range op.Operands() {
		if k < len(c.Operands) && c.Operands[k].Prologue {
			continue
		}
		if pp.layoutOf(v).none {
			pp.copyNest(v, pp.sizesOf(v), rowMajorView, fmt.Sprintf("operand #%d of %s at %s, a splat, into a temporary", k, op.Name, pos(op.Pos)))
		}
	}
	for k, o := range c.Operands {
		if !o.Prologue || o.View || (!rows && o.Read) {
			continue
		}
		v := op.Operand(k)
		out := pp.storage()
		if n := pp.nest(v.Def(), v.Index(), out, rowMajorView); n != nil {
			pp.sizes[v], pp.base[v] = n.sizes, out
			pp.holds[v], pp.lay[v] = hold{own: true, slot: pp.newSlot()}, rowMajorView
		}
	}
}

// fused plans the ops a contraction computes (out their value): none
// has a nest of its own, unless the fusion is guarded: then the unfused
// path lowers them right after the contraction, a contraction among
// them without its fusions, and ends its row run.
func (pp *prepass) fused(ops []*ir.Op, out *ir.Value, guarded bool) {
	if guarded {
		for _, o := range ops {
			if pp.facts.Contraction != nil && pp.facts.Contraction(o) {
				pp.contraction(o, false)
				continue
			}
			pp.walkOp(o)
		}
		pp.end()
	}
	if pp.skip == nil {
		pp.skip = map[*ir.Op]bool{}
	}
	for _, o := range ops {
		pp.skip[o] = true
	}
	pp.holds[out], pp.lay[out] = pp.result(out), pp.owned(out)
	if guarded {
		// The two paths' buffers joined: row-major, no temporary's.
		pp.holds[out] = hold{}
	} else {
		pp.fresh(out, out.Type())
	}
}
