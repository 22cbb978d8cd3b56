package codegen

import (
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/tirc/tirc/codegen/llvmtext"
	_ "github.com/tirc/tirc/dialect"
	"github.com/tirc/tirc/internal/testcorpus"
	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/ir/asm"
	"github.com/tirc/tirc/passes"
)

// corpusModules are the modules of the test corpus that parse and
// verify, each also after -infer-shapes (refined) where that succeeds:
// what the corpus tests of this package emit.
func corpusModules(t *testing.T) []corpusModule {
	t.Helper()
	chunks, err := testcorpus.Chunks(filepath.Join("..", "test"))
	if err != nil {
		t.Fatal(err)
	}
	infer := passes.Lookup("infer-shapes")
	var out []corpusModule
	for _, c := range chunks {
		for _, refine := range []bool{false, true} {
			m, d := asm.ParseString(string(c.Text), asm.ParseOptions{})
			if d != nil || ir.Verify(m, ir.VerifyOptions{}).HasErrors() {
				break
			}
			if refine {
				res := (&passes.Pipeline{Steps: []*passes.Step{{Pass: infer}}}).Run(m, passes.RunOptions{Check: true})
				if res.Internal != nil || res.Diags.HasErrors() {
					continue
				}
			}
			out = append(out, corpusModule{path: c.Path, refined: refine, m: m})
		}
	}
	return out
}

type corpusModule struct {
	path    string
	refined bool
	m       *ir.Module
}

// corpusOptions shape the IR most: checks on and off, threads and
// streaming stores from tiny sizes on.
var corpusOptions = []Options{DefaultOptions(), {Checks: false}, {Checks: true, ParallelMin: 16, NonTemporalMin: 64}}

// TestPrinterMatchesLLIR: the faster printer (llvmtext) writes exactly
// what llir/llvm's printer writes, for every module of the test corpus
// that codegen lowers, with the options that shape the IR most (checks
// on and off, threads and streaming stores from tiny sizes on), before
// and after -infer-shapes.
func TestPrinterMatchesLLIR(t *testing.T) {
	compared := 0
	for _, c := range corpusModules(t) {
		for _, o := range corpusOptions {
			fast, ds := Emit(c.m, o)
			if ds.HasErrors() {
				continue
			}
			llvmtext.LLIROnly = true
			slow, _ := Emit(c.m, o)
			llvmtext.LLIROnly = false
			if diff := cmp.Diff(string(slow), string(fast)); diff != "" {
				t.Fatalf("%s: the printer differs from llir's (-llir +printer):\n%s", c.path, diff)
			}
			compared++
		}
	}
	if compared < 300 {
		t.Errorf("only %d modules compared", compared)
	}
	t.Logf("%d emitted modules identical", compared)
}
