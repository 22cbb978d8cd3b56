package ir

import (
	"slices"
	"strconv"
	"strings"
)

// Dynamic is the size of a dimension known only at run time, printed '?'.
const Dynamic int64 = -1

// MaxRank is the largest rank tirc accepts for tensor and vector types.
// Codegen supports every rank up to it; the parser refuses more, so that a
// hostile input cannot make per-dimension work unbounded.
const MaxRank = 64

// Type is an IR type: a *Scalar, *TensorType, *VectorType, *MemRefType,
// *FuncType or *OpaqueType. Types are immutable once built; compare them with TypeEqual.
type Type interface {
	// String prints the type in MLIR syntax, e.g. "tensor<4x?xf32>".
	String() string
	appendTo(b []byte) []byte
}

// ScalarKind enumerates the scalar (element) types.
type ScalarKind uint8

// The scalar kinds, in MLIR spelling order: signless integers and index,
// signed (si) and unsigned (ui) integers, floats.
const (
	KindI1 ScalarKind = iota
	KindI8
	KindI16
	KindI32
	KindI64
	KindIndex
	KindSI8
	KindSI16
	KindSI32
	KindSI64
	KindUI8
	KindUI16
	KindUI32
	KindUI64
	KindF16
	KindBF16
	KindF32
	KindF64
	// KindInt is an integer of any other width or signedness (i128, i15,
	// si1, ...): parsed, printed and verified as MLIR does, not lowered.
	KindInt
	// KindComplex is complex<T> of an integer or float T: parsed, printed
	// and verified, not lowered.
	KindComplex
)

// Signedness is how an integer type interprets its bits, as MLIR's
// IntegerType: signless (i8: the op decides, as arith.divsi and
// arith.divui do), signed (si8) or unsigned (ui8).
type Signedness uint8

// The signedness semantics.
const (
	Signless Signedness = iota
	Signed
	Unsigned
)

// Scalar is a scalar type: an integer (signless, signed or unsigned),
// index, or a float. There is exactly one *Scalar per kind, so scalars
// compare with ==.
type Scalar struct {
	Kind ScalarKind
	name string
	bits int
	sign Signedness
	elem *Scalar // of a complex type
}

// The scalar types.
var (
	I1    = &Scalar{Kind: KindI1, name: "i1", bits: 1}
	I8    = &Scalar{Kind: KindI8, name: "i8", bits: 8}
	I16   = &Scalar{Kind: KindI16, name: "i16", bits: 16}
	I32   = &Scalar{Kind: KindI32, name: "i32", bits: 32}
	I64   = &Scalar{Kind: KindI64, name: "i64", bits: 64}
	Index = &Scalar{Kind: KindIndex, name: "index", bits: 64}
	SI8   = &Scalar{Kind: KindSI8, name: "si8", bits: 8, sign: Signed}
	SI16  = &Scalar{Kind: KindSI16, name: "si16", bits: 16, sign: Signed}
	SI32  = &Scalar{Kind: KindSI32, name: "si32", bits: 32, sign: Signed}
	SI64  = &Scalar{Kind: KindSI64, name: "si64", bits: 64, sign: Signed}
	UI8   = &Scalar{Kind: KindUI8, name: "ui8", bits: 8, sign: Unsigned}
	UI16  = &Scalar{Kind: KindUI16, name: "ui16", bits: 16, sign: Unsigned}
	UI32  = &Scalar{Kind: KindUI32, name: "ui32", bits: 32, sign: Unsigned}
	UI64  = &Scalar{Kind: KindUI64, name: "ui64", bits: 64, sign: Unsigned}
	F16   = &Scalar{Kind: KindF16, name: "f16", bits: 16}
	BF16  = &Scalar{Kind: KindBF16, name: "bf16", bits: 16}
	F32   = &Scalar{Kind: KindF32, name: "f32", bits: 32}
	F64   = &Scalar{Kind: KindF64, name: "f64", bits: 64}
)

// Scalars lists every scalar type codegen lowers (IntType and Complex
// make the others).
var Scalars = []*Scalar{I1, I8, I16, I32, I64, Index, SI8, SI16, SI32, SI64, UI8, UI16, UI32, UI64, F16, BF16, F32, F64}

// ScalarByName returns the scalar type spelled name ("f32"), or nil.
func ScalarByName(name string) *Scalar {
	for _, s := range Scalars {
		if s.name == name {
			return s
		}
	}
	return nil
}

func (s *Scalar) String() string           { return s.name }
func (s *Scalar) appendTo(b []byte) []byte { return append(b, s.name...) }

// IsInt reports whether s is an integer type of any width and signedness,
// or index.
func (s *Scalar) IsInt() bool { return s.Kind <= KindUI64 || s.Kind == KindInt }

// IsSignless reports whether s is a signless integer (i1, i8, i128, ...)
// or index: what MLIR's arith dialect requires.
func (s *Scalar) IsSignless() bool {
	return s.Kind <= KindIndex || (s.Kind == KindInt && s.sign == Signless)
}

// IsUnsigned reports whether s is an unsigned integer type (ui8 ... ui64).
func (s *Scalar) IsUnsigned() bool { return s.sign == Unsigned }

// IsSigned reports whether s is a signed integer type (si8 ... si64).
func (s *Scalar) IsSigned() bool { return s.sign == Signed }

// Signedness is the integer type's signedness (Signless for i1..i64,
// index and the floats).
func (s *Scalar) Signedness() Signedness { return s.sign }

// IsFloat reports whether s is a floating-point type.
func (s *Scalar) IsFloat() bool { return s.Kind >= KindF16 && s.Kind <= KindF64 }

// IsComplex reports whether s is complex<T>.
func (s *Scalar) IsComplex() bool { return s.Kind == KindComplex }

// ComplexElem is T of complex<T>, or nil for other types.
func (s *Scalar) ComplexElem() *Scalar { return s.elem }

// Lowerable reports whether codegen and eval handle s: i1, i8..i64, index,
// si/ui 8..64 and the floats; the other integer widths and complex types
// are for verification only.
func (s *Scalar) Lowerable() bool { return s.Kind <= KindF64 }

// Unsigned reports whether integer values of s order and divide as
// unsigned numbers: the ui types, and i1 (a boolean: false < true).
func (s *Scalar) Unsigned() bool { return s.sign == Unsigned || s == I1 }

// Bits is the width of s in bits (64 for index; twice the element's for
// a complex type).
func (s *Scalar) Bits() int { return s.bits }

// TensorType is a ranked tensor (Shape may be empty: rank 0) or, with
// Unranked set, tensor<*xElem>. Shape entries are sizes >= 0 or Dynamic.
// A ranked tensor may carry an encoding, any attribute (MLIR's
// `tensor<10xf32, "enc">`, a sparse layout): types with different
// encodings differ.
type TensorType struct {
	Shape    []int64
	Elem     *Scalar
	Unranked bool
	Encoding Attr
}

// VectorType is a vector with static dimensions. Scalable marks the
// dimensions that are multiples of the hardware's vector length
// (vector<[4]xi32>); it is nil when none is.
type VectorType struct {
	Shape    []int64
	Elem     *Scalar
	Scalable []bool
}

// FuncType is a function signature (inputs) -> results.
type FuncType struct {
	Inputs  []Type
	Results []Type
}

// OpaqueType is a type of an unregistered dialect, kept as its text
// ("!foo.bar<1>"), accepted with -allow-unregistered-dialect.
type OpaqueType struct {
	Text string
}

// Tensor returns the ranked tensor type with the given element type and shape.
func Tensor(elem *Scalar, shape ...int64) *TensorType {
	if shape == nil {
		shape = []int64{}
	}
	return &TensorType{Shape: shape, Elem: elem}
}

// UnrankedTensor returns tensor<*xelem>.
func UnrankedTensor(elem *Scalar) *TensorType { return &TensorType{Elem: elem, Unranked: true} }

// Vector returns the vector type with the given element type and shape.
func Vector(elem *Scalar, shape ...int64) *VectorType { return &VectorType{Shape: shape, Elem: elem} }

func (t *TensorType) String() string { return string(t.appendTo(nil)) }
func (t *TensorType) appendTo(b []byte) []byte {
	b = append(b, "tensor<"...)
	if t.Unranked {
		b = append(b, "*x"...)
	} else {
		b = appendDims(b, t.Shape, true)
	}
	b = append(b, t.Elem.name...)
	if t.Encoding != nil {
		b = append(b, ", "...)
		b = appendAttr(b, t.Encoding, false)
	}
	return append(b, '>')
}

// Rank is the number of dimensions, or -1 for an unranked tensor.
func (t *TensorType) Rank() int {
	if t.Unranked {
		return -1
	}
	return len(t.Shape)
}

func (t *VectorType) String() string { return string(t.appendTo(nil)) }
func (t *VectorType) appendTo(b []byte) []byte {
	b = append(b, "vector<"...)
	if t.Scalable == nil {
		b = appendDims(b, t.Shape, true)
	} else {
		for i, d := range t.Shape {
			if t.IsScalable(i) {
				b = append(b, '[')
				b = strconv.AppendInt(b, d, 10)
				b = append(b, "]x"...)
			} else {
				b = strconv.AppendInt(b, d, 10)
				b = append(b, 'x')
			}
		}
	}
	b = append(b, t.Elem.name...)
	return append(b, '>')
}

func (t *FuncType) String() string { return string(t.appendTo(nil)) }
func (t *FuncType) appendTo(b []byte) []byte {
	b = append(b, '(')
	for i, in := range t.Inputs {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = appendType(b, in)
	}
	b = append(b, ") -> "...)
	return appendResultTypes(b, t.Results)
}

// appendResultTypes prints a result list as MLIR does: a single non-function
// type bare, anything else in parentheses.
func appendResultTypes(b []byte, results []Type) []byte {
	if len(results) == 1 {
		if _, isFn := results[0].(*FuncType); !isFn {
			return appendType(b, results[0])
		}
	}
	b = append(b, '(')
	for i, r := range results {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = appendType(b, r)
	}
	return append(b, ')')
}

func (t *OpaqueType) String() string           { return t.Text }
func (t *OpaqueType) appendTo(b []byte) []byte { return append(b, t.Text...) }

// appendType prints t, or "<<NULL TYPE>>" for a nil type (the printer never
// crashes on broken IR).
func appendType(b []byte, t Type) []byte {
	if t == nil {
		return append(b, "<<NULL TYPE>>"...)
	}
	return t.appendTo(b)
}

func appendDims(b []byte, shape []int64, trailingX bool) []byte {
	for i, d := range shape {
		if i > 0 {
			b = append(b, 'x')
		}
		if d < 0 {
			b = append(b, '?')
		} else {
			b = strconv.AppendInt(b, d, 10)
		}
	}
	if trailingX && len(shape) > 0 {
		b = append(b, 'x')
	}
	return b
}

// ShapeString formats a shape as MLIR's messages do: "4x?x1", and "" for
// rank 0.
func ShapeString(shape []int64) string { return string(appendDims(nil, shape, false)) }

// TupleShape prints a shape as NumPy prints one, for run-time messages
// that NumPy users read: (3,4), (3,) for rank 1, () for rank 0, ? for an
// unknown size.
func TupleShape(shape []int64) string {
	var sb strings.Builder
	sb.WriteByte('(')
	for i, d := range shape {
		if i > 0 {
			sb.WriteByte(',')
		}
		if d < 0 {
			sb.WriteByte('?')
		} else {
			sb.WriteString(strconv.FormatInt(d, 10))
		}
	}
	if len(shape) == 1 {
		sb.WriteByte(',')
	}
	sb.WriteByte(')')
	return sb.String()
}

// TypeString prints t; nil prints as "<<NULL TYPE>>".
func TypeString(t Type) string { return string(appendType(nil, t)) }

// TypesString prints a comma-separated type list.
func TypesString(ts []Type) string {
	var sb strings.Builder
	for i, t := range ts {
		if i > 0 {
			sb.WriteString(", ")
		}
		sb.WriteString(TypeString(t))
	}
	return sb.String()
}

// TypeEqual reports whether a and b are the same type.
func TypeEqual(a, b Type) bool {
	if a == b {
		return true
	}
	switch x := a.(type) {
	case *TensorType:
		y, ok := b.(*TensorType)
		return ok && x.Elem == y.Elem && x.Unranked == y.Unranked && shapeEqual(x.Shape, y.Shape) && AttrEqual(x.Encoding, y.Encoding)
	case *VectorType:
		y, ok := b.(*VectorType)
		return ok && x.Elem == y.Elem && shapeEqual(x.Shape, y.Shape) && boolsEqual(x.Scalable, y.Scalable)
	case *MemRefType:
		y, ok := b.(*MemRefType)
		return ok && TypeEqual(x.Elem, y.Elem) && x.Unranked == y.Unranked && shapeEqual(x.Shape, y.Shape) &&
			AttrEqual(x.Layout, y.Layout) && AttrEqual(x.MemorySpace, y.MemorySpace)
	case *FuncType:
		y, ok := b.(*FuncType)
		return ok && TypesEqual(x.Inputs, y.Inputs) && TypesEqual(x.Results, y.Results)
	case *OpaqueType:
		y, ok := b.(*OpaqueType)
		return ok && x.Text == y.Text
	}
	return false
}

// TypesEqual compares two type lists element-wise.
func TypesEqual(a, b []Type) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !TypeEqual(a[i], b[i]) {
			return false
		}
	}
	return true
}

func shapeEqual(a, b []int64) bool { return slices.Equal(a, b) }

// ElementType returns the element type of a tensor or vector, the type
// itself for a scalar, and nil otherwise.
func ElementType(t Type) *Scalar {
	switch x := t.(type) {
	case *Scalar:
		return x
	case *TensorType:
		return x.Elem
	case *VectorType:
		return x.Elem
	}
	return nil
}

// IsShaped reports whether t is a tensor (ranked or not) or a vector.
func IsShaped(t Type) bool {
	switch t.(type) {
	case *TensorType, *VectorType:
		return true
	}
	return false
}

// Shape returns the dimensions of a ranked tensor or vector; ranked is false
// for unranked tensors and for non-shaped types.
func Shape(t Type) (shape []int64, ranked bool) {
	switch x := t.(type) {
	case *TensorType:
		if x.Unranked {
			return nil, false
		}
		return x.Shape, true
	case *VectorType:
		return x.Shape, true
	}
	return nil, false
}

// IsRankedTensor reports whether t is a ranked tensor type.
func IsRankedTensor(t Type) bool {
	x, ok := t.(*TensorType)
	return ok && !x.Unranked
}

// WithShape returns a tensor or vector like t with another shape (and, for a
// tensor, ranked). Other types are returned unchanged.
func WithShape(t Type, shape []int64) Type {
	switch x := t.(type) {
	case *TensorType:
		return &TensorType{Shape: shape, Elem: x.Elem, Encoding: x.Encoding}
	case *VectorType:
		v := &VectorType{Shape: shape, Elem: x.Elem}
		if len(shape) == len(x.Shape) {
			v.Scalable = x.Scalable
		}
		return v
	}
	return t
}

// WithElem returns a tensor or vector like t with element type e, or e for a
// scalar.
func WithElem(t Type, e *Scalar) Type {
	switch x := t.(type) {
	case *TensorType:
		return &TensorType{Shape: x.Shape, Elem: e, Unranked: x.Unranked, Encoding: x.Encoding}
	case *VectorType:
		return &VectorType{Shape: x.Shape, Elem: e, Scalable: x.Scalable}
	case *Scalar:
		return e
	}
	return t
}

// IsStatic reports whether every dimension of shape is known.
func IsStatic(shape []int64) bool {
	for _, d := range shape {
		if d < 0 {
			return false
		}
	}
	return true
}

// MaxElements bounds the number of elements of any tensor tirc accepts
// (2^59, so that the byte size of any element type fits in an int64):
// shapes whose product exceeds it are refused, and so are shapes whose
// known non-zero dimensions alone multiply past it (their strides would
// overflow).
const MaxElements = int64(1) << 59

// NumElements is the product of the static dimensions of shape; ok is false
// when a dimension is dynamic or the product exceeds MaxElements.
func NumElements(shape []int64) (n int64, ok bool) {
	n = 1
	for _, d := range shape {
		if d < 0 {
			return 0, false
		}
		if d != 0 && n > MaxElements/d {
			return 0, false
		}
		n *= d
	}
	return n, true
}

// CompatibleShapes reports whether two shapes can describe the same value:
// same rank and every pair of dimensions equal or one of them dynamic.
func CompatibleShapes(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] >= 0 && b[i] >= 0 && a[i] != b[i] {
			return false
		}
	}
	return true
}

// CompatibleTypes reports whether a and b are the same kind of type with the
// same element type and compatible shapes (unranked is compatible with any
// rank), as MLIR's verifyCompatibleShape with element types.
func CompatibleTypes(a, b Type) bool {
	if TypeEqual(a, b) {
		return true
	}
	ea, eb := ElementType(a), ElementType(b)
	if ea == nil || eb == nil || ea != eb {
		return false
	}
	return CompatibleShapeOf(a, b)
}

// CompatibleShapeOf reports whether the shapes of a and b are compatible,
// ignoring element types: unranked tensors are compatible with any shaped
// type, scalars only with scalars.
func CompatibleShapeOf(a, b Type) bool {
	sa, ra := Shape(a)
	sb, rb := Shape(b)
	if !IsShaped(a) || !IsShaped(b) {
		return !IsShaped(a) && !IsShaped(b)
	}
	if !ra || !rb {
		return true
	}
	return CompatibleShapes(sa, sb)
}

// CmpResultType is the result type of a comparison of values of type t:
// i1 with t's shape.
func CmpResultType(t Type) Type { return WithElem(t, I1) }

// Encoding returns the encoding of a ranked tensor type, or nil.
func Encoding(t Type) Attr {
	if x, ok := t.(*TensorType); ok {
		return x.Encoding
	}
	return nil
}
