package asm_test

import (
	"io"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/ir/asm"
)

// Fuzz targets (go test -fuzz=FuzzParse ./ir, and so on). Their seeds are
// every chunk of every .mlir file under test/ plus the committed corpus
// under testdata/fuzz/<target>/ (crashers found earlier, kept as
// regression tests). Without -fuzz, `go test` runs the seeds only.

// addCorpusSeeds adds every corpus chunk (test/ and the shared
// conformance files) and a few hostile snippets.
func addCorpusSeeds(f *testing.F) {
	for _, c := range corpusChunks(f, true) {
		f.Add(c.file.src.Data[c.chunk.Start:c.chunk.End])
	}
	for _, s := range hostileSeeds {
		f.Add([]byte(s))
	}
}

// hostileSeeds are small inputs near the parser's limits and edge cases.
var hostileSeeds = []string{
	"",
	"module {",
	"func.func @f(%a: tensor<9223372036854775807x9223372036854775807xf32>) { return }",
	"func.func @f() { %0 = \"t.x\"() {v = dense<[[[[1]]]]> : tensor<1x1x1x1xi8>} : () -> tensor<1x1x1x1xi8>\n return }",
	"func.func @f(%a: tensor<*xf32>, %b: vector<4xf32>) -> (tensor<*xf32>) { return %a : tensor<*xf32> }",
	"func.func @f() { %0:2 = \"t.x\"() : () -> (i32, i32)\n \"t.y\"(%0#1, %0#0) : (i32, i32) -> ()\n return }",
	"func.func @f() { %0 = arith.constant dense<0x7FC00000> : tensor<2xf32>\n return }",
	"func.func @f() { %0 = \"t.x\"() {a = array<i64: 1, -2>, b = [1, \"s\\n\\22\"], c = {d = unit}} : () -> i1 loc(\"f\":1:2)\n return }",
	"func.func @f(%a: i32) { \"t.x\"(%b) : (i32) -> ()\n %b = \"t.y\"() : () -> i32\n return }",
	"\"builtin.module\"() ({\n}) : () -> ()",
	"#a = 1 : i32\nfunc.func @f() { %0 = arith.constant #a\n return }",
	"func.func @f() {\n// expected-error@+1 {{x}} expected-note@-1 {{y}}\n return }",
}

func FuzzParse(f *testing.F) {
	addCorpusSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		src := ir.NewSource("fuzz.mlir", data)
		m, d := asm.Parse(src, asm.ParseOptions{AllowUnregistered: true})
		if d != nil {
			if !d.Pos.IsValid() {
				t.Errorf("parse error without a position: %v", d)
			}
			d.Render(io.Discard)
			return
		}
		// What parses prints, and the printed form round-trips.
		for _, generic := range []bool{false, true} {
			first := printModule(t, m, generic)
			m2, d := asm.ParseString(first, asm.ParseOptions{AllowUnregistered: true})
			if d != nil {
				t.Fatalf("printed form (generic=%v) does not parse: %v\ninput:\n%q\nprinted:\n%s", generic, d, data, first)
			}
			if diff := cmp.Diff(first, printModule(t, m2, generic)); diff != "" {
				t.Fatalf("print(parse(print(x))) != print(x) (generic=%v) (-want +got):\n%s\ninput:\n%q", generic, diff, data)
			}
		}
	})
}

func FuzzVerify(f *testing.F) {
	addCorpusSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		src := ir.NewSource("fuzz.mlir", data)
		for _, allow := range []bool{false, true} {
			m, d := asm.Parse(src, asm.ParseOptions{AllowUnregistered: allow})
			if d != nil {
				continue
			}
			ds := ir.Verify(m, ir.VerifyOptions{AllowUnregistered: allow})
			ds.Render(io.Discard)
			// The printer is robust on IR that failed verification too.
			for _, generic := range []bool{false, true} {
				text := printModule(t, m, generic)
				if ds.HasErrors() {
					continue
				}
				// A verified module prints to text that verifies.
				m2, d := asm.ParseString(text, asm.ParseOptions{AllowUnregistered: allow})
				if d != nil {
					t.Fatalf("printed form (generic=%v) of a verified module does not parse: %v\ninput:\n%q\nprinted:\n%s", generic, d, data, text)
				}
				if ds2 := ir.Verify(m2, ir.VerifyOptions{AllowUnregistered: allow}); len(ds2) > 0 {
					t.Fatalf("printed form (generic=%v) of a verified module does not verify: %v\ninput:\n%q\nprinted:\n%s", generic, ds2, data, text)
				}
			}
		}
	})
}

// FuzzExpectations runs what -split-input-file -verify-diagnostics runs:
// directive parsing and matching against the chunk's own diagnostics.
func FuzzExpectations(f *testing.F) {
	addCorpusSeeds(f)
	f.Add([]byte("// expected-error@above {{a}} expected-warning@below {{b}}\n// expected-note@+99999999999999999999 {{c}}\n"))
	f.Add([]byte("// expected-error-re {{a {{[0-9}} b}}\n// expected-remark@-3 {{}}\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		src := ir.NewSource("fuzz.mlir", data)
		for _, c := range asm.SplitInput(data) {
			if c.Start < 0 || c.End > len(data) || c.Start > c.End {
				t.Fatalf("bad chunk %+v of %d bytes", c, len(data))
			}
			exps, perrs := asm.ParseExpectations(src, c.Start, c.End, c.Line)
			var diags ir.Diagnostics
			m, d := asm.ParseRange(src, c.Start, c.End, c.Line, asm.ParseOptions{})
			if d != nil {
				diags = ir.Diagnostics{d}
			} else {
				diags = ir.Verify(m, ir.VerifyOptions{})
			}
			failures := append(perrs, asm.CheckExpectations(exps, diags)...)
			failures.Render(io.Discard)
		}
	})
}
