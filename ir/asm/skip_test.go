package asm

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// tokenSkip moves past the '}' closing the '{' at the start of text token
// by token, as the parser's fallback does; ok is false at a lexer error or
// the end of input.
func tokenSkip(text string) (l lexer, ok bool) {
	l = lexer{data: []byte(text), end: len(text), line: 1}
	depth := 0
	for {
		switch t := l.next(); t.kind {
		case tLBrace:
			depth++
		case tRBrace:
			if depth--; depth == 0 {
				return l, true
			}
		case tEOF, tError:
			return l, false
		}
	}
}

// skipBraces ends where reading token by token ends, with the same line
// and line start, and gives up (leaving the lexer alone) wherever it
// cannot be sure: every case where the token reader errs is one of them
// except bytes that are errors only at a token's start.
func TestSkipBracesMatchesTokens(t *testing.T) {
	type result struct {
		OK                   bool
		Pos, Line, LineStart int
	}
	cases := []struct{ text string }{
		{text: "{}"},
		{text: "{ %0 = \"tir.add\"(%a, %b) : (f32, f32) -> f32\n}  tail"},
		{text: "{\n  {\n }\n} }"},
		{text: "{ \"}\" }"},
		{text: "{ \"\\\"}\" }"},
		{text: "{ \"\\\\\" } \"}\""},
		{text: "{ \"\\7d}\" }"},
		{text: "{ // } in a comment\n}\n"},
		{text: "{ @\"sym}\" }"},
		{text: "{ %x-1 = ^bb0 #a !t 1.5e-3 0x1F [<>] ,:=*?+- }"},
		{text: "{ \"\\q}\" }"},   // unknown escape
		{text: "{ \"}\n\" }"},    // line end in a string
		{text: "{ \"abc"},        // unterminated string
		{text: "{ { }"},          // no closing brace
		{text: "{ / }"},          // a lone slash
		{text: "{ ` }"},          // a character no token has
		{text: "{ caf\u00e9 }"},  // non-ASCII
		{text: "{ a\\b }"},       // backslash outside a string
		{text: "{ 'a' }"},        // single quotes
		{text: "{ \"x\" \"\\"},   // backslash at the end
		{text: "{ \r\n\t }\r\n"}, // blanks
	}
	for _, c := range cases {
		want, wantOK := tokenSkip(c.text)
		fast := lexer{data: []byte(c.text), end: len(c.text), line: 1}
		fast.pos = 1 // after the '{'
		lines, ok := fast.skipBraces()
		if !ok {
			fast = lexer{data: []byte(c.text), end: len(c.text), line: 1, pos: 1}
			if wantOK {
				t.Errorf("%q: skipBraces gave up where the tokens end at %d", c.text, want.pos)
			}
			if diff := cmp.Diff(lexer{data: fast.data, end: fast.end, line: 1, pos: 1}, fast, cmp.AllowUnexported(lexer{})); diff != "" {
				t.Errorf("%q: skipBraces moved the lexer when giving up (-want +got):\n%s", c.text, diff)
			}
			continue
		}
		got := result{true, fast.pos, int(fast.line), fast.lineStart}
		if diff := cmp.Diff(result{wantOK, want.pos, int(want.line), want.lineStart}, got); diff != "" {
			t.Errorf("%q (-tokens +skipBraces):\n%s", c.text, diff)
		}
		if lines != int(fast.line)-1 {
			t.Errorf("%q: %d lines reported, %d passed", c.text, lines, fast.line-1)
		}
	}
}
