package ir

import (
	"slices"
	"strings"
)

// parseType parses a type at the current token.
func (p *parser) parseType() Type {
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
		return &FuncType{Inputs: ins, Results: outs}
	case tBangIdent:
		return p.parseBangType()
	case tBareIdent:
	default:
		p.failExpected("expected a type, found %s", p.describe())
		return nil
	}
	word := p.text(p.tok)
	switch string(word) {
	case "tensor", "vector":
		return p.parseShapedType(string(word) == "tensor")
	}
	if s := scalarKeyword(word); s != nil {
		p.next()
		return s
	}
	p.failUnknownType(string(word))
	return nil
}

func scalarKeyword(word []byte) *Scalar {
	switch string(word) {
	case "i1":
		return I1
	case "i8":
		return I8
	case "i16":
		return I16
	case "i32":
		return I32
	case "i64":
		return I64
	case "index":
		return Index
	case "si8":
		return SI8
	case "si16":
		return SI16
	case "si32":
		return SI32
	case "si64":
		return SI64
	case "ui8":
		return UI8
	case "ui16":
		return UI16
	case "ui32":
		return UI32
	case "ui64":
		return UI64
	case "f16":
		return F16
	case "bf16":
		return BF16
	case "f32":
		return F32
	case "f64":
		return F64
	}
	return nil
}

// failUnknownType explains why a word is not a type tirc accepts.
func (p *parser) failUnknownType(w string) {
	switch {
	case p.startsLine(p.tok):
		p.failExpected("expected a type, found '%s'", w)
	case isIntWidth(w, "i") || isIntWidth(w, "si") || isIntWidth(w, "ui"):
		p.failAt(p.tok, "unsupported integer type '%s': tirc supports i1, i8, i16, i32, i64, index, si8 ... si64 and ui8 ... ui64", w)
	case w == "memref" || w == "complex" || w == "tuple" || w == "none" || w == "f80" || w == "f128" ||
		w == "tf32" || strings.HasPrefix(w, "f8"):
		p.failAt(p.tok, "unsupported type '%s': tirc supports tensor, vector and the scalars i1 i8 i16 i32 i64 index si8..si64 ui8..ui64 f16 bf16 f32 f64", w)
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

// parseShapedType parses tensor<...> or vector<...>. Identical type texts
// are parsed once: the text between the keyword and the first '>' keys a
// cache, which keeps large modules fast.
func (p *parser) parseShapedType(isTensor bool) Type {
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
		p.failExpected("expected '<' in %s type", kindWord(isTensor))
		return nil
	}
	// Dimensions are scanned byte by byte (MLIR re-lexes `4x?xf32` the
	// same way): a size or '?', then 'x', repeatedly, then the element type.
	pos := p.tok.end
	var shape []int64
	unranked := false
	for {
		pos = p.skipInlineSpace(pos)
		if pos >= p.lex.end {
			break
		}
		c := data[pos]
		dimStart := pos
		switch {
		case c == '?':
			if !isTensor {
				p.failPos(pos, "vector dimensions must be static: '?' is not allowed in a vector type")
				return nil
			}
			shape = append(shape, Dynamic)
			pos++
		case c == '*' && isTensor && len(shape) == 0 && !unranked:
			unranked = true
			pos++
		case isDigit(c):
			var v int64
			for pos < p.lex.end && isDigit(data[pos]) {
				if v > (MaxElements-int64(data[pos]-'0'))/10 {
					p.failPos(dimStart, "dimension size is too large (the maximum is %d)", MaxElements)
					return nil
				}
				v = v*10 + int64(data[pos]-'0')
				pos++
			}
			shape = append(shape, v)
		case c == '-':
			p.failPos(pos, "invalid dimension size: sizes are non-negative integers or '?'")
			return nil
		default:
			goto elem
		}
		if unranked && len(shape) > 0 {
			p.failPos(dimStart, "unranked tensor type has no dimensions: write tensor<*xT>")
			return nil
		}
		if len(shape) > MaxRank {
			p.failPos(dimStart, "rank is larger than the maximum rank %d", MaxRank)
			return nil
		}
		pos = p.skipInlineSpace(pos)
		if pos >= p.lex.end || data[pos] != 'x' {
			if pos < p.lex.end && (data[pos] == '>' || data[pos] == ',' || data[pos] == ')') {
				p.failPos(pos, "expected 'x' and the element type after the dimension sizes")
			} else {
				p.failPos(pos, "expected 'x' in dimension list")
			}
			return nil
		}
		pos++
	}
elem:
	p.lex.pos = pos
	p.next()
	if p.failed() {
		return nil
	}
	if !p.is(tBareIdent) {
		if p.is(tInt) || p.is(tFloat) {
			p.failAt(p.tok, "invalid dimension size '%s': sizes are non-negative integers or '?'", p.tokText())
		} else {
			p.failExpected("expected element type in %s type, found %s", kindWord(isTensor), p.describe())
		}
		return nil
	}
	elem := scalarKeyword(p.text(p.tok))
	if elem != nil && !isTensor && slices.Contains(shape, 0) {
		p.failAt(p.tok, "vector types must have positive constant sizes") // where mlir-opt-19 reports it
		return nil
	}
	if elem == nil {
		w := p.tokText()
		switch {
		case w == "tensor" || w == "vector" || w == "memref" || w == "complex":
			p.failAt(p.tok, "%s element type must be a scalar (i1, i8, i16, i32, i64, index, si8..si64, ui8..ui64, f16, bf16, f32, f64), not a %s", kindWord(isTensor), w)
		case len(w) > 1 && (isDigit(w[0]) || w[0] == 'x'):
			p.failAt(p.tok, "invalid dimension size in '%s'", w)
		case p.startsLine(p.tok):
			p.failExpected("expected element type in %s type, found '%s'", kindWord(isTensor), w)
		default:
			if d := leadingDimLike(w); d != "" {
				p.failAt(p.tok, "invalid dimension size '%s': sizes are non-negative integers or '?'", d)
			} else {
				p.failUnknownType(w)
				if p.err != nil && strings.HasPrefix(p.err.Msg, "unknown type") {
					p.err.Msg = "unknown element type '" + w + "' in " + kindWord(isTensor) + " type"
				}
			}
		}
		return nil
	}
	p.next()
	var enc Attr
	if isTensor && !unranked && p.consume(tComma) {
		if enc = p.parseAttr(); p.failed() {
			return nil
		}
	}
	if !p.is(tGreater) {
		k := p.tok.kind
		_, end := p.wrongTokenPos(p.tok)
		p.failExpected("expected '>' in %s type", kindWord(isTensor))
		if p.err != nil && (k == tRParen || k == tComma || k == tArrow || k == tEOF || k == tLBrace) {
			p.err.Fix = "insert '>': '" + string(p.src.Data[kw.start:end]) + ">'"
		}
		return nil
	}
	end := p.tok.end
	p.next()
	if e := ShapeError(shape, !isTensor); e != "" {
		p.failAt(kw, "%s", e)
		return nil
	}
	var t Type
	if isTensor {
		if shape == nil {
			shape = []int64{}
		}
		t = &TensorType{Shape: shape, Elem: elem, Unranked: unranked, Encoding: enc}
	} else {
		t = &VectorType{Shape: shape, Elem: elem}
	}
	if gt := scanTypeText(data, kw.end, p.lex.end); gt == end {
		p.typeCache[string(data[kw.start:end])] = t
	}
	return t
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

func kindWord(isTensor bool) string {
	if isTensor {
		return "tensor"
	}
	return "vector"
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
	p.fail(Pos{p.src, p.lex.line, int32(off-p.lex.lineStart) + 1}, format, args...)
}

// parseBangType parses `!alias` or an opaque dialect type `!dialect.name<...>`.
func (p *parser) parseBangType() Type {
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
	return &OpaqueType{Text: string(p.src.Data[t.start:end])}
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
