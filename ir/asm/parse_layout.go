package asm

import "github.com/tirc/tirc/ir"

// parseStridedLayout parses `strided<[s0, s1, ...]>` or
// `strided<[...], offset: o>`, where sizes are integers or '?'.
func (p *parser) parseStridedLayout() ir.Attr {
	kw := p.tok
	p.next()
	if !p.is(tLess) || p.tok.start != kw.end {
		p.failExpected("expected '<' after 'strided'")
		return nil
	}
	p.next()
	if !p.expect(tLSquare, "expected '['") {
		return nil
	}
	a := &ir.StridedLayout{Strides: []int64{}}
	for !p.is(tRSquare) && !p.failed() {
		v, ok := p.parseDynInt("strides")
		if !ok {
			return nil
		}
		a.Strides = append(a.Strides, v)
		if !p.more(tRSquare, p.failExpected, "expected ',' or ']' in the strides") {
			break
		}
	}
	if !p.expect(tRSquare, "expected ']' to end the strides") {
		return nil
	}
	if p.consume(tComma) {
		if !p.isKeyword("offset") {
			p.failExpected("expected 'offset' after comma")
			return nil
		}
		p.next()
		if !p.expect(tColon, "expected ':' after 'offset'") {
			return nil
		}
		v, ok := p.parseDynInt("offset")
		if !ok {
			return nil
		}
		a.Offset = v
	}
	if !p.expect(tGreater, "expected '>' to end the strided layout") {
		return nil
	}
	return a
}

// parseDynInt parses an integer or '?' (Dynamic) of a strided layout.
func (p *parser) parseDynInt(what string) (int64, bool) {
	if p.is(tQuestion) {
		p.next()
		return ir.Dynamic, true
	}
	if !p.is(tInt) && !p.is(tMinus) {
		p.failExpected("expected an integer or '?' in the %s", what)
		return 0, false
	}
	lit, ok := p.parseLiteral()
	if !ok {
		return 0, false
	}
	if lit.float || lit.hex || !lit.ok || lit.u > 1<<62 {
		p.failAt(lit.tok, "expected an integer or '?' in the %s", what)
		return 0, false
	}
	if lit.neg {
		return -int64(lit.u), true
	}
	return int64(lit.u), true
}
