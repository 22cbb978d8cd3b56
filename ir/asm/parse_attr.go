package asm

import (
	"encoding/binary"
	"math"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/tirc/tirc/ir"
)

// parseAttrDict parses `{name = value, unit_name, ...}`, returning the
// entries sorted by name (duplicates are an error, as in MLIR).
func (p *parser) parseAttrDict() ir.Attrs {
	if !p.expect(tLBrace, "expected '{' to begin an attribute dictionary") {
		return nil
	}
	if !p.enter() {
		return nil
	}
	defer p.leave()
	var attrs ir.Attrs
	for !p.is(tRBrace) && !p.failed() {
		nameTok := p.tok
		var name string
		switch p.tok.kind {
		case tBareIdent:
			name = string(p.text(p.tok))
		case tString:
			raw := p.text(p.tok)
			name = unquote(raw[1 : len(raw)-1])
			if name == "" {
				p.failAt(p.tok, "expected valid attribute name")
				return nil
			}
		default:
			p.failAt(p.tok, "expected attribute name, found %s", p.describe())
			return nil
		}
		p.next()
		var v ir.Attr = ir.UnitAttr{}
		if p.consume(tEqual) {
			v = p.parseAttr()
		}
		if p.failed() {
			return nil
		}
		if attrs.Get(name) != nil {
			p.failAt(nameTok, "duplicate key '%s' in dictionary attribute", name)
			return nil
		}
		attrs.Set(name, v)
		if !p.more(tRBrace, p.failExpected, "expected attribute name") {
			break
		}
	}
	p.expect(tRBrace, "expected '}' to end the attribute dictionary")
	return attrs
}

// parseAttr parses one attribute value.
func (p *parser) parseAttr() ir.Attr {
	if p.failed() {
		return nil
	}
	if !p.enter() {
		return nil
	}
	defer p.leave()
	switch p.tok.kind {
	case tInt, tFloat, tMinus:
		return p.parseNumberAttr()
	case tString:
		raw := p.text(p.tok)
		s := ir.StringAttr(unquote(raw[1 : len(raw)-1]))
		p.next()
		return s
	case tLSquare:
		p.next()
		arr := ir.ArrayAttr{}
		for !p.is(tRSquare) && !p.failed() {
			arr = append(arr, p.parseAttr())
			if !p.more(tRSquare, p.failExpected, "expected attribute value") {
				break
			}
		}
		p.expect(tRSquare, "expected ']' to end the array attribute")
		return arr
	case tLBrace:
		return ir.DictAttr(p.parseAttrDict())
	case tAtIdent:
		s := ir.SymbolRefAttr(p.symbolName(p.tok))
		p.next()
		if p.is(tColon) && p.lex.pos < p.lex.end && p.src.Data[p.tok.end] == ':' {
			p.failAt(p.tok, "nested symbol references are not supported")
			return nil
		}
		return s
	case tHashIdent:
		return p.parseHashAttr()
	case tLParen, tBangIdent:
		t := p.parseType()
		if t == nil {
			return nil
		}
		return &ir.TypeAttr{Type: t}
	case tBareIdent:
	default:
		p.failExpected("expected attribute value")
		return nil
	}
	word := string(p.text(p.tok))
	switch word {
	case "true", "false":
		p.next()
		return ir.Bool(word == "true")
	case "unit":
		p.next()
		return ir.UnitAttr{}
	case "dense":
		return p.parseDenseAttr()
	case "array":
		return p.parseDenseArrayAttr()
	case "loc":
		text := p.parseOptionalLoc()
		if p.failed() {
			return nil
		}
		return &ir.OpaqueAttr{Text: "loc(" + text + ")"}
	case "strided":
		return p.parseStridedLayout()
	case "tensor", "vector", "memref", "complex":
		t := p.parseType()
		if t == nil {
			return nil
		}
		return &ir.TypeAttr{Type: t}
	}
	if s := scalarKeyword([]byte(word)); s != nil {
		p.next()
		return &ir.TypeAttr{Type: s}
	}
	// MLIR's own attribute kinds tirc keeps as text: affine_map<...>,
	// strided<...>, sparse<...>, dense_resource<...>.
	start := p.tok.start
	kw := p.tok
	p.next()
	if p.is(tLess) && p.tok.start == kw.end {
		end := p.skipAngleGroup()
		if p.failed() {
			return nil
		}
		return &ir.OpaqueAttr{Text: string(p.src.Data[start:end])}
	}
	pos, _ := p.wrongTokenPos(kw)
	p.fail(pos, "expected attribute value, found '%s'", word)
	return nil
}

// prevEnd is the end offset of the token before the current one (after a
// parse step that consumed it).
func (p *parser) prevEnd() int {
	end := p.tok.start
	for end > 0 && (p.src.Data[end-1] == ' ' || p.src.Data[end-1] == '\t' || p.src.Data[end-1] == '\n' || p.src.Data[end-1] == '\r') {
		end--
	}
	return end
}

// parseHashAttr parses an attribute alias `#name` or a dialect attribute
// `#dialect<...>` / `#dialect.name<...>` (kept as text).
func (p *parser) parseHashAttr() ir.Attr {
	t := p.tok
	name := string(p.text(t))
	if a, ok := p.attrAlias[name]; ok {
		p.next()
		return a
	}
	p.next()
	if p.is(tLess) && p.tok.start == t.end {
		end := p.skipAngleGroup()
		if p.failed() {
			return nil
		}
		return &ir.OpaqueAttr{Text: string(p.src.Data[t.start:end])}
	}
	if strings.Contains(name, ".") {
		return &ir.OpaqueAttr{Text: name}
	}
	p.failAt(t, "undefined symbol alias id '%s'", name[1:])
	return nil
}

// literal is a number or boolean as written, before its type is known.
type literal struct {
	tok    token
	neg    bool
	isBool bool
	float  bool     // written with a '.'
	hex    bool     // 0x...
	u      uint64   // magnitude of an integer literal
	big    *big.Int // the magnitude when it does not fit in u
	f      float64
	ok     bool // u holds the exact magnitude (no overflow)
}

// parseLiteral parses [-]int, [-]float, true or false.
func (p *parser) parseLiteral() (literal, bool) {
	lit := literal{tok: p.tok}
	if p.is(tBareIdent) {
		w := p.tokText()
		if w == "true" || w == "false" {
			lit.isBool, lit.ok = true, true
			if w == "true" {
				lit.u = 1
			}
			p.next()
			return lit, true
		}
		p.failAt(p.tok, "expected a number or true/false, found %s", p.describe())
		return lit, false
	}
	if p.consume(tMinus) {
		lit.neg = true
	}
	text := p.text(p.tok)
	switch p.tok.kind {
	case tInt:
		if len(text) > 2 && text[1] == 'x' {
			lit.hex = true
			v, err := strconv.ParseUint(string(text[2:]), 16, 64)
			lit.u, lit.ok = v, err == nil
		} else {
			v, err := strconv.ParseUint(string(text), 10, 64)
			lit.u, lit.ok = v, err == nil
			if err != nil && len(text) <= 5100 { // i16777215's values have at most 5051 digits
				lit.big, _ = new(big.Int).SetString(string(text), 10)
			}
		}
		lit.f, _ = strconv.ParseFloat(string(text), 64)
	case tFloat:
		lit.float = true
		v, err := strconv.ParseFloat(string(text), 64)
		if err != nil && !math.IsInf(v, 0) {
			p.failAt(p.tok, "invalid floating point literal")
			return lit, false
		}
		lit.f = v
	default:
		if lit.neg {
			p.failExpected("expected a number after '-'")
		} else {
			p.failAt(p.tok, "expected a number or true/false, found %s", p.describe())
		}
		return lit, false
	}
	if lit.neg {
		lit.f = -lit.f
	}
	p.next()
	return lit, true
}

// intValue converts an integer literal to type t (integer or index),
// checking that it fits: like MLIR, signless widths below 64 accept both
// the signed and the unsigned range, si types the signed one, ui types the
// unsigned one (dense: the literal is an element of a dense attribute).
func (p *parser) intValue(lit literal, t *ir.Scalar, dense bool) (int64, bool) {
	if lit.float {
		p.failAt(lit.tok, "floating point value not valid for specified type '%s'", t)
		return 0, false
	}
	if lit.isBool {
		if t != ir.I1 {
			p.failAt(lit.tok, "'%s' is only valid for i1, not '%s'", p.text(lit.tok), t)
			return 0, false
		}
		return int64(lit.u), true
	}
	bits := uint(t.Bits())
	// MLIR's messages: "... for type" in a dense attribute, "... for
	// attribute" in a typed one (`300 : i8`); tirc names the type.
	outOfRange := "integer constant out of range for attribute of type '%s'"
	if dense {
		outOfRange = "integer constant out of range for type '%s'"
	}
	if !lit.ok {
		p.failAt(lit.tok, outOfRange, t)
		return 0, false
	}
	switch {
	case t.IsUnsigned() && lit.neg:
		// MLIR's messages, at the number after the '-'.
		at := p.posOf(lit.tok)
		at.Col++
		if dense {
			p.fail(at, "expected unsigned integer elements, but parsed negative value")
		} else {
			p.fail(at, "negative integer literal not valid for unsigned integer type")
		}
		return 0, false
	case bits > 64:
		// Values of wider types are held in 64 bits (tirc verifies these
		// types but does not compute with them).
		if lit.neg && lit.u > 1<<63 || !lit.neg && lit.u >= 1<<63 && !t.IsUnsigned() {
			p.failAt(lit.tok, "integer constant beyond 64 bits: tirc holds the values of '%s' in 64 bits", t)
			return 0, false
		}
		if lit.neg {
			return -int64(lit.u), true
		}
		return int64(lit.u), true
	case bits == 0:
		if lit.u != 0 {
			p.failAt(lit.tok, outOfRange, t)
			return 0, false
		}
		return 0, true
	case t.IsSigned() && !lit.neg && lit.u >= 1<<(bits-1):
		p.failAt(lit.tok, outOfRange, t)
		return 0, false
	}
	if lit.neg {
		if (bits < 64 && lit.u > 1<<(bits-1)) || (bits == 64 && lit.u > 1<<63) {
			p.failAt(lit.tok, outOfRange, t)
			return 0, false
		}
		return ir.WrapInt(-int64(lit.u), t), true
	}
	if bits < 64 && lit.u >= 1<<bits {
		p.failAt(lit.tok, outOfRange, t)
		return 0, false
	}
	return ir.WrapInt(int64(lit.u), t), true
}

// floatValue converts a literal to float type t. A hexadecimal integer is
// the bit pattern of t (MLIR's spelling of NaN and infinities).
func (p *parser) floatValue(lit literal, t *ir.Scalar) (float64, bool) {
	switch {
	case lit.isBool:
		p.failAt(lit.tok, "expected a floating point value for type '%s', found %s", t, p.text(lit.tok))
		return 0, false
	case lit.hex:
		if lit.neg {
			p.failAt(lit.tok, "hexadecimal float literal should not have a leading minus")
			return 0, false
		}
		switch t {
		case ir.F64:
			return math.Float64frombits(lit.u), true
		case ir.F32:
			if lit.u > math.MaxUint32 {
				break
			}
			return float64(math.Float32frombits(uint32(lit.u))), true
		case ir.F16:
			if lit.u > math.MaxUint16 {
				break
			}
			return float64(ir.F16ToF32(uint16(lit.u))), true
		case ir.BF16:
			if lit.u > math.MaxUint16 {
				break
			}
			return float64(ir.BF16ToF32(uint16(lit.u))), true
		}
		p.failAt(lit.tok, "hexadecimal float constant out of range for type '%s'", t)
		return 0, false
	case !lit.float:
		// An integer literal in array<f32: 1>; dense elements and a bare
		// typed attribute `1 : f32` refuse it (parseDense, parseNumberAttr).
		return ir.RoundFloat(lit.f, t), true
	}
	return ir.RoundFloat(lit.f, t), true
}

// parseNumberAttr parses a numeric literal with an optional `: type`.
func (p *parser) parseNumberAttr() ir.Attr {
	lit, ok := p.parseLiteral()
	if !ok {
		return nil
	}
	var t *ir.Scalar
	if p.is(tColon) {
		p.next()
		typTok := p.tok
		ty := p.parseType()
		if ty == nil {
			return nil
		}
		s, isScalar := ty.(*ir.Scalar)
		if !isScalar {
			p.failAt(typTok, "a number attribute needs a scalar type, not '%s'", ir.TypeString(ty))
			return nil
		}
		t = s
	}
	if t == nil {
		if lit.float {
			return &ir.FloatAttr{Value: lit.f, Type: ir.F64}
		}
		t = ir.I64
	}
	if t.IsFloat() {
		if !lit.float && !lit.hex {
			p.failAt(lit.tok, "unexpected decimal integer literal for a floating point value")
			p.err.Note(lit.tok.pos(p), "add a trailing dot to make the literal a float")
			return nil
		}
		v, ok := p.floatValue(lit, t)
		if !ok {
			return nil
		}
		return &ir.FloatAttr{Value: v, Type: t}
	}
	if t.Bits() > 64 && !lit.isBool && !lit.float {
		return p.wideIntAttr(lit, t)
	}
	v, ok := p.intValue(lit, t, false)
	if !ok {
		return nil
	}
	return &ir.IntAttr{Value: v, Type: t}
}

func (t token) pos(p *parser) ir.Pos { return p.posOf(t) }

// parseDenseArrayAttr parses `array<i64: 1, 2>` or `array<f32>`.
func (p *parser) parseDenseArrayAttr() ir.Attr {
	kw := p.tok
	p.next()
	if !p.is(tLess) || p.tok.start != kw.end {
		p.failExpected("expected '<' after 'array'")
		return nil
	}
	p.next()
	typTok := p.tok
	ty := p.parseType()
	if ty == nil {
		return nil
	}
	elem, ok := ty.(*ir.Scalar)
	if !ok || elem == ir.Index || elem == ir.F16 || elem == ir.BF16 {
		p.failAt(typTok, "expected i1, i8, i16, i32, i64, f32 or f64 as the element type of a dense array")
		return nil
	}
	a := &ir.DenseArrayAttr{Elem: elem}
	if elem.IsFloat() {
		a.Floats = []float64{}
	} else {
		a.Ints = []int64{}
	}
	if p.consume(tColon) {
		for !p.failed() {
			if w := p.tokText(); !p.is(tInt) && !p.is(tFloat) && !p.is(tMinus) && !(p.is(tBareIdent) && (w == "true" || w == "false")) {
				if elem.IsFloat() {
					p.failHere("expected integer or floating point literal")
				} else {
					p.failHere("expected integer literal")
				}
				return nil
			}
			lit, ok := p.parseLiteral()
			if !ok {
				return nil
			}
			if elem.IsFloat() {
				v, ok := p.floatValue(lit, elem)
				if !ok {
					return nil
				}
				a.Floats = append(a.Floats, v)
			} else {
				v, ok := p.intValue(lit, elem, false)
				if !ok {
					return nil
				}
				a.Ints = append(a.Ints, v)
			}
			if !p.consume(tComma) {
				break
			}
		}
	}
	if !p.expect(tGreater, "expected '>' to end the dense array") {
		return nil
	}
	return a
}

// parseDenseAttr parses `dense<literal-or-nested-list> : type`, including
// the empty form `dense<>` and MLIR's hex form `dense<"0x...">`.
func (p *parser) parseDenseAttr() ir.Attr {
	kw := p.tok
	p.next()
	if !p.is(tLess) || p.tok.start != kw.end {
		p.failExpected("expected '<' after 'dense'")
		return nil
	}
	p.next()
	var lits []literal
	var shape []int64 // shape of the nested list; nil for a splat
	splat, hexData := false, []byte(nil)
	var hexTok token
	switch p.tok.kind {
	case tGreater:
		shape = []int64{0}
	case tString:
		hexTok = p.tok
		var ok bool
		if hexData, ok = p.denseHexBytes(); !ok {
			return nil
		}
		p.next()
	case tLSquare:
		shape = p.parseNestedList(&lits)
		if p.failed() {
			return nil
		}
	default:
		lit, ok := p.parseLiteral()
		if !ok {
			return nil
		}
		lits, splat = []literal{lit}, true
	}
	if !p.expect(tGreater, "expected '>' to end the dense attribute") {
		return nil
	}
	if !p.expect(tColon, "expected ':' and the type of the dense attribute") {
		return nil
	}
	typTok := p.tok
	ty := p.parseType()
	if ty == nil {
		return nil
	}
	tshape, ranked := ir.Shape(ty)
	elem := ir.ElementType(ty)
	if !ranked || !ir.IsShaped(ty) || !ir.IsStatic(tshape) {
		p.failAt(typTok, "elements literal type must have static shape, not '%s'", ir.TypeString(ty))
		return nil
	}
	if elem.IsComplex() {
		p.failAt(typTok, "dense attributes of complex elements are not supported: tirc parses the type '%s' but no constants of it", ir.TypeString(ty))
		return nil
	}
	n, _ := ir.NumElements(tshape)
	a := &ir.DenseAttr{Type: ty, Splat: splat}
	if hexData != nil {
		return p.denseFromHex(a, hexData, n, elem, hexTok)
	}
	if !splat && !(len(shape) == 1 && shape[0] == 0 && n == 0 && len(lits) == 0) {
		if !slices.Equal(shape, tshape) {
			p.failAt(typTok, "inferred shape of elements literal ([%s]) does not match type ([%s])",
				strings.ReplaceAll(ir.ShapeString(shape), "x", ", "), strings.ReplaceAll(ir.ShapeString(tshape), "x", ", "))
			return nil
		}
	}
	if len(lits) == 0 && n != 0 {
		p.failAt(typTok, "empty dense attribute for a type with %d elements", n)
		return nil
	}
	if !p.denseValues(a, lits, elem) {
		return nil
	}
	return a.NormalizeSplat()
}

// denseHexBytes decodes the current string token of `dense<"0x...">`
// (nil for "0x"; false, with the error reported, when it is not an even
// run of hex digits).
func (p *parser) denseHexBytes() ([]byte, bool) {
	raw := p.text(p.tok)
	s := string(raw[1 : len(raw)-1])
	if !strings.HasPrefix(s, "0x") || len(s)%2 != 0 {
		p.failAt(p.tok, "expected a hexadecimal string like \"0x0000803F\" in dense attribute")
		return nil, false
	}
	var data []byte
	for i := 2; i+1 < len(s); i += 2 {
		if !isHex(s[i]) || !isHex(s[i+1]) {
			p.failAt(p.tok, "invalid hexadecimal digit in dense attribute")
			return nil, false
		}
		data = append(data, hexVal(s[i])<<4|hexVal(s[i+1]))
	}
	return data, true
}

// denseValues converts the literals of a dense attribute to its element
// type (floats or integers), with mlir-opt-19's messages for a literal of
// the wrong kind.
func (p *parser) denseValues(a *ir.DenseAttr, lits []literal, elem *ir.Scalar) bool {
	if elem.IsFloat() {
		a.Floats = make([]float64, len(lits))
		for i, l := range lits {
			if l.isBool {
				p.failAt(l.tok, "expected floating point elements, but parsed boolean")
				return false
			}
			if !l.float && !l.hex {
				// As mlir-opt-19: dense<1> : tensor<f32> is refused.
				p.failAt(l.tok, "expected floating-point elements, but parsed integer")
				return false
			}
			v, ok := p.floatValue(l, elem)
			if !ok {
				return false
			}
			a.Floats[i] = v
		}
		return true
	}
	a.Ints = make([]int64, len(lits))
	for i, l := range lits {
		if l.float {
			p.failAt(l.tok, "expected integer elements, but parsed floating-point")
			return false
		}
		v, ok := p.intValue(l, elem, true)
		if !ok {
			return false
		}
		a.Ints[i] = v
	}
	return true
}

// parseNestedList parses `[...]` nests of literals, appending the leaves
// in row-major order, and returns the list's shape.
func (p *parser) parseNestedList(lits *[]literal) []int64 {
	if !p.enter() {
		return nil
	}
	defer p.leave()
	open := p.tok
	p.next()
	var sub []int64
	count := int64(0)
	for !p.is(tRSquare) && !p.failed() {
		var s []int64
		if p.is(tLSquare) {
			s = p.parseNestedList(lits)
		} else {
			lit, ok := p.parseLiteral()
			if !ok {
				return nil
			}
			*lits = append(*lits, lit)
			s = []int64{}
		}
		if p.failed() {
			return nil
		}
		if count > 0 && !slices.Equal(s, sub) {
			p.failAt(open, "tensor literal is invalid; ranks or sizes are not consistent between elements")
			return nil
		}
		sub = s
		count++
		if !p.more(tRSquare, p.failHere, "expected element literal of primitive type") {
			break
		}
	}
	p.expect(tRSquare, "expected ']'")
	return append([]int64{count}, sub...)
}

// denseFromHex decodes MLIR's hex form: little-endian element bytes, for
// all elements or one (a splat).
func (p *parser) denseFromHex(a *ir.DenseAttr, data []byte, n int64, elem *ir.Scalar, at token) ir.Attr {
	size := int64((elem.Bits() + 7) / 8)
	count := int64(len(data)) / size
	if int64(len(data))%size != 0 || (count != n && count != 1) {
		p.failAt(at, "hex dense attribute has %d bytes, expected %d (or %d for a splat)", len(data), n*size, size)
		return nil
	}
	a.Splat = count == 1 && n != 1
	for i := int64(0); i < count; i++ {
		b := data[i*size : (i+1)*size]
		var raw uint64
		switch size {
		case 1:
			raw = uint64(b[0])
		case 2:
			raw = uint64(binary.LittleEndian.Uint16(b))
		case 4:
			raw = uint64(binary.LittleEndian.Uint32(b))
		case 8:
			raw = binary.LittleEndian.Uint64(b)
		}
		switch elem {
		case ir.F64:
			a.Floats = append(a.Floats, math.Float64frombits(raw))
		case ir.F32:
			a.Floats = append(a.Floats, float64(math.Float32frombits(uint32(raw))))
		case ir.F16:
			a.Floats = append(a.Floats, float64(ir.F16ToF32(uint16(raw))))
		case ir.BF16:
			a.Floats = append(a.Floats, float64(ir.BF16ToF32(uint16(raw))))
		default:
			a.Ints = append(a.Ints, ir.WrapInt(int64(raw), elem))
		}
	}
	return a.NormalizeSplat()
}

// wideIntAttr is an integer attribute of a type wider than 64 bits
// (`2^100 : i128`): checked against the type's range as MLIR does
// (signless accepts the signed and the unsigned range) and kept as the
// signed (signless, si) or unsigned value, in Value when it fits.
func (p *parser) wideIntAttr(lit literal, t *ir.Scalar) ir.Attr {
	v := new(big.Int).SetUint64(lit.u)
	if lit.big != nil {
		v.Set(lit.big)
	} else if !lit.ok {
		p.failAt(lit.tok, "integer constant out of range for attribute of type '%s'", t)
		return nil
	}
	if lit.neg {
		if t.IsUnsigned() {
			at := p.posOf(lit.tok)
			at.Col++
			p.fail(at, "negative integer literal not valid for unsigned integer type")
			return nil
		}
		v.Neg(v)
	}
	bits := uint(t.Bits())
	full := new(big.Int).Lsh(big.NewInt(1), bits)
	half := new(big.Int).Lsh(big.NewInt(1), bits-1)
	limit := full
	if t.IsSigned() {
		limit = half
	}
	if v.Cmp(limit) >= 0 || v.Cmp(new(big.Int).Neg(half)) < 0 {
		p.failAt(lit.tok, "integer constant out of range for attribute of type '%s'", t)
		return nil
	}
	if !t.IsUnsigned() && v.Cmp(half) >= 0 {
		v.Sub(v, full) // wraps to the signed value, as MLIR prints it
	}
	if v.IsInt64() {
		return &ir.IntAttr{Value: v.Int64(), Type: t}
	}
	return &ir.IntAttr{Type: t, Big: v}
}
