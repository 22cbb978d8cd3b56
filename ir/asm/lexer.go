package asm

// tokKind is the kind of a lexical token of MLIR's textual syntax.
type tokKind uint8

const (
	tEOF tokKind = iota
	tError
	tBareIdent    // func.func, tensor, f32, x
	tPercentIdent // %0, %arg0
	tAtIdent      // @name or @"name"
	tCaretIdent   // ^bb0
	tHashIdent    // #alias
	tBangIdent    // !dialect.type
	tInt          // 42, 0x2A
	tFloat        // 1.5, 2.0e-3
	tString       // "..."
	tLParen
	tRParen
	tLBrace
	tRBrace
	tLSquare
	tRSquare
	tLess
	tGreater
	tComma
	tColon
	tEqual
	tArrow
	tStar
	tQuestion
	tPlus
	tMinus
)

var tokNames = [...]string{
	tEOF: "end of file", tError: "error", tBareIdent: "identifier", tPercentIdent: "SSA value",
	tAtIdent: "symbol", tCaretIdent: "block label", tHashIdent: "'#' attribute", tBangIdent: "'!' type",
	tInt: "integer", tFloat: "float", tString: "string", tLParen: "'('", tRParen: "')'", tLBrace: "'{'",
	tRBrace: "'}'", tLSquare: "'['", tRSquare: "']'", tLess: "'<'", tGreater: "'>'", tComma: "','",
	tColon: "':'", tEqual: "'='", tArrow: "'->'", tStar: "'*'", tQuestion: "'?'", tPlus: "'+'", tMinus: "'-'",
}

// token is one lexeme: its kind, byte range in the input and position
// (32 bytes: the parser copies one per token; an error's message is the
// lexer's errMsg).
type token struct {
	kind       tokKind
	start, end int
	line, col  int32
}

// lexer scans data lazily, one token at a time, tracking line and column.
// It works on a byte range of a Source so that -split-input-file chunks
// keep the line numbers of the whole file.
type lexer struct {
	data      []byte
	begin     int // where the chunk starts: errors never point before it
	pos       int
	end       int
	line      int32
	lineStart int
	errMsg    string // what the last tError token is
}

func (l *lexer) errTok(start int, msg string) token {
	l.errMsg = msg
	return token{kind: tError, start: start, end: start, line: l.line, col: int32(start-l.lineStart) + 1}
}

// skipSpace skips whitespace and // comments.
func (l *lexer) skipSpace() {
	for l.pos < l.end {
		c := l.data[l.pos]
		switch {
		case c == '\n':
			l.pos++
			l.line++
			l.lineStart = l.pos
		case c == ' ' || c == '\t' || c == '\r':
			l.pos++
		case c == '/' && l.pos+1 < l.end && l.data[l.pos+1] == '/':
			for l.pos < l.end && l.data[l.pos] != '\n' {
				l.pos++
			}
		default:
			return
		}
	}
}

func isIdentChar(c byte) bool {
	return isLetter(c) || isDigit(c) || c == '_' || c == '$' || c == '.'
}

// suffix identifiers (after %, ^, #, !) also allow '-'.
func isSuffixChar(c byte) bool { return isIdentChar(c) || c == '-' }

func (l *lexer) next() token {
	l.skipSpace()
	start := l.pos
	mk := func(k tokKind) token { return l.tokAt(k, start) }
	if l.pos >= l.end {
		return mk(tEOF)
	}
	c := l.data[l.pos]
	l.pos++
	if k := punctKinds[c]; k != tEOF {
		return mk(k)
	}
	switch {
	case c == '-':
		if l.pos < l.end && l.data[l.pos] == '>' {
			l.pos++
			return mk(tArrow)
		}
		return mk(tMinus)
	case c == '"':
		return l.lexString(start)
	case sigils[c] != tEOF:
		return l.lexSigilIdent(start, c)
	case c == '@':
		return l.lexSymbol(start)
	case isDigit(c):
		return l.lexNumber(start)
	case isLetter(c) || c == '_':
		for l.pos < l.end && isIdentChar(l.data[l.pos]) {
			l.pos++
		}
		return mk(tBareIdent)
	case c == 0:
		return l.errTok(start, "unexpected NUL byte in input")
	case c >= 0x80:
		return l.errTok(start, "unexpected non-ASCII character")
	}
	return l.errTok(start, "unexpected character '"+string(c)+"'")
}

// punctKinds maps the one-character punctuation tokens to their kinds (tEOF:
// not one of them).
var punctKinds = [256]tokKind{
	'(': tLParen, ')': tRParen, '{': tLBrace, '}': tRBrace, '[': tLSquare, ']': tRSquare,
	'<': tLess, '>': tGreater, ',': tComma, ':': tColon, '=': tEqual, '*': tStar,
	'?': tQuestion, '+': tPlus,
}

// sigils maps the prefixes of named identifiers to their token kinds.
var sigils = [256]tokKind{'%': tPercentIdent, '^': tCaretIdent, '#': tHashIdent, '!': tBangIdent}

// tokAt makes the token that runs from start to the current position.
func (l *lexer) tokAt(k tokKind, start int) token {
	return token{kind: k, start: start, end: l.pos, line: l.line, col: int32(start-l.lineStart) + 1}
}

// lexSigilIdent lexes %name, ^name, #name or !name after its sigil c.
func (l *lexer) lexSigilIdent(start int, c byte) token {
	kind := sigils[c]
	n := l.pos
	for l.pos < l.end && isSuffixChar(l.data[l.pos]) {
		l.pos++
	}
	if l.pos == n {
		return l.errTok(start, "invalid "+tokNames[kind]+" name: expected a name after '"+string(c)+"'")
	}
	return l.tokAt(kind, start)
}

// lexSymbol lexes @name or @"quoted name" after its '@'.
func (l *lexer) lexSymbol(start int) token {
	if l.pos < l.end && l.data[l.pos] == '"' {
		t := l.lexString(l.pos)
		if t.kind == tError {
			return t
		}
		t.kind, t.start, t.col = tAtIdent, start, int32(start-l.lineStart)+1
		return t
	}
	n := l.pos
	for l.pos < l.end && isSuffixChar(l.data[l.pos]) {
		l.pos++
	}
	if l.pos == n {
		return l.errTok(start, "expected a symbol name after '@'")
	}
	return l.tokAt(tAtIdent, start)
}

// lexNumber lexes an integer (decimal or 0x hex) or a float after its
// first digit.
func (l *lexer) lexNumber(start int) token {
	c := l.data[start]
	if c == '0' && l.pos < l.end && l.data[l.pos] == 'x' && l.pos+1 < l.end && isHex(l.data[l.pos+1]) {
		l.pos++
		for l.pos < l.end && isHex(l.data[l.pos]) {
			l.pos++
		}
		return l.tokAt(tInt, start)
	}
	l.skipDigits()
	if l.pos >= l.end || l.data[l.pos] != '.' {
		return l.tokAt(tInt, start)
	}
	l.pos++
	l.skipDigits()
	if l.pos < l.end && (l.data[l.pos] == 'e' || l.data[l.pos] == 'E') {
		p := l.pos + 1
		if p < l.end && (l.data[p] == '+' || l.data[p] == '-') {
			p++
		}
		if p < l.end && isDigit(l.data[p]) {
			l.pos = p
			l.skipDigits()
		}
	}
	return l.tokAt(tFloat, start)
}

func (l *lexer) skipDigits() {
	for l.pos < l.end && isDigit(l.data[l.pos]) {
		l.pos++
	}
}

func isHex(c byte) bool { return isDigit(c) || (c|0x20 >= 'a' && c|0x20 <= 'f') }

// lexString scans a string literal starting at the opening quote. A string
// ends at the closing quote; a newline or the end of input before it is an
// error pointing where the quote was expected, as MLIR does.
func (l *lexer) lexString(start int) token {
	l.pos = start + 1
	for l.pos < l.end {
		c := l.data[l.pos]
		switch {
		case c == '"':
			l.pos++
			return token{kind: tString, start: start, end: l.pos, line: l.line, col: int32(start-l.lineStart) + 1}
		case c == '\n' || c == '\r':
			return l.errTok(l.pos, "expected '\"' in string literal")
		case c == 0:
			return l.errTok(l.pos, "unexpected NUL byte in string literal")
		case c == '\\':
			if l.pos+1 >= l.end {
				l.pos++
				continue
			}
			n := l.data[l.pos+1]
			switch {
			case n == '"' || n == '\\' || n == 'n' || n == 't':
				l.pos += 2
			case l.pos+2 < l.end && isHex(n) && isHex(l.data[l.pos+2]):
				l.pos += 3
			default:
				return l.errTok(l.pos, "unknown escape in string literal")
			}
		default:
			l.pos++
		}
	}
	return l.errTok(l.pos, "expected '\"' in string literal")
}

// unquote decodes the body of a string literal token (without quotes).
func unquote(s []byte) string {
	hasEsc := false
	for _, c := range s {
		if c == '\\' {
			hasEsc = true
			break
		}
	}
	if !hasEsc {
		return string(s)
	}
	out := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' || i+1 >= len(s) {
			out = append(out, c)
			continue
		}
		n := s[i+1]
		switch n {
		case '"', '\\':
			out = append(out, n)
			i++
		case 'n':
			out = append(out, '\n')
			i++
		case 't':
			out = append(out, '\t')
			i++
		default:
			if i+2 < len(s) {
				out = append(out, hexVal(n)<<4|hexVal(s[i+2]))
				i += 2
			}
		}
	}
	return string(out)
}

func hexVal(c byte) byte {
	switch {
	case isDigit(c):
		return c - '0'
	case c|0x20 >= 'a' && c|0x20 <= 'f':
		return c | 0x20 - 'a' + 10
	}
	return 0
}

func isLetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }
func isDigit(c byte) bool  { return c >= '0' && c <= '9' }
