package asm

import (
	"strconv"
	"strings"

	"github.com/tirc/tirc/ir"
)

// Locations. An op's, function's or module's Loc holds the contents of its
// loc(...) in mlir-opt's inline form (-mlir-print-local-scope): aliases
// expanded, fused locations flattened and deduplicated as MLIR's
// FusedLoc::get does. The forms are MLIR 19's:
//
//	unknown
//	"file.mlir":3:7                     a file, line and column
//	"name" or "name"(loc)               a name, optionally of a child
//	callsite(loc at loc)                a callee at its caller
//	fused[loc, ...] or fused<attr>[...]  several, with optional metadata
//	#alias                              defined by `#alias = loc(...)`
//
// A loc(#alias) of an op may come before the alias definition (mlir-opt
// -mlir-print-debuginfo prints the definitions after the module); nested
// aliases must be defined before their use, as in MLIR.

// locNode is a parsed location.
type locNode struct {
	kind      byte // 'u'nknown, 'f'ile, 'n'ame, 'c'allsite, 'F'used
	size      int  // bytes of its inline text, about (see MaxLocBytes)
	str       string
	line, col int64
	meta      string     // fused metadata, as printed
	kids      []*locNode // name: child; callsite: callee, caller; fused: its locations
}

var unknownLoc = &locNode{kind: 'u', size: 7}

// MaxLocBytes bounds the inline text of one location. Aliases share
// parts, so that a few lines of `#l2 = loc(callsite(#l1 at #l1))` would
// otherwise expand to gigabytes.
const MaxLocBytes = 64 << 10

// sized sets n's size from its parts.
func sized(n *locNode) *locNode {
	n.size = len(n.str) + len(n.meta) + 32
	for _, k := range n.kids {
		n.size += k.size + 2
	}
	return n
}

// checkLocSize fails when n is too large to expand.
func (p *parser) checkLocSize(n *locNode, at token) *locNode {
	if n != nil && n.size > MaxLocBytes {
		p.failAt(at, "location is too large: more than %d bytes written out", MaxLocBytes)
		return nil
	}
	return n
}

func (l *locNode) String() string { return string(l.appendTo(nil, nil)) }

// appendTo prints l; alias, when not nil, names the nodes printed as
// #aliases (the top node itself is always printed in full).
func (l *locNode) appendTo(b []byte, alias func(*locNode) string) []byte {
	sub := func(b []byte, k *locNode) []byte {
		if alias != nil {
			if a := alias(k); a != "" {
				return append(b, a...)
			}
		}
		return k.appendTo(b, alias)
	}
	switch l.kind {
	case 'u':
		return append(b, "unknown"...)
	case 'f':
		b = ir.AppendQuoted(b, l.str)
		b = append(b, ':')
		b = strconv.AppendInt(b, l.line, 10)
		b = append(b, ':')
		return strconv.AppendInt(b, l.col, 10)
	case 'n':
		b = ir.AppendQuoted(b, l.str)
		if l.kids[0].kind != 'u' {
			b = append(b, '(')
			b = sub(b, l.kids[0])
			b = append(b, ')')
		}
		return b
	case 'c':
		b = append(b, "callsite("...)
		b = sub(b, l.kids[0])
		b = append(b, " at "...)
		b = sub(b, l.kids[1])
		return append(b, ')')
	}
	b = append(b, "fused"...)
	if l.meta != "" {
		b = append(b, '<')
		b = append(b, l.meta...)
		b = append(b, '>')
	}
	b = append(b, '[')
	for i, k := range l.kids {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = sub(b, k)
	}
	return append(b, ']')
}

// fusedLoc is MLIR's FusedLoc::get: nested fused locations with the same
// metadata are flattened, unknown ones dropped, duplicates removed; one
// location without metadata stands for itself.
func fusedLoc(locs []*locNode, meta string) *locNode {
	var out []*locNode
	seen := map[string]bool{}
	total := 0
	add := func(l *locNode) {
		if total += l.size; total > MaxLocBytes {
			return // the caller refuses the location (checkLocSize)
		}
		if k := l.String(); !seen[k] {
			seen[k] = true
			out = append(out, l)
		}
	}
	for _, l := range locs {
		switch {
		case l.kind == 'F' && l.meta == meta:
			for _, k := range l.kids {
				add(k)
			}
		case l.kind != 'u':
			add(l)
		}
	}
	switch {
	case len(out) == 0 && meta == "":
		return unknownLoc
	case len(out) == 0:
		out = []*locNode{unknownLoc}
	case len(out) == 1 && meta == "":
		return out[0]
	}
	n := sized(&locNode{kind: 'F', meta: meta, kids: out})
	n.size = max(n.size, total)
	return n
}

// parseLocation parses a location (the inside of loc(...)).
func (p *parser) parseLocation() *locNode {
	if p.failed() {
		return nil
	}
	if !p.enter() {
		return nil
	}
	defer p.leave()
	switch p.tok.kind {
	case tString:
		return p.parseFileOrNameLoc()
	case tHashIdent:
		t := p.tok
		name := string(p.text(t))
		l, ok := p.locAlias[name]
		if !ok {
			if a, isAttr := p.attrAlias[name]; isAttr {
				p.failAt(t, "expected location, but found '%s'", string(ir.AppendAttr(nil, a)))
			} else {
				p.failAt(t, "undefined symbol alias id '%s'", name[1:]) // mlir-opt-19's message
			}
			return nil
		}
		p.next()
		return l
	case tBareIdent:
	default:
		p.failExpected("expected location instance")
		return nil
	}
	switch p.tokText() {
	case "unknown":
		p.next()
		return unknownLoc
	case "callsite":
		p.next()
		if !p.expect(tLParen, "expected '(' in callsite location") {
			return nil
		}
		callee := p.parseLocation()
		if p.failed() {
			return nil
		}
		if !p.isKeyword("at") {
			p.failExpected("expected 'at' in callsite location")
			return nil
		}
		p.next()
		caller := p.parseLocation()
		if p.failed() || !p.expect(tRParen, "expected ')' in callsite location") {
			return nil
		}
		return p.checkLocSize(sized(&locNode{kind: 'c', kids: []*locNode{callee, caller}}), p.tok)
	case "fused":
		return p.parseFusedLoc()
	}
	p.failExpected("expected location instance")
	return nil
}

// parseFileOrNameLoc parses "file":line:col, "name" or "name"(loc).
func (p *parser) parseFileOrNameLoc() *locNode {
	raw := p.text(p.tok)
	s := unquote(raw[1 : len(raw)-1])
	p.next()
	if p.consume(tColon) {
		line, ok := p.locNumber("line")
		if !ok || !p.expect(tColon, "expected ':' in FileLineColLoc") {
			return nil
		}
		col, ok := p.locNumber("column")
		if !ok {
			return nil
		}
		return sized(&locNode{kind: 'f', str: s, line: line, col: col})
	}
	child := unknownLoc
	if p.consume(tLParen) {
		child = p.parseLocation()
		if p.failed() || !p.expect(tRParen, "expected ')' after child location of NameLoc") {
			return nil
		}
	}
	return p.checkLocSize(sized(&locNode{kind: 'n', str: s, kids: []*locNode{child}}), p.tok)
}

func (p *parser) locNumber(what string) (int64, bool) {
	if !p.is(tInt) {
		p.failExpected("expected integer %s number in FileLineColLoc", what)
		return 0, false
	}
	v, err := strconv.ParseUint(p.tokText(), 10, 32)
	if err != nil {
		p.failAt(p.tok, "expected integer %s number in FileLineColLoc", what)
		return 0, false
	}
	p.next()
	return int64(v), true
}

// parseFusedLoc parses fused[...] or fused<attr>[...].
func (p *parser) parseFusedLoc() *locNode {
	kw := p.tok
	p.next()
	meta := ""
	if p.is(tLess) && p.tok.start == kw.end {
		p.next()
		a := p.parseAttr()
		if p.failed() || !p.expect(tGreater, "expected '>' after fused location metadata") {
			return nil
		}
		meta = string(ir.AppendAttrElided(nil, a))
	}
	if !p.expect(tLSquare, "expected '[' in fused location") {
		return nil
	}
	var locs []*locNode
	for !p.is(tRSquare) && !p.failed() {
		locs = append(locs, p.parseLocation())
		if !p.more(tRSquare, p.failExpected, "expected ',' or ']' in fused location") {
			break
		}
	}
	if p.failed() || !p.expect(tRSquare, "expected ']' in fused location") {
		return nil
	}
	return p.checkLocSize(fusedLoc(locs, meta), kw)
}

// parseOptionalLoc parses a trailing `loc(...)` and returns its contents
// in inline form ("" without one). A lone loc(#alias) not yet defined is
// kept as "#alias" and resolved when the whole input is parsed
// (resolveLocs).
func (p *parser) parseOptionalLoc() string {
	l, fwd := p.parseOptionalLocNode(true)
	if l == nil {
		return fwd
	}
	return l.String()
}

// parseOptionalLocNode parses a trailing `loc(...)`: its location, or
// (when allowFwd) the name of the alias of a lone loc(#alias) not yet
// defined; nil and "" without one or on an error.
func (p *parser) parseOptionalLocNode(allowFwd bool) (l *locNode, fwd string) {
	if !p.isKeyword("loc") {
		return nil, ""
	}
	p.next()
	if !p.is(tLParen) {
		p.failExpected("expected '(' after 'loc'")
		return nil, ""
	}
	p.next()
	if p.is(tHashIdent) && allowFwd {
		t := p.tok
		name := string(p.text(t))
		_, isAttr := p.attrAlias[name]
		if _, ok := p.locAlias[name]; !ok && !isAttr && p.peekIs(tRParen) {
			p.next()
			p.next()
			if p.locFwd == nil {
				p.locFwd = map[string]ir.Pos{}
			}
			if _, seen := p.locFwd[name]; !seen {
				p.locFwd[name] = p.posOf(t)
			}
			return nil, name
		}
	}
	l = p.parseLocation()
	if p.failed() || !p.expect(tRParen, "expected ')' after location") {
		return nil, ""
	}
	return l, ""
}

// peekIs reports whether the token after the current one has kind k.
func (p *parser) peekIs(k tokKind) bool {
	save := p.lex
	t := p.lex.next()
	p.lex = save
	return t.kind == k
}

// parseLocAliasDef parses the `loc(...)` of `#name = loc(...)`; the
// aliases it uses must be defined before it.
func (p *parser) parseLocAliasDef(name string) {
	l, _ := p.parseOptionalLocNode(false)
	if p.failed() {
		return
	}
	if p.locAlias == nil {
		p.locAlias = map[string]*locNode{}
	}
	p.locAlias[name] = l
	if p.attrAlias == nil {
		p.attrAlias = map[string]ir.Attr{}
	}
	p.attrAlias[name] = &ir.OpaqueAttr{Text: "loc(" + l.String() + ")"}
}

// parseLocString parses the inline form of a location; nil when it is not
// one.
func parseLocString(text string) *locNode {
	src := ir.NewSource("<loc>", []byte(text))
	q := &parser{src: src, lex: lexer{data: src.Data, end: len(src.Data), line: 1}, typeCache: map[string]ir.Type{}, names: map[string]string{}}
	q.next()
	l := q.parseLocation()
	if q.failed() || !q.is(tEOF) {
		return nil
	}
	return l
}

// resolveLocs replaces the forward loc(#alias) references of m by the
// aliases' locations, or fails at the first use of one never defined.
func (p *parser) resolveLocs(m *ir.Module) {
	if len(p.locFwd) == 0 || p.err != nil {
		return
	}
	resolve := func(loc *string) bool {
		if !strings.HasPrefix(*loc, "#") {
			return true
		}
		l, ok := p.locAlias[*loc]
		if !ok {
			if a, isAttr := p.attrAlias[*loc]; isAttr {
				p.fail(p.locFwd[*loc], "expected location, but found '%s'", string(ir.AppendAttr(nil, a)))
			} else {
				p.fail(p.locFwd[*loc], "operation location alias was never defined") // mlir-opt-19's message
			}
			return false
		}
		*loc = l.String()
		return true
	}
	if !resolve(&m.Loc) {
		return
	}
	for _, f := range m.Funcs {
		if !resolve(&f.Loc) {
			return
		}
		for i := range f.ArgLocs {
			if !resolve(&f.ArgLocs[i]) {
				return
			}
		}
		for op := range f.Ops() {
			if !resolve(&op.Loc) {
				return
			}
		}
	}
}
