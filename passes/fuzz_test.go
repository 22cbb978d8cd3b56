package passes_test

import (
	"bytes"
	"path/filepath"
	"testing"

	_ "github.com/tirc/tirc/dialect"
	"github.com/tirc/tirc/internal/testcorpus"
	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/ir/asm"
	"github.com/tirc/tirc/passes"
)

// FuzzPasses runs every pass of the table on every module that parses
// and verifies: no pass may panic, a pass without diagnostics leaves a
// module that verifies and prints to text that parses back, and a second
// run of the pass changes nothing (every pass is idempotent). Seeds: every
// chunk of test/**/*.mlir.
func FuzzPasses(f *testing.F) {
	chunks, err := testcorpus.Chunks(filepath.Join("..", "test"))
	if err != nil {
		f.Fatal(err)
	}
	for _, c := range chunks {
		f.Add(c.Text)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, p := range passes.All() {
			m, d := asm.Parse(ir.NewSource("fuzz.mlir", data), asm.ParseOptions{})
			if d != nil || ir.Verify(m, ir.VerifyOptions{}).HasErrors() {
				return
			}
			pl := &passes.Pipeline{Steps: []*passes.Step{{Pass: p}}}
			res := pl.Run(m, passes.RunOptions{NoVerify: true, Check: true})
			if res.Internal != nil {
				t.Fatalf("%s: %v\ninput:\n%s", p.Name, res.Internal, data)
			}
			if res.Diags.HasErrors() {
				continue
			}
			if ds := ir.Verify(m, ir.VerifyOptions{}); len(ds) > 0 {
				t.Fatalf("%s: the result does not verify: %v\ninput:\n%s\noutput:\n%s", p.Name, ds, data, m)
			}
			var out bytes.Buffer
			asm.Print(&out, m, asm.PrintOptions{})
			if _, d := asm.ParseString(out.String(), asm.ParseOptions{}); d != nil {
				t.Fatalf("%s: the printed result does not parse: %v\n%s", p.Name, d, out.String())
			}
			if res := pl.Run(m, passes.RunOptions{Check: true}); res.Internal != nil || res.Diags.HasErrors() || m.String() != out.String() {
				t.Fatalf("%s: a second run changed the module or failed (%v %v)\ninput:\n%s\nafter one run:\n%s\nafter two:\n%s", p.Name, res.Internal, res.Diags, data, out.String(), m)
			}
		}
	})
}
