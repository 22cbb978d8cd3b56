package codegen

import (
	"fmt"

	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/value"

	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/traits"
)

// The ops without a loop description, lowered by trait: a Reshape is a
// view of its operand's buffer with new sizes and row-major strides (after
// one copy when the operand is not row-major at run time), a
// Concatenate writes each operand into its window of the result (an
// operand computed by a fusible op is computed straight into its window),
// and ShapedDim (tensor.dim) reads a size.

// sizesOf returns the run-time sizes of a lowered tensor value.
func (lv *lowered) sizesOf() []value.Value {
	if lv.view != nil {
		return lv.view.sizes
	}
	return lv.sizes
}

// product multiplies sizes.
func (bl *builder) product(sizes []value.Value) value.Value {
	multiply := func() value.Value {
		var n value.Value = i64c(1)
		for _, s := range sizes {
			n = bl.mul(n, s)
		}
		return n
	}
	k, ok := sizesKeyOf(0, sizes)
	if !ok {
		return multiply()
	}
	return bl.once(k, multiply)
}

// reshape lowers a Reshape op. The result's '?' is the element count
// divided by the static sizes; a count that does not fit is status 1 with
// NumPy's message.
func (fc *funcCtx) reshape(op *ir.Op) error {
	bl := fc.bl
	rt, ok := op.Result(0).Type().(*ir.TensorType)
	if !ok || rt.Unranked {
		return op.Errorf("has an unranked result type '%s'; give it a rank before -emit-llvm", ir.TypeString(op.Result(0).Type()))
	}
	if msg := traits.ReshapeResultError(rt.Shape); msg != "" {
		return op.Errorf("%s", msg)
	}
	in := fc.vals[op.Operand(0).ID()]
	inSizes := in.sizesOf()
	count := fc.bl.product(inSizes)
	known, dyn := int64(1), -1
	sizes := make([]value.Value, len(rt.Shape))
	for d, s := range rt.Shape {
		if s < 0 {
			dyn = d
			continue
		}
		known *= s
		sizes[d] = i64c(s)
	}
	var bad value.Value
	if dyn >= 0 {
		sizes[dyn] = bl.b.NewSDiv(count, i64c(known))
		if c, ok := constVal(count); ok {
			sizes[dyn] = i64c(c / known)
		}
		bad = bl.icmp(enum.IPredNE, bl.b.NewSRem(count, i64c(known)), i64c(0))
		if c, ok := constVal(count); ok && c%known == 0 {
			bad = nil
		}
	} else if c, ok := constVal(count); !ok || c != known {
		bad = bl.icmp(enum.IPredNE, count, i64c(known))
	}
	if bad != nil && fc.mod.opts.Checks {
		var args []value.Value
		args = append(args, count)
		shape := sizesText(inSizes, &args)
		fc.fail(bad, StatusShape, fmt.Sprintf("%s cannot reshape array of size %%lld into shape %s (the operand has shape %s)", where(op), escape(ir.TupleShape(rt.Shape)), shape), args...)
	}
	if in.view == nil { // a splat: the same value in another shape
		fc.vals[op.Result(0).ID()] = &lowered{scalar: in.scalar, sizes: sizes}
		return nil
	}
	base := in.view.base
	if !in.view.contiguous {
		// A strided operand keeps its buffer when it is row-major at run
		// time, else it is copied once into a row-major temporary.
		slot := bl.alloca(base.Type())
		bl.ifElse(fc.bl.rowMajor(in.view), "reshape.view", func() {
			store(bl.b, base, slot)
		}, func() {
			tmp := fc.temp(in.view.elem, in.view.shape, inSizes, fmt.Sprintf("%s: '%s' op", op.Pos, op.Name))
			if err := fc.copyInto(tmp, op.Operand(0)); err == nil {
				store(bl.b, tmp.base, slot)
			}
		})
		base = bl.b.NewLoad(base.Type(), slot)
	}
	fc.vals[op.Result(0).ID()] = &lowered{view: &view{elem: in.view.elem, shape: rt.Shape, base: base, sizes: sizes, strides: fc.bl.contig(sizes), contiguous: true}}
	return nil
}

// rowMajor is true when v's strides are row-major over its sizes (a
// dimension of size 1 may have any stride).
func (bl *builder) rowMajor(v *view) value.Value {
	var ok value.Value = constant.True
	contig := bl.contig(v.sizes)
	for j := range v.sizes {
		ok = bl.and(ok, bl.or(bl.icmp(enum.IPredEQ, v.sizes[j], i64c(1)), bl.icmp(enum.IPredEQ, v.strides[j], contig[j])))
	}
	return ok
}

// concat lowers a Concatenate op: the sizes other than along the
// dimension must agree (status 1, NumPy's message), then each operand is
// computed or copied into its window of the result.
func (fc *funcCtx) concat(op *ir.Op) error {
	bl := fc.bl
	rt, ok := op.Result(0).Type().(*ir.TensorType)
	if !ok || rt.Unranked {
		return op.Errorf("has an unranked result type '%s'; run -infer-shapes before -emit-llvm", ir.TypeString(op.Result(0).Type()))
	}
	d64, _ := traits.ConcatDim(op)
	d := int(d64)
	trees := make([]*node, op.NumOperands())
	sizes := make([][]value.Value, op.NumOperands())
	for k, v := range op.Operands() {
		if _, ranked := ir.Shape(v.Type()); !ranked {
			return op.Errorf("has an unranked operand #%d; run -infer-shapes before -emit-llvm", k)
		}
		if fc.inlined[v.ID()] {
			t, err := fc.tree(v, true)
			if err != nil {
				return err
			}
			if err := fc.prepare(t); err != nil {
				return err
			}
			trees[k], sizes[k] = t, t.sizes
			continue
		}
		if fc.vals[v.ID()] == nil {
			return op.Errorf("operand #%d has no lowered value", k)
		}
		sizes[k] = fc.vals[v.ID()].sizesOf()
	}
	out := make([]value.Value, len(rt.Shape))
	for j := range out {
		if j == d {
			var sum value.Value = i64c(0)
			for _, s := range sizes {
				sum = bl.add(sum, s[j])
			}
			out[j] = sum
			continue
		}
		for _, s := range sizes { // a constant size, if any, defines it
			if out[j] == nil || isConstVal(s[j]) {
				out[j] = s[j]
				if isConstVal(s[j]) {
					break
				}
			}
		}
	}
	if fc.mod.opts.Checks {
		for k, s := range sizes {
			for j := range s {
				if j == d || s[j] == out[j] {
					continue
				}
				a, b := sizes[0][j], s[j]
				fc.fail(bl.icmp(enum.IPredNE, s[j], out[j]), StatusShape, fmt.Sprintf("%s all the input array dimensions except for the concatenation axis must match exactly, but along dimension %d, the array at index 0 has size %%lld and the array at index %d has size %%lld", where(op), j, k), a, b)
			}
		}
		for j, s := range rt.Shape {
			if s >= 0 {
				var args []value.Value
				text := sizesText(out, &args)
				fc.fail(bl.icmp(enum.IPredNE, out[j], i64c(s)), StatusShape, fmt.Sprintf("%s joins the operands into shape %s, but the result type is %s", where(op), text, escape(ir.TypeString(rt))), args...)
			}
		}
	}
	for j, s := range rt.Shape {
		if s >= 0 {
			out[j] = i64c(s)
		}
	}
	var dst *view
	res := op.Result(0)
	if k := fc.returnedOnce(res); k >= 0 {
		dst = fc.resultView(k, out)
		fc.results[k].filled = true
	} else {
		dst = fc.temp(rt.Elem, rt.Shape, out, fmt.Sprintf("%s: '%s' op", op.Pos, op.Name))
	}
	var at value.Value = i64c(0)
	for k, v := range op.Operands() {
		shape, _ := ir.Shape(v.Type())
		w := &view{elem: rt.Elem, shape: shape, base: bl.gep(storageType(rt.Elem), dst.base, bl.mul(at, dst.strides[d])),
			sizes: sizes[k], strides: dst.strides, contiguous: dst.contiguous && outerUnit(out[:d])}
		var err error
		if trees[k] != nil {
			err = fc.emitNest(w, trees[k])
		} else {
			err = fc.copyInto(w, v)
		}
		if err != nil {
			return err
		}
		at = bl.add(at, sizes[k][d])
	}
	fc.vals[res.ID()] = &lowered{view: dst}
	return nil
}

// outerUnit reports whether every size is the constant 1: a window
// along a dimension after them is row-major when its buffer is.
func outerUnit(sizes []value.Value) bool {
	for _, s := range sizes {
		if !isConst(s, 1) {
			return false
		}
	}
	return true
}

// dim lowers a ShapedDim op: the size, chosen at run time for a dynamic
// index (out of range: status 1).
func (fc *funcCtx) dim(op *ir.Op) error {
	bl := fc.bl
	src, idx := fc.vals[op.Operand(0).ID()], fc.vals[op.Operand(1).ID()]
	sizes := src.sizesOf()
	if _, ranked := ir.Shape(op.Operand(0).Type()); !ranked || sizes == nil && src.view == nil && src.scalar == nil {
		return op.Errorf("reads a dimension of an unranked tensor; run -infer-shapes before -emit-llvm")
	}
	if c, ok := constVal(idx.scalar); ok {
		if c < 0 || c >= int64(len(sizes)) {
			return op.Errorf("index is out of range")
		}
		fc.vals[op.Result(0).ID()] = &lowered{scalar: sizes[c]}
		return nil
	}
	if fc.mod.opts.Checks {
		bad := bl.or(bl.icmp(enum.IPredSLT, idx.scalar, i64c(0)), bl.icmp(enum.IPredSGE, idx.scalar, i64c(int64(len(sizes)))))
		fc.fail(bad, StatusShape, fmt.Sprintf("%s index %%lld is out of range for a tensor of rank %d", where(op), len(sizes)), idx.scalar)
	}
	var v value.Value = i64c(0)
	for j, s := range sizes {
		v = bl.selectI64(bl.icmp(enum.IPredEQ, idx.scalar, i64c(int64(j))), s, v)
	}
	fc.vals[op.Result(0).ID()] = &lowered{scalar: v}
	return nil
}
