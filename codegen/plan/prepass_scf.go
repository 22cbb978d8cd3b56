package plan

import (
	"fmt"

	"github.com/tirc/tirc/ir"
)

// The scf ops in the pre-pass, as the emitter's scf*.go lower them: the
// ops of each block in order (their nests run alone: a loop body's nests
// form no row groups), and the copies an op makes when it hands on a
// tensor whose buffer it cannot take over (own): a value of an outer
// block, an argument or a view of another value, or one handed on twice.
// A splat handed on is first filled into a temporary (materialize).

// scf walks an scf op.
func (pp *prepass) scf(op *ir.Op) {
	switch op.Name {
	case "scf.for":
		if op.NumOperands() < 3 || op.NumRegions() != 1 || op.Region(0).Empty() {
			return
		}
		pp.inits(op, op.Operands()[3:])
		body := op.Region(0).Front()
		for _, a := range body.Args()[1:] {
			pp.carried(a)
		}
		ys := pp.block(body)
		args := body.Args()[1:]
		taken, argTaken := map[int]bool{}, map[int]bool{}
		tensors(ys, func(k int, y *ir.Value) {
			if c := pp.p.carries[carryKey{op, fmt.Sprintf("yield #%d", k)}]; c != nil && c.How == TwoBuffers {
				return
			}
			if j := argIndexOf(y, args); j >= 0 && isTensor(args[j].Type()) && !argTaken[j] {
				argTaken[j] = true
				return
			}
			pp.own(y, true, body, taken, "a value yielded")
		})
	case "scf.if":
		for i := range min(2, op.NumRegions()) {
			if op.Region(i).Empty() {
				continue
			}
			b := op.Region(i).Front()
			ys := pp.block(b)
			taken := map[int]bool{}
			tensors(ys, func(k int, y *ir.Value) { pp.own(y, true, b, taken, "a value yielded") })
		}
	case "scf.while":
		if op.NumRegions() != 2 || op.Region(0).Empty() || op.Region(1).Empty() {
			return
		}
		pp.inits(op, op.Operands())
		before, after := op.Region(0).Front(), op.Region(1).Front()
		for _, a := range before.Args() {
			pp.carried(a)
		}
		cond := pp.block(before)
		if len(cond) > 0 {
			cond = cond[1:]
		}
		taken := map[int]bool{}
		tensors(cond, func(k int, a *ir.Value) {
			if c := pp.p.carries[carryKey{op, fmt.Sprintf("condition #%d", k)}]; c != nil && c.How == PassedOn {
				return
			}
			pp.own(a, true, before, taken, "a value the condition passes on")
		})
		for _, a := range after.Args() {
			pp.carried(a)
		}
		ys := pp.block(after)
		taken = map[int]bool{}
		tensors(ys, func(k int, y *ir.Value) { pp.own(y, true, after, taken, "a value yielded") })
	}
	for _, r := range op.Results() {
		pp.fresh(r, r.Type())
		if isTensor(r.Type()) {
			pp.bufs[r] = buf{contig: true, slot: pp.newSlot()}
		}
	}
}

// inits plans the copies of a loop's tensor inits it cannot take over:
// each but the result of a nest or an scf op of the loop's block used by
// the loop only.
func (pp *prepass) inits(op *ir.Op, inits []*ir.Value) {
	taken := map[int]bool{}
	tensors(inits, func(k int, v *ir.Value) {
		def := v.Def()
		canTake := def != nil && (pp.fusible(def) != nil || isSCF(def)) && len(v.Uses()) == 1 && v.ParentBlock() == op.Block()
		pp.own(v, canTake, nil, taken, "an init")
	})
}

// own plans how v's buffer is handed on (the emitter's own): a splat is
// first filled into a temporary; then it is copied unless canTake and
// its buffer is a temporary of block b (any block when b is nil) not
// handed on already in this group.
func (pp *prepass) own(v *ir.Value, canTake bool, b *ir.Block, taken map[int]bool, what string) {
	bv := pp.bufs[v]
	if bv.splat {
		pp.copyNest(v, pp.sizesOf(v), rowMajorView, what+": a splat, into a temporary")
		// A copy of the value fills again: the value stays a splat.
		bv = buf{contig: true, own: true, slot: pp.newSlot()}
	}
	if canTake && bv.slot != 0 && !taken[bv.slot] && (b == nil || pp.slotHome[bv.slot] == b) {
		taken[bv.slot] = true
		return
	}
	pp.copyNest(v, pp.sizesOf(v), rowMajorView, what+": copied")
	pp.newSlot()
}

// carried notes a block argument carrying a tensor: a buffer of the
// loop's, no temporary of the block.
func (pp *prepass) carried(a *ir.Value) {
	pp.fresh(a, a.Type())
	pp.lay[a] = noView
	if isTensor(a.Type()) {
		pp.bufs[a], pp.lay[a] = buf{contig: true}, rowMajorView
	}
}

// block walks the ops of b and returns its terminator's operands.
func (pp *prepass) block(b *ir.Block) []*ir.Value {
	outer := pp.cur
	pp.cur = b
	defer func() { pp.cur = outer }()
	var ys []*ir.Value
	for op := range b.Ops() {
		if op.Has(ir.TraitTerminator) {
			ys = op.Operands()
			break
		}
		pp.walkOp(op)
	}
	pp.end()
	return ys
}

func isSCF(op *ir.Op) bool {
	return op.Name == "scf.for" || op.Name == "scf.if" || op.Name == "scf.while"
}

func argIndexOf(v *ir.Value, args []*ir.Value) int {
	for i, a := range args {
		if a == v {
			return i
		}
	}
	return -1
}

// newSlot is a new temporary's owner, allocated in the block being
// walked.
func (pp *prepass) newSlot() int {
	s := pp.storage()
	pp.slotHome[s] = pp.cur
	return s
}
