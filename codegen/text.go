package codegen

// text is an append-only buffer of chunks: the module's text grows to
// gigabytes (1.6 GB for 1M ops), and one growing buffer copies and clears
// it again at every doubling. appendTo joins the chunks once. Chunks start
// at 4 KB and double up to 1 MB, so that the text of one small function
// is small too.
type text struct {
	chunks [][]byte
	n      int
}

const textChunk = 1 << 20

// room returns the index of a chunk with space left, adding one if needed.
func (t *text) room() int {
	k := len(t.chunks) - 1
	if k < 0 || len(t.chunks[k]) == cap(t.chunks[k]) {
		size := textChunk
		if len(t.chunks) < 8 {
			size = 4 << 10 << len(t.chunks)
		}
		t.chunks = append(t.chunks, make([]byte, 0, size))
		k++
	}
	return k
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

// writeText appends the text of u.
func (t *text) writeText(u *text) {
	for _, c := range u.chunks {
		write(t, c)
	}
}

// Len is the number of bytes written.
func (t *text) Len() int { return t.n }

// appendTo appends the text to dst.
func (t *text) appendTo(dst []byte) []byte {
	for _, c := range t.chunks {
		dst = append(dst, c...)
	}
	return dst
}
