package plan

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/traits"
)

// How each contraction is lowered besides its path (NewContract) is
// chosen here, from the IR, the fusion plan and the facts of the values
// it reads, before anything is emitted (ChooseContract; the pre-pass
// keeps the choice of every contraction of the function, those in loop
// bodies too, Func.Contraction): how it reads the operands computed as
// its prologues (ContractOperand), its row-block fusion with the row softmax of its
// result (attention, RowFusion), else its epilogue on the output tiles
// (Epilogue), else the consumer whose buffer it writes in place
// (ContractSink), and the run-time conditions of the fusions over
// dynamic sizes (LeafChecks, Guard). The emitter builds what the choice
// says; under its plan check it chooses again from its lowered values
// and compares.

// Leaf is how a value that is not the contraction's is read where the
// contraction is lowered.
type Leaf uint8

const (
	// LeafNone: not computed there (later in the program, or inlined
	// into its consumer's nest).
	LeafNone   Leaf = iota
	LeafView        // a tensor in memory
	LeafConst       // a constant (a scalar, or a splat tensor)
	LeafScalar      // a scalar computed at run time
)

// ContractFacts are what choosing a contraction's lowering reads besides
// the IR: the fusion plan, the target, the contraction's loop extents
// (Dynamic when known only at run time) and how the values it and its
// consumers read are lowered.
type ContractFacts struct {
	Fusion *Fusion
	Target ContractTarget
	Ext    []int64
	Leaf   func(*ir.Value) Leaf
}

// ContractChoice is how one contraction is lowered.
type ContractChoice struct {
	Op *ir.Op
	// Shape is what NewContract reads (its prologues computed where
	// read); Unfused its plan, lowered without fusions.
	Shape   ContractShape
	Unfused Contract
	// Plan is its plan when fused: Unfused, but with Rows its operands
	// are read in memory (no prologue).
	Plan Contract
	// Sink is the consumer computing in place over the product's
	// buffer (ContractSink), or nil.
	Sink *ir.Op
	// Epi is its epilogue (small and packed paths), or nil.
	Epi *Epilogue
	// Rows is its row-block fusion, or nil (then Epi decides).
	Rows *RowFusion
	// Operands are how it reads its operands computed as prologues.
	Operands []ContractOperand
}

// ContractOperand is how a contraction reads an operand: computed by its
// fusion tree (Prologue: FuseProducers inlined it) where the contraction
// reads it when the tree's root computes its result dims in place (Read),
// else, or where the lowering reads operands in memory (the row
// blocks), as a strided view of the tree's one leaf when the tree only
// moves data (View), else into a temporary by its nest.
type ContractOperand struct {
	Prologue, Read, View bool
	// Ops are the tree's ops for the plan, operands first.
	Ops []string
}

// Epilogue is a contraction's elementwise consumers run on each output
// tile: Ops in program order, reading the product Res, storing Out; with
// the run-time checks of their leaves when sizes are dynamic.
type Epilogue struct {
	Ops      []*ir.Op
	Res, Out *ir.Value
	Checks   []FuseCheck
}

// RowFusion is a contraction C1 fused with the row softmax of its
// result (its epilogue Epi, then Max, Sub, Exp, Sum, Div) and the
// contraction C2 reading it (nil: the quotients are stored).
type RowFusion struct {
	C1, C2                  *ir.Op
	Epi                     *Epilogue
	Max, Sub, Exp, Sum, Div *ir.Op
	Rows                    int   // R, the block; 0: chosen at run time
	K                       int64 // C1's K (Dynamic)
	// M, N and N2 are the scores' rows and columns and the result's
	// columns (0 without C2), Dynamic when so.
	M, N, N2 int64
	// Dynamic: some size is known only at run time, so the fusion is
	// guarded; VChecks are C2's rhs's checks against the scores.
	Dynamic bool
	VChecks []FuseCheck
}

// Contraction is the pre-pass's choice for contraction op, or nil (none
// planned: an unranked type, which the emitter reports).
func (p *Func) Contraction(op *ir.Op) *ContractChoice { return p.contracts[op] }

// ChooseContract chooses the lowering of contraction op.
func ChooseContract(op *ir.Op, f ContractFacts) *ContractChoice {
	l := ir.LoopsOf(op)
	elem := ir.ElementType(op.Result(0).Type())
	c := &ContractChoice{Op: op, Sink: ContractSink(op.Result(0), f.Fusion), Shape: f.shape(op, l, elem)}
	for _, v := range op.Operands() {
		c.Operands = append(c.Operands, f.operand(v))
	}
	c.Unfused = NewContract(c.Shape, f.Target)
	c.Plan = c.Unfused
	if c.Rows = f.rowFusion(op, l, elem, c.Plan); c.Rows != nil {
		s := c.Shape
		s.Prologue = false
		c.Plan = NewContract(s, f.Target)
	} else if c.Plan.Path != PathGeneric {
		c.Epi = f.epilogue(op, elem)
	}
	return c
}

// Prologue reports whether operand v of a contraction is computed where
// it is read (FuseProducers inlined it, and it is not lowered).
func (f ContractFacts) Prologue(v *ir.Value) bool {
	return f.Leaf(v) == LeafNone && f.inlined(v)
}

// shape is what NewContract reads of op.
func (f ContractFacts) shape(op *ir.Op, l *ir.Loops, elem *ir.Scalar) ContractShape {
	s := ContractShape{Elem: elem, Operands: op.NumOperands(), Batch: 1, M: 1, N: 1, K: 1}
	batch, m, n, k, ok := GEMMLoops(l)
	for _, v := range op.Operands() {
		s.Prologue = s.Prologue || f.Prologue(v)
		ok = ok && ir.ElementType(v.Type()) == elem // tosa.matmul f16 -> f32 converts
	}
	s.GEMM = ok
	if !ok {
		return s
	}
	size := func(i int) int64 {
		if i < 0 {
			return 1
		}
		return f.Ext[i]
	}
	for _, b := range batch {
		if x := size(b); x < 0 || s.Batch < 0 {
			s.Batch = -1
		} else {
			s.Batch *= x
		}
	}
	s.M, s.N, s.K = size(m), size(n), size(k)
	return s
}

// loopsOf is the loop description of an op built as a nest, or nil.
func (f ContractFacts) loopsOf(op *ir.Op) *ir.Loops {
	if op.NumResults() == 0 || op.Result(0).ID() >= len(f.Fusion.Loops) {
		return nil
	}
	return f.Fusion.Loops[op.Result(0).ID()]
}

// ContractSink is the nest root that consumes a contraction's result
// res in place (codegen's contract_fuse.go), or nil: res's one use,
// through a chain of inlined ops of one use each reading their operand
// at the element they compute (ReadsInPlace), of res's static shape, in
// its block, ends at a root of res's type.
func ContractSink(res *ir.Value, fu *Fusion) *ir.Op {
	shape, ok := ir.Shape(res.Type())
	if !ok || !StaticShape(shape) {
		return nil
	}
	f := ContractFacts{Fusion: fu}
	for v := res; ; {
		uses := v.Uses()
		if len(uses) != 1 || uses[0].Op == nil {
			return nil
		}
		op := uses[0].Op
		// A consumer in another block (a loop body) would overwrite
		// the result each time it runs.
		if op.NumResults() != 1 || op.Block() != res.Def().Block() || !ReadsInPlace(f.loopsOf(op), uses[0].Index) {
			return nil
		}
		out := op.Result(0)
		if s, ok := ir.Shape(out.Type()); !ok || !slices.Equal(s, shape) {
			return nil
		}
		if !fu.Inlined[out.ID()] {
			if !ir.TypeEqual(out.Type(), res.Type()) {
				return nil
			}
			return op
		}
		v = out
	}
}

// StaticShape reports whether every size of shape is known.
func StaticShape(shape []int64) bool {
	return !slices.ContainsFunc(shape, func(s int64) bool { return s < 0 })
}

// ReadsInPlace reports whether a parallel op with loops l reads operand
// k at the element of its result it computes: the operand's and the
// result's maps index the same loops, at stride 1 and offset 0.
func ReadsInPlace(l *ir.Loops, k int) bool {
	if l == nil || !l.Parallel() || k >= len(l.Operands) || len(l.Results) != 1 {
		return false
	}
	om, rm := l.Operands[k], l.Results[0]
	if len(om) != len(rm) {
		return false
	}
	for d := range om {
		o, r := om[d], rm[d]
		if o.Loop < 0 || o.Loop != r.Loop || o.Stride != 1 || r.Stride != 1 || o.Offset != 0 || r.Offset != 0 ||
			o.Kind == ir.Window || r.Kind == ir.Window {
			return false
		}
	}
	return true
}

// Record is the plan's record of c lowered with its fusions (fuse) or
// without: its plan and the fusion or the in-place consumer, with the
// run-time condition of a guarded fusion (the emitter adds the
// prologues and the unfused path's nests).
func (c *ContractChoice) Record(fuse bool) *ContractAt {
	rows := fuse && c.Rows != nil
	at := &ContractAt{Op: c.Op.Name, At: pos(c.Op.Pos), Plan: c.Unfused, Prologues: c.prologues(rows)}
	switch {
	case rows:
		at.Plan, at.Rows = c.Plan, c.Rows.describe()
		if c.Rows.Dynamic {
			at.When = c.Rows.when(c.Plan, c.Shape.Elem)
		}
	case fuse && c.Epi != nil:
		at.Epilogue = opNames(c.Epi.Ops)
		at.When = Guard(c.Epi.Checks)
	case c.Sink != nil:
		at.Into = c.Sink.Name + " at " + pos(c.Sink.Pos)
	}
	return at
}

// prologues are the plan's lines of c's prologues: those read as views,
// then, unless the row blocks read the operands in memory (rows), those
// computed where read.
func (c *ContractChoice) prologues(rows bool) []Prologue {
	var views, read []Prologue
	for k, o := range c.Operands {
		switch {
		case !o.Prologue:
		case !rows && o.Read:
			read = append(read, Prologue{Operand: k, Packed: c.Unfused.Path != PathGeneric, Ops: o.Ops})
		case o.View:
			views = append(views, Prologue{Operand: k, View: true, Ops: o.Ops})
		}
	}
	return append(views, read...)
}

// operand is how a contraction reads operand v (ContractOperand).
func (f ContractFacts) operand(v *ir.Value) ContractOperand {
	if !f.Prologue(v) {
		return ContractOperand{}
	}
	op := v.Def()
	l := f.loopsOf(op)
	if l == nil {
		l = ir.LoopsOf(op)
	}
	o := ContractOperand{Prologue: true, Read: true, Ops: f.treeOps(v, true)}
	moves := op.Def.Kernel == ir.KernelIdentity && op.NumOperands() == 1
	for _, m := range l.Results[v.Index()] {
		identity := m.Stride == 1 && m.Offset == 0
		o.Read = o.Read && (m.Loop < 0 || identity)
		moves = moves && m.Loop >= 0 && identity
	}
	if !moves {
		return o
	}
	a := op.Operand(0)
	o.View = !f.inlined(a) && f.Leaf(a) == LeafView && ir.TypeEqual(ir.ElementType(a.Type()), ir.ElementType(v.Type()))
	return o
}

func (f ContractFacts) inlined(v *ir.Value) bool {
	return v.Def() != nil && v.ID() < len(f.Fusion.Inlined) && f.Fusion.Inlined[v.ID()]
}

// treeOps names the ops of v's fusion tree, operands first.
func (f ContractFacts) treeOps(v *ir.Value, root bool) []string {
	op := v.Def()
	if op == nil || (!root && !f.inlined(v)) {
		return nil
	}
	var out []string
	for _, a := range op.Operands() {
		out = append(out, f.treeOps(a, false)...)
	}
	return append(out, op.Name+" at "+pos(op.Pos))
}

// String describes c whole (the emitter's plan check compares it).
func (c *ContractChoice) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%+v; %s; ", c.Shape, c.Plan)
	for _, fuse := range []bool{true, false} {
		r := c.Record(fuse)
		fmt.Fprintf(&b, "%s into=%q epilogue=%q rows=%q when=%q prologues=%v; ", r.Plan, r.Into, r.Epilogue, r.Rows, r.When, r.Prologues)
	}
	if c.Rows != nil {
		r := *c.Rows
		r.Epi = nil
		fmt.Fprintf(&b, "rows %+v %v %q", r, c.Rows.Epi.Out, Guard(c.Rows.Epi.Checks))
	}
	return b.String()
}

func opNames(ops []*ir.Op) []string {
	var out []string
	for _, op := range ops {
		out = append(out, op.Name+" at "+pos(op.Pos))
	}
	return out
}

// contract is the pre-pass's choice for contraction op (ChooseContract
// on its symbolic extents and the values lowered so far).
func (pp *prepass) contract(op *ir.Op) {
	l := ir.LoopsOf(op)
	if l == nil || op.NumResults() != 1 {
		return
	}
	for _, t := range append(op.OperandTypes(), op.Result(0).Type()) {
		if tt, ok := t.(*ir.TensorType); !ok || tt.Unranked {
			return // the emitter reports it
		}
	}
	shape, _ := ir.Shape(op.Result(0).Type())
	root := &pnode{op: op, loops: l, elem: ir.ElementType(op.Result(0).Type()), shape: shape}
	for _, v := range op.Operands() {
		if op.ParentOp() != nil {
			pp.regionValues(v, op)
		}
		k := pp.tree(v, false)
		if k == nil {
			return
		}
		root.kids = append(root.kids, k)
	}
	pp.extents(root)
	f := ContractFacts{Fusion: pp.fu, Target: pp.facts.ContractTarget, Leaf: func(v *ir.Value) Leaf { return pp.leaf(v, op) }}
	for _, e := range root.ext {
		f.Ext = append(f.Ext, e.value())
	}
	if pp.p.contracts == nil {
		pp.p.contracts = map[*ir.Op]*ContractChoice{}
	}
	pp.p.contracts[op] = ChooseContract(op, f)
}

// nestedContracts chooses for the contractions in regions (loop
// bodies), which the pre-pass's walk does not enter: the values of the
// regions get sizes from their types (regionValues).
func (pp *prepass) nestedContracts(f *ir.Func) {
	if pp.facts.Contraction == nil {
		return
	}
	for _, op := range f.AllOps() {
		if op.ParentOp() != nil && pp.facts.Contraction(op) && pp.p.contracts[op] == nil {
			pp.contract(op)
		}
	}
}

// regionValues gives the values of v's tree that are computed before op
// in op's region, and not met by the pre-pass, sizes from their types.
func (pp *prepass) regionValues(v *ir.Value, op *ir.Op) {
	if pp.inlined(v) && v.Def() != nil {
		for _, a := range v.Def().Operands() {
			pp.regionValues(a, op)
		}
		return
	}
	if pp.sizes[v] == nil && before(v, op) {
		pp.fresh(v, v.Type())
		if d := v.Def(); d != nil && d.Has(traits.ConstantLike) {
			if a, ok := d.Attr("value").(*ir.DenseAttr); ok && a.Splat {
				pp.base[v] = 0
			}
		}
	}
}

// before reports whether v is computed before op runs: an argument of
// a block enclosing op, or the result of an op before op or before an
// op enclosing it in its block.
func before(v *ir.Value, op *ir.Op) bool {
	d := v.Def()
	for x := op; x != nil; x = x.ParentOp() {
		if d == nil && v.OwnerBlock() != nil && v.OwnerBlock() == x.Block() {
			return true
		}
		for o := x.Prev(); o != nil && d != nil; o = o.Prev() {
			if o == d {
				return true
			}
		}
	}
	return false
}

// leaf is how v is read where op (a contraction) is lowered: a tensor
// the pre-pass has met, in memory or a splat; a scalar constant, or
// another scalar computed before op.
func (pp *prepass) leaf(v *ir.Value, op *ir.Op) Leaf {
	if op.ParentOp() != nil && !before(v, op) {
		return LeafNone
	}
	if _, ok := v.Type().(*ir.TensorType); ok {
		if pp.sizes[v] == nil {
			return LeafNone
		}
		if pp.base[v] == 0 {
			return LeafConst
		}
		return LeafView
	}
	d := v.Def()
	if d == nil {
		return LeafScalar // an argument
	}
	switch {
	case !before(v, op) || pp.inlined(v):
		return LeafNone
	case d.Has(traits.ConstantLike):
		switch d.Attr("value").(type) {
		case *ir.IntAttr, *ir.FloatAttr:
			return LeafConst
		}
	}
	return LeafScalar
}
