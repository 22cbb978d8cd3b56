package ir

import "strings"

// This file is the small parser and printer API an op's custom assembly
// form is written with (MLIR's OpAsmParser and OpAsmPrinter). A form is an
// OpDef's Format: its Parse reads what follows the op name and builds the
// op, its Print writes what follows the op name. The forms themselves live
// with the ops (package dialect), so a new dialect brings its own syntax
// without touching ir.

// Format is an op's custom assembly form.
type Format struct {
	// Name describes the form in one line, e.g. "%a, %b : T".
	Name string
	// Parse reads the op after its name (the parser has consumed the
	// name) and returns it built with OpParser.Build, or nil after an
	// error.
	Parse func(p *OpParser) *Op
	// Print writes the op after its name, each piece with its leading
	// space, and reports whether the op fits the form; when it does not
	// (broken or unusual IR), the op is printed in generic form and
	// whatever Print wrote is discarded.
	Print func(p *OpPrinter, op *Op) bool
}

// OpParser is what a Format's Parse reads an op with. It collects the
// op's operands (as names, resolved against their types by Build) and
// attributes; every Parse method reports failure by its result and records
// the first error, after which the others do nothing.
type OpParser struct {
	p       *parser
	name    string
	def     *OpDef
	pos     Pos
	refs    []valueRef
	types   []Type
	regions []*Region // parsed by ParseRegion, attached by Build
	succs   []*Block  // parsed by ParseSuccessor, attached by Build
	// Attrs are the op's attributes, filled by ParseOptionalAttrDict and
	// by the form itself.
	Attrs Attrs
}

func (a *OpParser) reset(p *parser, name string, def *OpDef, pos Pos) {
	a.p, a.name, a.def, a.pos = p, name, def, pos
	a.refs = a.refs[:0]
	a.regions = nil
	a.succs = nil
	a.Attrs = nil
}

// Name is the full name of the op being parsed ("arith.addf").
func (a *OpParser) Name() string { return a.name }

// Def is the definition of the op being parsed.
func (a *OpParser) Def() *OpDef { return a.def }

// Failed reports whether an error has been recorded.
func (a *OpParser) Failed() bool { return a.p.failed() }

// OpPos is the position of the op's name, where errors about the whole
// op point.
func (a *OpParser) OpPos() Pos { return a.pos }

// Pos is the position of the current token.
func (a *OpParser) Pos() Pos { return a.p.pos() }

// Errorf records an error at the current token; {op} in format stands
// for the op's name, as in every message of this API.
func (a *OpParser) Errorf(format string, args ...any) {
	if !a.p.failed() {
		a.p.failAt(a.p.tok, a.expand(format), args...)
	}
}

// ErrorExpected records an error about a missing token where mlir-opt
// reports it: just after the text before the current token (see Errorf).
func (a *OpParser) ErrorExpected(format string, args ...any) {
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
func (a *OpParser) ErrorAt(pos Pos, format string, args ...any) {
	if !a.p.failed() {
		a.p.fail(pos, a.expand(format), args...)
	}
}

// PermuteOperands reorders the operands parsed so far: operand i becomes
// the one parsed as order[i] (forms whose clauses may come in any order,
// MLIR's oilist, parse operands in text order but build them in the op's).
func (a *OpParser) PermuteOperands(order []int) {
	old := append([]valueRef(nil), a.refs...)
	for i, j := range order {
		a.refs[i] = old[j]
	}
}

// NumOperands is the number of operands parsed so far.
func (a *OpParser) NumOperands() int { return len(a.refs) }

// ParseOperand parses one SSA value use (%x or %x#1) as the next operand.
func (a *OpParser) ParseOperand() bool {
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
func (a *OpParser) ParseOperands() bool {
	for a.ParseOperand() {
		if !a.p.consume(tComma) {
			return true
		}
	}
	return false
}

// ParseOptionalOperands parses a comma-separated list of operands if the
// current token is an SSA value, and nothing otherwise.
func (a *OpParser) ParseOptionalOperands() bool {
	if !a.p.is(tPercentIdent) {
		return !a.p.failed()
	}
	return a.ParseOperands()
}

// ParseType parses a type.
func (a *OpParser) ParseType() Type {
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
func (a *OpParser) ParseColonType(what string) Type {
	if !a.p.is(tColon) {
		a.ErrorExpected("expected ':' and %s", what)
		return nil
	}
	a.p.next()
	return a.ParseType()
}

// expand replaces {op} in msg by the op's name. Messages are templates so
// that parsing builds no string unless it fails.
func (a *OpParser) expand(msg string) string { return strings.ReplaceAll(msg, "{op}", a.name) }

// ParseTypeList parses a comma-separated list of one or more types.
func (a *OpParser) ParseTypeList() []Type {
	var ts []Type
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
func (a *OpParser) ParseFunctionalType() (ins, outs []Type, ok bool) {
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
func (a *OpParser) SameTypes(t Type, n int) []Type {
	a.types = a.types[:0]
	for range n {
		a.types = append(a.types, t)
	}
	return a.types
}

// ParseAttr parses an attribute value.
func (a *OpParser) ParseAttr() Attr {
	if a.p.failed() {
		return nil
	}
	v := a.p.parseAttr()
	if a.p.failed() {
		return nil
	}
	return v
}

// ParseOptionalAttrDict parses `{name = value, ...}` if present into Attrs.
func (a *OpParser) ParseOptionalAttrDict() bool {
	if a.p.is(tLBrace) {
		for _, na := range a.p.parseAttrDict() {
			a.Attrs.Set(na.Name, na.Value)
		}
	}
	return !a.p.failed()
}

// ParseOptionalKeyword consumes the bare word kw if it is next.
func (a *OpParser) ParseOptionalKeyword(kw string) bool {
	if a.p.isKeyword(kw) {
		a.p.next()
		return true
	}
	return false
}

// ParseKeywordOrString parses a bare word or a string literal and returns
// its text ("lt" for both lt and "lt"); ok is false when neither is next
// (no error is recorded, so the caller can say what it expected).
func (a *OpParser) ParseKeywordOrString() (s string, ok bool) {
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
func (a *OpParser) ParseOptionalAngleKeyword(kw string) (text string, ok bool) {
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
func (a *OpParser) ParseSymbol(msg string) (string, bool) {
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
func (a *OpParser) Parse(s, msg string) bool {
	if a.p.consume(punct(s)) {
		return true
	}
	a.ErrorExpected("%s", msg)
	return false
}

// ParseOptional consumes the punctuation s if it is next.
func (a *OpParser) ParseOptional(s string) bool { return a.p.consume(punct(s)) }

// At reports whether the punctuation s is next, without consuming it.
func (a *OpParser) At(s string) bool { return a.p.is(punct(s)) }

// Build creates the op from the operands parsed, resolved against
// operandTypes (one per operand), with result types resultTypes and the
// attributes in Attrs. It returns nil after an error.
func (a *OpParser) Build(operandTypes, resultTypes []Type) *Op {
	if a.p.failed() {
		return nil
	}
	if len(operandTypes) != len(a.refs) {
		a.Errorf("expected %d operand type%s but had %d", len(a.refs), plural(len(a.refs)), len(operandTypes))
		return nil
	}
	op := a.p.newOp(a.name, a.def, a.pos, a.refs, operandTypes, resultTypes)
	if op != nil {
		op.Attrs = a.Attrs
		op.succs = a.succs
		for _, r := range a.regions {
			op.AttachRegion(r)
		}
	}
	return op
}

// OpPrinter is what a Format's Print writes an op with.
type OpPrinter struct {
	pr *printer
}

// Str writes s as is.
func (p *OpPrinter) Str(s string) { p.pr.str(s) }

// Operand writes a use of v (%3, %arg0, %cst).
func (p *OpPrinter) Operand(v *Value) { p.pr.value(v) }

// Operands writes a comma-separated list of uses.
func (p *OpPrinter) Operands(vs []*Value) { p.pr.valueList(vs) }

// Type writes a type.
func (p *OpPrinter) Type(t Type) { p.pr.typ(t) }

// Types writes a comma-separated list of types.
func (p *OpPrinter) Types(ts []Type) { p.pr.typeList(ts) }

// OperandTypes writes the types of op's operands, comma-separated.
func (p *OpPrinter) OperandTypes(op *Op) {
	for i, v := range op.operands {
		if i > 0 {
			p.pr.str(", ")
		}
		p.pr.typ(v.typ)
	}
}

// FunctionalType writes `(operand types) -> result types` of op.
func (p *OpPrinter) FunctionalType(op *Op) {
	p.pr.str("(")
	p.OperandTypes(op)
	p.pr.str(") -> ")
	if len(op.results) == 1 {
		if _, isFn := op.results[0].typ.(*FuncType); !isFn {
			p.pr.typ(op.results[0].typ)
			return
		}
	}
	p.pr.results(op.ResultTypes())
}

// Attr writes an attribute value.
func (p *OpPrinter) Attr(a Attr) { p.pr.attr(a) }

// OptionalAttrDict writes ` {name = value, ...}` with the attributes of
// attrs not named in elided, or nothing when none is left.
func (p *OpPrinter) OptionalAttrDict(attrs Attrs, elided ...string) {
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
		p.pr.buf = appendNamedAttr(p.pr.buf, na)
	}
	if !first {
		p.pr.str("}")
	}
}
