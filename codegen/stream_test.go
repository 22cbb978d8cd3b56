package codegen

import (
	"bytes"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/tirc/tirc/bench/genmod"
	"github.com/tirc/tirc/codegen/llvmtext"
	"github.com/tirc/tirc/internal/testcorpus"
	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/ir/asm"
	"github.com/tirc/tirc/passes"
)

// parseRefined parses src and runs -infer-shapes, as tirc -infer-shapes
// -emit-llvm does.
func parseRefined(t *testing.T, src string) *ir.Module {
	t.Helper()
	m, d := asm.ParseString(src, asm.ParseOptions{})
	if d != nil {
		t.Fatal(d)
	}
	res := (&passes.Pipeline{Steps: []*passes.Step{{Pass: passes.Lookup("infer-shapes")}}}).Run(m, passes.RunOptions{Check: true})
	if res.Internal != nil || res.Diags.HasErrors() {
		t.Fatal(res.Internal, res.Diags)
	}
	return m
}

// TestStreamHoldsFewBlocks: a long function is printed while it is built,
// so the blocks it holds do not grow with its ops (most ops add one),
// and its text is the same whether it is held in memory or spilled to a
// temporary file. (That the streamed text numbers its values as llir
// would is TestPrinterMatchesLLIR's.)
func TestStreamHoldsFewBlocks(t *testing.T) {
	var src bytes.Buffer
	for _, multi := range []bool{false, true} {
		src.Reset()
		if err := genmod.Write(&src, genmod.Options{Ops: 3000, MultiUse: multi}); err != nil {
			t.Fatal(err)
		}
		m := parseRefined(t, src.String())
		most, blocks := 0, 0
		onStream = func(kept, printed int) { most, blocks = max(most, kept), blocks+printed }
		held, ds := Emit(m, DefaultOptions())
		onStream = nil
		if ds.HasErrors() {
			t.Fatal(ds)
		}
		if blocks < 1000 || most > 8 {
			t.Errorf("multi-use %v: %d blocks printed while the function was built, at most %d held at once; want >= 1000 and <= 8", multi, blocks, most)
		}
		old := llvmtext.SpillAt
		llvmtext.SpillAt = 0
		spilled, ds := Emit(m, DefaultOptions())
		llvmtext.SpillAt = old
		if ds.HasErrors() {
			t.Fatal(ds)
		}
		if diff := cmp.Diff(string(held), string(spilled)); diff != "" {
			t.Errorf("multi-use %v: spilled text differs (-held +spilled):\n%s", multi, diff)
		}
	}
}

// TestSpillMatchesCorpus: every module of the test corpus emits the same
// text when each function's body goes through a temporary file.
func TestSpillMatchesCorpus(t *testing.T) {
	compared := 0
	for _, c := range corpusModules(t) {
		if c.refined {
			continue
		}
		held, ds := c.inOrder(0) // DefaultOptions
		if ds.HasErrors() {
			continue
		}
		old := llvmtext.SpillAt
		llvmtext.SpillAt = 0
		spilled, _ := Emit(c.m, DefaultOptions())
		llvmtext.SpillAt = old
		if !bytes.Equal(held, spilled) {
			t.Fatalf("%s: spilled text differs:\n%s", c.path, cmp.Diff(string(held), string(spilled)))
		}
		compared++
	}
	if compared < 100 {
		t.Errorf("only %d modules compared", compared)
	}
}

// TestEmitToMatchesEmit: the streamed text (EmitTo, what tirc -emit-llvm
// writes) is byte for byte Emit's, for every module of the test corpus
// that codegen lowers after -infer-shapes.
func TestEmitToMatchesEmit(t *testing.T) {
	chunks, err := testcorpus.Chunks(filepath.Join("..", "test"))
	if err != nil {
		t.Fatal(err)
	}
	infer := passes.Lookup("infer-shapes")
	compared := 0
	for _, c := range chunks {
		m, d := asm.ParseString(string(c.Text), asm.ParseOptions{})
		if d != nil || ir.Verify(m, ir.VerifyOptions{}).HasErrors() {
			continue
		}
		res := (&passes.Pipeline{Steps: []*passes.Step{{Pass: infer}}}).Run(m, passes.RunOptions{Check: true})
		if res.Internal != nil || res.Diags.HasErrors() {
			continue
		}
		want, ds := Emit(m, DefaultOptions())
		if ds.HasErrors() {
			continue
		}
		var got bytes.Buffer
		ds, err := EmitTo(&got, m, DefaultOptions())
		if err != nil || ds.HasErrors() {
			t.Fatalf("%s: EmitTo: %v %v", c.Path, err, ds)
		}
		if diff := cmp.Diff(string(want), got.String()); diff != "" {
			t.Fatalf("%s: EmitTo differs from Emit (-Emit +EmitTo):\n%s", c.Path, diff)
		}
		compared++
	}
	if compared < 100 {
		t.Errorf("only %d modules compared", compared)
	}
}
