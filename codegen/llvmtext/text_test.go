package llvmtext

import (
	"bytes"
	"errors"
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
		var tx Text
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
		got := tx.AppendTo([]byte("prefix:"))
		if diff := cmp.Diff("prefix:"+want.String(), string(got)); diff != "" {
			t.Errorf("%s: (-want +got) differs in %d bytes", tc.name, len(diff))
		}
		if tx.Len() != want.Len() {
			t.Errorf("%s: Len %d, want %d", tc.name, tx.Len(), want.Len())
		}
		var w bytes.Buffer
		if n, err := tx.WriteTo(&w); err != nil || int(n) != tx.Len() || w.String() != want.String() {
			t.Errorf("%s: WriteTo wrote %d bytes (Len %d), err %v, or the wrong text", tc.name, n, tx.Len(), err)
		}
		// With a sink, the same bytes reach it, and no more than one
		// chunk is held.
		var sunk bytes.Buffer
		st := Text{sink: &sunk}
		for _, s := range tc.writes {
			st.WriteString(s)
		}
		if len(st.chunks) > 1 {
			t.Errorf("%s: a text with a sink holds %d chunks", tc.name, len(st.chunks))
		}
		if err := st.Flush(); err != nil || st.Len() != want.Len() {
			t.Errorf("%s: flush: %v, Len %d, want %d", tc.name, err, st.Len(), want.Len())
		}
		if diff := cmp.Diff(want.String(), sunk.String()); diff != "" {
			t.Errorf("%s: the sink got (-want +got) %d bytes of difference", tc.name, len(diff))
		}
	}
}

// failingWriter accepts n bytes, then fails, counting the failed writes.
type failingWriter struct{ n, failed int }

func (w *failingWriter) Write(p []byte) (int, error) {
	if len(p) > w.n {
		k := w.n
		w.n = 0
		w.failed++
		return k, errors.New("disk full")
	}
	w.n -= len(p)
	return len(p), nil
}

// TestTextSinkError: the sink's first error is kept and returned by flush;
// later writes are dropped, not retried.
func TestTextSinkError(t *testing.T) {
	w := &failingWriter{n: sinkChunk + 10}
	tx := Text{sink: w}
	tx.WriteString(strings.Repeat("a", 3*sinkChunk))
	err := tx.Flush()
	if err == nil || err.Error() != "disk full" {
		t.Errorf("flush = %v, want the sink's error", err)
	}
	if w.failed != 1 {
		t.Errorf("the sink was written %d times after its error", w.failed-1)
	}
}

// TestTextAbsorb: a shard's text (chunks from a pool) appended to
// another: the bytes arrive in order, with a sink its chunks return to
// the pool, without one they are taken over; src is left empty.
func TestTextAbsorb(t *testing.T) {
	for _, sink := range []bool{false, true} {
		var pool ChunkPool
		var sunk bytes.Buffer
		dst := Text{}
		if sink {
			dst.sink = &sunk
		}
		var want strings.Builder
		for i := range 3 {
			dst.WriteString("head ")
			want.WriteString("head ")
			src := Text{pool: &pool}
			s := strings.Repeat(string(rune('a'+i)), poolChunk+poolChunk/2)
			src.WriteString(s)
			want.WriteString(s)
			dst.Absorb(&src)
			if src.Len() != 0 || src.cur != nil || src.chunks != nil || src.w != 0 {
				t.Errorf("sink %v: src not emptied: %d bytes", sink, src.Len())
			}
		}
		dst.WriteString("tail")
		want.WriteString("tail")
		got := string(dst.AppendTo(nil))
		if sink {
			dst.Flush()
			got = sunk.String()
			if n := len(pool.free); n != 2 {
				t.Errorf("the pool holds %d chunks, want 2 (each shard's two, reused)", n)
			}
		}
		if got != want.String() || dst.Len() != want.Len() {
			t.Errorf("sink %v: got %d bytes (Len %d), want %d", sink, len(got), dst.Len(), want.Len())
		}
	}
}
