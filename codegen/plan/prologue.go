package plan

import (
	"fmt"
	"strings"

	"github.com/tirc/tirc/ir"
)

// A contraction's prologues (SPEC 7, "Contractions"): an operand of a
// contraction computed by an elementwise op whose one use is the
// contraction, in the same block, is computed where the contraction reads
// it (while it is packed, on the packed path; at each term, on the
// generic one): (x * s) @ w writes no temporary for x * s, and has no
// nest for it. The operand's expression tree is the fusion's (the ops
// already inlined into its root), and its leaves are read through their
// strides, so a transposed, sliced or broadcast leaf is never copied.
// Excluded: trees that read loop indices (iota) or divide integers (whose
// faults a nest reports), and trees of ops of a region's other blocks.

// FuseProducers marks inlined in p the operands of f's contractions
// (contraction reports one) that are computed as their prologue.
func FuseProducers(f *ir.Func, p *Fusion, contraction func(*ir.Op) bool) {
	for _, op := range f.AllOps() {
		if !contraction(op) {
			continue
		}
		for _, v := range op.Operands() {
			if prologueRoot(v, op, p) {
				p.Inlined[v.ID()] = true
			}
		}
	}
}

// prologueRoot reports whether operand v of contraction c is computed as
// c's prologue: a parallel fusible op's only result, used only by c in
// c's block, whose tree neither reads loop indices nor faults.
func prologueRoot(v *ir.Value, c *ir.Op, p *Fusion) bool {
	d := v.Def()
	if d == nil || d.NumResults() != 1 || d.Block() != c.Block() || p.Inlined[v.ID()] {
		return false
	}
	uses := v.Uses()
	if len(uses) != 1 || uses[0].Op != c {
		return false
	}
	return prologueTree(v, p)
}

// prologueTree reports whether v's fusion tree (v computed by a parallel
// fusible op) can run inside a contraction's packing.
func prologueTree(v *ir.Value, p *Fusion) bool {
	d := v.Def()
	l := p.Loops[v.ID()]
	if l == nil || !l.Parallel() || len(l.Indices) > 0 || Faults(d, ir.ElementType(v.Type())) {
		return false
	}
	for _, a := range d.Operands() {
		if a.Def() != nil && a.Def().NumResults() == 1 && p.Inlined[a.ID()] && !prologueTree(a, p) {
			return false
		}
	}
	return true
}

// Prologue is the producer tree of one operand of a contraction,
// computed where the contraction reads the operand.
type Prologue struct {
	Operand int
	// Packed: computed while the operand is packed (A or B); else read
	// at each term of the generic nest.
	Packed bool
	// View: the tree only moves data (a transpose, a slice), so where
	// the lowering reads operands in memory it reads the tree's leaf
	// through strides instead.
	View bool
	// Ops are the tree's ops ("tir.mul at 3:8"), in program order.
	Ops []string
}

func (p Prologue) String() string {
	where := fmt.Sprintf("operand %d reads", p.Operand)
	if p.Packed {
		where = [...]string{"A packing", "B packing"}[p.Operand]
	}
	if p.View {
		where = fmt.Sprintf("operand %d, a strided view of its source", p.Operand)
	}
	return fmt.Sprintf("prologue on %s: %s", where, strings.Join(p.Ops, ", "))
}

// formatPrologues writes contraction i's prologues, one line each.
func (c *ContractAt) formatPrologues(b *strings.Builder, i int) {
	for _, p := range c.Prologues {
		fmt.Fprintf(b, "  contraction %d %s\n", i, p)
	}
}
