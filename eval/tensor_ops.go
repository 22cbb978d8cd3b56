package eval

import (
	"fmt"
	"slices"

	"github.com/tirc/tirc/dialect"
	"github.com/tirc/tirc/ir"
)

// The tensor dialect's ops that build, reshape, slice and pad tensors
// (dialect/tensor_ops.go), evaluated directly: a slice or an index out of
// bounds at run time is a RuntimeError with the message compiled code
// prints (SliceBoundsMessage).

// tensorOps are the ops tensorOp evaluates.
var tensorOps = map[string]func(op *ir.Op, args []*Tensor) (*Tensor, error){
	"tensor.empty":          evalEmpty,
	"tensor.collapse_shape": evalReshape,
	"tensor.expand_shape":   evalReshape,
	"tensor.extract":        evalExtract,
	"tensor.insert":         evalInsert,
	"tensor.from_elements":  evalFromElements,
	"tensor.extract_slice":  evalExtractSlice,
	"tensor.insert_slice":   evalInsertSlice,
}

// SliceBoundsMessage is the run-time error of a slice window that does
// not fit dimension dim (eval and compiled code print it alike; a format
// whose %lld take offset, size, stride and the dimension's size).
func SliceBoundsMessage(dim int) string {
	return fmt.Sprintf("slice of dimension %d (offset %%lld, size %%lld, stride %%lld) is out of bounds for size %%lld", dim)
}

// SliceInBounds reports whether the window offset + stride*i, i < size,
// fits a dimension of size n: size >= 0, offset >= 0, and when the window
// is not empty its first and last index are below n.
func SliceInBounds(offset, size, stride, n int64) bool {
	if size < 0 || offset < 0 {
		return false
	}
	if size == 0 {
		return offset <= n
	}
	last := offset + (size-1)*stride
	return offset < n && last >= 0 && last < n
}

func sprintfLL(format string, args ...any) string {
	return fmt.Sprintf(replaceLL(format), args...)
}

// replaceLL turns a printf format's %lld into Go's %d.
func replaceLL(format string) string {
	out := []byte{}
	for i := 0; i < len(format); i++ {
		if format[i] == '%' && i+3 < len(format) && format[i+1:i+4] == "lld" {
			out = append(out, '%', 'd')
			i += 3
			continue
		}
		out = append(out, format[i])
	}
	return string(out)
}

// mixed returns the values of a mixed static/dynamic list, its SSA
// entries read from args (operand k of op is args[k]).
func mixed(op *ir.Op, m dialect.MixedList, args []*Tensor) []int64 {
	out := make([]int64, m.Len())
	for i := range out {
		s, v := m.At(i)
		out[i] = s
		if v != nil {
			for k, o := range op.Operands() {
				if o == v {
					out[i] = args[k].Ints[0]
					break
				}
			}
		}
	}
	return out
}

// rowStrides returns the row-major strides of shape.
func rowStrides(shape []int64) []int64 {
	st := make([]int64, len(shape))
	acc := int64(1)
	for j := len(shape) - 1; j >= 0; j-- {
		st[j] = acc
		acc *= shape[j]
	}
	return st
}

// clone copies t's elements.
func clone(t *Tensor) *Tensor {
	r := *t
	r.Shape = slices.Clone(t.Shape)
	r.Ints, r.Floats = slices.Clone(t.Ints), slices.Clone(t.Floats)
	return &r
}

func evalEmpty(op *ir.Op, args []*Tensor) (*Tensor, error) {
	s, _ := ir.Shape(op.Result(0).Type())
	shape := slices.Clone(s)
	k := 0
	for i, d := range shape {
		if d < 0 {
			shape[i] = args[k].Ints[0]
			k++
			if shape[i] < 0 {
				return nil, runtimeErr(op, "dynamic size %d of dimension %d is negative", shape[i], i)
			}
		}
	}
	return New(ir.ElementType(op.Result(0).Type()), shape...), nil
}

// expandSizes returns the sizes of an expand_shape's result: static
// where the type says, else output_shape's entry.
func expandSizes(op *ir.Op, args []*Tensor) []int64 {
	rs, _ := ir.Shape(op.Result(0).Type())
	out := mixed(op, dialect.OutputShape(op), args)
	for i, d := range rs {
		if d >= 0 {
			out[i] = d
		}
	}
	return out
}

// evalReshape evaluates collapse_shape and expand_shape: the same
// elements in row-major order; an expand whose group sizes do not
// multiply to its source dim is a run-time error.
func evalReshape(op *ir.Op, args []*Tensor) (*Tensor, error) {
	groups, expand, _ := dialect.ReshapeGroups(op)
	x := args[0]
	r := *x
	if !expand {
		r.Shape = make([]int64, len(groups))
		at := 0
		for i, g := range groups {
			r.Shape[i] = 1
			for _, d := range x.Shape[at : at+len(g)] {
				r.Shape[i] *= d
			}
			at += len(g)
		}
		return &r, nil
	}
	r.Shape = expandSizes(op, args)
	at := 0
	for i, g := range groups {
		p := int64(1)
		for _, d := range r.Shape[at : at+len(g)] {
			p *= d
		}
		if p != x.Shape[i] || slices.ContainsFunc(r.Shape[at:at+len(g)], func(d int64) bool { return d < 0 }) {
			return nil, runtimeErr(op, "%s", sprintfLL(ExpandMessage(i, ir.ShapeString(r.Shape[at:at+len(g)])), x.Shape[i]))
		}
		at += len(g)
	}
	return &r, nil
}

// ExpandMessage is the run-time error of an expand_shape whose output
// sizes for source dimension dim (text) do not multiply to its size (a
// %lld).
func ExpandMessage(dim int, sizes string) string {
	return fmt.Sprintf("cannot expand dimension %d of size %%lld into sizes %s", dim, sizes)
}

// IndexMessage is the run-time error of an index out of bounds (a format
// whose %lld take the index and the size).
func IndexMessage(dim int) string {
	return fmt.Sprintf("index %%lld is out of bounds for dimension %d of size %%lld", dim)
}

// offsetOf checks indices against shape and returns the row-major
// element offset.
func offsetOf(op *ir.Op, shape []int64, idx []*Tensor) (int, error) {
	st := rowStrides(shape)
	off := int64(0)
	for j, t := range idx {
		i := t.Ints[0]
		if i < 0 || i >= shape[j] {
			return 0, runtimeErr(op, "%s", sprintfLL(IndexMessage(j), i, shape[j]))
		}
		off += i * st[j]
	}
	return int(off), nil
}

func evalExtract(op *ir.Op, args []*Tensor) (*Tensor, error) {
	x := args[0]
	at, err := offsetOf(op, x.Shape, args[1:])
	if err != nil {
		return nil, err
	}
	r := New(x.Elem)
	r.Set(0, x.At(at))
	return r, nil
}

func evalInsert(op *ir.Op, args []*Tensor) (*Tensor, error) {
	r := clone(args[1])
	at, err := offsetOf(op, r.Shape, args[2:])
	if err != nil {
		return nil, err
	}
	r.Set(at, args[0].At(0))
	return r, nil
}

func evalFromElements(op *ir.Op, args []*Tensor) (*Tensor, error) {
	s, _ := ir.Shape(op.Result(0).Type())
	r := New(ir.ElementType(op.Result(0).Type()), s...)
	for i, a := range args {
		r.Set(i, a.At(0))
	}
	return r, nil
}

// window is a slice's offsets, sizes and strides, checked against the
// shape of the tensor it reads or writes.
func window(op *ir.Op, s *dialect.Slice, shape []int64, args []*Tensor) (off, size, stride []int64, err error) {
	off = mixed(op, s.Offsets, args)
	size = mixed(op, s.Sizes, args)
	stride = mixed(op, s.Strides, args)
	for j := range shape {
		if !SliceInBounds(off[j], size[j], stride[j], shape[j]) {
			return nil, nil, nil, runtimeErr(op, "%s", sprintfLL(SliceBoundsMessage(j), off[j], size[j], stride[j], shape[j]))
		}
	}
	return off, size, stride, nil
}

// forWindow calls f with the row-major element offset into a tensor of
// shape full of each element of the window, in row-major window order.
func forWindow(full, off, size, stride []int64, f func(at int)) {
	st := rowStrides(full)
	n := int64(1)
	for _, s := range size {
		n *= s
	}
	idx := make([]int64, len(size))
	for range n {
		at := int64(0)
		for j := range idx {
			at += (off[j] + idx[j]*stride[j]) * st[j]
		}
		f(int(at))
		for j := len(idx) - 1; j >= 0; j-- {
			if idx[j]++; idx[j] < size[j] {
				break
			}
			idx[j] = 0
		}
	}
}

func evalExtractSlice(op *ir.Op, args []*Tensor) (*Tensor, error) {
	s, ok := dialect.SliceOf(op)
	if !ok {
		return nil, fmt.Errorf("%s: '%s' op is malformed", op.Pos, op.Name)
	}
	x := args[0]
	off, size, stride, err := window(op, s, x.Shape, args)
	if err != nil {
		return nil, err
	}
	r := New(x.Elem, size...)
	i := 0
	forWindow(x.Shape, off, size, stride, func(at int) { r.Set(i, x.At(at)); i++ })
	r.Shape = keptSizes(op, s, size)
	return r, nil
}

// keptSizes are the sizes of the dims a slice's rank-reduced type keeps.
func keptSizes(op *ir.Op, s *dialect.Slice, size []int64) []int64 {
	dropped, _ := dialect.SliceDropped(op, s)
	var out []int64
	for j, d := range size {
		if j >= len(dropped) || !dropped[j] {
			out = append(out, d)
		}
	}
	if out == nil {
		out = []int64{}
	}
	return out
}

func evalInsertSlice(op *ir.Op, args []*Tensor) (*Tensor, error) {
	s, ok := dialect.SliceOf(op)
	if !ok {
		return nil, fmt.Errorf("%s: '%s' op is malformed", op.Pos, op.Name)
	}
	src, r := args[0], clone(args[1])
	off, size, stride, err := window(op, s, r.Shape, args)
	if err != nil {
		return nil, err
	}
	for j, k := range keptSizes(op, s, size) {
		if src.Shape[j] != k {
			return nil, runtimeErr(op, "%s", sprintfLL(InsertSizeMessage(j), src.Shape[j], k))
		}
	}
	i := 0
	forWindow(r.Shape, off, size, stride, func(at int) { r.Set(at, src.At(i)); i++ })
	return r, nil
}

// InsertSizeMessage is the run-time error of an insert_slice whose
// source's size in dimension dim (a %lld) differs from the window's (a
// %lld).
func InsertSizeMessage(dim int) string {
	return fmt.Sprintf("the source's size %%lld in dimension %d differs from the window's size %%lld", dim)
}

// regionOp evaluates an op with a region: tensor.generate (its body at
// every index) and tensor.pad (its padding value around the source).
// get returns the values defined outside the op.
func (m *machine) regionOp(op *ir.Op, args []*Tensor, get func(*ir.Value) *Tensor) ([]*Tensor, error) {
	switch op.Name {
	case "tensor.generate":
		return one(m.generate(op, args, get))
	case "tensor.pad":
		return one(m.pad(op, args, get))
	}
	return nil, fmt.Errorf("%s: '%s' op has regions, which eval does not run", op.Pos, op.Name)
}

// body runs the single block of op's region on the block arguments and
// returns what its terminator yields.
func (m *machine) body(op *ir.Op, blockArgs []*Tensor, get func(*ir.Value) *Tensor) ([]*Tensor, error) {
	b := op.Region(0).Front()
	local := map[*ir.Value]*Tensor{}
	for i, a := range b.Args() {
		local[a] = blockArgs[i]
	}
	lookup := func(v *ir.Value) *Tensor {
		if t, ok := local[v]; ok {
			return t
		}
		return get(v)
	}
	for o := range b.Ops() {
		in := make([]*Tensor, o.NumOperands())
		for i, v := range o.Operands() {
			if in[i] = lookup(v); in[i] == nil {
				return nil, fmt.Errorf("%s: '%s' op operand #%d is not defined before use", o.Pos, o.Name, i)
			}
		}
		if o.Has(ir.TraitTerminator) {
			return in, nil
		}
		var out []*Tensor
		var err error
		if o.NumRegions() > 0 {
			out, err = m.regionOp(o, in, lookup)
		} else {
			out, err = m.op(o, in)
		}
		if err != nil {
			return nil, err
		}
		for i, r := range o.Results() {
			local[r] = out[i]
		}
	}
	return nil, fmt.Errorf("%s: '%s' op's body has no terminator", op.Pos, op.Name)
}

func (m *machine) generate(op *ir.Op, args []*Tensor, get func(*ir.Value) *Tensor) (*Tensor, error) {
	shape, _ := ir.Shape(op.Result(0).Type())
	shape = slices.Clone(shape)
	k := 0
	for i, d := range shape {
		if d < 0 {
			if shape[i] = args[k].Ints[0]; shape[i] < 0 {
				return nil, runtimeErr(op, "dynamic size %d of dimension %d is negative", shape[i], i)
			}
			k++
		}
	}
	return m.build(op, shape, get, func([]int64) (Num, bool) { return Num{}, false })
}

// build makes op's result of the given shape: each element is what
// known returns for its index, or else what the op's body yields for it.
func (m *machine) build(op *ir.Op, shape []int64, get func(*ir.Value) *Tensor, known func(idx []int64) (Num, bool)) (*Tensor, error) {
	r := New(ir.ElementType(op.Result(0).Type()), shape...)
	idx := make([]int64, len(shape))
	for i := range r.Len() {
		v, ok := known(idx)
		if !ok {
			bargs := make([]*Tensor, len(idx))
			for j, x := range idx {
				bargs[j] = Ints(ir.Index, nil, x)
			}
			y, err := m.body(op, bargs, get)
			if err != nil {
				return nil, err
			}
			v = y[0].At(0)
		}
		r.Set(i, v)
		for j := len(idx) - 1; j >= 0; j-- {
			if idx[j]++; idx[j] < shape[j] {
				break
			}
			idx[j] = 0
		}
	}
	return r, nil
}

// PadMessage is the run-time error of a negative dynamic low or high
// padding (a %lld).
func PadMessage(side string, dim int) string {
	return fmt.Sprintf("%s padding %%lld of dimension %d is negative", side, dim)
}

func (m *machine) pad(op *ir.Op, args []*Tensor, get func(*ir.Value) *Tensor) (*Tensor, error) {
	p, ok := dialect.PadOf(op)
	if !ok {
		return nil, fmt.Errorf("%s: '%s' op is malformed", op.Pos, op.Name)
	}
	x := args[0]
	low, high := mixed(op, p.Low, args), mixed(op, p.High, args)
	shape := make([]int64, len(x.Shape))
	for j := range shape {
		for _, side := range []struct {
			name string
			v    int64
		}{{"low", low[j]}, {"high", high[j]}} {
			if side.v < 0 {
				return nil, runtimeErr(op, "%s", sprintfLL(PadMessage(side.name, j), side.v))
			}
		}
		shape[j] = x.Shape[j] + low[j] + high[j]
	}
	if msg := fits(&Tensor{Shape: shape, Elem: x.Elem}, op.Result(0).Type()); msg != "" {
		return nil, runtimeErr(op, "pads to shape %s, but the result type has %s", ir.TupleShape(shape), msg)
	}
	return m.build(op, shape, get, func(idx []int64) (Num, bool) {
		at := int64(0)
		for j, i := range idx {
			if i < low[j] || i >= low[j]+x.Shape[j] {
				return Num{}, false
			}
			at = at*x.Shape[j] + i - low[j]
		}
		return x.At(int(at)), true
	})
}
