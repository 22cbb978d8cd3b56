package plan

import (
	"fmt"
	"strings"

	"github.com/tirc/tirc/ir"
)

// A contraction's fusions (the epilogue on its output tiles, the row
// blocks of attention) compute its consumers over the product's shape.
// With static sizes the types guarantee that shape; with sizes known only
// at run time a leaf the consumers read could broadcast the product to a
// larger shape, or mismatch it (an error). Such a fusion is then guarded:
// the function tests its checks once per call and takes the fused path
// when all hold, else the unfused one (which reports a mismatch in its
// own words).

// FuseCheck is one run-time check of a guarded fusion: dim Dim of What
// equals the product's dim Of (or is 1, a broadcast, when OrOne).
type FuseCheck struct {
	What    string
	Dim, Of int
	OrOne   bool
	Leaf    *ir.Value // the value checked (not printed)
}

func (c FuseCheck) String() string {
	s := fmt.Sprintf("%s dim %d == product dim %d", c.What, c.Dim, c.Of)
	if c.OrOne {
		s += " or 1"
	}
	return s
}

// FreeDim is what LeafChecks's dimOf gives for a loop the leaf's size is
// free along (the consumer's own dim, no product dim to match).
const FreeDim = -2

// LeafChecks are the run-time checks of a leaf of shape leaf (-1: dynamic)
// that a fused consumer reads through maps, where dimOf gives the
// product's dim (of shape product) at a loop (-1: none; FreeDim): none where the
// static sizes settle it. ok is false when a leaf dim reads no product
// dim, or static sizes contradict the fusion.
func LeafChecks(what string, leaf, product []int64, maps []ir.DimMap, dimOf func(loop int) int) (checks []FuseCheck, ok bool) {
	for j, m := range maps {
		if m.Kind == ir.Window || j >= len(leaf) {
			return nil, false
		}
		d := -1
		if m.Loop >= 0 {
			d = dimOf(m.Loop)
		}
		if d == FreeDim {
			continue
		}
		orOne := m.Kind == ir.Broadcast
		switch {
		case leaf[j] == 1 && (orOne || m.Loop < 0):
			continue
		case d < 0:
			return nil, false
		case leaf[j] >= 0 && product[d] >= 0:
			if leaf[j] != product[d] {
				return nil, false
			}
			continue
		}
		checks = append(checks, FuseCheck{What: what, Dim: j, Of: d, OrOne: orOne && leaf[j] < 0})
	}
	return checks, true
}

// Guard is a fusion's run-time condition: its leaf checks and the other
// tests (a row fusion's: sizes at least 1, the row block in its scratch,
// the second contraction's operand), as text.
func Guard(checks []FuseCheck, other ...string) string {
	var parts []string
	for _, c := range checks {
		parts = append(parts, c.String())
	}
	return strings.Join(append(parts, other...), "; ")
}
