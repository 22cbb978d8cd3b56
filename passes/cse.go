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
// so add(a, b) and add(b, a) merge. In a block every earlier op dominates
// the later ones, and so does every op before the op whose region holds
// the block: a forward walk with scoped tables finds every duplicate, as
// MLIR's CSE does. An op inside a region may reuse a value from around
// it, but not across an IsolatedFromAbove op, whose regions start a fresh
// table; ops with regions are not merged. The duplicates are erased after
// the walk.
func CSE(f *ir.Func, c *Context) (changed bool, diags ir.Diagnostics) {
	s := &cseState{seen: make(map[string]*ir.Op, f.NumOps()), c: c} // sized once: growing rehashes every key
	s.block(f.First())
	for _, op := range s.dead {
		op.Erase()
	}
	c.Count("num-cse'd", len(s.dead))
	return len(s.dead) > 0, nil
}

// cseState is the table of the ops seen in the blocks that dominate the
// current op, with the keys each block added (to forget them when the
// block ends).
type cseState struct {
	seen  map[string]*ir.Op
	added []string
	dead  []*ir.Op
	k     cseKeyBuf
	c     *Context
}

// block simplifies the ops from first on, then forgets their keys.
func (s *cseState) block(first *ir.Op) {
	mark := len(s.added)
	for op := first; op != nil; op = op.Next() {
		s.c.At(op)
		s.regions(op)
		if !isPure(op) || op.NumRegions() > 0 {
			continue
		}
		key := s.k.of(op)
		prev := s.seen[string(key)] // no allocation for the lookup
		if prev == nil {
			ks := string(key)
			s.seen[ks] = op
			s.added = append(s.added, ks)
			continue
		}
		for i, r := range op.Results() {
			r.ReplaceAllUsesWith(prev.Result(i))
		}
		s.dead = append(s.dead, op)
	}
	for _, k := range s.added[mark:] {
		delete(s.seen, k)
	}
	s.added = s.added[:mark]
}

// regions simplifies the blocks of op's regions, each with the ops around
// op visible unless op is IsolatedFromAbove.
func (s *cseState) regions(op *ir.Op) {
	if op.NumRegions() == 0 {
		return
	}
	isolated := op.Has(traits.IsolatedFromAbove)
	for _, r := range op.Regions() {
		for _, b := range r.Blocks() {
			if !isolated {
				s.block(b.First())
				continue
			}
			seen, added := s.seen, s.added
			s.seen, s.added = map[string]*ir.Op{}, nil
			s.block(b.First())
			s.seen, s.added = seen, added
		}
	}
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
