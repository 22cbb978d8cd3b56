package codegen

import "io"

// text is an append-only buffer of chunks: the module's text grows to
// gigabytes (1.6 GB for 1M ops), and one growing buffer copies and clears
// it again at every doubling. appendTo joins the chunks once. Chunks start
// at 4 KB and double up to 1 MB, so that the text of one small function
// is small too. With a sink, the text is streamed instead: a full chunk is
// written to the sink and reused, so only one chunk is ever held.
type text struct {
	chunks [][]byte
	n      int
	sink   io.Writer // nil: hold every chunk
	err    error     // the sink's first error; later writes are dropped
}

const (
	textChunk = 1 << 20
	sinkChunk = 256 << 10
)

// room returns the index of a chunk with space left, adding one (or
// emptying the one there is into the sink) if needed.
func (t *text) room() int {
	k := len(t.chunks) - 1
	if k >= 0 && len(t.chunks[k]) < cap(t.chunks[k]) {
		return k
	}
	if t.sink != nil {
		if k < 0 {
			t.chunks = [][]byte{make([]byte, 0, sinkChunk)}
			return 0
		}
		t.flush()
		return 0
	}
	size := textChunk
	if len(t.chunks) < 8 {
		size = 4 << 10 << len(t.chunks)
	}
	t.chunks = append(t.chunks, make([]byte, 0, size))
	return k + 1
}

// flush writes what the sink has not received yet; it returns the sink's
// first error.
func (t *text) flush() error {
	if t.sink == nil || len(t.chunks) == 0 {
		return t.err
	}
	if c := t.chunks[0]; len(c) > 0 && t.err == nil {
		_, t.err = t.sink.Write(c)
	}
	t.chunks[0] = t.chunks[0][:0]
	return t.err
}

func (t *text) WriteString(s string) { write(t, s) }

// write appends s, a string or bytes, across chunks.
func write[S ~string | ~[]byte](t *text, s S) {
	for len(s) > 0 {
		k := t.room()
		c := t.chunks[k]
		m := min(len(s), cap(c)-len(c))
		t.chunks[k] = append(c, s[:m]...)
		t.n += m
		s = s[m:]
	}
}

func (t *text) WriteByte(b byte) error {
	k := t.room()
	t.chunks[k] = append(t.chunks[k], b)
	t.n++
	return nil
}

// Len is the number of bytes written.
func (t *text) Len() int { return t.n }

// appendTo appends the text to dst (without a sink).
func (t *text) appendTo(dst []byte) []byte {
	for _, c := range t.chunks {
		dst = append(dst, c...)
	}
	return dst
}
