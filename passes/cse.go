package passes

import (
	"slices"
	"strconv"
	"strings"

	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/traits"
)

// CSE is the cse pass on one function: an op that is pure and identical to
// an earlier one (same name, attributes, operands and result types) is
// replaced by it. Operands of a Commutative op are compared as a multiset,
// so add(a, b) and add(b, a) merge. In a single block every earlier op
// dominates the later ones, so one forward walk finds every duplicate; the
// duplicates are erased after the walk (MLIR's CSE does the same).
func CSE(f *ir.Func, c *Context) (changed bool, diags ir.Diagnostics) {
	seen := map[string]*ir.Op{}
	var dead []*ir.Op
	var sb strings.Builder
	for op := range f.Ops() {
		c.At(op)
		if !isPure(op) {
			continue
		}
		key := cseKey(&sb, op)
		prev := seen[key]
		if prev == nil {
			seen[key] = op
			continue
		}
		for i, r := range op.Results() {
			r.ReplaceAllUsesWith(prev.Result(i))
		}
		dead = append(dead, op)
	}
	for _, op := range dead {
		op.Erase()
	}
	c.Count("num-cse'd", len(dead))
	return len(dead) > 0, nil
}

// cseKey is op's identity for CSE: name, attributes, operand IDs (sorted
// for a Commutative op) and result types.
func cseKey(sb *strings.Builder, op *ir.Op) string {
	sb.Reset()
	sb.WriteString(op.Name)
	ids := make([]int, op.NumOperands())
	for i, v := range op.Operands() {
		ids[i] = v.ID()
	}
	if op.Has(traits.Commutative) {
		slices.Sort(ids)
	}
	for _, id := range ids {
		sb.WriteByte(' ')
		sb.WriteString(strconv.Itoa(id))
	}
	sb.WriteString(" {")
	for _, a := range op.Attrs {
		sb.WriteString(a.Name)
		sb.WriteByte('=')
		sb.WriteString(a.Value.String())
		sb.WriteByte(',')
	}
	sb.WriteString("} ")
	for _, t := range op.ResultTypes() {
		sb.WriteString(ir.TypeString(t))
		sb.WriteByte(',')
	}
	return sb.String()
}

var csePass = &Pass{
	Name:    "cse",
	Summary: "Eliminate common subexpressions (Commutative-aware)",
	Description: `Replaces every side-effect-free op that repeats an earlier one (same op,
attributes, operands and result types) with the earlier op's results, then
erases the repeats. Operands of Commutative ops are compared in any order:
"tir.add"(%a, %b) and "tir.add"(%b, %a) merge. func.call is never merged.`,
	Statistics: []Statistic{{"num-cse'd", "Number of ops CSE'd"}},
	Func:       CSE,
}
