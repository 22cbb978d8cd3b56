package plan

import (
	"encoding/binary"
	"slices"
	"strconv"

	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/traits"
)

// maxFusedLeaves bounds the operands (buffers and scalars) one loop nest
// reads: a longer chain is cut into several nests, each a few dozen
// streams wide, instead of one loop with thousands of pointers (which
// spills every register and is slow for LLVM to compile).
const maxFusedLeaves = 32

// Fusion is Fuse's: which values are computed inside their user's nest
// (Inlined, by value ID), and the loop description of each fusible op by
// its first result's ID (nil for other ops).
type Fusion struct {
	Inlined []bool
	Loops   []*ir.Loops
}

// NewFusion plans the fusion of f; loops is the lowering's loop
// description of an op it builds as a loop nest (nil for any other op).
func NewFusion(f *ir.Func, loops func(*ir.Op) *ir.Loops) *Fusion {
	p := &Fusion{Inlined: make([]bool, f.NumValues()), Loops: make([]*ir.Loops, f.NumValues())}
	fuse(f, p, loops)
	return p
}

// appendLoops writes a loop description as bytes (equal descriptions,
// equal bytes).
func appendLoops(b []byte, l *ir.Loops) []byte {
	ints := func(n ...int64) {
		for _, x := range n {
			b = strconv.AppendInt(b, x, 10)
			b = append(b, ',')
		}
	}
	maps := func(ms [][]ir.DimMap) {
		ints(int64(len(ms)))
		for _, m := range ms {
			if m == nil { // a scalar operand, unlike a rank-0 one
				b = append(b, 'n')
			}
			ints(int64(len(m)))
			for _, d := range m {
				ints(int64(d.Loop), d.Stride, d.Offset, int64(d.Kind), d.Limit)
			}
		}
	}
	ints(int64(len(l.Iter)))
	for _, it := range l.Iter {
		ints(int64(it))
	}
	maps(l.Operands)
	maps(l.Results)
	ints(int64(len(l.Indices)))
	for _, i := range l.Indices {
		ints(int64(i))
	}
	b = append(b, '|')
	ints(l.Sizes...)
	if l.Sizes == nil {
		b = append(b, 'n')
	}
	return b
}

// fuse sets inlined[v] for the values of f computed inside their
// user's nest. A tree that reads loop indices (iota) is not computed
// inside a reduction's nest, whose loops advance addresses only. A
// fusible op whose one use is a Concatenate op is "inlined" too: its nest
// writes straight into its window of the concatenation's result.
func fuse(f *ir.Func, p *Fusion, fusibleLoops func(*ir.Op) *ir.Loops) {
	inlined, loopsOf := p.Inlined, p.Loops
	cost := make([]int, f.NumValues())     // kernels computed per element by an inlined value's tree
	indices := make([]bool, f.NumValues()) // the value's tree reads loop indices
	// The loops of each fusible op by its first result's ID, described
	// once (ops are asked again as users, in the second pass and while
	// lowered); equal descriptions are kept once: a long function has a
	// few shapes, and a description per op was most of its plan's memory.
	// An op's loops follow from its signature (name, attributes, types):
	// ops of one signature are described once (most ops of a long
	// function repeat a few signatures).
	same := map[string]*ir.Loops{}
	bySig := map[string]*ir.Loops{}
	var key []byte
	// The ops of regions too (a loop body's nests fuse among
	// themselves); a value is inlined only into users of its own block.
	ops := f.AllOps()
	for _, op := range ops {
		if op.NumResults() == 0 {
			continue
		}
		key = AppendOpSig(key[:0], op)
		l, ok := bySig[string(key)]
		if !ok {
			sig := string(key)
			if l = fusibleLoops(op); l != nil {
				key = appendLoops(key[:0], l)
				if s, ok := same[string(key)]; ok {
					l = s
				} else {
					same[string(key)] = l
				}
			}
			bySig[sig] = l
		}
		loopsOf[op.Result(0).ID()] = l
	}
	isFusible := func(op *ir.Op) bool { return op != nil && op.NumResults() > 0 && loopsOf[op.Result(0).ID()] != nil }
	for _, op := range ops {
		if !isFusible(op) || op.NumResults() != 1 { // several results: a nest each
			continue
		}
		r := op.Result(0)
		loops := loopsOf[r.ID()]
		indices[r.ID()] = len(loops.Indices) > 0
		c := KernelCost(op.Def.Kernel)
		for _, v := range op.Operands() {
			if inlined[v.ID()] {
				c += cost[v.ID()]
				indices[r.ID()] = indices[r.ID()] || indices[v.ID()]
			}
		}
		cost[r.ID()] = c
		uses := r.Uses()
		all := len(uses) > 0
		for _, u := range uses {
			all = all && isFusible(u.Op) && u.Op.Block() == op.Block() && (!indices[r.ID()] || loopsOf[u.Op.Result(0).ID()].Parallel())
		}
		switch {
		case len(uses) == 1 && uses[0].Op != nil && uses[0].Op.Has(traits.Concatenate) && uses[0].Op.Block() == op.Block():
			inlined[r.ID()] = true
		case !all || !loops.Parallel(): // not inlinable(op)
		case len(uses) == 1:
			inlined[r.ID()] = true
		case len(uses) <= maxRecomputeUses && c <= maxRecomputeCost:
			// Cheaper to compute again in each user's nest than to
			// write a temporary and read it back (a large temporary also
			// costs its page faults on every call): x - mean in layer
			// norm, exp(x - max) in softmax.
			inlined[r.ID()] = true
		}
	}
	// Leaves per value, in program order (operands first).
	leaves := make([]int, f.NumValues())
	for _, op := range ops {
		if !isFusible(op) {
			continue
		}
		n := 0
		var kids []*ir.Value
		for _, v := range op.Operands() {
			if inlined[v.ID()] {
				n += leaves[v.ID()]
				kids = append(kids, v)
			} else {
				n++
			}
		}
		slices.SortFunc(kids, func(a, b *ir.Value) int { return leaves[b.ID()] - leaves[a.ID()] })
		for _, k := range kids {
			if n <= maxFusedLeaves {
				break
			}
			inlined[k.ID()] = false // computed into a buffer: one leaf
			n -= leaves[k.ID()] - 1
		}
		leaves[op.Result(0).ID()] = n
	}
}

// A value with several users is recomputed in each of their nests when
// it has at most maxRecomputeUses users and its tree costs at most
// maxRecomputeCost (KernelCost units per element).
const (
	maxRecomputeUses = 4
	maxRecomputeCost = 8
)

// KernelCost is the rough per-element cost of a kernel for the recompute
// rule: 1 for arithmetic, more for division and exp, too much for the
// longer vector polynomials (log, tanh, pow, sin: ir/kernel.go).
func KernelCost(k ir.Kernel) int { return k.Info().Cost }

// AppendOpSig appends what an op's kernel and loop description read of
// it: its name, attributes and types, and its regions' ops (equal
// signatures, equal bytes).
func AppendOpSig(b []byte, op *ir.Op) []byte {
	str := func(s string) {
		b = binary.AppendUvarint(b, uint64(len(s)))
		b = append(b, s...)
	}
	str(op.Name)
	b = binary.AppendVarint(b, int64(len(op.Attrs)))
	for _, a := range op.Attrs {
		str(a.Name)
		b = ir.AppendAttr(b, a.Value)
		b = append(b, 0) // attributes print no NUL
	}
	b = binary.AppendVarint(b, int64(op.NumOperands()))
	for _, v := range op.Operands() {
		b = ir.AppendType(b, v.Type())
		b = append(b, 0)
	}
	b = binary.AppendVarint(b, int64(op.NumResults()))
	for _, v := range op.Results() {
		b = ir.AppendType(b, v.Type())
		b = append(b, 0)
	}
	if op.NumRegions() > 0 {
		b = appendRegionSig(b, op) // region_sig.go
	}
	return b
}
