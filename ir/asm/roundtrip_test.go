package asm_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/ir/asm"
)

// roundTripped is one chunk that parses, with its printed forms.
type roundTripped struct {
	chunk    corpusChunk
	custom   string
	generic  string
	verifies bool
	// customForeign: some op of a dialect mlir-opt-19 does not know
	// (tir) prints in its custom form, which only tirc reads.
	customForeign bool
}

// mlirOptDialects are the dialects mlir-opt-19 knows among tirc's: their
// custom forms are MLIR's. tir's short forms are tirc's own.
var mlirOptDialects = map[string]bool{"func": true, "arith": true, "math": true, "tensor": true, "tosa": true, "test": true, "linalg": true}

func customForeign(m *ir.Module) bool {
	for _, f := range m.Funcs {
		for op := range f.Ops() {
			if op.Def != nil && op.Def.Format != nil && !mlirOptDialects[op.Def.Dialect()] {
				return true
			}
		}
	}
	return false
}

// roundTripCorpus parses every chunk of the corpus and checks
// print(parse(print(x))) == print(x) in both printed forms, and that the
// generic form reads back as the same module as the custom form.
//
// The rule for chunks that do not parse: they are allowed only in negative
// test files (a RUN line with `not ...`, -verify-diagnostics — which
// includes MLIR's conformance files — or one that checks the exit code
// `$?` itself); anywhere else a parse error fails
// the test, so a parser regression cannot hide as a skipped file.
func roundTripCorpus(t *testing.T) []roundTripped {
	var out []roundTripped
	skipped := 0
	for _, c := range corpusChunks(t, true) {
		m, d := parseChunk(c)
		if d != nil {
			if !c.file.negative {
				t.Errorf("%s: chunk does not parse (and the file is not a negative test): %v", c, d)
			}
			skipped++
			continue
		}
		rt := roundTripped{chunk: c, customForeign: customForeign(m)}
		rt.verifies = !ir.Verify(m, ir.VerifyOptions{AllowUnregistered: true}).HasErrors()
		for _, generic := range []bool{false, true} {
			first := printModule(t, m, generic)
			m2, d := asm.ParseString(first, asm.ParseOptions{AllowUnregistered: true})
			if d != nil {
				t.Errorf("%s: printed form (generic=%v) does not parse: %v\n%s", c, generic, d, first)
				continue
			}
			if diff := cmp.Diff(first, printModule(t, m2, generic)); diff != "" {
				t.Errorf("%s: print(parse(print(x))) != print(x) (generic=%v) (-want +got):\n%s", c, generic, diff)
			}
			if generic {
				rt.generic = first
				if diff := cmp.Diff(rt.custom, printModule(t, m2, false)); diff != "" {
					t.Errorf("%s: the generic form reads back as a different module (-custom +from generic):\n%s", c, diff)
				}
			} else {
				rt.custom = first
			}
		}
		out = append(out, rt)
	}
	t.Logf("round-tripped %d chunks; %d chunks of negative tests do not parse", len(out), skipped)
	return out
}

func TestRoundTrip(t *testing.T) {
	if got := roundTripCorpus(t); len(got) == 0 {
		t.Fatal("no chunk of the corpus parses")
	}
}

// mlirOpt is the installed mlir-opt-19, or "" (the test is then skipped,
// or fails under CI=true).
func mlirOpt(t *testing.T) string {
	t.Helper()
	for _, p := range []string{"/usr/bin/mlir-opt-19", "mlir-opt-19"} {
		if path, err := exec.LookPath(p); err == nil {
			return path
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("mlir-opt-19 is not installed (run `make deps`)")
	}
	t.Skip("mlir-opt-19 not installed: skipping the check that mlir-opt reads tirc's output")
	return ""
}

// TestMLIROptReadsOutput feeds tirc's printed output (custom and generic
// forms) of every corpus chunk that parses and verifies to
// `mlir-opt-19 -allow-unregistered-dialect`: the text must move between
// tirc and mlir-opt. All chunks go into one -split-input-file run per form;
// only when that fails are chunks run one by one to name the culprits.
// The custom form of a chunk with tir ops is tirc's own syntax (tir's short
// forms): mlir-opt reads such chunks in the generic form only, which is
// what -mlir-print-op-generic is for.
func TestMLIROptReadsOutput(t *testing.T) {
	opt := mlirOpt(t)
	var all []roundTripped
	for _, rt := range roundTripCorpus(t) {
		// Chunks that fail tirc's verifier are negative tests; mlir-opt
		// verifies while parsing and would reject them too.
		if rt.verifies {
			all = append(all, rt)
		}
	}
	if len(all) == 0 {
		t.Fatal("no verified chunk to feed to mlir-opt")
	}
	dir := t.TempDir()
	for _, form := range []string{"custom", "generic"} {
		rts := all
		if form == "custom" {
			rts = nil
			for _, rt := range all {
				if !rt.customForeign {
					rts = append(rts, rt)
				}
			}
			if len(rts) == 0 {
				t.Fatal("no chunk prints in MLIR's own custom forms only")
			}
		}
		text := func(rt roundTripped) string {
			if form == "generic" {
				return rt.generic
			}
			return rt.custom
		}
		var all strings.Builder
		for i, rt := range rts {
			if i > 0 {
				all.WriteString("// -----\n")
			}
			all.WriteString(text(rt))
		}
		path := filepath.Join(dir, form+".mlir")
		if err := os.WriteFile(path, []byte(all.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		if out, err := runMLIROpt(opt, path, true); err == nil {
			t.Logf("mlir-opt-19 read %d chunks in the %s form", len(rts), form)
			continue
		} else {
			t.Logf("mlir-opt-19 rejected the batch (%v): %s", err, out)
		}
		for i, rt := range rts {
			p := filepath.Join(dir, form+"-one.mlir")
			os.WriteFile(p, []byte(text(rt)), 0o644)
			if out, err := runMLIROpt(opt, p, false); err != nil {
				t.Errorf("%s: mlir-opt-19 does not read tirc's %s output (chunk %d): %v\n%s\ninput:\n%s", rt.chunk, form, i, err, out, text(rt))
			}
		}
	}
}

func runMLIROpt(opt, path string, split bool) (string, error) {
	args := []string{"-allow-unregistered-dialect", path, "-o", os.DevNull}
	if split {
		args = append(args, "-split-input-file")
	}
	cmd := exec.Command(opt, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	return stderr.String(), err
}
