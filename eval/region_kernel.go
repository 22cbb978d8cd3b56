package eval

import (
	"fmt"
	"slices"

	"github.com/tirc/tirc/dialect"
	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/traits"
)

// This file runs the ops whose kernel is their body (ir.KernelRegion:
// linalg.generic, linalg.map, linalg.reduce): the loops of the op's loop
// description in row-major order, and at every point the body's scalar
// ops on one element of each operand, the outs' elements read from the
// results being written. So an outs operand's values start a reduction,
// and every iteration of a reduction loop combines into the element as
// linalg defines it, in index order.

// bodyStep is one op of a body: a scalar kernel per result, or a
// constant.
type bodyStep struct {
	op      *ir.Op
	kernels []ir.Kernel
	params  []Params
	consts  []Num // a ConstantLike op's value
	index   int   // linalg.index's dimension, -1 for other ops
}

// regionBody is a body prepared to run: its steps and where each value
// lives (slots: the block arguments, then the steps' results).
type regionBody struct {
	steps []bodyStep
	slot  map[*ir.Value]int
	yield *ir.Op
	owner *ir.Op // the op whose body it is: run-time errors name it, as native code does
	nargs int    // block arguments: the first slots
	nslot int
}

// prepareBody checks that the body has only scalar ops eval can compute
// and records their kernels.
func prepareBody(op *ir.Op) (*regionBody, error) {
	if op.NumRegions() != 1 || op.Region(0).NumBlocks() != 1 {
		return nil, fmt.Errorf("%s: '%s' op body must be one block", op.Pos, op.Name)
	}
	b := op.Region(0).Front()
	rb := &regionBody{slot: map[*ir.Value]int{}, owner: op}
	for _, a := range b.Args() {
		rb.slot[a] = rb.nslot
		rb.nslot++
	}
	rb.nargs = rb.nslot
	for o := range b.Ops() {
		if o.Has(ir.TraitTerminator) {
			rb.yield = o
			break
		}
		st, err := bodyStepOf(o)
		if err != nil {
			return nil, err
		}
		rb.steps = append(rb.steps, st)
		for _, r := range o.Results() {
			rb.slot[r] = rb.nslot
			rb.nslot++
		}
	}
	if rb.yield == nil {
		return nil, fmt.Errorf("%s: '%s' op body has no terminator", op.Pos, op.Name)
	}
	return rb, nil
}

func bodyStepOf(o *ir.Op) (bodyStep, error) {
	st := bodyStep{op: o, index: -1}
	for _, v := range append(slices.Clone(o.Operands()), o.Results()...) {
		if ir.IsShapedOrMemRef(v.Type()) {
			return st, fmt.Errorf("%s: '%s' op in a linalg body computes on '%s'; a body holds scalar ops only", o.Pos, o.Name, ir.TypeString(v.Type()))
		}
	}
	switch {
	case o.Name == "linalg.index":
		d, _ := o.Attr("dim").(*ir.IntAttr)
		if d == nil {
			return st, fmt.Errorf("%s: 'linalg.index' op has no dim", o.Pos)
		}
		st.index = int(d.Value)
		return st, nil
	case o.Has(traits.ConstantLike):
		t, err := FromAttr(o.Attr("value"))
		if err != nil || t.Len() != 1 {
			return st, fmt.Errorf("%s: '%s' op has no scalar value", o.Pos, o.Name)
		}
		st.consts = []Num{t.At(0)}
		return st, nil
	case o.Def == nil || o.Def.Kernel == ir.KernelNone || o.Def.Kernel == ir.KernelRegion || o.NumRegions() > 0:
		return st, fmt.Errorf("%s: '%s' op cannot run in a linalg body: it is not a scalar arith, math or tir op", o.Pos, o.Name)
	}
	for r := range o.NumResults() {
		p, err := paramsOf(o, r)
		if err != nil {
			return st, fmt.Errorf("%s: %v", o.Pos, err)
		}
		st.params = append(st.params, p)
		st.kernels = append(st.kernels, o.Def.KernelOn(r, p.Elem))
	}
	return st, nil
}

// run computes the body once: vals holds the block arguments on entry;
// idx is the iteration (for linalg.index); outer gives values defined
// around the op. It returns the yielded elements in vals' tail.
func (rb *regionBody) run(vals []Num, idx []int64, outer func(*ir.Value) (Num, error)) ([]Num, error) {
	get := func(v *ir.Value) (Num, error) {
		if s, ok := rb.slot[v]; ok {
			return vals[s], nil
		}
		return outer(v)
	}
	next := rb.nargs
	var in []Num
	for _, st := range rb.steps {
		switch {
		case st.index >= 0:
			vals[next] = Num{Int: idx[st.index]}
			next++
			continue
		case st.consts != nil:
			vals[next] = st.consts[0]
			next++
			continue
		}
		in = in[:0]
		for _, v := range st.op.Operands() {
			x, err := get(v)
			if err != nil {
				return nil, err
			}
			in = append(in, x)
		}
		for r, k := range st.kernels {
			x, err := Scalar(k, st.params[r], in...)
			if err != nil {
				re := runtimeErr(rb.owner, "%v at iteration [%s]", err, joinInts(idx))
				re.Err = err
				return nil, re
			}
			vals[next] = x
			next++
		}
	}
	out := make([]Num, rb.yield.NumOperands())
	for i, v := range rb.yield.Operands() {
		x, err := get(v)
		if err != nil {
			return nil, err
		}
		out[i] = x
	}
	return out, nil
}

// runRegion evaluates a KernelRegion op on its operand values; outer
// reads the scalar values its body uses from around it.
func runRegion(op *ir.Op, args []*Tensor, outer func(*ir.Value) *Tensor) ([]*Tensor, error) {
	l := dialect.LinalgLinearLoopsOf(op)
	if l == nil || len(l.Operands) != len(args) {
		return nil, fmt.Errorf("%s: '%s' op has no loop description eval can run (indexing maps of sums of dims times constants, and constants, only)", op.Pos, op.Name)
	}
	rb, err := prepareBody(op)
	if err != nil {
		return nil, err
	}
	if rb.nargs > len(args) {
		return nil, fmt.Errorf("%s: '%s' op body has more arguments than the op has operands", op.Pos, op.Name)
	}
	nIns := len(args) - len(l.Results)
	ext, err := regionExtents(op, l, args)
	if err != nil {
		return nil, err
	}
	outs := make([]*Tensor, len(l.Results))
	for r := range outs {
		src := args[nIns+r]
		outs[r] = &Tensor{Shape: src.Shape, Elem: src.Elem, Ints: slices.Clone(src.Ints), Floats: slices.Clone(src.Floats)}
	}
	getOuter := func(v *ir.Value) (Num, error) {
		var t *Tensor
		if outer != nil {
			t = outer(v)
		}
		if t == nil || t.Len() != 1 {
			return Num{}, fmt.Errorf("%s: '%s' op body uses a value from outside that eval does not have", op.Pos, op.Name)
		}
		return t.At(0), nil
	}
	total := int64(1)
	for _, e := range ext {
		total *= e
	}
	idx := make([]int64, len(ext))
	vals := make([]Num, rb.nslot)
	for range total {
		for k, a := range args[:rb.nargs] { // linalg.map's body does not read its init
			src := a
			if k >= nIns {
				src = outs[k-nIns]
			}
			vals[k] = src.At(elemOffset(l.Operands[k], src.Shape, idx))
		}
		ys, err := rb.run(vals, idx, getOuter)
		if err != nil {
			return nil, err
		}
		for r, y := range ys {
			outs[r].Set(elemOffset(l.Results[r], outs[r].Shape, idx), y)
		}
		for d := len(idx) - 1; d >= 0; d-- {
			if idx[d]++; idx[d] < ext[d] {
				break
			}
			idx[d] = 0
		}
	}
	return outs, nil
}

// regionExtents is the loops' extents over operands args: as the op's
// ir.Loops defines them where it has one, else as its linear maps do.
func regionExtents(op *ir.Op, l *ir.LinearLoops, args []*Tensor) ([]int64, error) {
	shapes := make([][]int64, len(args))
	for i, a := range args {
		if l.Operands[i] != nil {
			shapes[i] = a.Shape
		}
	}
	if loops := ir.LoopsOf(op); loops != nil {
		ext, eerr := loops.Extents(shapes, nil)
		if eerr != nil {
			return nil, runtimeErr(op, "%s", eerr)
		}
		if msg := windowMessage(loops, shapes); msg != "" {
			return nil, runtimeErr(op, "%s", msg)
		}
		return ext, nil
	}
	ext, msg := l.Extents(shapes)
	if msg != "" {
		return nil, runtimeErr(op, "%s", msg)
	}
	return ext, nil
}

// elemOffset is the row-major offset of the element maps reads at
// iteration idx (0 for a scalar).
func elemOffset(maps []ir.Linear, shape []int64, idx []int64) int {
	off, stride := int64(0), int64(1)
	for d := len(maps) - 1; d >= 0; d-- {
		off += maps[d].At(idx) * stride
		stride *= shape[d]
	}
	return int(off)
}
