package asm

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"slices"
	"strconv"
	"unicode/utf8"

	"github.com/tirc/tirc/ir"
)

// ParseOptions configures the parser.
type ParseOptions struct {
	// AllowUnregistered accepts ops and types of dialects that are not
	// registered, as mlir-opt's -allow-unregistered-dialect.
	AllowUnregistered bool
	// Sequential parses function bodies one after the other even in large
	// inputs (the result is the same; for tests and measurements).
	Sequential bool
}

// MaxNesting bounds the nesting depth of attributes, types and locations
// (mlir-opt-19 crashes with a stack overflow on 100k nested `tensor<`).
const MaxNesting = 256

// Parse parses a whole source file into a module. On a syntax error it
// returns the first error; the parser does not try to recover.
func Parse(src *ir.Source, opts ParseOptions) (*ir.Module, *ir.Diagnostic) {
	return ParseRange(src, 0, len(src.Data), 1, opts)
}

// ParseString parses text named "<string>" (a convenience for tests and
// the Go API).
func ParseString(text string, opts ParseOptions) (*ir.Module, *ir.Diagnostic) {
	return Parse(ir.NewSource("<string>", []byte(text)), opts)
}

// ParseRange parses the bytes [start, end) of src, which begin on line
// `line`; diagnostics keep the line numbers of the whole file. This is how
// -split-input-file chunks are parsed.
func ParseRange(src *ir.Source, start, end, line int, opts ParseOptions) (*ir.Module, *ir.Diagnostic) {
	p := &parser{
		src:       src,
		opts:      opts,
		lex:       lexer{data: src.Data, begin: start, pos: start, end: end, line: int32(line), lineStart: start},
		typeCache: map[string]ir.Type{},
		names:     map[string]string{},
	}
	if d := p.checkEncoding(start, end, line); d != nil {
		return nil, d
	}
	p.parallel = end-start >= parallelParseBytes && !opts.Sequential
	p.next()
	m := p.parseTopLevel()
	if len(p.bodies) > 0 {
		if p.aliasAfterBody {
			opts.Sequential = true
			return ParseRange(src, start, end, line, opts)
		}
		p.parseBodies()
	}
	p.resolveLocs(m)
	if p.err != nil {
		return nil, p.err
	}
	return m, nil
}

// checkEncoding rejects NUL bytes and invalid UTF-8 anywhere in the input
// (including comments) with the position of the first bad byte.
func (p *parser) checkEncoding(start, end, line int) *ir.Diagnostic {
	data := p.src.Data[start:end]
	if asciiNoNUL(data) {
		return nil
	}
	bad := bytes.IndexByte(data, 0)
	msg := "unexpected NUL byte in input"
	if i := invalidUTF8(data); i >= 0 && (bad < 0 || i < bad) {
		bad, msg = i, "invalid UTF-8 in input"
	}
	if bad < 0 {
		return nil
	}
	ln := int32(line) + int32(bytes.Count(data[:bad], []byte{'\n'}))
	col := bad - (bytes.LastIndexByte(data[:bad], '\n') + 1) + 1
	return ir.Errorf(ir.Pos{File: p.src, Line: ln, Col: int32(col)}, "%s", msg)
}

// asciiNoNUL reports whether b is ASCII without NUL bytes, as source text
// almost always is, looking at eight bytes at a time.
func asciiNoNUL(b []byte) bool {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	i := 0
	for ; i+8 <= len(b); i += 8 {
		w := binary.LittleEndian.Uint64(b[i:])
		if w&highs != 0 || (w-ones)&^w&highs != 0 { // a non-ASCII or a zero byte
			return false
		}
	}
	for _, c := range b[i:] {
		if c == 0 || c >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

func invalidUTF8(b []byte) int {
	for i := 0; i < len(b); {
		if b[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n == 1 {
			return i
		}
		i += n
	}
	return -1
}

type parser struct {
	lex   lexer
	tok   token
	src   *ir.Source
	opts  ParseOptions
	err   *ir.Diagnostic
	depth int

	typeCache map[string]ir.Type // tensor/vector type text -> type
	names     map[string]string  // interned op names
	attrAlias map[string]ir.Attr
	typeAlias map[string]ir.Type
	locAlias  map[string]*locNode
	locFwd    map[string]ir.Pos // loc(#alias) used before its definition: first use

	// Per function.
	fn      *ir.Func
	defs    ssaTable
	fwd     map[string][]*fwdRef
	fwdSeq  int
	scopes  []nameScope              // names defined in each enclosing region (parse_region.go)
	labels  []map[string]*blockLabel // block labels of each enclosing region (successor.go)
	typeBuf []ir.Type
	refBuf  []valueRef // operand references of the op being parsed
	asm     opParser   // the custom form parser, reused from op to op
	asmBusy bool       // asm is parsing an op (whose regions hold ops)
	arena   ir.Arena
	vals    []*ir.Value // operands being resolved, reused from op to op

	// Parallel body parsing (parse_parallel.go).
	parallel       bool
	bodies         []*bodyJob
	aliasAfterBody bool
	skipErr        *ir.Diagnostic // stand-in error of a body skipped to the end of input
}

// ssaDef is what a %name stands for: one value, or a group `%0:2`.
type ssaDef struct {
	vals []*ir.Value
	pos  ir.Pos
}

// fwdRef is a use of %name#index before its definition: a placeholder value
// replaced when the definition is parsed.
type fwdRef struct {
	index int
	v     *ir.Value
	pos   ir.Pos
	seq   int
}

type valueRef struct {
	name  []byte
	index int
	pos   ir.Pos
}

// ---- tokens and errors ----

func (p *parser) next() {
	p.tok = p.lex.next()
	if p.tok.kind == tError {
		p.failAt(p.tok, "%s", p.lex.errMsg)
	}
}

func (p *parser) posOf(t token) ir.Pos { return ir.Pos{File: p.src, Line: t.line, Col: t.col} }

func (p *parser) pos() ir.Pos { return p.posOf(p.tok) }

// fail records the first error and stops the lexer: every loop of the
// parser ends at EOF, so the error unwinds without panics.
func (p *parser) fail(pos ir.Pos, format string, args ...any) {
	if p.err == nil {
		p.err = ir.Errorf(pos, format, args...)
	}
	p.lex.pos = p.lex.end
	p.tok = token{kind: tEOF, start: p.lex.end, end: p.lex.end, line: p.tok.line, col: p.tok.col}
}

func (p *parser) failAt(t token, format string, args ...any) { p.fail(p.posOf(t), format, args...) }

// startsLine reports whether t is the first token on its line: a word
// there is more likely the next statement than a misspelt type.
func (p *parser) startsLine(t token) bool {
	pos, _ := p.wrongTokenPos(t)
	return pos.Line != t.line
}

// failExpected reports that something was expected before the current
// token, where mlir-opt-19 reports it (its emitWrongTokenError): just after
// the text that precedes the token, skipping blanks, line ends and
// comment-only lines. A '>' missing at the end of a line is reported at the
// end of that line, not at the next line's first token.
func (p *parser) failExpected(format string, args ...any) {
	pos, _ := p.wrongTokenPos(p.tok)
	p.fail(pos, format, args...)
}

// more ends an element of a comma-separated list closed by close: true
// after a ',', false (consuming nothing) before anything else. Like
// MLIR's lists, none takes a trailing comma: a close right after the
// ',' is the error want, reported by fail (failExpected: just after the
// ','; failHere: at the close), where mlir-opt reports it.
func (p *parser) more(close tokKind, fail func(string, ...any), want string) bool {
	if !p.consume(tComma) {
		return false
	}
	if p.is(close) {
		fail("%s", want)
		return false
	}
	return true
}

// failHere reports an error at the current token.
func (p *parser) failHere(format string, args ...any) { p.failAt(p.tok, format, args...) }

// wrongTokenPos is the position failExpected reports for token t, and its
// byte offset.
func (p *parser) wrongTokenPos(t token) (ir.Pos, int) {
	data, begin := p.src.Data, p.lex.begin
	i, line := t.start, t.line
	for {
		for i > begin && (data[i-1] == ' ' || data[i-1] == '\t') {
			i--
		}
		if i <= begin {
			return p.posOf(t), t.start
		}
		if c := data[i-1]; c != '\n' && c != '\r' {
			break
		}
		if data[i-1] == '\n' {
			line--
		}
		i--
		// A comment on the line above: the text before it.
		ls := i
		for ls > begin && data[ls-1] != '\n' {
			ls--
		}
		if c := bytes.Index(data[ls:i], []byte("//")); c >= 0 {
			i = ls + c
		}
	}
	ls := i
	for ls > 0 && data[ls-1] != '\n' {
		ls--
	}
	return ir.Pos{File: p.src, Line: line, Col: int32(i-ls) + 1}, i
}

func (p *parser) failed() bool { return p.err != nil }

func (p *parser) text(t token) []byte { return p.src.Data[t.start:t.end] }

func (p *parser) tokText() string { return string(p.text(p.tok)) }

// describe names the current token for "expected X, found Y" messages.
func (p *parser) describe() string {
	switch p.tok.kind {
	case tEOF:
		return "end of file"
	case tString, tBareIdent, tPercentIdent, tAtIdent, tCaretIdent, tHashIdent, tBangIdent, tInt, tFloat:
		s := p.tokText()
		if len(s) > 40 {
			s = s[:40] + "..."
		}
		return "'" + s + "'"
	}
	return tokNames[p.tok.kind]
}

func (p *parser) is(k tokKind) bool { return p.tok.kind == k }

func (p *parser) isKeyword(kw string) bool {
	return p.tok.kind == tBareIdent && string(p.text(p.tok)) == kw
}

// consume skips the current token if it has kind k.
func (p *parser) consume(k tokKind) bool {
	if p.tok.kind == k {
		p.next()
		return true
	}
	return false
}

// expect consumes a token of kind k or fails with msg at the current token.
func (p *parser) expect(k tokKind, msg string) bool {
	if p.tok.kind == k {
		p.next()
		return true
	}
	if !p.failed() {
		p.failExpected("%s", msg)
	}
	return false
}

func (p *parser) enter() bool {
	p.depth++
	if p.depth > MaxNesting {
		p.failAt(p.tok, "nesting too deep: more than %d levels", MaxNesting)
		return false
	}
	return true
}

func (p *parser) leave() { p.depth-- }

func (p *parser) intern(b []byte) string {
	if s, ok := p.names[string(b)]; ok {
		return s
	}
	s := string(b)
	p.names[s] = s
	return s
}

// ---- module and functions ----

func (p *parser) parseTopLevel() *ir.Module {
	m := &ir.Module{Src: p.src, Pos: p.pos()}
	sawModule, sawFunc := false, false
	for !p.is(tEOF) {
		switch {
		case p.isKeyword("module") || (p.is(tString) && string(p.text(p.tok)) == `"builtin.module"`):
			if sawModule || sawFunc {
				p.failAt(p.tok, "tirc supports one module per input, with nothing beside it")
				return nil
			}
			sawModule = true
			if p.is(tString) {
				p.parseGenericModule(m)
			} else {
				p.parseModule(m)
			}
		case p.isKeyword("func.func") || (p.is(tString) && string(p.text(p.tok)) == `"func.func"`):
			if sawModule {
				p.failAt(p.tok, "tirc supports one module per input, with nothing beside it")
				return nil
			}
			sawFunc = true
			p.parseFuncEither(m)
		case p.is(tHashIdent) || p.is(tBangIdent):
			p.parseAliasDef()
		case p.is(tString) && !sawModule:
			sawFunc = true
			p.parseTopOp(m)
		default:
			p.failAt(p.tok, "expected 'func.func' or 'module' at the top level, found %s", p.describe())
		}
	}
	return m
}

func (p *parser) parseFuncEither(m *ir.Module) {
	if p.is(tString) {
		p.parseGenericFunc(m)
	} else {
		p.parseFunc(m)
	}
}

// parseAliasDef parses `#name = attr` or `!name = type` at the top level.
func (p *parser) parseAliasDef() {
	if len(p.bodies) > 0 {
		p.aliasAfterBody = true
	}
	t := p.tok
	name := string(p.text(t))
	p.next()
	if !p.expect(tEqual, "expected '=' in alias definition") {
		return
	}
	if t.kind == tHashIdent && p.isKeyword("loc") {
		if _, dup := p.attrAlias[name]; dup {
			p.failAt(t, "redefinition of attribute alias id '%s'", name[1:])
			return
		}
		p.parseLocAliasDef(name)
		return
	}
	if t.kind == tHashIdent {
		a := p.parseAttr()
		if p.failed() {
			return
		}
		if p.attrAlias == nil {
			p.attrAlias = map[string]ir.Attr{}
		}
		if _, dup := p.attrAlias[name]; dup {
			p.failAt(t, "redefinition of attribute alias id '%s'", name[1:])
			return
		}
		p.attrAlias[name] = a
		return
	}
	ty := p.parseType()
	if p.failed() {
		return
	}
	if p.typeAlias == nil {
		p.typeAlias = map[string]ir.Type{}
	}
	if _, dup := p.typeAlias[name]; dup {
		p.failAt(t, "redefinition of type alias id '%s'", name[1:])
		return
	}
	p.typeAlias[name] = ty
}

// parseModule parses `module [@name] [attributes {...}] { funcs } [loc]`.
func (p *parser) parseModule(m *ir.Module) {
	m.Pos, m.Explicit = p.pos(), true
	p.next()
	if p.is(tAtIdent) {
		m.Name = p.symbolName(p.tok)
		p.next()
	}
	if p.isKeyword("attributes") {
		p.next()
		m.Attrs = p.parseAttrDict()
	}
	if !p.expect(tLBrace, "expected '{' to begin the module body") {
		return
	}
	for !p.is(tRBrace) && !p.is(tEOF) {
		if p.isKeyword("func.func") || (p.is(tString) && string(p.text(p.tok)) == `"func.func"`) {
			p.parseFuncEither(m)
			continue
		}
		if p.is(tString) {
			p.parseTopOp(m)
			continue
		}
		p.failAt(p.tok, "expected 'func.func' in the module body, found %s", p.describe())
	}
	if p.expect(tRBrace, "expected '}' to end the module body") {
		m.Loc = p.parseOptionalLoc()
	}
}

// parseGenericModule parses `"builtin.module"() ({ ... }) {attrs} : () -> ()`.
func (p *parser) parseGenericModule(m *ir.Module) {
	m.Pos, m.Explicit = p.pos(), true
	p.next()
	p.expect(tLParen, "expected '(' after the op name")
	p.expect(tRParen, "builtin.module takes no operands")
	if p.is(tLess) {
		props := p.parseProps()
		if s, ok := props.Get("sym_name").(ir.StringAttr); ok {
			m.Name = string(s)
		}
	}
	p.expect(tLParen, "expected '(' to begin the module region")
	p.expect(tLBrace, "expected '{' to begin the module region")
	if p.is(tCaretIdent) { // the module's one block may carry its label: ^bb0:
		p.next()
		p.expect(tColon, "expected ':' after the block label")
	}
	for !p.is(tRBrace) && !p.is(tEOF) {
		if p.is(tString) && string(p.text(p.tok)) == `"func.func"` {
			p.parseGenericFunc(m)
			continue
		}
		if p.isKeyword("func.func") {
			p.parseFunc(m)
			continue
		}
		if p.is(tString) {
			p.parseTopOp(m)
			continue
		}
		p.failAt(p.tok, "expected 'func.func' in the module body, found %s", p.describe())
	}
	p.expect(tRBrace, "expected '}' to end the module region")
	p.expect(tRParen, "expected ')' after the module region")
	if p.is(tLBrace) {
		for _, na := range p.parseAttrDict() {
			if na.Name == "sym_name" {
				if s, ok := na.Value.(ir.StringAttr); ok {
					m.Name = string(s)
				}
				continue
			}
			m.Attrs.Set(na.Name, na.Value)
		}
	}
	p.parseEmptySignature("builtin.module")
	m.Loc = p.parseOptionalLoc()
}

// parseEmptySignature parses `: () -> ()`.
func (p *parser) parseEmptySignature(op string) {
	if !p.expect(tColon, "expected ':' and the type signature of '"+op+"'") {
		return
	}
	pos := p.pos()
	ins, outs := p.parseFuncTypeLists()
	if !p.failed() && (len(ins) != 0 || len(outs) != 0) {
		p.fail(pos, "'%s' must have type () -> ()", op)
	}
}

func (p *parser) symbolName(t token) string {
	b := p.text(t)[1:]
	if len(b) > 0 && b[0] == '"' {
		return unquote(b[1 : len(b)-1])
	}
	return string(b)
}

func (p *parser) beginFunc(f *ir.Func) {
	p.fn = f
	p.defs = newSSATable(len(p.src.Data))
	p.fwd = nil
	p.fwdSeq = 0
}

// parseFunc parses the custom form of func.func:
//
//	func.func [private] @name(%a: T, ...) [-> R | -> (R, ...)] [attributes {...}] [{ body }] [loc(...)]
func (p *parser) parseFunc(m *ir.Module) {
	f := &ir.Func{Pos: p.pos()}
	p.next()
	if p.isKeyword("private") || p.isKeyword("public") || p.isKeyword("nested") {
		if v := p.tokText(); v != "public" {
			f.Visibility = v
		}
		p.next()
	}
	if !p.is(tAtIdent) {
		p.failAt(p.tok, "expected a function name like @f after 'func.func', found %s", p.describe())
		return
	}
	f.Name = p.symbolName(p.tok)
	p.next()
	p.beginFunc(f)
	if !p.expect(tLParen, "expected '(' to begin the function arguments") {
		return
	}
	named := -1 // 1: named arguments, 0: types only
	for !p.is(tRParen) && !p.failed() {
		if p.is(tPercentIdent) {
			if named == 0 {
				p.failAt(p.tok, "expected a type: either all arguments are named or none is")
				return
			}
			named = 1
			nameTok := p.tok
			p.next()
			p.expect(tColon, "expected ':' and a type after the argument name")
			t := p.parseType()
			if p.failed() {
				return
			}
			v := f.AddArg(t)
			v.Pos = p.posOf(nameTok)
			p.argExtras(f)
			p.define(nameTok, []*ir.Value{v})
		} else {
			if named == 1 {
				p.failAt(p.tok, "expected an argument name like %%arg0: either all arguments are named or none is")
				return
			}
			named = 0
			t := p.parseType()
			if p.failed() {
				return
			}
			f.AddArg(t).Pos = f.Pos
			p.argExtras(f)
		}
		if !p.more(tRParen, p.failHere, "expected SSA identifier") {
			break
		}
	}
	if !p.expect(tRParen, "expected ')' to end the function arguments") {
		return
	}
	if p.consume(tArrow) {
		f.ResultTypes = p.parseResultTypes()
	}
	if p.isKeyword("attributes") {
		p.next()
		f.Attrs = p.parseAttrDict()
	}
	m.AddFunc(f)
	if p.is(tLBrace) && p.parallel {
		p.skipBody(f, named == 1)
	} else if p.is(tLBrace) {
		p.parseBody(f, named == 1)
	} else {
		f.External = true
	}
	f.Loc = p.parseOptionalLoc()
	p.fn = nil
}

// argExtras accepts argument attributes, which tirc does not keep, and
// the location of the last argument of f, which it keeps in f.ArgLocs.
func (p *parser) argExtras(f *ir.Func) {
	if p.is(tLBrace) {
		p.parseAttrDict()
	}
	if loc := p.parseOptionalLoc(); loc != "" {
		for len(f.ArgLocs) < len(f.Args()) {
			f.ArgLocs = append(f.ArgLocs, "")
		}
		f.ArgLocs[len(f.Args())-1] = loc
	}
}

// parseResultTypes parses `T` or `(T, ...)` after '->'.
func (p *parser) parseResultTypes() []ir.Type {
	if !p.is(tLParen) {
		t := p.parseType()
		if p.failed() {
			return nil
		}
		return []ir.Type{t}
	}
	return p.appendResultTypes(nil)
}

// appendResultTypes parses `T` or `(T, ...)` after '->', appending the
// types to ts.
func (p *parser) appendResultTypes(ts []ir.Type) []ir.Type {
	if !p.is(tLParen) {
		t := p.parseType()
		if p.failed() {
			return nil
		}
		return append(ts, t)
	}
	p.next()
	for !p.is(tRParen) && !p.failed() {
		ts = append(ts, p.parseType())
		if p.is(tLBrace) {
			p.parseAttrDict() // result attributes: accepted, not kept
		}
		if !p.more(tRParen, p.failExpected, "expected non-function type") {
			break
		}
	}
	p.expect(tRParen, "expected ')' to end the result types")
	return ts
}

// parseGenericFunc parses the generic form printed by
// -mlir-print-op-generic:
//
//	"func.func"() <{function_type = (T) -> R, sym_name = "f"}> ({ ^bb0(...): ... }) : () -> ()
func (p *parser) parseGenericFunc(m *ir.Module) {
	f := &ir.Func{Pos: p.pos()}
	p.next()
	p.expect(tLParen, "expected '(' after the op name")
	p.expect(tRParen, "func.func takes no operands")
	var attrs ir.Attrs
	if p.is(tLess) {
		attrs = p.parseProps()
	}
	if !p.expect(tLParen, "expected '(' to begin the function region") {
		return
	}
	// The signature is known only from the attributes that follow the
	// region, so skip the region first, then come back to parse it.
	regionLex, regionTok := p.lex, p.tok
	if p.is(tLBrace) {
		p.skipBalanced()
	}
	p.expect(tRParen, "expected ')' after the function region")
	if p.is(tLBrace) {
		for _, na := range p.parseAttrDict() {
			attrs.Set(na.Name, na.Value)
		}
	}
	p.parseEmptySignature("func.func")
	loc := p.parseOptionalLoc()
	if p.failed() {
		return
	}
	endLex, endTok := p.lex, p.tok
	name, _ := attrs.Get("sym_name").(ir.StringAttr)
	var fty *ir.FuncType
	if ft, ok := attrs.Get("function_type").(*ir.TypeAttr); ok {
		fty, _ = ft.Type.(*ir.FuncType)
	}
	if name == "" || fty == nil {
		p.failAt(regionTok, "generic 'func.func' needs sym_name and function_type attributes")
		return
	}
	f.Name = string(name)
	if vis, ok := attrs.Get("sym_visibility").(ir.StringAttr); ok && vis != "public" {
		f.Visibility = string(vis)
	}
	for _, na := range attrs {
		switch na.Name {
		case "sym_name", "function_type", "sym_visibility", "arg_attrs", "res_attrs":
		default:
			f.Attrs.Set(na.Name, na.Value)
		}
	}
	for _, t := range fty.Inputs {
		f.AddArg(t).Pos = f.Pos
	}
	f.ResultTypes = fty.Results
	f.Loc = loc
	m.AddFunc(f)
	p.beginFunc(f)
	f.External = true
	if regionTok.kind == tLBrace {
		p.lex, p.tok = regionLex, regionTok
		p.next()
		empty := p.is(tRBrace)
		p.lex, p.tok = regionLex, regionTok
		if !empty {
			f.External = false
			p.parseBody(f, false)
		}
	}
	if !p.failed() {
		p.lex, p.tok = endLex, endTok
	}
	p.fn = nil
}

// skipBalanced skips a bracketed group starting at the current token.
func (p *parser) skipBalanced() {
	depth := 0
	for !p.is(tEOF) {
		switch p.tok.kind {
		case tLParen, tLBrace, tLSquare, tLess:
			depth++
		case tRParen, tRBrace, tRSquare, tGreater:
			depth--
		}
		p.next()
		if depth <= 0 {
			return
		}
	}
	if !p.failed() {
		p.failAt(p.tok, "unexpected end of file in a bracketed group")
	}
}

// blockArg is an argument of a function's entry block as written: its
// type and the position of its name.
type blockArg struct {
	typ ir.Type
	pos ir.Pos
}

// parseBody parses `{ [^bb0(args):] ops }` into f.
func (p *parser) parseBody(f *ir.Func, namedArgs bool) {
	lbrace := p.tok
	p.next()
	if p.is(tCaretIdent) {
		label := p.tok
		p.next()
		if namedArgs && len(f.Args()) > 0 {
			p.failAt(label, "invalid block name in region with named arguments")
			return
		}
		var args []blockArg
		var names []token
		var locs []string
		if p.consume(tLParen) {
			for !p.is(tRParen) && !p.failed() {
				nameTok := p.tok
				if !p.expect(tPercentIdent, "expected a block argument name like %arg0") {
					return
				}
				p.expect(tColon, "expected ':' and a type after the block argument name")
				t := p.parseType()
				loc := p.parseOptionalLoc()
				if p.failed() {
					return
				}
				args = append(args, blockArg{t, p.posOf(nameTok)})
				names = append(names, nameTok)
				locs = append(locs, loc)
				if !p.more(tRParen, p.failExpected, "expected SSA operand") {
					break
				}
			}
			p.expect(tRParen, "expected ')' to end the block arguments")
		}
		p.expect(tColon, "expected ':' after the block label")
		if p.failed() {
			return
		}
		if len(args) != len(f.Args()) {
			p.fail(f.Pos, "'func.func' op entry block must have %d arguments to match function signature", len(f.Args()))
			return
		}
		for i, a := range args {
			if !ir.TypeEqual(a.typ, f.Args()[i].Type()) {
				p.fail(f.Pos, "'func.func' op type of entry block argument #%d('%s') must match the type of the corresponding argument in function signature('%s')",
					i, ir.TypeString(a.typ), ir.TypeString(f.Args()[i].Type()))
				return
			}
			f.Args()[i].Pos = a.pos
			p.define(names[i], []*ir.Value{f.Args()[i]})
			if locs[i] != "" {
				for len(f.ArgLocs) <= i {
					f.ArgLocs = append(f.ArgLocs, "")
				}
				f.ArgLocs[i] = locs[i]
			}
		}
	} else if !namedArgs && len(f.Args()) > 0 {
		p.failAt(p.tok, "expected a block label with the %d argument(s) of the function: ^bb0(%%arg0: %s, ...):", len(f.Args()), ir.TypeString(f.Args()[0].Type()))
		return
	}
	for !p.is(tRBrace) && !p.is(tEOF) {
		if p.is(tCaretIdent) {
			p.failAt(p.tok, "tirc supports single-block functions: found a second block '%s'", p.tokText())
			return
		}
		p.parseOp(f, nil)
	}
	if p.failed() {
		return
	}
	if !p.is(tRBrace) {
		p.failAt(lbrace, "expected '}' to close this function body")
		return
	}
	p.next()
	p.finishFunc()
}

// finishFunc reports uses of names that were never defined.
func (p *parser) finishFunc() {
	if len(p.fwd) == 0 {
		return
	}
	var first *fwdRef
	for _, refs := range p.fwd {
		for _, r := range refs {
			if first == nil || r.seq < first.seq {
				first = r
			}
		}
	}
	p.fail(first.pos, "use of undeclared SSA value name")
}

// ---- SSA names ----

// define binds a name (the token of %name) to values, resolving earlier
// forward references to it.
func (p *parser) define(nameTok token, vals []*ir.Value) {
	p.defineName(p.text(nameTok), p.posOf(nameTok), vals)
}

// defineName binds name, written at pos, to values (see define).
func (p *parser) defineName(name []byte, pos ir.Pos, vals []*ir.Value) {
	if prev, dup := p.defs.get(name); dup {
		p.fail(pos, "redefinition of SSA value '%s'", name)
		if p.err != nil && prev.pos.IsValid() {
			p.err.Note(prev.pos, "previously defined here")
		}
		return
	}
	if vals == nil {
		vals = []*ir.Value{}
	}
	p.defs.put(name, ssaDef{vals: vals, pos: pos})
	if n := len(p.scopes); n > 0 {
		p.scopes[n-1].names = append(p.scopes[n-1].names, name)
	}
	if len(p.fwd) == 0 {
		return
	}
	key := string(name)
	refs, ok := p.fwd[key]
	if !ok {
		return
	}
	delete(p.fwd, key)
	for _, r := range refs {
		if r.index >= len(vals) {
			p.fail(r.pos, "reference to invalid result number")
			return
		}
		v := vals[r.index]
		if !ir.TypeEqual(v.Type(), r.v.Type()) {
			p.fail(pos, "definition of SSA value '%s#%d' has type '%s'", name, r.index, ir.TypeString(v.Type()))
			p.err.Note(r.pos, "previously used here with type '%s'", ir.TypeString(r.v.Type()))
			return
		}
		r.v.ReplaceAllUsesWith(v)
	}
}

// parseValueRef parses %name or %name#N.
func (p *parser) parseValueRef() (valueRef, bool) {
	t := p.tok
	if t.kind != tPercentIdent {
		p.failExpected("expected SSA operand (a value like %%0), found %s", p.describe())
		return valueRef{}, false
	}
	ref := valueRef{name: p.text(t), pos: p.posOf(t)}
	p.next()
	if p.is(tHashIdent) && p.tok.start == t.end {
		n, err := strconv.Atoi(string(p.text(p.tok)[1:]))
		if err != nil || n < 0 {
			p.failAt(p.tok, "expected a result number after '#'")
			return ref, false
		}
		ref.index = n
		p.next()
	}
	return ref, true
}

// resolve returns the value a reference names, checking its type; a name
// not yet defined becomes a forward reference.
func (p *parser) resolve(ref valueRef, t ir.Type) *ir.Value {
	if d, ok := p.defs.get(ref.name); ok {
		if ref.index >= len(d.vals) {
			p.fail(ref.pos, "reference to invalid result number")
			return nil
		}
		v := d.vals[ref.index]
		if !ir.TypeEqual(v.Type(), t) {
			p.fail(ref.pos, "use of value '%s' expects different type than prior uses: '%s' vs '%s'",
				ref.name, ir.TypeString(t), ir.TypeString(v.Type()))
			p.err.Note(d.pos, "prior use here")
			return nil
		}
		return v
	}
	if p.fwd == nil {
		p.fwd = map[string][]*fwdRef{}
	}
	key := string(ref.name)
	for _, r := range p.fwd[key] {
		if r.index == ref.index {
			if !ir.TypeEqual(r.v.Type(), t) {
				p.fail(ref.pos, "use of value '%s' expects different type than prior uses: '%s' vs '%s'",
					ref.name, ir.TypeString(t), ir.TypeString(r.v.Type()))
				p.err.Note(r.pos, "prior use here")
				return nil
			}
			return r.v
		}
	}
	v := ir.NewPlaceholder(t)
	p.fwdSeq++
	p.fwd[key] = append(p.fwd[key], &fwdRef{index: ref.index, v: v, pos: ref.pos, seq: p.fwdSeq})
	return v
}

// ---- ops ----

type resultGroup struct {
	tok   token
	count int
}

// parseOp parses one op (generic or custom form) with its result names
// and optional trailing location, and appends it to blk, or to f's body
// when blk is nil.
func (p *parser) parseOp(f *ir.Func, blk *ir.Block) {
	startTok := p.tok
	var groupBuf [1]resultGroup
	groups := groupBuf[:0]
	named := p.is(tPercentIdent)
	if named {
		for {
			t := p.tok
			if !p.expect(tPercentIdent, "expected an SSA result name like %0") {
				return
			}
			g := resultGroup{tok: t, count: 1}
			if p.is(tColon) {
				p.next()
				if !p.is(tInt) {
					p.failExpected("expected the number of results after ':'")
					return
				}
				n, err := strconv.Atoi(p.tokText())
				if err != nil || n < 1 {
					p.failAt(p.tok, "expected a positive number of results")
					return
				}
				g.count = n
				p.next()
			}
			groups = append(groups, g)
			if !p.consume(tComma) {
				break
			}
		}
		if !p.expect(tEqual, "expected '=' after the result names") {
			return
		}
	}
	var op *ir.Op
	switch p.tok.kind {
	case tString:
		op = p.parseGenericOp()
	case tBareIdent:
		op = p.parseCustomOp()
	default:
		p.failExpected("expected operation name in quotes")
		return
	}
	if op == nil || p.failed() {
		return
	}
	if op.Def != nil && len(op.Def.Defaults) > 0 {
		op.Attrs = op.Def.WithDefaults(op.Attrs)
	}
	op.Loc = p.parseOptionalLoc()
	if p.failed() {
		return
	}
	total := 0
	for _, g := range groups {
		total += g.count
	}
	if named && len(op.Results()) == 0 {
		p.failAt(startTok, "cannot name an operation with no results")
		return
	}
	if named && total != len(op.Results()) {
		p.failAt(startTok, "operation defines %d results but was provided %d to bind", len(op.Results()), total)
		return
	}
	if blk != nil {
		blk.Append(op)
	} else {
		f.Append(op)
	}
	i := 0
	for _, g := range groups {
		p.define(g.tok, op.Results()[i:i+g.count:i+g.count])
		i += g.count
	}
}

// newOp creates an op whose operands are resolved against their types.
func (p *parser) newOp(name string, def *ir.OpDef, pos ir.Pos, refs []valueRef, inTypes, outTypes []ir.Type) *ir.Op {
	if len(refs) != len(inTypes) {
		return nil
	}
	p.vals = p.vals[:0]
	for i, r := range refs {
		v := p.resolve(r, inTypes[i])
		if v == nil {
			return nil
		}
		p.vals = append(p.vals, v)
	}
	op := p.arena.NewOp(name, def, pos, p.vals, outTypes)
	return op
}

// lookupOpName finds the definition for a generic op name and enforces
// the registered-dialect rule.
func (p *parser) lookupOpName(name string, at token) (*ir.OpDef, bool) {
	def := ir.LookupOp(name)
	if def != nil {
		return def, true
	}
	dialect := ir.DialectOf(name)
	if dialect == "" && !p.opts.AllowUnregistered { // mlir-opt accepts "bar" as an unregistered op
		p.failAt(at, "op name '%s' needs a dialect prefix, like 'tir.add'", name)
		return nil, false
	}
	if !ir.KnownDialect(dialect) && !p.opts.AllowUnregistered {
		p.failAt(at, "operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with tirc")
		return nil, false
	}
	return nil, true
}

// parseGenericOp parses `"name"(%a, ...) [<{props}>] [{attrs}] : (T, ...) -> R`.
func (p *parser) parseGenericOp() *ir.Op {
	nameTok := p.tok
	raw := p.text(nameTok)
	name := p.intern(raw[1 : len(raw)-1])
	if bytes.IndexByte(raw, '\\') >= 0 {
		name = unquote(raw[1 : len(raw)-1])
	}
	p.next()
	if name == "func.func" || name == "builtin.module" {
		p.failAt(nameTok, "'%s' is only allowed at the top level", name)
		return nil
	}
	def, ok := p.lookupOpName(name, nameTok)
	if !ok {
		return nil
	}
	if !p.expect(tLParen, "expected '(' to begin the operand list") {
		return nil
	}
	refs := p.refBuf[:0]
	defer func() { p.refBuf = refs[:0] }()
	for !p.is(tRParen) && !p.failed() {
		r, ok := p.parseValueRef()
		if !ok {
			return nil
		}
		refs = append(refs, r)
		if !p.more(tRParen, p.failExpected, "expected SSA operand") {
			break
		}
	}
	if !p.expect(tRParen, "expected ')' to end the operand list") {
		return nil
	}
	var succs []*ir.Block
	if p.is(tLSquare) {
		if succs = p.parseSuccessorList(); succs == nil {
			return nil
		}
	}
	var attrs ir.Attrs
	if p.is(tLess) {
		attrs = p.parseProps()
	}
	var regions []*ir.Region
	if p.is(tLParen) {
		p.refBuf = nil // the ops of the regions must not reuse refs' array
		regions = p.parseRegionList()
		if regions == nil {
			return nil
		}
	}
	if p.is(tLBrace) {
		for _, na := range p.parseAttrDict() {
			attrs.Set(na.Name, na.Value)
		}
	}
	ins, outs, ok := p.parseOpFuncType(len(refs), "expected ':' followed by operation type")
	if !ok {
		return nil
	}
	op := p.newOp(name, def, p.posOf(nameTok), refs, ins, outs)
	if op != nil {
		op.Attrs = attrs
		op.SetSuccessors(succs)
		for _, r := range regions {
			op.AttachRegion(r)
		}
	}
	return op
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// parseProps parses MLIR 19's properties `<{...}>`.
func (p *parser) parseProps() ir.Attrs {
	p.next()
	if !p.is(tLBrace) {
		p.failExpected("expected '{' in properties")
		return nil
	}
	attrs := p.parseAttrDict()
	p.expect(tGreater, "expected '>' to end properties")
	return attrs
}

// parseFuncTypeLists parses `(T, ...) -> R` or `(T, ...) -> (R, ...)` into
// fresh slices (nil when empty).
func (p *parser) parseFuncTypeLists() (ins, outs []ir.Type) {
	ins, outs = p.appendFuncTypeLists(nil)
	if len(ins) == 0 {
		ins = nil
	}
	if len(outs) == 0 {
		outs = nil
	}
	return slices.Clip(ins), outs
}

// appendFuncTypeLists parses `(T, ...) -> R` or `(T, ...) -> (R, ...)`,
// appending the operand types, then the result types, to buf: the op
// parser passes a buffer it reuses, as the types end up in the values.
func (p *parser) appendFuncTypeLists(buf []ir.Type) (ins, outs []ir.Type) {
	if !p.is(tLParen) {
		p.failExpected("expected function type like (T) -> R, found %s", p.describe())
		return nil, nil
	}
	p.next()
	for !p.is(tRParen) && !p.failed() {
		buf = append(buf, p.parseType())
		if !p.more(tRParen, p.failExpected, "expected non-function type") {
			break
		}
	}
	if !p.expect(tRParen, "expected ')' to end the operand types") {
		return nil, nil
	}
	if !p.expect(tArrow, "expected '->' in function type") {
		return nil, nil
	}
	n := len(buf)
	buf = p.appendResultTypes(buf)
	if p.failed() {
		return nil, nil
	}
	return buf[:n], buf[n:]
}

// errorf is a helper for custom-format parsers.
func (p *parser) errorf(format string, args ...any) { p.failAt(p.tok, format, args...) }

var _ = fmt.Sprintf

// parseOpFuncType parses ": (ins) -> outs" after an op's operands and
// checks that there is one operand type per operand. The slices are the
// parser's scratch buffer, valid until the next op.
func (p *parser) parseOpFuncType(numOperands int, colonMsg string) (ins, outs []ir.Type, ok bool) {
	if !p.expect(tColon, colonMsg) {
		return nil, nil, false
	}
	typePos := p.tok
	ins, outs = p.appendFuncTypeLists(p.typeBuf[:0])
	if ins != nil {
		p.typeBuf = ins[:0]
	}
	if p.failed() {
		return nil, nil, false
	}
	if len(ins) != numOperands {
		p.failAt(typePos, "expected %d operand type%s but had %d", numOperands, plural(numOperands), len(ins))
		return nil, nil, false
	}
	return ins, outs, true
}
