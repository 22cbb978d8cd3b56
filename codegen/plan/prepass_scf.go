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
		pp.handOn(op, "yield", pp.block(body), body)
	case "scf.if":
		for i, arm := range [2]string{"then", "else"} {
			if i < op.NumRegions() && !op.Region(i).Empty() {
				b := op.Region(i).Front()
				pp.handOn(op, arm, pp.block(b), b)
			}
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
		pp.handOn(op, "condition", cond, before)
		for _, a := range after.Args() {
			pp.carried(a)
		}
		pp.handOn(op, "yield", pp.block(after), after)
	}
	for _, r := range op.Results() {
		pp.fresh(r, r.Type())
		if isTensor(r.Type()) {
			pp.holds[r] = hold{slot: pp.newSlot()}
		}
	}
}

// inits plans the copies of a loop's tensor inits.
func (pp *prepass) inits(op *ir.Op, inits []*ir.Value) {
	taken := map[int]bool{}
	tensors(inits, func(k int, v *ir.Value) { pp.own(op, fmt.Sprintf("init #%d", k), v, nil, taken) })
}

// handOn plans the copies of the tensors block b hands on (ys; what
// names them in the carries: "yield", "then", "condition").
func (pp *prepass) handOn(op *ir.Op, what string, ys []*ir.Value, b *ir.Block) {
	taken := map[int]bool{}
	tensors(ys, func(k int, y *ir.Value) { pp.own(op, fmt.Sprintf("%s #%d", what, k), y, b, taken) })
}

// own plans how v is handed on (the emitter's own), as its carry says
// (PlanCarries): a splat is first filled into a temporary, then a value
// not taken over (nor passed on, nor in the loop's second buffer) is
// copied. A hand-on PlanCarries left to the emitter's view (a buffer a
// contraction's lowering chose) is decided here as the emitter would:
// taken over when its view is row-major from the base of a temporary
// block b allocated (an init: any block) not handed on yet in this
// group (taken).
func (pp *prepass) own(op *ir.Op, what string, v *ir.Value, b *ir.Block, taken map[int]bool) {
	c := pp.p.CarryOf(op, what)
	h := pp.holds[v]
	if c.Decided && (c.How == PassedOn || c.How == TwoBuffers) {
		return
	}
	contig := pp.layoutOf(v).rowMajor
	if pp.layoutOf(v).none {
		pp.copyNest(v, pp.sizesOf(v), rowMajorView, c.What+": a splat, into a temporary")
		h, contig = hold{own: true, slot: pp.newSlot()}, true
	}
	if !c.Decided {
		c.How, c.Why, c.Decided = Copied, WhyNotOwn, true
		switch {
		case h.slot == 0:
		case !contig:
			c.Why = WhyStrided
		case taken[h.slot]:
			c.Why = WhyHandedOn
		case b != nil && pp.slotHome[h.slot] != b:
			c.Why = WhyOuter
		default:
			c.How, c.Why = TakenOver, WhyOwnBuffer
		}
	}
	if c.How == TakenOver {
		taken[h.slot] = true
		return
	}
	pp.copyNest(v, pp.sizesOf(v), rowMajorView, fmt.Sprintf("%s of %s at %s: copied", c.What, op.Name, pos(op.Pos)))
	pp.newSlot()
}

// carried notes a block argument carrying a tensor: a buffer of the
// loop's, no temporary of the block.
func (pp *prepass) carried(a *ir.Value) {
	pp.fresh(a, a.Type())
	pp.lay[a] = noView
	if isTensor(a.Type()) {
		pp.holds[a], pp.lay[a] = hold{}, rowMajorView
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
