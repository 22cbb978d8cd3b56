package plan

import (
	"fmt"

	"github.com/tirc/tirc/ir"
)

// Carry is how an scf op hands on one tensor: an init into the loop
// (What "init #k"), a value its body yields to the next iteration
// ("yield #k"), or one its condition passes to the after region
// ("condition #k").
type Carry struct {
	Op, At, What string
	How          CarryKind
	Why          string
	// Decided: How is decided: by PlanCarries, or where the buffer is a
	// contraction's (owners.go), by the pre-pass once it has planned the
	// contraction (prepass_scf.go).
	Decided bool
}

// CarryKind is how a tensor is handed on.
type CarryKind int

const (
	// Copied into a new buffer: the value's buffer is not one the block
	// allocated (an outer value, a view of another value).
	Copied CarryKind = iota
	// TakenOver: the value's own buffer becomes the carried one.
	TakenOver
	// PassedOn: the value is a carried one, whose buffer passes on.
	PassedOn
	// TwoBuffers: the yielded value's nest writes into the loop's spare
	// buffer, and at the latch the two swap: a loop allocates two
	// buffers, not one per iteration.
	TwoBuffers
)

var carryText = [...]string{Copied: "copied", TakenOver: "takes over its buffer", PassedOn: "passes on a carried buffer", TwoBuffers: "two buffers"}

func (k CarryKind) String() string { return carryText[k] }

type carryKey struct {
	op   *ir.Op
	what string
}

// CarryOf is the plan of how op hands on its tensor what ("yield #0"),
// made on first use.
func (p *Func) CarryOf(op *ir.Op, what string) *Carry {
	if c := p.carries[carryKey{op, what}]; c != nil {
		return c
	}
	c := &Carry{Op: op.Name, At: pos(op.Pos), What: what}
	if p.carries == nil {
		p.carries = map[carryKey]*Carry{}
	}
	p.carries[carryKey{op, what}] = c
	p.Carries = append(p.Carries, c)
	return c
}

// CarryFacts are what the lowering tells PlanCarries of f's ops.
type CarryFacts struct {
	// Fusible: the op is built as a loop nest; Inlined: the value is
	// computed inside its user's nest; Contraction: the op has its own
	// lowering; SinkOf: the consumer a contraction's result is written
	// into in place, or nil.
	Fusible     func(*ir.Op) bool
	Inlined     func(*ir.Value) bool
	Contraction func(*ir.Op) bool
	SinkOf      func(*ir.Value) *ir.Op
}

// PlanCarries lists, before f is emitted, the tensors its scf loops
// hand on (in op order: inits, a while's condition, yields) and decides
// which ones an scf.for carries in two alternating buffers (TwoBuffers):
// a yielded value of static shape computed once per iteration by a nest
// of the body's own (the nest then writes into the spare buffer). The
// others, and f's inserts, are decided by the buffers of the values
// (planOwners).
func PlanCarries(p *Func, f *ir.Func, facts CarryFacts) {
	if f.HasRegions() {
		listCarries(p, f, facts)
	}
	planOwners(p, f, facts)
}

// listCarries lists the tensors f's scf ops hand on and decides two
// buffers and a while's pass-on.
func listCarries(p *Func, f *ir.Func, facts CarryFacts) {
	f.Walk(func(op *ir.Op) {
		if op.Name == "scf.if" {
			for i, arm := range [2]string{"then", "else"} {
				if i < op.NumRegions() && !op.Region(i).Empty() {
					tensors(yields(op.Region(i).Front()), func(k int, _ *ir.Value) { p.CarryOf(op, fmt.Sprintf("%s #%d", arm, k)) })
				}
			}
			return
		}
		if (op.Name != "scf.for" && op.Name != "scf.while") || op.NumRegions() == 0 || op.Region(op.NumRegions()-1).Empty() {
			return
		}
		first := 0
		if op.Name == "scf.for" {
			first = 3
		}
		if op.NumOperands() < first {
			return // malformed: the emitter reports it
		}
		tensors(op.Operands()[first:], func(k int, _ *ir.Value) { p.CarryOf(op, fmt.Sprintf("init #%d", k)) })
		if op.Name == "scf.while" {
			if op.Region(0).Empty() {
				return
			}
			before := op.Region(0).Front()
			cond := yields(before)
			if len(cond) > 0 {
				cond = cond[1:]
			}
			passed := map[*ir.Value]bool{}
			tensors(cond, func(k int, v *ir.Value) {
				c := p.CarryOf(op, fmt.Sprintf("condition #%d", k))
				// A carried value passed on the first time: its buffer,
				// not a copy, goes to the after region.
				if v.OwnerBlock() == before && !passed[v] {
					passed[v] = true
					c.How, c.Decided, c.Why = PassedOn, true, fmt.Sprintf("iter_arg #%d", v.Index())
				}
			})
		}
		body := op.Region(op.NumRegions() - 1).Front()
		ys := yields(body)
		tensors(ys, func(k int, y *ir.Value) {
			c := p.CarryOf(op, fmt.Sprintf("yield #%d", k))
			if op.Name != "scf.for" {
				return
			}
			if why := spare(body, ys, y, facts); why != "" {
				c.Why = why
				return
			}
			c.How, c.Decided, c.Why = TwoBuffers, true, "a nest of the body computes it; the buffers swap at the latch"
		})
	})
}

// yields are the operands of b's terminator (none without one).
func yields(b *ir.Block) []*ir.Value {
	if t := b.Last(); t != nil && t.Has(ir.TraitTerminator) {
		return t.Operands()
	}
	return nil
}

// tensors calls each for the ranked tensors of vs, by index.
func tensors(vs []*ir.Value, each func(k int, v *ir.Value)) {
	for k, v := range vs {
		if t, ok := v.Type().(*ir.TensorType); ok && !t.Unranked {
			each(k, v)
		}
	}
}

// spare is why yielded value y of body gets no spare buffer, "" when it
// does.
func spare(body *ir.Block, ys []*ir.Value, y *ir.Value, facts CarryFacts) string {
	def := y.Def()
	n := 0
	for _, w := range ys {
		if w == y {
			n++
		}
	}
	switch {
	case !ir.IsStatic(y.Type().(*ir.TensorType).Shape):
		return "a dynamic shape"
	case def == nil || def.Block() != body:
		return "not computed by the body"
	case def.NumResults() != 1 || !facts.Fusible(def) || facts.Contraction(def) || facts.Inlined(y):
		return "not the result of a nest of its own"
	case n != 1:
		return "yielded twice"
	}
	found := false
	body.ParentOp().Walk(func(o *ir.Op) {
		if o.Block() == body && facts.Contraction(o) && o.NumResults() == 1 && facts.SinkOf(o.Result(0)) == def {
			found = true
		}
	})
	if found {
		return "computed in place over a contraction's result"
	}
	return ""
}
