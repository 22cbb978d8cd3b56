package passes

import (
	"slices"
	"strconv"

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
	seen := make(map[string]*ir.Op, f.NumOps()) // sized once: growing rehashes every key
	var dead []*ir.Op
	var k cseKeyBuf
	for op := range f.Ops() {
		c.At(op)
		if !isPure(op) {
			continue
		}
		key := k.of(op)
		prev := seen[string(key)] // no allocation for the lookup
		if prev == nil {
			seen[string(key)] = op
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

// cseKeyBuf builds an op's identity — name, operand IDs (sorted for
// Commutative ops), attributes, result types — into one reused buffer, so
// a function costs one allocation per distinct op, not several per op.
type cseKeyBuf struct {
	b   []byte
	ids []int
}

func (k *cseKeyBuf) of(op *ir.Op) []byte {
	b := append(k.b[:0], op.Name...)
	k.ids = k.ids[:0]
	for _, v := range op.Operands() {
		k.ids = append(k.ids, v.ID())
	}
	if op.Has(traits.Commutative) {
		slices.Sort(k.ids)
	}
	for _, id := range k.ids {
		b = append(b, ' ')
		b = strconv.AppendInt(b, int64(id), 10)
	}
	b = append(b, " {"...)
	for _, a := range op.Attrs {
		b = append(b, a.Name...)
		b = append(b, '=')
		b = append(b, a.Value.String()...)
		b = append(b, ',')
	}
	b = append(b, "} "...)
	for _, t := range op.ResultTypes() {
		b = ir.AppendType(b, t)
		b = append(b, ',')
	}
	k.b = b
	return b
}
