package codegen

import (
	"bytes"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestText: the chunked buffer holds exactly what was written, across
// chunk boundaries and for strings longer than a chunk.
func TestText(t *testing.T) {
	tests := []struct {
		name   string
		writes []string
	}{
		{"empty", nil},
		{"small", []string{"define", " ", "i32"}},
		{"fills a chunk exactly", []string{strings.Repeat("a", textChunk), "b"}},
		{"straddles chunks", []string{strings.Repeat("x", textChunk-3), "123456", strings.Repeat("y", 10)}},
		{"longer than two chunks", []string{"head", strings.Repeat("z", 2*textChunk+17), "tail"}},
	}
	for _, tc := range tests {
		var tx text
		var want strings.Builder
		for i, s := range tc.writes {
			if i%2 == 1 && len(s) > 0 {
				tx.WriteByte(s[0]) // bytes and strings interleave
				tx.WriteString(s[1:])
			} else {
				tx.WriteString(s)
			}
			want.WriteString(s)
		}
		got := tx.appendTo([]byte("prefix:"))
		if diff := cmp.Diff("prefix:"+want.String(), string(got)); diff != "" {
			t.Errorf("%s: (-want +got) differs in %d bytes", tc.name, len(diff))
		}
		if tx.Len() != want.Len() {
			t.Errorf("%s: Len %d, want %d", tc.name, tx.Len(), want.Len())
		}
		// writeText copies it after other text; Text writes head and body
		// in order without joining them.
		var u text
		u.WriteString("entry:")
		u.writeText(&tx)
		if diff := cmp.Diff("entry:"+want.String(), string(u.appendTo(nil))); diff != "" {
			t.Errorf("%s: writeText (-want +got) differs in %d bytes", tc.name, len(diff))
		}
		var w bytes.Buffer
		out := &Text{head: &tx, body: &u}
		if n, err := out.WriteTo(&w); err != nil || int(n) != out.Len() || w.String() != want.String()+"entry:"+want.String() {
			t.Errorf("%s: Text.WriteTo wrote %d bytes (Len %d), err %v, or the wrong text", tc.name, n, out.Len(), err)
		}
	}
}
