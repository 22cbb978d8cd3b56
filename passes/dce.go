package passes

import (
	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/traits"
)

// DCE is the dce pass on one function: it erases Pure ops (no effect
// besides their results) when none of the results is used, walking
// backwards so that a dead chain goes in one run, in the body and in the
// blocks of every region (an op's regions before the op). Everything else
// stays: terminators, func.call (a call has unknown effects, as in MLIR),
// unregistered ops and ops that do not declare Pure.
func DCE(f *ir.Func, c *Context) (changed bool, diags ir.Diagnostics) {
	n := eraseDeadFrom(f.Last(), c)
	c.Count("num-erased", n)
	return n > 0, nil
}

// eraseDeadFrom erases the unused Pure ops from last backwards, and those
// of the regions of the ops on the way, and returns how many.
func eraseDeadFrom(last *ir.Op, c *Context) int {
	n := 0
	for op := last; op != nil; {
		prev := op.Prev()
		for _, r := range op.Regions() {
			for _, b := range r.Blocks() {
				n += eraseDeadFrom(b.Last(), c)
			}
		}
		if isPure(op) && !hasUses(op) {
			c.At(op)
			op.Erase()
			n++
		}
		op = prev
	}
	return n
}

// isPure reports whether op only computes its results from its operands
// (it can be erased when unused, merged with an identical op, or moved):
// its row declares the Pure trait.
func isPure(op *ir.Op) bool {
	return op.NumResults() > 0 && op.Has(traits.Pure)
}

func hasUses(op *ir.Op) bool {
	for _, r := range op.Results() {
		if r.HasUses() {
			return true
		}
	}
	return false
}
