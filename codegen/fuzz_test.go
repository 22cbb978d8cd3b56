package codegen_test

import (
	"path/filepath"
	"regexp"
	"testing"

	"github.com/tirc/tirc/codegen"
	"github.com/tirc/tirc/codegen/cabi"
	"github.com/tirc/tirc/codegen/llvmtext"
	_ "github.com/tirc/tirc/dialect"
	"github.com/tirc/tirc/internal/testcorpus"
	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/ir/asm"
	"github.com/tirc/tirc/passes"
)

// FuzzEmit lowers every module that parses and verifies, before and after
// -infer-shapes (then with threaded and non-temporal nests from tiny sizes
// on), with checks on and off: codegen never panics, fails only
// with diagnostics, and what it emits defines every function with a body
// (opt-14 and clang judge the emitted IR in the lit and end-to-end tests;
// llir/llvm's printer panics on malformed IR such as a block without a
// terminator, which this target catches), and the faster printer writes
// what llir's printer writes (print.go). Seeds: every chunk of
// test/**/*.mlir.
func FuzzEmit(f *testing.F) {
	chunks, err := testcorpus.Chunks(filepath.Join("..", "test"))
	if err != nil {
		f.Fatal(err)
	}
	for i, c := range chunks {
		f.Add(c.Text, i%2 == 0)
	}
	infer := passes.Lookup("infer-shapes")
	f.Fuzz(func(t *testing.T, data []byte, checks bool) {
		for _, refine := range []bool{false, true} {
			m, d := asm.Parse(ir.NewSource("fuzz.mlir", data), asm.ParseOptions{})
			if d != nil || ir.Verify(m, ir.VerifyOptions{}).HasErrors() {
				return
			}
			if refine {
				res := (&passes.Pipeline{Steps: []*passes.Step{{Pass: infer}}}).Run(m, passes.RunOptions{Check: true})
				if res.Internal != nil || res.Diags.HasErrors() {
					return
				}
			}
			opts := codegen.Options{Checks: checks}
			if refine {
				// Threads and streaming stores from tiny sizes on: their
				// nests are built for most modules.
				opts.ParallelMin, opts.NonTemporalMin = 16, 64
			}
			out, ds := codegen.Emit(m, opts)
			if ds.HasErrors() {
				if out != nil {
					t.Fatalf("output despite errors %v", ds)
				}
				continue
			}
			for _, fn := range m.Funcs {
				// A private function may be renamed (codegen/names.go).
				sym := fn.Name
				if fn.Visibility == "private" {
					sym = cabi.PrivateSymbol(sym)
				}
				def := regexp.MustCompile(`define [^\n]*@"?` + regexp.QuoteMeta(sym) + `(\.[0-9]+)?"?\(`)
				if !fn.External && !def.Match(out) {
					t.Fatalf("no definition of @%s in the output\ninput:\n%s\noutput:\n%s", fn.Name, data, out)
				}
			}
			llvmtext.LLIROnly = true
			slow, _ := codegen.Emit(m, opts)
			llvmtext.LLIROnly = false
			if string(slow) != string(out) {
				t.Fatalf("the printer differs from llir's\ninput:\n%s\nllir:\n%s\nprinter:\n%s", data, slow, out)
			}
		}
	})
}
