package codegen

import (
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"github.com/tirc/tirc/codegen/plan"
	"github.com/tirc/tirc/codegen/scalar"
	"github.com/tirc/tirc/ir"
)

// This file lowers the contractions (SPEC 3d, 7): the sizes and their
// run-time checks come from the op's loop description as for any nest
// (funcCtx.sizes); the pre-pass's plan.ChooseContract has chosen the
// generic nest (below), the small path or the packed one
// (contract_gemm.go) and the fusions, which are built here. An operand's
// elementwise producers run where it is read (contract_prologue.go), its
// elementwise consumers on its output tiles (contract_epilogue.go) or in place
// over its buffer (contract_fuse.go); a row softmax of its result, and a
// contraction reading that, run on blocks of its rows (contract_rows.go).

// choice is how c is lowered: the pre-pass's choice (plan.Func.Contraction),
// which under checkPlan must be what plan.ChooseContract says on c's
// lowered values; one the pre-pass did not plan is chosen here, on
// those values.
func (cl contractLowering) choice(c *contraction) (*plan.ContractChoice, error) {
	fc := cl.fc
	ch := fc.plan.Contraction(c.op)
	if ch != nil && !checkPlan {
		return ch, nil
	}
	f := plan.ContractFacts{Fusion: fc.fusion, Target: contractTargetOf(fc.mod.opts), Leaf: cl.leafOf}
	for _, e := range c.ext {
		x, ok := constVal(e)
		if !ok {
			x = plan.Dynamic
		}
		f.Ext = append(f.Ext, x)
	}
	v := plan.ChooseContract(c.op, f)
	if ch == nil {
		return v, nil
	}
	if a, b := ch.String(), v.String(); a != b {
		return nil, c.op.Errorf("internal error: the plan of the contraction differs from its lowered values: the plan says %s, the values say %s", a, b)
	}
	return ch, nil
}

// leafOf is how v is lowered so far (plan.Leaf).
func (cl contractLowering) leafOf(v *ir.Value) plan.Leaf {
	lv := cl.fc.vals[v.ID()]
	switch {
	case lv == nil:
		return plan.LeafNone
	case lv.view != nil && !lv.view.index:
		return plan.LeafView
	case lv.view != nil:
		return plan.LeafScalar
	}
	if _, ok := lv.scalar.(constant.Constant); ok {
		return plan.LeafConst
	}
	return plan.LeafScalar
}

// isContraction reports whether op is a contraction: its Reduce kind
// accumulates products (ir.ReduceContract).
func isContraction(op *ir.Op) bool {
	return op.Def != nil && op.Def.Reduce.Info().Accumulate
}

// contraction is one contraction being lowered: its loops, operand and
// result views and loop extents.
type contraction struct {
	op   *ir.Op
	l    *ir.Loops
	ins  []*view
	pro  []*prologue // by operand: computed where read (contract_prologue.go), or nil
	dst  *view
	ext  []value.Value
	elem *ir.Scalar // the result's element type
}

// contractLowering lowers a function's contractions: the generic loop
// nest, the packed GEMM with its epilogue, and the attention row blocks.
// It owns no state; the sinks and fused-op marks live on the funcCtx.
type contractLowering struct{ fc *funcCtx }

// contract lowers a contraction into the function, with its fusions.
func (cl contractLowering) contract(op *ir.Op) error { return cl.contractOp(op, true) }

// contractOp lowers a contraction, with its fusions when fuse is set.
func (cl contractLowering) contractOp(op *ir.Op, fuse bool) error {
	for _, t := range append(op.OperandTypes(), op.Result(0).Type()) {
		if tt, ok := t.(*ir.TensorType); !ok || tt.Unranked {
			return op.Errorf("has an unranked or non-tensor type '%s'; run -infer-shapes (with -arg-shapes for unranked arguments) before -emit-llvm", ir.TypeString(t))
		}
	}
	l := ir.LoopsOf(op)
	if l == nil {
		return op.Errorf("has no loop description")
	}
	if err := cl.fc.rows.flush(cl.fc); err != nil {
		return err
	}
	c := &contraction{op: op, l: l, elem: ir.ElementType(op.Result(0).Type())}
	shape, _ := ir.Shape(op.Result(0).Type())
	root := &node{op: op, loops: l, elem: c.elem, shape: shape, bit: -1}
	for i, v := range op.Operands() {
		in, pro, err := cl.operand(op, i, v)
		if err != nil {
			return err
		}
		c.ins, c.pro = append(c.ins, in), append(c.pro, pro)
		kid := &node{elem: in.elem, shape: in.shape, sizes: in.sizes, view: in, bit: -1}
		if pro != nil {
			kid.view = nil
		}
		root.kids = append(root.kids, kid)
	}
	if err := cl.fc.sizes(root); err != nil {
		return err
	}
	c.ext = root.ext
	res := op.Result(0)
	ch, err := cl.choice(c)
	if err != nil {
		return err
	}
	if fuse && ch.Rows != nil {
		// The attention row blocks read their operands in memory.
		if err := cl.bindPrologues(c, ch.Operands, true); err != nil {
			return err
		}
		f, err := cl.rowFusionOf(ch.Rows)
		if err != nil {
			return err
		}
		return cl.contractRows(f, c, ch.Plan, ch.Record(true))
	}
	if err := cl.bindPrologues(c, ch.Operands, false); err != nil {
		return err
	}
	cp, rec := ch.Unfused, ch.Record(fuse)
	var epi *gemmEpi
	if fuse && ch.Epi != nil {
		if epi, err = cl.gemmEpiOf(ch.Epi); err != nil {
			return err
		}
	}
	if epi != nil && len(epi.checks) > 0 {
		if err := cl.guardedEpilogue(c, cp, epi, root.sizes, rec); err != nil {
			return err
		}
		return c.prologueErr()
	}
	if epi != nil {
		c.dst = cl.ownedDst(epi.out, shape, root.sizes)
		cl.bindEpilogue(epi, c, c.dst)
	} else {
		c.dst = cl.contractDst(op, shape, root.sizes)
	}
	if _, err := cl.fc.contractRec(rec); err != nil {
		return err
	}
	if cp.Path == plan.PathGeneric {
		cl.contractGeneric(c, cp)
	} else {
		cl.contractGEMM(c, cp, epi)
		if epi != nil && epi.err != nil {
			return epi.err
		}
	}
	if err := c.prologueErr(); err != nil {
		return err
	}
	cl.fc.vals[res.ID()] = &lowered{view: c.dst}
	return nil
}

// prologueErr is the first error met while computing c's prologues.
func (c *contraction) prologueErr() error {
	for _, p := range c.pro {
		if p != nil && p.err != nil {
			return c.op.Errorf("in a contraction's prologue: %v", p.err)
		}
	}
	return nil
}

// contractShapesMessage is the run-time message of a contracted size
// that differs between the operands of a two-operand contraction, in
// NumPy's matmul words (the rhs's size first); "" for any other check
// (shapesMessage words those).
func contractShapesMessage(n *node, k, j int) (string, []value.Value) {
	m := n.loops.Operands[k][j]
	if n.loops.Iter[m.Loop] != ir.Reduction || len(n.kids) != 2 {
		return "", nil
	}
	x, e := n.kids[k].sizes[j], n.ext[m.Loop]
	if k == 0 {
		x, e = e, x
	}
	return where(n.op) + " matmul: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature (n?,k),(k,m?)->(n?,m?) (size %lld is different from %lld)", []value.Value{x, e}
}

// loopStrides are a view's element strides per loop of l (0 along a
// broadcast dimension of size 1 and along loops the view does not
// index) and the element offset of its constant indices, for the view's
// maps ms.
func (cl contractLowering) loopStrides(v *view, ms []ir.DimMap, loops int) ([]value.Value, value.Value) {
	bl := cl.fc.bl
	st := make([]value.Value, loops)
	for i := range st {
		st[i] = i64c(0)
	}
	var off value.Value = i64c(0)
	for j, m := range ms {
		s := v.strides[j]
		if m.Kind == ir.Broadcast {
			s = bl.selectI64(bl.icmp(enum.IPredEQ, v.sizes[j], i64c(1)), i64c(0), s)
		}
		off = bl.add(off, bl.mul(i64c(m.Offset), s))
		if m.Loop >= 0 {
			st[m.Loop] = bl.add(st[m.Loop], bl.mul(i64c(m.Stride), s))
		}
	}
	return st, off
}

// contractGeneric emits the contraction as one scalar loop nest: the
// parallel loops in order, then the reduction loops in order, each
// element's terms converted to the accumulator type, less their zero
// points (tosa.matmul), multiplied, and summed from index 0 up (a fused
// multiply-add per term for two float operands); the sum is converted to
// the result type once.
func (cl contractLowering) contractGeneric(c *contraction, cp plan.Contract) {
	bl := cl.fc.bl
	n := len(c.l.Iter)
	// Each operand's streams: its view, or its prologue's leaves.
	strides := make([][][]value.Value, len(c.ins))
	elems := make([][]*ir.Scalar, len(c.ins))
	ptrs := make([][]value.Value, len(c.ins))
	for k := range c.ins {
		ptrs[k], strides[k], elems[k] = cl.operandStreams(c, k)
	}
	dstStrides, dstOff := cl.loopStrides(c.dst, c.l.Results[0], n)
	dstPtr := bl.gep(storageType(c.elem), c.dst.base, dstOff)
	var par, red []int
	for i, k := range c.l.Iter {
		if k == ir.Parallel {
			par = append(par, i)
		} else {
			red = append(red, i)
		}
	}
	accT := computeType(cp.Acc)
	slot := bl.alloca(accT)
	zps := contractZeroPoints(c.op, cp.Acc)
	advance := func(ps [][]value.Value, x value.Value, i int) [][]value.Value {
		next := make([][]value.Value, len(ps))
		for k := range ps {
			next[k] = make([]value.Value, len(ps[k]))
			for s, p := range ps[k] {
				next[k][s] = bl.gep(storageType(elems[k][s]), p, bl.mul(x, strides[k][s][i]))
			}
		}
		return next
	}
	var sum func(r int, ps [][]value.Value)
	sum = func(r int, ps [][]value.Value) {
		if r == len(red) {
			cl.contractTerm(c, ps, zps, slot)
			return
		}
		bl.loop(c.ext[red[r]], "contract.k", func(x value.Value) { sum(r+1, advance(ps, x, red[r])) })
	}
	var each func(d int, ps [][]value.Value, q value.Value)
	each = func(d int, ps [][]value.Value, q value.Value) {
		if d == len(par) {
			store(bl.b, zeroOf(accT), slot)
			sum(0, ps)
			cl.storeAcc(c, slot, q)
			return
		}
		i := par[d]
		bl.loop(c.ext[i], "contract", func(x value.Value) {
			each(d+1, advance(ps, x, i), bl.gep(storageType(c.elem), q, bl.mul(x, dstStrides[i])))
		})
	}
	each(0, ptrs, dstPtr)
}

// storeAcc converts the sum in slot to the result type and stores it at q.
func (cl contractLowering) storeAcc(c *contraction, slot, q value.Value) {
	bl := cl.fc.bl
	acc := contractAcc(c)
	v := bl.b.NewLoad(computeType(acc), slot)
	r := bl.Convert(v, acc, c.elem, false, 0)
	store(bl.b, bl.ToStorage(r, c.elem), q)
}

func contractAcc(c *contraction) *ir.Scalar { return ir.AccumulatorType(c.elem) }

// contractTerm adds one term, the product of the operands' elements at
// their streams' pointers ps, to the sum in slot.
func (cl contractLowering) contractTerm(c *contraction, ps [][]value.Value, zps []value.Value, slot value.Value) {
	bl := cl.fc.bl
	acc := contractAcc(c)
	accT := computeType(acc)
	xs := make([]value.Value, len(ps))
	for k := range ps {
		e := c.ins[k].elem
		x := cl.operandAt(c, k, ps[k])
		x = bl.Convert(x, e, acc, scalar.ReadsUnsigned(c.op, e), 0)
		if zps != nil {
			x = bl.b.NewSub(x, zps[k])
		}
		xs[k] = x
	}
	sum := bl.b.NewLoad(accT, slot)
	var r value.Value
	switch {
	case acc == ir.I1: // any of all: or of ands
		t := xs[0]
		for _, x := range xs[1:] {
			t = bl.b.NewAnd(t, x)
		}
		r = bl.b.NewOr(sum, t)
	case acc.IsFloat():
		t := xs[0]
		for _, x := range xs[1 : len(xs)-1] {
			t = bl.b.NewFMul(t, x)
		}
		if len(xs) == 1 {
			r = bl.b.NewFAdd(sum, t)
		} else {
			r = bl.CallIntrinsic("llvm.fma", accT, t, xs[len(xs)-1], sum)
		}
	default:
		t := xs[0]
		for _, x := range xs[1:] {
			t = bl.b.NewMul(t, x)
		}
		r = bl.b.NewAdd(sum, t)
	}
	store(bl.b, r, slot)
}

// contractZeroPoints are the op's zero points (tosa.matmul) in the
// accumulator's compute type, or nil.
func contractZeroPoints(op *ir.Op, acc *ir.Scalar) []value.Value {
	if op.Def.KernelArgs == nil || acc.IsFloat() {
		return nil
	}
	var out []value.Value
	nonzero := false
	for _, a := range op.Def.KernelArgs(op) {
		v := int64(0)
		if ia, ok := a.(*ir.IntAttr); ok {
			v = ia.Value
		}
		nonzero = nonzero || v != 0
		out = append(out, intConst(computeType(acc), v))
	}
	if !nonzero {
		return nil
	}
	return out
}

// zeroOf is the zero of a compute type.
func zeroOf(t types.Type) constant.Constant {
	if _, ok := t.(*types.IntType); ok {
		return intConst(t, 0)
	}
	return floatConst(t, 0)
}
