package passes

import (
	"github.com/tirc/tirc/ir"
)

// DCE is the dce pass on one function: it erases ops that have no effect
// besides their results when none of the results is used, walking backwards
// so that a dead chain goes in one run. Terminators, func.call (a call
// stays, as in MLIR, whose calls have unknown effects), ops without
// results and unregistered ops stay.
func DCE(f *ir.Func, c *Context) (changed bool, diags ir.Diagnostics) {
	n := 0
	for op := f.Last(); op != nil; {
		prev := op.Prev()
		c.At(op)
		if isPure(op) && !hasUses(op) {
			op.Erase()
			n++
		}
		op = prev
	}
	c.Count("num-erased", n)
	return n > 0, nil
}

// isPure reports whether op only computes its results from its operands
// (it can be erased when unused, merged with an identical op, or moved).
func isPure(op *ir.Op) bool {
	return op.Def != nil && op.NumResults() > 0 && !op.Has(ir.TraitTerminator) && op.Name != "func.call"
}

func hasUses(op *ir.Op) bool {
	for _, r := range op.Results() {
		if r.HasUses() {
			return true
		}
	}
	return false
}

var dcePass = &Pass{
	Name:    "dce",
	Summary: "Erase side-effect-free ops whose results are unused",
	Description: `Walks each function body backwards and erases every op whose results are
all unused and that has no effect besides them (every registered op except
terminators and func.call). A chain of dead ops disappears in one run.`,
	Statistics: []Statistic{{"num-erased", "Number of ops erased"}},
	Func:       DCE,
}
