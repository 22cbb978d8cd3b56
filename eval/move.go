package eval

import (
	"fmt"
	"strings"

	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/traits"
)

// The ops without a loop description of their own, by trait: reshapes
// (the elements in row-major order, in the result's shape),
// concatenations (the operands side by side along one dimension) and the
// size of a dimension (tensor.dim).

// reshape evaluates a Reshape op: the operand's elements, in the result
// type's shape with its '?' decided by the element count (NumPy's
// message when they do not fit).
func reshape(op *ir.Op, x *Tensor) (*Tensor, error) {
	out, ranked := ir.Shape(op.Result(0).Type())
	if !ranked {
		return nil, fmt.Errorf("%s: '%s' op has an unranked result type; its shape is unknown", op.Pos, op.Name)
	}
	sizes, msg := traits.ReshapeSizes(int64(x.Len()), out)
	if msg != "" {
		return nil, runtimeErr(op, "%s (the operand has shape %s)", msg, ir.TupleShape(x.Shape))
	}
	r := *x
	r.Shape = sizes
	return &r, nil
}

// concat evaluates a Concatenate op: the other dimensions must agree
// (NumPy's message), then each operand fills its window of the result.
func concat(op *ir.Op, args []*Tensor) (*Tensor, error) {
	d, ok := traits.ConcatDim(op)
	if !ok || len(args) == 0 {
		return nil, fmt.Errorf("%s: '%s' op has no concatenation dimension", op.Pos, op.Name)
	}
	first := args[0]
	if d < 0 || d >= int64(len(first.Shape)) {
		return nil, fmt.Errorf("%s: '%s' op concatenates along dimension %d of rank-%d operands", op.Pos, op.Name, d, len(first.Shape))
	}
	shape := append([]int64(nil), first.Shape...)
	shape[d] = 0
	for k, a := range args {
		if len(a.Shape) != len(shape) {
			return nil, runtimeErr(op, "all the input arrays must have same number of dimensions, but the array at index 0 has %d dimension(s) and the array at index %d has %d dimension(s)", len(shape), k, len(a.Shape))
		}
		for j, s := range a.Shape {
			if int64(j) != d && s != first.Shape[j] {
				return nil, runtimeErr(op, "all the input array dimensions except for the concatenation axis must match exactly, but along dimension %d, the array at index 0 has size %d and the array at index %d has size %d", j, first.Shape[j], k, s)
			}
		}
		shape[d] += a.Shape[d]
	}
	if msg := fits(&Tensor{Shape: shape, Elem: first.Elem}, op.Result(0).Type()); msg != "" {
		var list []string
		for _, a := range args {
			list = append(list, ir.TupleShape(a.Shape))
		}
		return nil, runtimeErr(op, "joins shapes %s into shape %s, but the result type has %s", strings.Join(list, " "), ir.TupleShape(shape), msg)
	}
	out := New(first.Elem, shape...)
	inner := int64(1) // elements per index of dimension d
	for _, s := range shape[d+1:] {
		inner *= s
	}
	outer := int64(1)
	for _, s := range shape[:d] {
		outer *= s
	}
	at := int64(0) // the window's start along d
	for _, a := range args {
		run := a.Shape[d] * inner
		for o := range outer {
			for i := range run {
				out.Set(int(o*shape[d]*inner+at*inner+i), a.At(int(o*run+i)))
			}
		}
		at += a.Shape[d]
	}
	return out, nil
}

// shapedDim evaluates a ShapedDim op: the size of operand #0's dimension
// operand #1 (out of range: a run-time error, as compiled code reports
// it).
func shapedDim(op *ir.Op, x, index *Tensor) (*Tensor, error) {
	i := index.At(0).Int
	if i < 0 || i >= int64(len(x.Shape)) {
		return nil, runtimeErr(op, "index %d is out of range for a tensor of rank %d", i, len(x.Shape))
	}
	return Ints(ir.Index, nil, x.Shape[i]), nil
}
