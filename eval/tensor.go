package eval

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/tirc/tirc/ir"
)

// Tensor is a concrete value: a static shape, an element type and the
// elements in row-major order. Integer and i1 elements live in Ints
// (sign-extended from the element width; i1 is 0 or 1), float elements in
// Floats (rounded to the element type). A scalar (f32, i64, ...) is a
// rank-0 Tensor.
type Tensor struct {
	Shape  []int64
	Elem   *ir.Scalar
	Ints   []int64
	Floats []float64
}

// New returns a zero tensor of the given element type and shape.
func New(elem *ir.Scalar, shape ...int64) *Tensor {
	t := &Tensor{Shape: append([]int64{}, shape...), Elem: elem}
	n := t.Len()
	if elem.IsFloat() {
		t.Floats = make([]float64, n)
	} else {
		t.Ints = make([]int64, n)
	}
	return t
}

// Ints returns an integer tensor (i1 included) holding vals, each wrapped
// to elem's width; len(vals) must be the number of elements of shape.
func Ints(elem *ir.Scalar, shape []int64, vals ...int64) *Tensor {
	t := New(elem, shape...)
	for i := range t.Ints {
		t.Ints[i] = ir.WrapInt(vals[i], elem)
	}
	return t
}

// Floats returns a float tensor holding vals rounded to elem.
func Floats(elem *ir.Scalar, shape []int64, vals ...float64) *Tensor {
	t := New(elem, shape...)
	for i := range t.Floats {
		t.Floats[i] = Round(vals[i], elem)
	}
	return t
}

// Len is the number of elements.
func (t *Tensor) Len() int {
	n := int64(1)
	for _, d := range t.Shape {
		n *= d
	}
	return int(n)
}

// At returns element i (row-major).
func (t *Tensor) At(i int) Num {
	if t.Elem.IsFloat() {
		return Num{Float: t.Floats[i]}
	}
	return Num{Int: t.Ints[i]}
}

// Set stores element i.
func (t *Tensor) Set(i int, v Num) {
	if t.Elem.IsFloat() {
		t.Floats[i] = v.Float
	} else {
		t.Ints[i] = v.Int
	}
}

// Type is the tensor type of t.
func (t *Tensor) Type() *ir.TensorType { return ir.Tensor(t.Elem, slices.Clone(t.Shape)...) }

// FromDense returns the elements of a dense attribute (a splat expanded).
func FromDense(a *ir.DenseAttr) *Tensor {
	shape, _ := ir.Shape(a.Type)
	t := New(ir.ElementType(a.Type), shape...)
	for i := range t.Len() {
		if t.Elem.IsFloat() {
			t.Floats[i] = a.FloatAt(int64(i))
		} else {
			t.Ints[i] = a.IntAt(int64(i))
		}
	}
	return t
}

// FromAttr returns the value of a constant attribute: a dense elements
// attribute, or a scalar integer or float attribute (as rank 0).
func FromAttr(a ir.Attr) (*Tensor, error) {
	switch x := a.(type) {
	case *ir.DenseAttr:
		if s, ok := ir.Shape(x.Type); !ok || !ir.IsStatic(s) || ir.ElementType(x.Type) == nil {
			return nil, fmt.Errorf("dense attribute of type '%s' has no static shape", ir.TypeString(x.Type))
		}
		if want := 1; !x.Splat {
			want = New(ir.ElementType(x.Type), mustShape(x.Type)...).Len()
			if x.Len() != want {
				return nil, fmt.Errorf("dense attribute has %d elements, its type '%s' needs %d", x.Len(), ir.TypeString(x.Type), want)
			}
		} else if x.Len() != want {
			return nil, fmt.Errorf("splat attribute without a value")
		}
		return FromDense(x), nil
	case *ir.IntAttr:
		if x.Type == nil || !x.Type.IsInt() {
			return nil, fmt.Errorf("integer attribute %v has no integer type", a)
		}
		return Ints(x.Type, nil, x.Value), nil
	case *ir.FloatAttr:
		if x.Type == nil || !x.Type.IsFloat() {
			return nil, fmt.Errorf("float attribute %v has no float type", a)
		}
		return Floats(x.Type, nil, x.Value), nil
	}
	return nil, fmt.Errorf("attribute %v is not a constant tensor or number", a)
}

func mustShape(t ir.Type) []int64 {
	s, _ := ir.Shape(t)
	return s
}

// ToDense returns t as a dense attribute of type typ (which must have t's
// element type and number of elements; nil means tensor<shape x elem>).
// An attribute whose elements are all equal is a splat, as MLIR builds it.
func (t *Tensor) ToDense(typ ir.Type) *ir.DenseAttr {
	if typ == nil {
		typ = t.Type()
	}
	a := &ir.DenseAttr{Type: typ, Ints: slices.Clone(t.Ints), Floats: slices.Clone(t.Floats)}
	return a.NormalizeSplat()
}

// Attr returns t as the attribute of a constant of type typ: an IntAttr
// or FloatAttr for a scalar type, a dense attribute otherwise.
func (t *Tensor) Attr(typ ir.Type) ir.Attr {
	if s, ok := typ.(*ir.Scalar); ok && t.Len() == 1 {
		if s.IsFloat() {
			return &ir.FloatAttr{Value: t.Floats[0], Type: s}
		}
		return &ir.IntAttr{Value: t.Ints[0], Type: s}
	}
	return t.ToDense(typ)
}

// String prints the elements as nested lists, NumPy-like but with commas:
// [[6, 7], [7, 8]]; i1 prints as true/false, floats in Go's shortest form
// (inf, nan, -0).
func (t *Tensor) String() string {
	var sb strings.Builder
	i := 0
	t.write(&sb, t.Shape, &i)
	return sb.String()
}

func (t *Tensor) write(sb *strings.Builder, shape []int64, i *int) {
	if len(shape) == 0 {
		switch {
		case *i >= t.Len():
			sb.WriteString("?")
		case t.Elem == ir.I1:
			sb.WriteString(strconv.FormatBool(t.Ints[*i] != 0))
		case t.Elem.IsFloat():
			v := t.Floats[*i]
			s := strconv.FormatFloat(v, 'g', -1, 64)
			sb.WriteString(strings.ToLower(strings.TrimPrefix(s, "+")))
		default:
			sb.Write(ir.AppendInt(nil, t.Ints[*i], t.Elem))
		}
		*i++
		return
	}
	sb.WriteByte('[')
	for k := int64(0); k < shape[0]; k++ {
		if k > 0 {
			sb.WriteString(", ")
		}
		t.write(sb, shape[1:], i)
	}
	sb.WriteByte(']')
}
