package asm

import (
	"strings"

	"github.com/tirc/tirc/ir"
)

// This file is the small parser and printer API an op's custom assembly
// form is written with (MLIR's OpAsmParser and OpAsmPrinter). A form is an
// OpDef's Format: its Parse reads what follows the op name and builds the
// op, its Print writes what follows the op name. The forms themselves live
// with the ops (package dialect), so a new dialect brings its own syntax
// without touching ir.

// opParser is what a Format's Parse reads an op with. It collects the
// op's operands (as names, resolved against their types by Build) and
// attributes; every Parse method reports failure by its result and records
// the first error, after which the others do nothing.
type opParser struct {
	p       *parser
	name    string
	def     *ir.OpDef
	pos     ir.Pos
	refs    []valueRef
	types   []ir.Type
	regions []*ir.Region // parsed by ParseRegion, attached by Build
	succs   []*ir.Block  // parsed by ParseSuccessor, attached by Build
	// attrs are the op's attributes, filled by ParseOptionalAttrDict and
	// by the form itself (SetAttr).
	attrs ir.Attrs
}

func (a *opParser) reset(p *parser, name string, def *ir.OpDef, pos ir.Pos) {
	a.p, a.name, a.def, a.pos = p, name, def, pos
	a.refs = a.refs[:0]
	a.regions = nil
	a.succs = nil
	a.attrs = nil
}

// Name is the full name of the op being parsed ("arith.addf").
func (a *opParser) Name() string { return a.name }

// Def is the definition of the op being parsed.
func (a *opParser) Def() *ir.OpDef { return a.def }

// Attrs are the op's attributes so far.
func (a *opParser) Attrs() ir.Attrs { return a.attrs }

// SetAttr sets the attribute name of the op being built.
func (a *opParser) SetAttr(name string, v ir.Attr) { a.attrs.Set(name, v) }

// SetAttrs replaces the attributes of the op being built.
func (a *opParser) SetAttrs(attrs ir.Attrs) { a.attrs = attrs }

// Failed reports whether an error has been recorded.
func (a *opParser) Failed() bool { return a.p.failed() }

// OpPos is the position of the op's name, where errors about the whole
// op point.
func (a *opParser) OpPos() ir.Pos { return a.pos }

// Pos is the position of the current token.
func (a *opParser) Pos() ir.Pos { return a.p.pos() }

// Errorf records an error at the current token; {op} in format stands
// for the op's name, as in every message of this API.
func (a *opParser) Errorf(format string, args ...any) {
	if !a.p.failed() {
		a.p.failAt(a.p.tok, a.expand(format), args...)
	}
}

// ErrorExpected records an error about a missing token where mlir-opt
// reports it: just after the text before the current token (see Errorf).
func (a *opParser) ErrorExpected(format string, args ...any) {
	if !a.p.failed() {
		for i, x := range args {
			if s, ok := x.(string); ok {
				args[i] = a.expand(s)
			}
		}
		a.p.failExpected(a.expand(format), args...)
	}
}

// ErrorAt records an error at pos (see Errorf).
func (a *opParser) ErrorAt(pos ir.Pos, format string, args ...any) {
	if !a.p.failed() {
		a.p.fail(pos, a.expand(format), args...)
	}
}

// PermuteOperands reorders the operands parsed so far: operand i becomes
// the one parsed as order[i] (forms whose clauses may come in any order,
// MLIR's oilist, parse operands in text order but build them in the op's).
func (a *opParser) PermuteOperands(order []int) {
	old := append([]valueRef(nil), a.refs...)
	for i, j := range order {
		a.refs[i] = old[j]
	}
}

// NumOperands is the number of operands parsed so far.
func (a *opParser) NumOperands() int { return len(a.refs) }

// ParseOperand parses one SSA value use (%x or %x#1) as the next operand.
func (a *opParser) ParseOperand() bool {
	if a.p.failed() {
		return false
	}
	r, ok := a.p.parseValueRef()
	if ok {
		a.refs = append(a.refs, r)
	}
	return ok
}

// ParseOperands parses a comma-separated list of one or more operands.
func (a *opParser) ParseOperands() bool {
	for a.ParseOperand() {
		if !a.p.consume(tComma) {
			return true
		}
	}
	return false
}

// ParseOptionalOperands parses a comma-separated list of operands if the
// current token is an SSA value, and nothing otherwise.
func (a *opParser) ParseOptionalOperands() bool {
	if !a.p.is(tPercentIdent) {
		return !a.p.failed()
	}
	return a.ParseOperands()
}

// ParseType parses a type.
func (a *opParser) ParseType() ir.Type {
	if a.p.failed() {
		return nil
	}
	t := a.p.parseType()
	if a.p.failed() {
		return nil
	}
	return t
}

// ParseColonType parses `: T`; what names the type in the error message
// ("the type of '{op}'", see Parse).
func (a *opParser) ParseColonType(what string) ir.Type {
	if !a.p.is(tColon) {
		a.ErrorExpected("expected ':' and %s", what)
		return nil
	}
	a.p.next()
	return a.ParseType()
}

// expand replaces {op} in msg by the op's name. Messages are templates so
// that parsing builds no string unless it fails.
func (a *opParser) expand(msg string) string { return strings.ReplaceAll(msg, "{op}", a.name) }

// ParseTypeList parses a comma-separated list of one or more types.
func (a *opParser) ParseTypeList() []ir.Type {
	var ts []ir.Type
	for {
		t := a.ParseType()
		if t == nil {
			return nil
		}
		ts = append(ts, t)
		if !a.p.consume(tComma) {
			return ts
		}
	}
}

// ParseFunctionalType parses `(T, ...) -> R` or `(T, ...) -> (R, ...)`
// and checks that there is one operand type per operand parsed.
func (a *opParser) ParseFunctionalType() (ins, outs []ir.Type, ok bool) {
	if a.p.failed() {
		return nil, nil, false
	}
	at := a.p.tok
	ins, outs = a.p.parseFuncTypeLists()
	if a.p.failed() {
		return nil, nil, false
	}
	if len(ins) != len(a.refs) {
		a.p.failAt(at, "expected %d operand type%s but had %d", len(a.refs), plural(len(a.refs)), len(ins))
		return nil, nil, false
	}
	return ins, outs, true
}

// SameTypes returns n copies of t in a buffer reused from op to op (Build
// copies the types it is given).
func (a *opParser) SameTypes(t ir.Type, n int) []ir.Type {
	a.types = a.types[:0]
	for range n {
		a.types = append(a.types, t)
	}
	return a.types
}

// ParseAttr parses an attribute value.
func (a *opParser) ParseAttr() ir.Attr {
	if a.p.failed() {
		return nil
	}
	v := a.p.parseAttr()
	if a.p.failed() {
		return nil
	}
	return v
}

// ParseOptionalAttrDict parses `{name = value, ...}` if present into the
// op's attributes.
func (a *opParser) ParseOptionalAttrDict() bool {
	if a.p.is(tLBrace) {
		for _, na := range a.p.parseAttrDict() {
			a.attrs.Set(na.Name, na.Value)
		}
	}
	return !a.p.failed()
}

// ParseOptionalKeyword consumes the bare word kw if it is next.
func (a *opParser) ParseOptionalKeyword(kw string) bool {
	if a.p.isKeyword(kw) {
		a.p.next()
		return true
	}
	return false
}

// ParseKeywordOrString parses a bare word or a string literal and returns
// its text ("lt" for both lt and "lt"); ok is false when neither is next
// (no error is recorded, so the caller can say what it expected).
func (a *opParser) ParseKeywordOrString() (s string, ok bool) {
	switch a.p.tok.kind {
	case tBareIdent:
		s = a.p.tokText()
	case tString:
		raw := a.p.text(a.p.tok)
		s = unquote(raw[1 : len(raw)-1])
	default:
		return "", false
	}
	a.p.next()
	return s, true
}

// ParseOptionalAngleKeyword parses `kw<...>` (such as arith's
// `fastmath<nnan, ninf>`) if the bare word kw is next, and returns its text
// with the angle group as written.
func (a *opParser) ParseOptionalAngleKeyword(kw string) (text string, ok bool) {
	if !a.p.isKeyword(kw) {
		return "", false
	}
	t := a.p.tok
	a.p.next()
	if !a.p.is(tLess) || a.p.tok.start != t.end {
		a.ErrorExpected("expected '<' after '%s'", kw)
		return "", false
	}
	end := a.p.skipAngleGroup()
	if a.p.failed() {
		return "", false
	}
	return string(a.p.src.Data[t.start:end]), true
}

// ParseSymbol parses a symbol reference `@name` and returns the name; msg
// is the error otherwise (see Parse).
func (a *opParser) ParseSymbol(msg string) (string, bool) {
	if !a.p.is(tAtIdent) {
		a.ErrorExpected("%s", msg)
		return "", false
	}
	s := a.p.symbolName(a.p.tok)
	a.p.next()
	return s, true
}

// punct maps the punctuation an op form may use to its token kind.
func punct(s string) tokKind {
	switch s {
	case "(":
		return tLParen
	case ")":
		return tRParen
	case "[":
		return tLSquare
	case "]":
		return tRSquare
	case "{":
		return tLBrace
	case "}":
		return tRBrace
	case "<":
		return tLess
	case ">":
		return tGreater
	case ",":
		return tComma
	case ":":
		return tColon
	case "=":
		return tEqual
	case "->":
		return tArrow
	case "*":
		return tStar
	case "?":
		return tQuestion
	}
	panic("ir.OpParser: unknown punctuation " + s)
}

// Parse consumes the punctuation s (one of ( ) [ ] { } < > , : = -> * ?)
// or records msg as the error, with {op} in it replaced by the op's name.
func (a *opParser) Parse(s, msg string) bool {
	if a.p.consume(punct(s)) {
		return true
	}
	a.ErrorExpected("%s", msg)
	return false
}

// ParseOptional consumes the punctuation s if it is next.
func (a *opParser) ParseOptional(s string) bool { return a.p.consume(punct(s)) }

// At reports whether the punctuation s is next, without consuming it.
func (a *opParser) At(s string) bool { return a.p.is(punct(s)) }

// AtOperand reports whether an SSA value use (%x) is next.
func (a *opParser) AtOperand() bool { return !a.p.failed() && a.p.is(tPercentIdent) }

// Build creates the op from the operands parsed, resolved against
// operandTypes (one per operand), with result types resultTypes and the
// attributes set. It returns nil after an error.
func (a *opParser) Build(operandTypes, resultTypes []ir.Type) *ir.Op {
	if a.p.failed() {
		return nil
	}
	if len(operandTypes) != len(a.refs) {
		a.Errorf("expected %d operand type%s but had %d", len(a.refs), plural(len(a.refs)), len(operandTypes))
		return nil
	}
	op := a.p.newOp(a.name, a.def, a.pos, a.refs, operandTypes, resultTypes)
	if op != nil {
		op.Attrs = a.attrs
		op.SetSuccessors(a.succs)
		for _, r := range a.regions {
			op.AttachRegion(r)
		}
	}
	return op
}

// opPrinter is what a Format's Print writes an op with.
type opPrinter struct {
	pr *printer
}

// Str writes s as is.
func (p *opPrinter) Str(s string) { p.pr.str(s) }

// Newline starts a new line at the current indentation.
func (p *opPrinter) Newline() { p.pr.newline() }

// Indent deepens the indentation of the lines that follow.
func (p *opPrinter) Indent() { p.pr.indent++ }

// Dedent undoes Indent.
func (p *opPrinter) Dedent() { p.pr.indent-- }

// Operand writes a use of v (%3, %arg0, %cst).
func (p *opPrinter) Operand(v *ir.Value) { p.pr.value(v) }

// Operands writes a comma-separated list of uses.
func (p *opPrinter) Operands(vs []*ir.Value) { p.pr.valueList(vs) }

// Type writes a type.
func (p *opPrinter) Type(t ir.Type) { p.pr.typ(t) }

// Types writes a comma-separated list of types.
func (p *opPrinter) Types(ts []ir.Type) { p.pr.typeList(ts) }

// OperandTypes writes the types of op's operands, comma-separated.
func (p *opPrinter) OperandTypes(op *ir.Op) {
	for i, v := range op.Operands() {
		if i > 0 {
			p.pr.str(", ")
		}
		p.pr.typ(v.Type())
	}
}

// FunctionalType writes `(operand types) -> result types` of op.
func (p *opPrinter) FunctionalType(op *ir.Op) {
	p.pr.str("(")
	p.OperandTypes(op)
	p.pr.str(") -> ")
	if len(op.Results()) == 1 {
		if _, isFn := op.Results()[0].Type().(*ir.FuncType); !isFn {
			p.pr.typ(op.Results()[0].Type())
			return
		}
	}
	p.pr.results(op.ResultTypes())
}

// Attr writes an attribute value.
func (p *opPrinter) Attr(a ir.Attr) { p.pr.attr(a) }

// OptionalAttrDict writes ` {name = value, ...}` with the attributes of
// attrs not named in elided, or nothing when none is left.
func (p *opPrinter) OptionalAttrDict(attrs ir.Attrs, elided ...string) {
	first := true
	for _, na := range attrs {
		if contains(elided, na.Name) {
			continue
		}
		if first {
			p.pr.str(" {")
			first = false
		} else {
			p.pr.str(", ")
		}
		p.pr.buf = ir.AppendNamedAttr(p.pr.buf, na)
	}
	if !first {
		p.pr.str("}")
	}
}

// The forms of package dialect are written against ir's interfaces.
var (
	_ ir.OpParser  = (*opParser)(nil)
	_ ir.OpPrinter = (*opPrinter)(nil)
)
