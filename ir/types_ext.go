package ir

import (
	"slices"
	"strconv"
	"sync"
)

// The types tirc parses, prints and verifies as MLIR does but does not
// lower (SPEC 2): integers of any width, complex<T>, memref<...>, and
// scalable vector dimensions. codegen refuses them with an error at their
// location (Lowerable).

// MaxIntWidth is the widest integer type MLIR accepts (i16777215).
const MaxIntWidth = 1<<24 - 1

// extScalars interns the scalars made by IntType and Complex, so that
// scalars still compare with ==.
var extScalars sync.Map // name -> *Scalar

func internScalar(s *Scalar) *Scalar {
	v, _ := extScalars.LoadOrStore(s.name, s)
	return v.(*Scalar)
}

// IntType returns the integer type of the given width (0..MaxIntWidth) and
// signedness: one of the predefined scalars when there is one (i32, ui8),
// otherwise an interned KindInt scalar (i128, si15, ui1).
func IntType(bits int, sign Signedness) *Scalar {
	prefix := [...]string{Signless: "i", Signed: "si", Unsigned: "ui"}[sign]
	name := prefix + strconv.Itoa(bits)
	if s := ScalarByName(name); s != nil {
		return s
	}
	return internScalar(&Scalar{Kind: KindInt, name: name, bits: bits, sign: sign})
}

// Complex returns complex<elem>; elem must be an integer (not index) or a
// float, as MLIR's ComplexType requires (ValidComplexElem).
func Complex(elem *Scalar) *Scalar {
	return internScalar(&Scalar{Kind: KindComplex, name: "complex<" + elem.name + ">", bits: 2 * elem.bits, elem: elem})
}

// ValidComplexElem reports whether complex<e> is a valid type.
func ValidComplexElem(e *Scalar) bool {
	return e != nil && (e.IsFloat() || (e.IsInt() && e != Index))
}

// ScalableVector returns a vector type whose dimensions marked in scalable
// are multiples of the hardware's vector length (vector<[4]xi32>).
func ScalableVector(elem *Scalar, shape []int64, scalable []bool) *VectorType {
	return &VectorType{Shape: shape, Elem: elem, Scalable: normScalable(scalable)}
}

// normScalable is nil when no dimension is scalable, so that fixed
// vectors have one representation.
func normScalable(s []bool) []bool {
	for _, b := range s {
		if b {
			return s
		}
	}
	return nil
}

// IsScalable reports whether dimension i of the vector is scalable.
func (t *VectorType) IsScalable(i int) bool { return i < len(t.Scalable) && t.Scalable[i] }

// HasScalableDims reports whether any dimension of t is scalable.
func (t *VectorType) HasScalableDims() bool { return t.Scalable != nil }

func boolsEqual(a, b []bool) bool { return slices.Equal(a, b) }

// MemRefType is memref<shape x elem [, layout] [, memory space]>, or
// unranked memref<*xelem [, memory space]>. Elem is a scalar, a vector or a
// memref (MLIR's MemRefElementTypeInterface). Layout is nil (the identity),
// a *StridedLayout or an affine map kept as text (*OpaqueAttr); identity
// affine maps and memory space 0 are dropped when parsed, as MLIR does.
type MemRefType struct {
	Shape       []int64
	Elem        Type
	Unranked    bool
	Layout      Attr
	MemorySpace Attr
}

func (t *MemRefType) String() string { return string(t.appendTo(nil)) }
func (t *MemRefType) appendTo(b []byte) []byte {
	b = append(b, "memref<"...)
	if t.Unranked {
		b = append(b, "*x"...)
	} else {
		b = appendDims(b, t.Shape, true)
	}
	b = appendType(b, t.Elem)
	if t.Layout != nil {
		b = append(b, ", "...)
		b = appendAttr(b, t.Layout, false)
	}
	if t.MemorySpace != nil {
		b = append(b, ", "...)
		b = appendAttr(b, t.MemorySpace, true) // an i64 space prints bare: memref<4xf32, 1>
	}
	return append(b, '>')
}

// Rank is the number of dimensions, or -1 for an unranked memref.
func (t *MemRefType) Rank() int {
	if t.Unranked {
		return -1
	}
	return len(t.Shape)
}

// StridedLayout is the memref layout strided<[s0, s1, ...], offset: o>;
// Dynamic stands for '?'.
type StridedLayout struct {
	Strides []int64
	Offset  int64
}

func (a *StridedLayout) String() string { return string(a.appendTo(nil, false)) }
func (a *StridedLayout) appendTo(b []byte, _ bool) []byte {
	b = append(b, "strided<["...)
	for i, s := range a.Strides {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = appendDynInt(b, s)
	}
	b = append(b, ']')
	if a.Offset != 0 {
		b = append(b, ", offset: "...)
		b = appendDynInt(b, a.Offset)
	}
	return append(b, '>')
}

func appendDynInt(b []byte, v int64) []byte {
	if v == Dynamic {
		return append(b, '?')
	}
	return strconv.AppendInt(b, v, 10)
}

// Lowerable reports whether codegen handles every part of type t: tensors
// and vectors of fixed size with Lowerable elements, and those scalars.
// Memrefs, scalable and 0-d vectors, complex and odd-width integers are
// not.
func Lowerable(t Type) bool {
	switch x := t.(type) {
	case *Scalar:
		return x.Lowerable()
	case *TensorType:
		return x.Elem.Lowerable()
	case *VectorType:
		return x.Elem.Lowerable() && !x.HasScalableDims() && len(x.Shape) > 0
	case *FuncType:
		for _, in := range x.Inputs {
			if !Lowerable(in) {
				return false
			}
		}
		for _, r := range x.Results {
			if !Lowerable(r) {
				return false
			}
		}
		return true
	case *MemRefType:
		return false
	}
	return true
}

// MemRefOrShape is Shape extended to memrefs: the dimensions of a ranked tensor,
// vector or memref (MLIR's ShapedType); ranked is false otherwise.
func MemRefOrShape(t Type) (shape []int64, ranked bool) {
	if m, ok := t.(*MemRefType); ok {
		return m.Shape, !m.Unranked
	}
	return Shape(t)
}

// IsShapedOrMemRef reports whether t is one of MLIR's shaped types: a
// tensor, vector or memref.
func IsShapedOrMemRef(t Type) bool {
	_, ok := t.(*MemRefType)
	return ok || IsShaped(t)
}
