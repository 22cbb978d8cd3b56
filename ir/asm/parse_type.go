package asm

import (
	"slices"
	"strconv"
	"strings"

	"github.com/tirc/tirc/ir"
)

// parseType parses a type at the current token.
func (p *parser) parseType() ir.Type {
	if p.failed() {
		return nil
	}
	switch p.tok.kind {
	case tLParen:
		if !p.enter() {
			return nil
		}
		defer p.leave()
		ins, outs := p.parseFuncTypeLists()
		if p.failed() {
			return nil
		}
		return &ir.FuncType{Inputs: ins, Results: outs}
	case tBangIdent:
		return p.parseBangType()
	case tBareIdent:
	default:
		p.failExpected("expected a type, found %s", p.describe())
		return nil
	}
	word := p.text(p.tok)
	switch string(word) {
	case "tensor", "vector", "memref":
		if !p.enter() {
			return nil
		}
		defer p.leave()
		return p.parseShapedType(string(word))
	case "complex":
		return p.parseComplexType()
	}
	if s := scalarKeyword(word); s != nil {
		p.next()
		return s
	}
	p.failUnknownType(string(word))
	return nil
}

func scalarKeyword(word []byte) *ir.Scalar {
	switch string(word) {
	case "i1":
		return ir.I1
	case "i8":
		return ir.I8
	case "i16":
		return ir.I16
	case "i32":
		return ir.I32
	case "i64":
		return ir.I64
	case "index":
		return ir.Index
	case "si8":
		return ir.SI8
	case "si16":
		return ir.SI16
	case "si32":
		return ir.SI32
	case "si64":
		return ir.SI64
	case "ui8":
		return ir.UI8
	case "ui16":
		return ir.UI16
	case "ui32":
		return ir.UI32
	case "ui64":
		return ir.UI64
	case "f16":
		return ir.F16
	case "bf16":
		return ir.BF16
	case "f32":
		return ir.F32
	case "f64":
		return ir.F64
	}
	return intKeyword(string(word))
}

// intKeyword returns the integer type spelled w (i7, si128, ui1), or nil
// when w is not one or is wider than MaxIntWidth.
func intKeyword(w string) *ir.Scalar {
	sign, digits := ir.Signless, ""
	switch {
	case isIntWidth(w, "i"):
		digits = w[1:]
	case isIntWidth(w, "si"):
		sign, digits = ir.Signed, w[2:]
	case isIntWidth(w, "ui"):
		sign, digits = ir.Unsigned, w[2:]
	default:
		return nil
	}
	if len(digits) > 9 {
		return nil
	}
	n, err := strconv.Atoi(digits)
	if err != nil || n > ir.MaxIntWidth {
		return nil
	}
	return ir.IntType(n, sign)
}

// failUnknownType explains why a word is not a type tirc accepts.
func (p *parser) failUnknownType(w string) {
	switch {
	case p.startsLine(p.tok):
		p.failExpected("expected a type, found '%s'", w)
	case isIntWidth(w, "i") || isIntWidth(w, "si") || isIntWidth(w, "ui"):
		p.failAt(p.tok, "integer bitwidth is limited to %d bits", ir.MaxIntWidth) // mlir-opt-19's message
	case w == "tuple" || w == "none" || w == "f80" || w == "f128" || w == "tf32" || strings.HasPrefix(w, "f8"):
		p.failAt(p.tok, "unsupported type '%s': tirc supports tensor, vector, memref, complex, integers and the floats f16 bf16 f32 f64", w)
	default:
		p.failAt(p.tok, "unknown type '%s'", w)
	}
}

func isIntWidth(w, prefix string) bool {
	if !strings.HasPrefix(w, prefix) || len(w) == len(prefix) {
		return false
	}
	for _, c := range []byte(w[len(prefix):]) {
		if !isDigit(c) {
			return false
		}
	}
	return true
}

// parseComplexType parses complex<T>; T is an integer or float type.
func (p *parser) parseComplexType() ir.Type {
	kw := p.tok
	p.next()
	if !p.is(tLess) || p.tok.start != kw.end {
		p.failExpected("expected '<' in complex type")
		return nil
	}
	p.next()
	elemTok := p.tok
	if !p.enter() {
		return nil
	}
	defer p.leave()
	et := p.parseType()
	if p.failed() {
		return nil
	}
	e, ok := et.(*ir.Scalar)
	if !ok || !ir.ValidComplexElem(e) {
		p.failAt(elemTok, "invalid element type for complex") // where mlir-opt-19 reports it
		return nil
	}
	if !p.expect(tGreater, "expected '>' in complex type") {
		return nil
	}
	return ir.Complex(e)
}

// parseShapedType parses tensor<...>, vector<...> or memref<...>.
// Identical type texts are parsed once: the text between the keyword and
// the first '>' keys a cache, which keeps large modules fast.
func (p *parser) parseShapedType(kind string) ir.Type {
	kw := p.tok
	data := p.src.Data
	if gt := scanTypeText(data, kw.end, p.lex.end); gt > 0 {
		if t, ok := p.typeCache[string(data[kw.start:gt])]; ok {
			p.lex.pos = gt
			p.next()
			return t
		}
	}
	p.next()
	if !p.is(tLess) || p.tok.start != kw.end {
		p.failExpected("expected '<' in %s type", kind)
		return nil
	}
	dims, ok := p.scanDims(kind, p.tok.end)
	if !ok {
		return nil
	}
	elemTok := p.tok
	if kind == "vector" && slices.Contains(dims.shape, 0) {
		p.failAt(elemTok, "vector types must have positive constant sizes") // where mlir-opt-19 reports it
		return nil
	}
	elem := p.parseElemType(kind)
	if elem == nil {
		return nil
	}
	var extra []ir.Attr // the encoding, or a memref's layout and memory space
	max := map[string]int{"tensor": 1, "memref": 2}[kind]
	if dims.unranked && kind == "tensor" {
		max = 0
	}
	for len(extra) < max && p.consume(tComma) {
		if a := p.parseAttr(); !p.failed() {
			extra = append(extra, a)
		}
	}
	if p.failed() {
		return nil
	}
	if !p.is(tGreater) {
		k := p.tok.kind
		_, end := p.wrongTokenPos(p.tok)
		p.failExpected("expected '>' in %s type", kind)
		if p.err != nil && (k == tRParen || k == tComma || k == tArrow || k == tEOF || k == tLBrace) {
			p.err.Fix = "insert '>': '" + string(p.src.Data[kw.start:end]) + ">'"
		}
		return nil
	}
	end := p.tok.end
	p.next()
	t := p.buildShapedType(kind, kw, elemTok, dims, elem, extra)
	if t == nil {
		return nil
	}
	if gt := scanTypeText(data, kw.end, p.lex.end); gt == end {
		p.typeCache[string(data[kw.start:end])] = t
	}
	return t
}

// dimList is the dimension list of a shaped type as written.
type dimList struct {
	shape    []int64
	scalable []bool // vectors: [4]
	unranked bool
}

// scanDims scans the dimensions of a shaped type byte by byte from pos
// (MLIR re-lexes `4x?xf32` the same way): a size, '?' or '[n]', then
// 'x', repeatedly; the current token is then the element type's first.
func (p *parser) scanDims(kind string, pos int) (d dimList, ok bool) {
	data := p.src.Data
	isVector := kind == "vector"
	for {
		pos = p.skipInlineSpace(pos)
		if pos >= p.lex.end {
			break
		}
		c := data[pos]
		dimStart := pos
		scalable := false
		switch {
		case c == '?':
			if isVector {
				p.failPos(pos, "vector dimensions must be static: '?' is not allowed in a vector type")
				return d, false
			}
			d.shape = append(d.shape, ir.Dynamic)
			pos++
		case c == '*' && !isVector && len(d.shape) == 0 && !d.unranked:
			d.unranked = true
			pos++
		case c == '[' && isVector:
			scalable = true
			pos = p.skipInlineSpace(pos + 1)
			if pos >= p.lex.end || !isDigit(data[pos]) {
				p.failPos(pos, "invalid dimension")
				return d, false
			}
			fallthrough
		case isDigit(c):
			var v int64
			numStart := pos
			for pos < p.lex.end && isDigit(data[pos]) {
				if v > (ir.MaxElements-int64(data[pos]-'0'))/10 {
					p.failPos(numStart, "dimension size is too large (the maximum is %d)", ir.MaxElements)
					return d, false
				}
				v = v*10 + int64(data[pos]-'0')
				pos++
			}
			if scalable {
				pos = p.skipInlineSpace(pos)
				if pos >= p.lex.end || data[pos] != ']' {
					p.failPos(pos, "missing ']' closing scalable dimension")
					return d, false
				}
				pos++
			}
			d.shape = append(d.shape, v)
			d.scalable = append(d.scalable, scalable)
		case c == '-':
			p.failPos(pos, "invalid dimension size: sizes are non-negative integers or '?'")
			return d, false
		default:
			p.lex.pos = pos
			p.next()
			return d, !p.failed()
		}
		if d.unranked && len(d.shape) > 0 {
			p.failPos(dimStart, "unranked %s type has no dimensions: write %s<*xT>", kind, kind)
			return d, false
		}
		if len(d.shape) > ir.MaxRank {
			p.failPos(dimStart, "rank is larger than the maximum rank %d", ir.MaxRank)
			return d, false
		}
		pos = p.skipInlineSpace(pos)
		if pos >= p.lex.end || data[pos] != 'x' {
			if pos < p.lex.end && (data[pos] == '>' || data[pos] == ',' || data[pos] == ')') {
				p.failPos(pos, "expected 'x' and the element type after the dimension sizes")
			} else {
				p.failPos(pos, "expected 'x' in dimension list")
			}
			return d, false
		}
		pos++
	}
	p.lex.pos = pos
	p.next()
	return d, !p.failed()
}

// parseElemType parses the element type of a shaped type: a scalar
// (complex<T> too, except in vectors); a memref also takes vectors and
// memrefs.
func (p *parser) parseElemType(kind string) ir.Type {
	if !p.is(tBareIdent) {
		if p.is(tInt) || p.is(tFloat) {
			p.failAt(p.tok, "invalid dimension size '%s': sizes are non-negative integers or '?'", p.tokText())
		} else if kind == "memref" && (p.is(tBangIdent) || p.is(tLParen)) {
			p.failAt(p.tok, "invalid memref element type")
		} else {
			p.failExpected("expected element type in %s type, found %s", kind, p.describe())
		}
		return nil
	}
	at := p.tok
	w := p.tokText()
	if elem := scalarKeyword(p.text(p.tok)); elem != nil {
		p.next()
		return elem
	}
	switch {
	case w == "complex" || (kind == "memref" && (w == "vector" || w == "memref")):
		t := p.parseType()
		if p.failed() {
			return nil
		}
		if kind == "vector" {
			p.failAt(at, "vector elements must be int/index/float type") // mlir-opt-19's message
			return nil
		}
		return t
	case w == "tensor" || w == "vector" || w == "memref":
		switch kind {
		case "memref":
			p.failAt(at, "invalid memref element type")
		case "vector":
			p.failAt(at, "vector elements must be int/index/float type")
		default:
			p.failAt(at, "tensor element type must be a scalar (an integer, index, float or complex type), not a %s", w)
		}
	case kind == "memref" && (w == "none" || w == "tuple"):
		p.failAt(at, "invalid memref element type")
	case len(w) > 1 && (isDigit(w[0]) || w[0] == 'x'):
		p.failAt(at, "invalid dimension size in '%s'", w)
	case p.startsLine(at):
		p.failExpected("expected element type in %s type, found '%s'", kind, w)
	default:
		if d := leadingDimLike(w); d != "" {
			p.failAt(at, "invalid dimension size '%s': sizes are non-negative integers or '?'", d)
		} else {
			p.failUnknownType(w)
			if p.err != nil && strings.HasPrefix(p.err.Msg, "unknown type") {
				p.err.Msg = "unknown element type '" + w + "' in " + kind + " type"
			}
		}
	}
	return nil
}

// buildShapedType checks a parsed shaped type and makes it.
func (p *parser) buildShapedType(kind string, kw, elemTok token, d dimList, elem ir.Type, extra []ir.Attr) ir.Type {
	if e := ir.ShapeError(d.shape, kind == "vector"); e != "" {
		p.failAt(kw, "%s", e)
		return nil
	}
	shape := d.shape
	if shape == nil && !d.unranked {
		shape = []int64{}
	}
	switch kind {
	case "tensor":
		t := &ir.TensorType{Shape: shape, Elem: elem.(*ir.Scalar), Unranked: d.unranked}
		if len(extra) > 0 {
			t.Encoding = extra[0]
		}
		return t
	case "vector":
		return ir.ScalableVector(elem.(*ir.Scalar), shape, d.scalable)
	}
	return p.buildMemRef(kw, shape, d.unranked, elem, extra)
}

// buildMemRef sorts a memref's attributes into layout and memory space
// and checks them as MLIR does: identity layouts and memory space 0 are
// dropped, so that equal memrefs print and compare equal.
func (p *parser) buildMemRef(kw token, shape []int64, unranked bool, elem ir.Type, extra []ir.Attr) ir.Type {
	t := &ir.MemRefType{Shape: shape, Elem: elem, Unranked: unranked}
	for i, a := range extra {
		if isLayoutAttr(a) && i == 0 && len(extra) <= 2 {
			if unranked {
				p.failAt(kw, "cannot have affine map for unranked memref type")
				return nil
			}
			t.Layout = a
			continue
		}
		if t.MemorySpace != nil || (i == 0 && len(extra) == 2) {
			p.failAt(kw, "expected a layout (strided<...> or affine_map<...>) before the memory space")
			return nil
		}
		t.MemorySpace = a
	}
	if ia, ok := t.MemorySpace.(*ir.IntAttr); ok && ia.Value == 0 && ia.Type == ir.I64 {
		t.MemorySpace = nil
	}
	switch l := t.Layout.(type) {
	case *ir.StridedLayout:
		if len(l.Strides) != len(shape) {
			p.failAt(kw, "expected the number of strides to match the rank")
			return nil
		}
	case *ir.OpaqueAttr:
		dims, identity, ok := affineMapShape(l.Text)
		if !ok {
			p.failAt(kw, "tirc cannot read the layout '%s'", l.Text)
			return nil
		}
		if dims != len(shape) {
			p.failAt(kw, "memref layout mismatch between rank and affine map: %d != %d", len(shape), dims)
			return nil
		}
		if identity {
			t.Layout = nil
		}
	}
	return t
}

// isLayoutAttr reports whether a is a memref layout: strided<...> or an
// affine map.
func isLayoutAttr(a ir.Attr) bool {
	switch x := a.(type) {
	case *ir.StridedLayout:
		return true
	case *ir.OpaqueAttr:
		return strings.HasPrefix(x.Text, "affine_map<")
	}
	return false
}

// affineMapShape reads `affine_map<(d0, d1)[s0] -> (...)>`: the number of
// dimensions, and whether the map is the identity (the results are the
// dimensions in order, and there are no symbols).
func affineMapShape(text string) (dims int, identity, ok bool) {
	body, found := strings.CutPrefix(text, "affine_map<")
	if !found || !strings.HasSuffix(body, ">") {
		return 0, false, false
	}
	body = body[:len(body)-1]
	lhs, rhs, found := strings.Cut(body, "->")
	if !found {
		return 0, false, false
	}
	lhs, rhs = strings.TrimSpace(lhs), strings.TrimSpace(rhs)
	if !strings.HasPrefix(lhs, "(") {
		return 0, false, false
	}
	close := strings.IndexByte(lhs, ')')
	if close < 0 {
		return 0, false, false
	}
	dimList := splitTrim(lhs[1:close])
	symbols := strings.TrimSpace(lhs[close+1:])
	res := ""
	if strings.HasPrefix(rhs, "(") && strings.HasSuffix(rhs, ")") {
		res = rhs[1 : len(rhs)-1]
	}
	identity = symbols == "" && strings.Join(dimList, ",") == strings.Join(splitTrim(res), ",")
	return len(dimList), identity, true
}

func splitTrim(s string) []string {
	if strings.TrimSpace(s) == "" {
		return nil
	}
	parts := strings.Split(s, ",")
	for i := range parts {
		parts[i] = strings.TrimSpace(parts[i])
	}
	return parts
}

// leadingDimLike returns the first 'x'-separated piece of w when w looks
// like a dimension list with a bad size ("a2xi32" -> "a2").
func leadingDimLike(w string) string {
	i := strings.IndexByte(w, 'x')
	if i <= 0 || i == len(w)-1 {
		return ""
	}
	rest := w[i+1:]
	if scalarKeyword([]byte(rest)) != nil || strings.Contains(rest, "x") {
		return w[:i]
	}
	return ""
}

// scanTypeText returns the offset just past the '>' that closes a
// tensor/vector type starting at '<' at offset i, or -1 when the text is
// not a simple one-line type (then it is not cached).
func scanTypeText(data []byte, i, end int) int {
	if i >= end || data[i] != '<' {
		return -1
	}
	for j := i + 1; j < end && j < i+256; j++ {
		switch data[j] {
		case '>':
			return j + 1
		case '<', '\n', '/', '"':
			return -1
		}
	}
	return -1
}

func (p *parser) skipInlineSpace(pos int) int {
	for pos < p.lex.end && (p.src.Data[pos] == ' ' || p.src.Data[pos] == '\t') {
		pos++
	}
	return pos
}

// failPos reports an error at a byte offset on the current line.
func (p *parser) failPos(off int, format string, args ...any) {
	p.fail(ir.Pos{File: p.src, Line: p.lex.line, Col: int32(off-p.lex.lineStart) + 1}, format, args...)
}

// parseBangType parses `!alias` or an opaque dialect type `!dialect.name<...>`.
func (p *parser) parseBangType() ir.Type {
	t := p.tok
	name := string(p.text(t))
	if ty, ok := p.typeAlias[name]; ok {
		p.next()
		return ty
	}
	if !p.opts.AllowUnregistered {
		p.failAt(t, "unknown type '%s' (types of unregistered dialects need -allow-unregistered-dialect)", name)
		return nil
	}
	if !strings.Contains(name, ".") && (p.lex.pos >= p.lex.end || p.src.Data[p.lex.pos] != '<') {
		p.failAt(t, "undefined symbol alias id '%s'", name[1:])
		return nil
	}
	p.next()
	end := t.end
	if p.is(tLess) && p.tok.start == t.end {
		end = p.skipAngleGroup()
	}
	if p.failed() {
		return nil
	}
	return &ir.OpaqueType{Text: string(p.src.Data[t.start:end])}
}

// skipAngleGroup skips a balanced `<...>` group starting at the current
// token and returns the offset after its closing '>'.
func (p *parser) skipAngleGroup() int {
	depth := 0
	end := p.tok.end
	for !p.is(tEOF) {
		switch p.tok.kind {
		case tLess, tLParen, tLSquare, tLBrace:
			depth++
			if depth > MaxNesting {
				p.failAt(p.tok, "nesting too deep: more than %d levels", MaxNesting)
				return end
			}
		case tGreater, tRParen, tRSquare, tRBrace:
			depth--
		}
		end = p.tok.end
		p.next()
		if depth == 0 {
			return end
		}
	}
	if !p.failed() {
		p.failAt(p.tok, "unexpected end of file: unbalanced '<'")
	}
	return end
}
