package asm

import "github.com/tirc/tirc/ir"

// Parallel parsing of function bodies. A module of many functions is
// parsed in two steps: the sequential pass parses everything but the
// bodies of custom-form functions, which it skips by matching braces
// (the lexer knows strings and comments), recording where each body
// starts; then the bodies are parsed on all cores, each by its own parser
// (per-function state — SSA names, forward references — is independent).
// The result is the same module, and on bad input the same first error:
// a sequential parser reports the error it meets first, which is the one
// earliest in the text, so the earliest error of all parts is chosen.
// Type aliases defined after a skipped body could change its meaning, so
// then the input is parsed again sequentially.

// parallelParseBytes is the input size from which bodies are parsed in
// parallel; below it the goroutines cost more than they save.
const parallelParseBytes = 256 << 10

// bodyJob is a function body skipped by the sequential pass.
type bodyJob struct {
	f      *ir.Func
	lbrace token
	lex    lexer // positioned after lbrace
	defs   ssaTable
	named  bool
	lines  int // line ends in the body: a hint for the size of defs
	err    *ir.Diagnostic
	locFwd map[string]ir.Pos // its loc(#alias) uses before the definition
}

// skipBody records the body starting at the current '{' as a job and
// moves past its closing '}'.
func (p *parser) skipBody(f *ir.Func, named bool) {
	job := &bodyJob{f: f, lbrace: p.tok, lex: p.lex, defs: p.defs, named: named}
	p.bodies = append(p.bodies, job)
	if lines, ok := p.lex.skipBraces(); ok {
		job.lines = lines
		p.next()
		return
	}
	depth := 0
	for {
		switch p.tok.kind {
		case tLBrace:
			depth++
		case tRBrace:
			depth--
		case tEOF:
			// The body parser reports what is wrong; this error stands
			// only if it reports nothing.
			p.failAt(job.lbrace, "expected '}' to close this function body")
			p.skipErr = p.err
			return
		}
		p.next()
		if depth == 0 || p.failed() {
			return
		}
	}
}

// Byte classes of skipBraces.
const (
	bcPlain   = iota // part of a token or blank
	bcOpen           // {
	bcClose          // }
	bcQuote          // "
	bcSlash          // / (a comment when doubled)
	bcNewline        // \n
	bcOther          // a byte the lexer rejects outside strings and comments
)

// byteClass classifies every byte for skipBraces; bytes that start no
// token are bcOther, so that skipBraces never passes a lexer error.
var byteClass = func() (c [256]uint8) {
	for b := range c {
		switch {
		case isIdentChar(byte(b)), byte(b) == ' ', byte(b) == '\t', byte(b) == '\r':
			c[b] = bcPlain
		default:
			c[b] = bcOther
		}
	}
	for _, b := range []byte("%^#!@-()[]<>,:=*?+") {
		c[b] = bcPlain
	}
	c['{'], c['}'], c['"'], c['/'], c['\n'] = bcOpen, bcClose, bcQuote, bcSlash, bcNewline
	return c
}()

// skipBraces moves the lexer past the '}' that closes the '{' just read,
// as reading token by token would, ten times faster: a byte scan that
// knows strings and comments. It gives up, leaving the lexer unchanged,
// at the first byte the lexer would report (an unknown character, a bad
// string) and at the end of the input: the token-level skip handles those
// and reports them. (A few bytes are errors only where a token starts,
// like '$' or '.'; the scan passes them, and the body's own parser then
// reports them, at least as early as any error after the body.)
// lines is the number of line ends passed.
func (l *lexer) skipBraces() (lines int, ok bool) {
	data, pos, end := l.data, l.pos, l.end
	depth, lineStart := 1, l.lineStart
	for pos < end {
		c := data[pos]
		pos++
		switch byteClass[c] {
		case bcPlain:
		case bcNewline:
			lines++
			lineStart = pos
		case bcOpen:
			depth++
		case bcClose:
			if depth--; depth == 0 {
				l.pos, l.line, l.lineStart = pos, l.line+int32(lines), lineStart
				return lines, true
			}
		case bcSlash:
			if pos >= end || data[pos] != '/' {
				return 0, false
			}
			for pos < end && data[pos] != '\n' {
				pos++
			}
		case bcQuote:
			if pos = skipString(data, pos, end); pos < 0 {
				return 0, false
			}
		default:
			return 0, false
		}
	}
	return 0, false
}

// skipString returns the offset after the string literal whose body starts
// at pos, or -1 where lexString would report an error.
func skipString(data []byte, pos, end int) int {
	for pos < end {
		switch c := data[pos]; c {
		case '"':
			return pos + 1
		case '\n', '\r', 0:
			return -1
		case '\\':
			if pos+1 >= end {
				return -1
			}
			switch n := data[pos+1]; {
			case n == '"' || n == '\\' || n == 'n' || n == 't':
				pos += 2
			case pos+2 < end && isHex(n) && isHex(data[pos+2]):
				pos += 3
			default:
				return -1
			}
		default:
			pos++
		}
	}
	return -1
}

// parseBodies parses the skipped bodies on all cores, in batches of
// consecutive bodies that share one parser's allocation slabs and caches.
func (p *parser) parseBodies() {
	const batch = 32
	n := (len(p.bodies) + batch - 1) / batch
	ir.ParallelFor(n, func(b int) {
		wp := &parser{
			src: p.src, opts: p.opts,
			typeCache: map[string]ir.Type{}, names: map[string]string{},
			attrAlias: p.attrAlias, typeAlias: p.typeAlias, locAlias: p.locAlias,
		}
		for _, job := range p.bodies[b*batch : min((b+1)*batch, len(p.bodies))] {
			wp.lex, wp.tok, wp.err = job.lex, job.lbrace, nil
			wp.fn, wp.defs, wp.fwd, wp.fwdSeq, wp.scopes = job.f, job.defs, nil, 0, nil
			wp.defs.reserve(job.lines)
			wp.locFwd = nil
			wp.parseBody(job.f, job.named)
			job.err, job.locFwd = wp.err, wp.locFwd
		}
	})
	last := p.bodies[len(p.bodies)-1]
	if p.err != nil && p.err == p.skipErr && last.err != nil {
		p.err = nil // the unclosed body's own error replaces the stand-in
	}
	for _, job := range p.bodies {
		if job.err != nil && (p.err == nil || !p.err.Pos.Before(job.err.Pos)) {
			p.err = job.err
		}
		for name, pos := range job.locFwd {
			if p.locFwd == nil {
				p.locFwd = map[string]ir.Pos{}
			}
			if old, ok := p.locFwd[name]; !ok || pos.Before(old) {
				p.locFwd[name] = pos
			}
		}
	}
}
