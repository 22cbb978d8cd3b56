package codegen

import (
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
	}
}
