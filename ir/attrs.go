package ir

import (
	"math"
	"math/big"
	"sort"
	"strconv"
)

// Attr is a compile-time constant attached to an op or function: one of the
// *...Attr types of this file. Attributes are immutable.
type Attr interface {
	// String prints the attribute in MLIR syntax.
	String() string
	appendTo(b []byte, elide bool) []byte
}

// IntAttr is an integer attribute `42 : i32` (Type defaults to i64). The
// value is kept sign-extended from the type's width. As in MLIR, booleans
// are i1 integers: `true` is IntAttr{1, I1} and prints as true.
type IntAttr struct {
	Value int64
	Type  *Scalar
	// Big is the value when it does not fit in an int64 (a type wider
	// than 64 bits: 2^100 : i128); Value is then 0.
	Big *big.Int
}

// FloatAttr is a float attribute `1.0 : f32` (Type defaults to f64).
type FloatAttr struct {
	Value float64
	Type  *Scalar
}

// StringAttr is a string literal attribute.
type StringAttr string

// UnitAttr is an attribute present without a value: `{foo}`.
type UnitAttr struct{}

// TypeAttr wraps a type: `{function_type = (i32) -> i32}`.
type TypeAttr struct{ Type Type }

// SymbolRefAttr names a symbol: `@callee`.
type SymbolRefAttr string

// ArrayAttr is a list of attributes `[a, b]`.
type ArrayAttr []Attr

// DictAttr is a dictionary `{a = 1, b}`, kept sorted by name.
type DictAttr []NamedAttr

// DenseArrayAttr is `array<i64: 0, 2>`: integers (Ints) or floats (Floats)
// of element type Elem.
type DenseArrayAttr struct {
	Elem   *Scalar
	Ints   []int64
	Floats []float64
}

// DenseAttr is `dense<...> : tensor<...>`, the elements of a tensor or
// vector constant in row-major order. Integer and i1 elements live in Ints,
// float elements in Floats. A splat holds one element.
type DenseAttr struct {
	Type   Type // *TensorType (ranked, static) or *VectorType
	Splat  bool
	Ints   []int64
	Floats []float64
}

// OpaqueAttr is an attribute of an unregistered dialect or an MLIR attribute
// tirc does not model (`#arith.fastmath<none>`, `affine_map<...>`), kept as
// text.
type OpaqueAttr struct{ Text string }

// NamedAttr is one name = value entry of an attribute dictionary.
type NamedAttr struct {
	Name  string
	Value Attr
}

// Bool returns the i1 attribute true or false.
func Bool(b bool) *IntAttr {
	if b {
		return &IntAttr{Value: 1, Type: I1}
	}
	return &IntAttr{Value: 0, Type: I1}
}

// Int returns the i64 attribute v.
func Int(v int64) *IntAttr { return &IntAttr{Value: v, Type: I64} }

// TypedInt returns the integer attribute v : t, wrapped to t's width.
func TypedInt(v int64, t *Scalar) *IntAttr { return &IntAttr{Value: WrapInt(v, t), Type: t} }

// WrapInt truncates v to the width of integer type t and extends it back
// (two's complement wrap-around): sign-extended for signless and signed
// types, zero-extended for unsigned ones (a ui64 keeps its bits); i1
// becomes 0 or 1. This is how integer values are held everywhere (IntAttr,
// DenseAttr, eval).
func WrapInt(v int64, t *Scalar) int64 {
	if t.sign == Unsigned && t.bits < 64 {
		return v & (1<<t.bits - 1)
	}
	switch t.bits {
	case 1:
		return v & 1
	case 8:
		return int64(int8(v))
	case 16:
		return int64(int16(v))
	case 32:
		return int64(int32(v))
	}
	if t.bits > 0 && t.bits < 64 { // other widths (i15): sign-extend from the top bit
		sh := 64 - t.bits
		return v << sh >> sh
	}
	if t.bits == 0 {
		return 0
	}
	return v
}

// AppendInt prints an integer value of type t (as WrapInt holds it): a
// ui64 above 2^63 prints as the unsigned number it is.
func AppendInt(b []byte, v int64, t *Scalar) []byte {
	if t != nil && t.sign == Unsigned {
		return strconv.AppendUint(b, uint64(v), 10)
	}
	return strconv.AppendInt(b, v, 10)
}

func (a *IntAttr) String() string { return string(a.appendTo(nil, false)) }
func (a *IntAttr) appendTo(b []byte, elide bool) []byte {
	if a.Type == I1 {
		if a.Value != 0 {
			return append(b, "true"...)
		}
		return append(b, "false"...)
	}
	if a.Big != nil {
		b = a.Big.Append(b, 10)
	} else {
		b = AppendInt(b, a.Value, a.Type)
	}
	if elide && a.Type == I64 {
		return b
	}
	b = append(b, " : "...)
	return appendType(b, a.Type)
}

func (a *FloatAttr) String() string { return string(a.appendTo(nil, false)) }
func (a *FloatAttr) appendTo(b []byte, elide bool) []byte {
	b = AppendFloat(b, a.Value, a.Type)
	if elide && a.Type == F64 {
		return b
	}
	b = append(b, " : "...)
	return appendType(b, a.Type)
}

// AppendFloat prints v as MLIR prints a float of type t: "%.6e" when that
// reads back exactly in t, otherwise the shortest exact decimal, and NaN
// or infinity as the hexadecimal bit pattern of t.
func AppendFloat(b []byte, v float64, t *Scalar) []byte {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return append(b, FloatHex(v, t)...)
	}
	bits := 64
	if t != F64 {
		bits = 32
	}
	short := strconv.AppendFloat(nil, v, 'e', 6, 64)
	if back, err := strconv.ParseFloat(string(short), 64); err == nil && RoundFloat(back, t) == RoundFloat(v, t) && math.Signbit(back) == math.Signbit(v) {
		return append(b, short...)
	}
	s := strconv.AppendFloat(nil, v, 'g', -1, bits)
	hasDot, expAt := false, -1
	for i, c := range s {
		if c == '.' {
			hasDot = true
		}
		if c == 'e' {
			expAt = i
		}
	}
	if !hasDot {
		if expAt >= 0 {
			s = append(s[:expAt:expAt], append([]byte(".0"), s[expAt:]...)...)
		} else {
			s = append(s, ".0"...)
		}
	}
	return append(b, s...)
}

// FloatHex returns MLIR's hexadecimal spelling of v's bit pattern in type t
// ("0x7FC00000" for a float NaN).
func FloatHex(v float64, t *Scalar) string {
	var bits uint64
	digits := 16
	switch t {
	case F64:
		bits = math.Float64bits(v)
	case F16:
		bits, digits = uint64(F32ToF16(float32(v))), 4
	case BF16:
		bits, digits = uint64(F32ToBF16(float32(v))), 4
	default:
		bits, digits = uint64(math.Float32bits(float32(v))), 8
	}
	s := strconv.FormatUint(bits, 16)
	for len(s) < digits {
		s = "0" + s
	}
	out := []byte("0x")
	for _, c := range []byte(s) {
		if c >= 'a' && c <= 'f' {
			c -= 'a' - 'A'
		}
		out = append(out, c)
	}
	return string(out)
}

func (a StringAttr) String() string                   { return string(a.appendTo(nil, false)) }
func (a StringAttr) appendTo(b []byte, _ bool) []byte { return AppendQuoted(b, string(a)) }

// AppendQuoted prints s as an MLIR string literal: printable ASCII as is,
// '"' and '\\' and every other byte as a two-digit hex escape ("\0A").
func AppendQuoted(b []byte, s string) []byte {
	const hex = "0123456789ABCDEF"
	b = append(b, '"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\':
			b = append(b, '\\', '\\')
		case c == '"' || c < 0x20 || c >= 0x7f:
			b = append(b, '\\', hex[c>>4], hex[c&15])
		default:
			b = append(b, c)
		}
	}
	return append(b, '"')
}

func (UnitAttr) String() string                      { return "unit" }
func (UnitAttr) appendTo(b []byte, _ bool) []byte    { return append(b, "unit"...) }
func (a *TypeAttr) String() string                   { return TypeString(a.Type) }
func (a *TypeAttr) appendTo(b []byte, _ bool) []byte { return appendType(b, a.Type) }
func (a SymbolRefAttr) String() string               { return string(a.appendTo(nil, false)) }
func (a SymbolRefAttr) appendTo(b []byte, _ bool) []byte {
	b = append(b, '@')
	if isBareIdent(string(a)) {
		return append(b, a...)
	}
	return AppendQuoted(b, string(a))
}

func (a ArrayAttr) String() string { return string(a.appendTo(nil, false)) }
func (a ArrayAttr) appendTo(b []byte, _ bool) []byte {
	b = append(b, '[')
	for i, e := range a {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = appendAttr(b, e, true)
	}
	return append(b, ']')
}

func (a DictAttr) String() string { return string(a.appendTo(nil, false)) }
func (a DictAttr) appendTo(b []byte, _ bool) []byte {
	b = append(b, '{')
	b = appendNamedAttrs(b, a)
	return append(b, '}')
}

func appendNamedAttrs(b []byte, attrs []NamedAttr) []byte {
	for i, na := range attrs {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = appendNamedAttr(b, na)
	}
	return b
}

// appendNamedAttr prints `name = value`, or `name` for a unit attribute.
func appendNamedAttr(b []byte, na NamedAttr) []byte {
	if isBareIdent(na.Name) {
		b = append(b, na.Name...)
	} else {
		b = AppendQuoted(b, na.Name)
	}
	if _, unit := na.Value.(UnitAttr); unit {
		return b
	}
	b = append(b, " = "...)
	return appendAttr(b, na.Value, false)
}

func (a *DenseArrayAttr) String() string { return string(a.appendTo(nil, false)) }
func (a *DenseArrayAttr) appendTo(b []byte, _ bool) []byte {
	b = append(b, "array<"...)
	b = appendType(b, a.Elem)
	n := a.Len()
	if n > 0 {
		b = append(b, ": "...)
	}
	for i := 0; i < n; i++ {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = appendElem(b, a.Elem, a.Ints, a.Floats, i)
	}
	return append(b, '>')
}

// Len is the number of elements of the array.
func (a *DenseArrayAttr) Len() int {
	if a.Elem != nil && a.Elem.IsFloat() {
		return len(a.Floats)
	}
	return len(a.Ints)
}

// I64Array returns the dense array attribute array<i64: vals...>.
func I64Array(vals ...int64) *DenseArrayAttr {
	if vals == nil {
		vals = []int64{}
	}
	return &DenseArrayAttr{Elem: I64, Ints: vals}
}

func appendElem(b []byte, elem *Scalar, ints []int64, floats []float64, i int) []byte {
	if elem.IsFloat() {
		return AppendFloat(b, floats[i], elem)
	}
	if elem == I1 {
		if ints[i] != 0 {
			return append(b, "true"...)
		}
		return append(b, "false"...)
	}
	return AppendInt(b, ints[i], elem)
}

func (a *DenseAttr) String() string { return string(a.appendTo(nil, false)) }
func (a *DenseAttr) appendTo(b []byte, _ bool) []byte {
	elem := ElementType(a.Type)
	shape, _ := Shape(a.Type)
	b = append(b, "dense<"...)
	if elem == nil {
		b = append(b, "<<BAD DENSE>>"...)
	} else if a.Splat {
		if a.Len() > 0 {
			b = appendElem(b, elem, a.Ints, a.Floats, 0)
		}
	} else if n, ok := NumElements(shape); !ok || n != 0 {
		idx := 0
		b = a.appendNested(b, elem, shape, &idx)
	} // no elements: `dense<>`, as mlir-opt prints it (and reads it back)
	b = append(b, "> : "...)
	return appendType(b, a.Type)
}

func (a *DenseAttr) appendNested(b []byte, elem *Scalar, shape []int64, idx *int) []byte {
	if len(shape) == 0 {
		if *idx < a.Len() {
			b = appendElem(b, elem, a.Ints, a.Floats, *idx)
		}
		*idx++
		return b
	}
	b = append(b, '[')
	for i := int64(0); i < shape[0]; i++ {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = a.appendNested(b, elem, shape[1:], idx)
	}
	return append(b, ']')
}

// Len is the number of stored elements (1 for a splat).
func (a *DenseAttr) Len() int {
	if e := ElementType(a.Type); e != nil && e.IsFloat() {
		return len(a.Floats)
	}
	return len(a.Ints)
}

// IntAt returns element i (as if the splat were expanded).
func (a *DenseAttr) IntAt(i int64) int64 {
	if a.Splat {
		return a.Ints[0]
	}
	return a.Ints[i]
}

// FloatAt returns element i (as if the splat were expanded).
func (a *DenseAttr) FloatAt(i int64) float64 {
	if a.Splat {
		return a.Floats[0]
	}
	return a.Floats[i]
}

// NormalizeSplat turns a dense attribute whose elements are all equal into
// a splat, as MLIR does when it builds one; it returns a.
func (a *DenseAttr) NormalizeSplat() *DenseAttr {
	if a.Splat {
		return a
	}
	if len(a.Ints) > 1 {
		for _, v := range a.Ints[1:] {
			if v != a.Ints[0] {
				return a
			}
		}
		a.Ints, a.Splat = a.Ints[:1:1], true
	} else if len(a.Floats) > 1 {
		f0 := math.Float64bits(a.Floats[0])
		for _, v := range a.Floats[1:] {
			if math.Float64bits(v) != f0 {
				return a
			}
		}
		a.Floats, a.Splat = a.Floats[:1:1], true
	}
	return a
}

func (a *OpaqueAttr) String() string                   { return a.Text }
func (a *OpaqueAttr) appendTo(b []byte, _ bool) []byte { return append(b, a.Text...) }

func appendAttr(b []byte, a Attr, elide bool) []byte {
	if a == nil {
		return append(b, "<<NULL ATTRIBUTE>>"...)
	}
	return a.appendTo(b, elide)
}

// AttrEqual reports whether two attributes are structurally equal.
func AttrEqual(a, b Attr) bool {
	if a == nil || b == nil {
		return a == b
	}
	// Printing is canonical, so equal text means equal attributes; the
	// cheap cases are compared directly.
	switch x := a.(type) {
	case *IntAttr:
		y, ok := b.(*IntAttr)
		return ok && x.Value == y.Value && x.Type == y.Type && (x.Big == nil) == (y.Big == nil) && (x.Big == nil || x.Big.Cmp(y.Big) == 0)
	case StringAttr:
		y, ok := b.(StringAttr)
		return ok && x == y
	case SymbolRefAttr:
		y, ok := b.(SymbolRefAttr)
		return ok && x == y
	case UnitAttr:
		_, ok := b.(UnitAttr)
		return ok
	}
	return string(appendAttr(nil, a, false)) == string(appendAttr(nil, b, false))
}

// Attrs is an op's attribute dictionary, sorted by name (as MLIR keeps it).
type Attrs []NamedAttr

// Get returns the attribute called name, or nil.
func (as Attrs) Get(name string) Attr {
	for i := range as {
		if as[i].Name == name {
			return as[i].Value
		}
	}
	return nil
}

// Set adds or replaces the attribute called name, keeping the order.
func (as *Attrs) Set(name string, v Attr) {
	a := *as
	i := sort.Search(len(a), func(i int) bool { return a[i].Name >= name })
	if i < len(a) && a[i].Name == name {
		a[i].Value = v
		return
	}
	a = append(a, NamedAttr{})
	copy(a[i+1:], a[i:])
	a[i] = NamedAttr{name, v}
	*as = a
}

// Delete removes the attribute called name, if present.
func (as *Attrs) Delete(name string) {
	a := *as
	for i := range a {
		if a[i].Name == name {
			*as = append(a[:i:i], a[i+1:]...)
			return
		}
	}
}

func isBareIdent(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if isLetter(c) || c == '_' || (i > 0 && (isDigit(c) || c == '$' || c == '.')) {
			continue
		}
		return false
	}
	return true
}

func isLetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }
func isDigit(c byte) bool  { return c >= '0' && c <= '9' }

// ConstantType returns the type of a constant's value attribute, or nil.
func ConstantType(a Attr) Type {
	switch x := a.(type) {
	case *IntAttr:
		return x.Type
	case *FloatAttr:
		return x.Type
	case *DenseAttr:
		return x.Type
	}
	return nil
}
