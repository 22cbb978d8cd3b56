package asm_test

import (
	"fmt"
	"io"
	"testing"

	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/ir/asm"
)

// checkNoPanic runs what tirc runs on data (parse, verify, print, and
// -verify-diagnostics directive checking) and turns a panic into a test
// error naming the input.
func checkNoPanic(t *testing.T, what string, data []byte) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			t.Errorf("%s: panic: %v\ninput:\n%q", what, r, data)
		}
	}()
	src := ir.NewSource("trunc.mlir", data)
	for _, allow := range []bool{false, true} {
		m, d := asm.Parse(src, asm.ParseOptions{AllowUnregistered: allow})
		if d != nil {
			if !d.Pos.IsValid() {
				t.Errorf("%s: parse error without a position: %v", what, d)
			}
			d.Render(io.Discard)
			continue
		}
		ir.Verify(m, ir.VerifyOptions{AllowUnregistered: allow}).Render(io.Discard)
		printModule(t, m, false)
		printModule(t, m, true)
	}
	exps, errs := asm.ParseExpectations(src, 0, len(data), 1)
	errs.Render(io.Discard)
	asm.CheckExpectations(exps, nil).Render(io.Discard)
}

// maxPrefixes bounds the prefixes tried per chunk: short chunks get every
// prefix, long ones an evenly spread sample (the fuzzers cover the rest).
const maxPrefixes = 250

// TestTruncatedInputs feeds prefixes of every corpus chunk (every prefix
// of chunks up to maxPrefixes bytes, an even sample of longer ones) and a
// sample of prefixes of every whole file: none may panic, and each error
// has a position.
func TestTruncatedInputs(t *testing.T) {
	chunks := corpusChunks(t, true)
	tried := make([]int, len(chunks))
	ir.ParallelFor(len(chunks), func(i int) {
		c := chunks[i]
		data := c.file.src.Data[c.chunk.Start:c.chunk.End]
		for _, n := range prefixLengths(len(data), maxPrefixes) {
			checkNoPanic(t, fmt.Sprintf("%s: first %d bytes", c, n), data[:n])
			tried[i]++
		}
	})
	total := 0
	for _, n := range tried {
		total += n
	}
	for _, f := range corpusFiles(t, true) {
		for _, n := range prefixLengths(len(f.src.Data), 50) {
			checkNoPanic(t, fmt.Sprintf("%s: first %d bytes of the file", f.path, n), f.src.Data[:n])
			total++
		}
	}
	t.Logf("%d truncated inputs", total)
}

// prefixLengths returns 0..n when n < max, else max lengths spread evenly
// over [0, n].
func prefixLengths(n, max int) []int {
	if n < max {
		out := make([]int, n+1)
		for i := range out {
			out[i] = i
		}
		return out
	}
	out := make([]int, 0, max+1)
	for i := 0; i <= max; i++ {
		out = append(out, i*n/max)
	}
	return out
}
