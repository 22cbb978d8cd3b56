package passes_test

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	_ "github.com/tirc/tirc/dialect"
	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/passes"
)

// FuzzPasses runs every pass on every module that parses and verifies:
// no pass may panic, a pass without diagnostics leaves a module that
// verifies and prints to text that parses back, and a second run of an
// idempotent pass changes nothing. Seeds: every chunk of test/**/*.mlir.
//
// TODO(reliability): iterate the pass table by name once passes has one.
var fuzzPasses = []struct {
	name       string
	run        func(f *ir.Func) (bool, ir.Diagnostics)
	idempotent bool
}{
	{"materialize-broadcasts", passes.MaterializeBroadcasts, true},
}

func FuzzPasses(f *testing.F) {
	filepath.WalkDir(filepath.Join("..", "test"), func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".mlir") {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
		for _, c := range ir.SplitInput(data) {
			f.Add(data[c.Start:c.End])
		}
		return nil
	})
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, p := range fuzzPasses {
			m, d := ir.Parse(ir.NewSource("fuzz.mlir", data), ir.ParseOptions{})
			if d != nil || ir.Verify(m, ir.VerifyOptions{}).HasErrors() {
				return
			}
			var diags ir.Diagnostics
			for _, fn := range m.Funcs {
				if !fn.External {
					_, ds := p.run(fn)
					diags = append(diags, ds...)
				}
			}
			if diags.HasErrors() {
				continue
			}
			if ds := ir.Verify(m, ir.VerifyOptions{}); len(ds) > 0 {
				t.Fatalf("%s: the result does not verify: %v\ninput:\n%s\noutput:\n%s", p.name, ds, data, m)
			}
			var out bytes.Buffer
			ir.Print(&out, m, ir.PrintOptions{})
			if _, d := ir.ParseString(out.String(), ir.ParseOptions{}); d != nil {
				t.Fatalf("%s: the printed result does not parse: %v\n%s", p.name, d, out.String())
			}
			if p.idempotent {
				for _, fn := range m.Funcs {
					if !fn.External {
						if changed, _ := p.run(fn); changed {
							t.Fatalf("%s: a second run changed @%s\ninput:\n%s\nafter one run:\n%s\nafter two:\n%s", p.name, fn.Name, data, out.String(), m)
						}
					}
				}
			}
		}
	})
}
