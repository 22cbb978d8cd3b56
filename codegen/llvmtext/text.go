package llvmtext

import (
	"io"
	"strconv"
	"sync"
)

// Text is an append-only buffer of chunks: the module's text grows to
// gigabytes (1.6 GB for 1M ops), and one growing buffer copies and clears
// it again at every doubling. appendTo joins the chunks once. Chunks start
// at 4 KB and double up to 1 MB, so that the text of one small function
// is small too. With a sink, the text is streamed instead: a full chunk is
// written to the sink and reused, so only one chunk is ever held.
//
// The printer writes a few bytes at a time, hundreds of millions of
// times for a large module: a write that fits the chunk being filled is
// a copy into it and an integer added (cur is allocated at its full
// length and w counts what is written), which the compiler inlines; it
// stores no pointer, so the collector's write barrier never runs on it.
type Text struct {
	chunks [][]byte // the chunks filled (none with a sink)
	cur    []byte   // the chunk being filled: cur[:w] is written
	w      int
	done   int // the bytes in chunks, or given to the sink
	sink   io.Writer
	err    error // the sink's first error; later writes are dropped
	// pool, when set, gives the chunks: a shard's text is written out
	// soon, and its chunks serve the next shard.
	pool *ChunkPool
}

// NewSink is a text streamed to w: only one chunk is held (Flush writes
// the last one).
func NewSink(w io.Writer) *Text { return &Text{sink: w} }

// NewPooled is a text whose chunks come from pool, and return to it when
// another text absorbs it.
func NewPooled(pool *ChunkPool) *Text { return &Text{pool: pool} }

// WriteTo writes the text (without a sink) to w, chunk by chunk.
func (t *Text) WriteTo(w io.Writer) (int64, error) {
	var n int64
	var err error
	t.Each(func(c []byte) {
		if err == nil {
			var k int
			k, err = w.Write(c)
			n += int64(k)
		}
	})
	return n, err
}

// ChunkPool holds chunks of poolChunk bytes for texts to reuse.
type ChunkPool struct {
	mu   sync.Mutex
	free [][]byte
}

const poolChunk = 256 << 10

func (p *ChunkPool) get() []byte {
	p.mu.Lock()
	defer p.mu.Unlock()
	if n := len(p.free); n > 0 {
		c := p.free[n-1]
		p.free = p.free[:n-1]
		return c
	}
	return make([]byte, poolChunk)
}

func (p *ChunkPool) put(cs ...[]byte) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, c := range cs {
		if cap(c) == poolChunk {
			p.free = append(p.free, c)
		}
	}
}

const (
	textChunk = 1 << 20
	sinkChunk = 256 << 10
)

// WriteString appends s.
func (t *Text) WriteString(s string) {
	if len(s) <= len(t.cur)-t.w {
		t.w += copy(t.cur[t.w:], s)
		return
	}
	writeSlow(t, s)
}

// Write appends b (unlike io.Writer's Write, it cannot fail: a sink's
// error is kept for Flush).
func (t *Text) Write(b []byte) {
	if len(b) <= len(t.cur)-t.w {
		t.w += copy(t.cur[t.w:], b)
		return
	}
	writeSlow(t, b)
}

// WriteByte appends b; its error is always nil (io.ByteWriter).
func (t *Text) WriteByte(b byte) error {
	if t.w == len(t.cur) {
		t.next()
	}
	t.cur[t.w] = b
	t.w++
	return nil
}

// writeSlow appends s, a string or bytes, across chunks.
func writeSlow[S ~string | ~[]byte](t *Text, s S) {
	for len(s) > 0 {
		if t.w == len(t.cur) {
			t.next()
		}
		k := copy(t.cur[t.w:], s)
		t.w += k
		s = s[k:]
	}
}

// next makes room for more: the full chunk goes to the sink (and is
// reused) or joins the chunks, and a new one is started.
func (t *Text) next() {
	if t.sink != nil {
		if t.cur == nil {
			t.cur = make([]byte, sinkChunk)
			return
		}
		t.Flush()
		return
	}
	if t.w > 0 {
		t.chunks = append(t.chunks, t.cur[:t.w])
		t.done += t.w
	}
	t.w = 0
	if t.pool != nil {
		t.cur = t.pool.get()
		return
	}
	size := textChunk
	if len(t.chunks) < 8 {
		size = 4 << 10 << len(t.chunks)
	}
	t.cur = make([]byte, size)
}

// Absorb appends src's text (a text without a sink) and empties src:
// its chunks go to the sink, then back to src's pool, or become t's
// without a copy.
func (t *Text) Absorb(src *Text) {
	if t.sink == nil {
		if t.w > 0 {
			t.chunks = append(t.chunks, t.cur[:t.w])
			t.done += t.w
			t.cur, t.w = nil, 0
		}
		src.Each(func(c []byte) {
			t.chunks = append(t.chunks, c)
			t.done += len(c)
		})
	} else {
		t.Flush()
		src.Each(func(c []byte) {
			if t.err == nil {
				_, t.err = t.sink.Write(c)
			}
			t.done += len(c)
		})
		if src.pool != nil {
			for _, c := range src.chunks {
				src.pool.put(c[:cap(c)])
			}
			src.pool.put(src.cur)
		}
	}
	src.chunks, src.cur, src.w, src.done = nil, nil, 0, 0
}

// Flush writes what the sink has not received yet; it returns the sink's
// First error.
func (t *Text) Flush() error {
	if t.sink == nil {
		return t.err
	}
	if t.w > 0 && t.err == nil {
		_, t.err = t.sink.Write(t.cur[:t.w])
	}
	t.done += t.w
	t.w = 0
	return t.err
}

// Len is the number of bytes written.
func (t *Text) Len() int { return t.done + t.w }

// Each calls f with the text's chunks in order (without a sink).
func (t *Text) Each(f func([]byte)) {
	for _, c := range t.chunks {
		f(c)
	}
	if t.w > 0 {
		f(t.cur[:t.w])
	}
}

// AppendTo appends the text to dst (without a sink).
func (t *Text) AppendTo(dst []byte) []byte {
	t.Each(func(c []byte) { dst = append(dst, c...) })
	return dst
}

// First is the text's first chunk, its whole length (nil if none), for
// another text to reuse (Reuse).
func (t *Text) First() []byte {
	if len(t.chunks) > 0 {
		return t.chunks[0][:cap(t.chunks[0])]
	}
	return t.cur
}

// Reuse makes c, a chunk another text has written out, the chunk to fill.
func (t *Text) Reuse(c []byte) { t.cur, t.w = c, 0 }

// Int writes v in decimal.
func (t *Text) Int(v int64) {
	if len(t.cur)-t.w < 20 {
		t.next()
	}
	t.w += len(strconv.AppendInt(t.cur[t.w:t.w], v, 10))
}

// Uint writes v in decimal.
func (t *Text) Uint(v uint64) {
	if len(t.cur)-t.w < 20 {
		t.next()
	}
	t.w += len(strconv.AppendUint(t.cur[t.w:t.w], v, 10))
}
