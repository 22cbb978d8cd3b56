package codegen

import (
	"fmt"
	"slices"

	llvm "github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"github.com/tirc/tirc/codegen/plan"
	"github.com/tirc/tirc/codegen/scalar"
	"github.com/tirc/tirc/ir"
)

// A contraction's prologues (SPEC 7, "Contractions"; plan.FuseProducers):
// an operand computed by elementwise ops used only by the contraction is
// computed where the contraction reads it, from the leaves of its fusion
// tree read through their strides: while its panels are packed (the
// packed path: each element once per packing pass; the small path, which
// would compute it once per tile, is not taken), or at each term of the
// generic nest. There is no temporary and no nest for it. The tree is
// evaluated by the nest's evaluator (nest.evalWith), on the same leaf
// values with the same kernels, and its value is rounded to the
// operand's type as the unfused program stores it, so the bits are the
// unfused program's.

// prologue is operand k of a contraction computed by its tree.
type prologue struct {
	k      int
	tree   *node
	leaves []proLeaf
	err    error // a kernel the driver could not lower
}

// proLeaf is a leaf of a prologue's tree: a view read at base plus the
// loop indices times strides (one per loop of the contraction), or a
// scalar.
type proLeaf struct {
	n       *node
	base    value.Value
	strides []value.Value
	scalar  value.Value
}

// operand lowers operand k of contraction op (value v): a view, or its
// prologue when v is computed as one (its tree prepared in the function:
// its sizes and their checks).
func (cl contractLowering) operand(op *ir.Op, k int, v *ir.Value) (*view, *prologue, error) {
	fc := cl.fc
	if fc.vals[v.ID()] == nil && fc.inlined[v.ID()] && v.Def() != nil {
		t, err := fc.tree(v, true)
		if err != nil {
			return nil, nil, err
		}
		if err := fc.prepare(t); err != nil {
			return nil, nil, err
		}
		// The operand as the contraction sees it: its type and sizes,
		// no storage.
		in := &view{elem: t.elem, shape: t.shape, sizes: t.sizes}
		return in, &prologue{k: k, tree: t}, nil
	}
	if fc.vals[v.ID()] == nil {
		return nil, nil, op.Errorf("operand #%d has no lowered value", k)
	}
	in, err := fc.materialize(v, fmt.Sprintf("%s: '%s' op", op.Pos, op.Name))
	return in, nil, err
}

// bindPrologues computes c's prologues' leaves where the plan reads
// them where they are read (ops: plan.ContractOperand), unless c's
// lowering reads its operands in memory (unfuse: the attention row
// blocks); the others become strided views of their leaf, or are
// computed into temporaries with their nests, as unfused.
func (cl contractLowering) bindPrologues(c *contraction, ops []plan.ContractOperand, unfuse bool) error {
	for k, p := range c.pro {
		if p == nil {
			continue
		}
		if !unfuse && ops[k].Read {
			cl.prologueLeaves(c, p)
			continue
		}
		if ops[k].View {
			if c.ins[k] = cl.movedView(p); c.ins[k] == nil {
				return c.op.Errorf("internal error: the plan reads operand %d as a view of its source, which its tree does not have", k)
			}
			c.pro[k] = nil
			continue
		}
		at := c.op
		dst := cl.fc.temp(p.tree.elem, p.tree.shape, p.tree.sizes, fmt.Sprintf("%s: '%s' op", at.Pos, at.Name))
		if err := cl.fc.emitNest(dst, p.tree); err != nil {
			return err
		}
		c.ins[k], c.pro[k] = dst, nil
	}
	return nil
}

// movedView is p's value as a view of its one leaf, p only moving data
// (a transpose, a broadcast, a slice: the identity kernel over one leaf
// of the same element type), so a lowering that reads its operands in
// memory reads it through strides instead of a temporary; nil when its
// tree has no such leaf.
func (cl contractLowering) movedView(p *prologue) *view {
	t := p.tree
	if len(t.kids) != 1 || t.kids[0].view == nil {
		return nil
	}
	n := t.kids[0]
	rm := t.loops.Results[t.res]
	st, off := cl.loopStrides(n.view, n.dimMap, len(t.loops.Iter))
	v := &view{elem: t.elem, shape: t.shape, sizes: t.sizes, strides: make([]value.Value, len(rm))}
	for d, m := range rm {
		v.strides[d] = st[m.Loop]
	}
	v.base = cl.fc.bl.gep(storageType(n.elem), n.view.base, off)
	return v
}

// hasPrologue reports whether an operand of c is computed as a prologue.
func (c *contraction) hasPrologue() bool {
	return slices.ContainsFunc(c.pro, func(p *prologue) bool { return p != nil })
}

// prologueLeaves computes p's leaves' strides per loop of c (a leaf's
// strides along the tree root's loops, which are the operand's
// dimensions, the root computing them in place, composed with c's map
// of the operand).
func (cl contractLowering) prologueLeaves(c *contraction, p *prologue) {
	t := p.tree
	rm := t.loops.Results[t.res]
	bl := cl.fc.bl
	for _, n := range treeLeaves(t) {
		if n.view == nil {
			p.leaves = append(p.leaves, proLeaf{n: n, scalar: n.scalar})
			continue
		}
		st, off := cl.loopStrides(n.view, n.dimMap, len(t.loops.Iter))
		dims := &view{elem: n.elem, shape: t.shape, sizes: t.sizes, strides: make([]value.Value, len(rm))}
		for d, m := range rm {
			dims.strides[d] = i64c(0)
			if m.Loop >= 0 {
				dims.strides[d] = st[m.Loop]
			}
		}
		cst, coff := cl.loopStrides(dims, c.l.Operands[p.k], len(c.l.Iter))
		base := bl.gep(storageType(n.elem), n.view.base, bl.add(off, coff))
		p.leaves = append(p.leaves, proLeaf{n: n, base: base, strides: cst})
	}
}

// treeLeaves are t's leaves, operands first.
func treeLeaves(t *node) []*node {
	if t.op == nil {
		return []*node{t}
	}
	var out []*node
	for _, k := range t.kids {
		out = append(out, treeLeaves(k)...)
	}
	return out
}

// eval computes p's value from its leaves' values (leaf), with the
// nest's evaluator; an error is kept in p.err (the value is then 0).
func (p *prologue) eval(bl *builder, leaf func(*node) value.Value) value.Value {
	x, err := (&nest{bl: bl}).evalWith(p.tree, leaf)
	if err != nil {
		p.err = err
		return zeroOf(computeType(p.tree.elem))
	}
	return x
}

// roundStored rounds a compute value to what storing it as e keeps (f16 and
// bf16 compute in f32).
func roundStored(bl *builder, x value.Value, e *ir.Scalar) value.Value {
	if e.Kind != ir.KindF16 && e.Kind != ir.KindBF16 {
		return x
	}
	return bl.FromStorage(bl.ToStorage(x, e), e)
}

// The generic nest reads an operand through streams: its view, or its
// prologue's view leaves, each a pointer advanced by its strides per
// loop.

// operandStreams are operand k's streams' first pointers and strides.
func (cl contractLowering) operandStreams(c *contraction, k int) ([]value.Value, [][]value.Value, []*ir.Scalar) {
	if p := c.pro[k]; p != nil {
		var ptrs []value.Value
		var strides [][]value.Value
		var elems []*ir.Scalar
		for _, lf := range p.leaves {
			if lf.scalar == nil {
				ptrs, strides, elems = append(ptrs, lf.base), append(strides, lf.strides), append(elems, lf.n.elem)
			}
		}
		return ptrs, strides, elems
	}
	in := c.ins[k]
	st, off := cl.loopStrides(in, c.l.Operands[k], len(c.l.Iter))
	return []value.Value{cl.fc.bl.gep(storageType(in.elem), in.base, off)}, [][]value.Value{st}, []*ir.Scalar{in.elem}
}

// operandAt is operand k's element at its streams' pointers ps, in its
// compute type.
func (cl contractLowering) operandAt(c *contraction, k int, ps []value.Value) value.Value {
	bl := cl.fc.bl
	p := c.pro[k]
	if p == nil {
		e := c.ins[k].elem
		return bl.FromStorage(bl.b.NewLoad(storageType(e), ps[0]), e)
	}
	vals := map[*node]value.Value{}
	s := 0
	for _, lf := range p.leaves {
		if lf.scalar != nil {
			vals[lf.n] = lf.scalar
			continue
		}
		vals[lf.n] = bl.FromStorage(bl.b.NewLoad(storageType(lf.n.elem), ps[s]), lf.n.elem)
		s++
	}
	x := p.eval(bl, func(n *node) value.Value { return vals[n] })
	return roundStored(bl, x, p.tree.elem)
}

// The packed path's prologues: the driver's arguments per view leaf are
// its first element's address, its strides along the operand's rows and
// columns (A: M and K; B: K and N) and along the batch dims, as an
// epilogue leaf's (epiLeafArgs); a scalar leaf takes one argument, its
// stored bits.

// proArgs is the driver's arguments for p.
func (p *prologue) proArgs() int {
	n := 0
	for _, lf := range p.leaves {
		if lf.scalar != nil {
			n++
		} else {
			n += epiLeafArgs
		}
	}
	return n
}

// setPrologueArgs fills p's arguments from index at (args the array, set
// its setter) for c's GEMM loops; it returns the next index.
func (cl contractLowering) setPrologueArgs(c *contraction, p *prologue, args *llvm.InstAlloca, set func(int, value.Value), at int) int {
	bl := cl.fc.bl
	batch, m, n, k, _ := plan.GEMMLoops(c.l)
	rows, cols := m, k
	if p.k == 1 {
		rows, cols = k, n
	}
	along := func(st []value.Value, i int) value.Value {
		if i < 0 {
			return i64c(0)
		}
		return st[i]
	}
	for _, lf := range p.leaves {
		if lf.scalar != nil {
			e := lf.n.elem
			g := bl.b.NewGetElementPtr(args.ElemType, args, i64c(0), i64c(int64(at)))
			store(bl.b, bl.ToStorage(lf.scalar, e), bl.b.NewBitCast(g, types.NewPointer(storageType(e))))
			at++
			continue
		}
		set(at, lf.base)
		set(at+1, along(lf.strides, rows))
		set(at+2, along(lf.strides, cols))
		for d, b := range batch {
			set(at+3+d, lf.strides[b])
		}
		at += epiLeafArgs
	}
	return at
}

// proCall is a prologue inside the driver: each view leaf's pointer (at
// the current batch item) and strides, each scalar leaf's value.
type proCall struct {
	p                 *prologue
	base, ptr, rs, cs []value.Value // by leaf; nil for a scalar
	scalar            []value.Value
	vecOK             value.Value // every leaf contiguous or broadcast along the columns
}

// newProCall reads p's arguments from index at of the driver's array
// arr (arg loads one); batch collects the indices of the leaves' batch
// strides. It returns the next index.
func newProCall(bl *builder, p *prologue, arr value.Value, arg func(int) value.Value, at int, batch *[]int) (*proCall, int) {
	pc := &proCall{p: p, vecOK: constant.True}
	for _, lf := range p.leaves {
		e := lf.n.elem
		if lf.scalar != nil {
			q := bl.b.NewBitCast(bl.gep(types.I64, arr, i64c(int64(at))), types.NewPointer(storageType(e)))
			pc.scalar = append(pc.scalar, bl.FromStorage(bl.b.NewLoad(storageType(e), q), e))
			pc.base, pc.rs, pc.cs = append(pc.base, nil), append(pc.rs, nil), append(pc.cs, nil)
			at++
			continue
		}
		cs := arg(at + 2)
		pc.base = append(pc.base, bl.b.NewIntToPtr(arg(at), types.NewPointer(storageType(e))))
		pc.rs, pc.cs = append(pc.rs, arg(at+1)), append(pc.cs, cs)
		pc.scalar = append(pc.scalar, nil)
		pc.vecOK = bl.and(pc.vecOK, bl.or(bl.icmp(enum.IPredEQ, cs, i64c(0)), bl.icmp(enum.IPredEQ, cs, i64c(1))))
		*batch = append(*batch, at+3)
		at += epiLeafArgs
	}
	pc.ptr = slices.Clone(pc.base)
	return pc, at
}

// atItem moves the view leaves' pointers to the batch item whose
// element offsets offs are (one per view leaf, in order).
func (pc *proCall) atItem(bl *builder, offs []value.Value) {
	v := 0
	for i, lf := range pc.p.leaves {
		if lf.scalar == nil {
			pc.ptr[i] = bl.gep(storageType(lf.n.elem), pc.base[i], offs[v])
			v++
		}
	}
}

// at is the view leaves' pointers to the operand's element (row, col).
func (pc *proCall) at(bl *builder, row, col value.Value) []value.Value {
	out := make([]value.Value, len(pc.ptr))
	for i, lf := range pc.p.leaves {
		if lf.scalar == nil {
			out[i] = at(bl, storageType(lf.n.elem), pc.ptr[i], row, pc.rs[i], col, pc.cs[i])
		}
	}
	return out
}

// down moves pointers ps (at) down by r rows.
func (pc *proCall) down(bl *builder, ps []value.Value, r value.Value) []value.Value {
	out := make([]value.Value, len(ps))
	for i, lf := range pc.p.leaves {
		if lf.scalar == nil {
			out[i] = bl.gep(storageType(lf.n.elem), ps[i], bl.mul(r, pc.rs[i]))
		}
	}
	return out
}

// scalarAt is the operand's element j columns right of pointers ps, in
// the storage type of e (the operand's: f32 or f64).
func (pc *proCall) scalarAt(bl *builder, ps []value.Value, j value.Value) value.Value {
	return pc.p.eval(bl, func(n *node) value.Value {
		i := pc.leaf(n)
		if s := pc.scalar[i]; s != nil {
			return s
		}
		e := n.elem
		return bl.FromStorage(bl.b.NewLoad(storageType(e), bl.gep(storageType(e), ps[i], bl.mul(j, pc.cs[i]))), e)
	})
}

// vectorAt is the operand's w elements from j columns right of pointers
// ps (vecOK: every leaf contiguous along the columns, or broadcast: its
// element at j splatted, the masked load reading nothing).
func (pc *proCall) vectorAt(bl *builder, ps []value.Value, j value.Value, w int64) value.Value {
	return pc.p.eval(bl, func(n *node) value.Value {
		i := pc.leaf(n)
		if s := pc.scalar[i]; s != nil {
			if c, ok := s.(constant.Constant); ok {
				return splat(c, w)
			}
			return splatValue(bl, s, w)
		}
		e := n.elem
		st := storageType(e)
		vt := types.NewVector(uint64(w), st)
		vp := types.NewPointer(vt)
		masked := bl.mod.intrinsic(fmt.Sprintf("llvm.masked.load.%s.p0%s", scalar.TypeSuffix(vt), scalar.TypeSuffix(vt)), vt, vp, types.I32, types.NewVector(uint64(w), types.I1), vt)
		p := bl.gep(st, ps[i], bl.mul(j, pc.cs[i]))
		one := splatValue(bl, bl.b.NewLoad(st, p), w)
		mask := splatValue(bl, bl.icmp(enum.IPredEQ, pc.cs[i], i64c(1)), w)
		return bl.FromStorage(bl.b.NewCall(masked, bl.b.NewBitCast(p, vp), i32c(byteSize(e)), mask, one), e)
	})
}

// leaf is the index of leaf n among pc's leaves.
func (pc *proCall) leaf(n *node) int {
	return slices.IndexFunc(pc.p.leaves, func(lf proLeaf) bool { return lf.n == n })
}
