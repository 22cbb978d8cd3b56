package asm

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"
)

// asciiNoNUL, the fast path of checkEncoding, agrees with a byte-by-byte
// check wherever the odd byte is: in a whole word, in the tail, first, last.
func TestASCIINoNUL(t *testing.T) {
	texts := []string{"", "a", "func.func", strings.Repeat("%0 = tir.add\n", 7)}
	for _, odd := range []string{"\x00", "\x80", "\xff", "é", "\x7f", "\x01"} {
		for _, n := range []int{0, 1, 7, 8, 9, 15, 16, 17, 23} {
			base := strings.Repeat("x", n)
			texts = append(texts, odd+base, base+odd, base+odd+base)
		}
	}
	for _, text := range texts {
		b := []byte(text)
		want := bytes.IndexByte(b, 0) < 0 && utf8.Valid(b)
		for _, c := range b {
			want = want && c < utf8.RuneSelf
		}
		if got := asciiNoNUL(b); got != want {
			t.Errorf("asciiNoNUL(%q) = %v, want %v", text, got, want)
		}
	}
}
