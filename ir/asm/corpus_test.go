package asm_test

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	_ "github.com/tirc/tirc/dialect" // registers the ops
	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/ir/asm"
)

// The corpus of the whole-repository tests (round trip, mlir-opt,
// truncation, fuzz seeds): every .mlir file under test/ and under
// ../shared/conformance/, split at `// -----` lines.

// corpusFile is one .mlir file of the corpus.
type corpusFile struct {
	path     string
	src      *ir.Source
	negative bool // a RUN line expects failure (`not tirc`, -verify-diagnostics, or checks `$?` itself), or the file annotates expected-errors
	shared   bool
}

// corpusChunk is one -split-input-file chunk of a corpus file.
type corpusChunk struct {
	file  *corpusFile
	chunk asm.Chunk
}

func (c corpusChunk) String() string {
	return c.file.path + ":" + strconv.Itoa(c.chunk.Line)
}

var runLineRE = regexp.MustCompile(`(?m)^\s*//\s*RUN:(.*)$`)

// sharedDir is ../shared next to the repository (as in test/lit.cfg.py).
func sharedDir() string { return filepath.Join("..", "..", "..", "shared") }

// requireShared skips (or, under CI=true, fails) when ../shared is
// missing.
func requireShared(t testing.TB) bool {
	t.Helper()
	if _, err := os.Stat(sharedDir()); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("../shared is missing (needed under CI=true): %v", err)
		}
		t.Logf("../shared not found: its conformance files are not checked")
		return false
	}
	return true
}

// corpusFiles returns every .mlir file under test/ and, when present,
// ../shared/conformance/, in a stable order.
func corpusFiles(t testing.TB, withShared bool) []*corpusFile {
	t.Helper()
	var files []*corpusFile
	add := func(path string, shared bool) {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("reading %s: %v", path, err)
		}
		neg := false
		for _, m := range runLineRE.FindAllSubmatch(data, -1) {
			run := string(m[1])
			if strings.Contains(run, "not ") || strings.Contains(run, "-verify-diagnostics") || strings.Contains(run, "$?") {
				neg = true
			}
		}
		// An input without RUN lines that annotates its own errors (read
		// by a test elsewhere) is negative too.
		neg = neg || bytes.Contains(data, []byte("expected-error"))
		files = append(files, &corpusFile{path: path, src: ir.NewSource(path, data), negative: neg, shared: shared})
	}
	err := filepath.WalkDir(filepath.Join("..", "..", "test"), func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		// MLIR's own test files, kept verbatim, use syntax outside tirc's
		// scope (scalable vectors, memrefs, regions); test/conformance
		// measures them unit by unit.
		if d.IsDir() && path == filepath.Join("..", "..", "test", "conformance", "Inputs") {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(path, ".mlir") {
			add(path, false)
		}
		return nil
	})
	if err != nil {
		t.Fatalf("walking test/: %v", err)
	}
	if withShared && requireShared(t) {
		paths, _ := filepath.Glob(filepath.Join(sharedDir(), "conformance", "*.mlir"))
		sort.Strings(paths)
		for _, p := range paths {
			add(p, true)
		}
	}
	if len(files) == 0 {
		t.Fatal("no .mlir files found under test/")
	}
	return files
}

// corpusChunks splits every corpus file at `// -----` lines.
func corpusChunks(t testing.TB, withShared bool) []corpusChunk {
	var out []corpusChunk
	for _, f := range corpusFiles(t, withShared) {
		for _, c := range asm.SplitInput(f.src.Data) {
			out = append(out, corpusChunk{f, c})
		}
	}
	return out
}

// parseChunk parses one chunk the permissive way (unregistered dialects
// allowed, as the round trip and mlir-opt checks need).
func parseChunk(c corpusChunk) (*ir.Module, *ir.Diagnostic) {
	return asm.ParseRange(c.file.src, c.chunk.Start, c.chunk.End, c.chunk.Line, asm.ParseOptions{AllowUnregistered: true})
}

// printModule prints m in the custom or the generic form.
func printModule(t testing.TB, m *ir.Module, generic bool) string {
	t.Helper()
	var buf bytes.Buffer
	if err := asm.Print(&buf, m, asm.PrintOptions{Generic: generic}); err != nil {
		t.Fatalf("print: %v", err)
	}
	return buf.String()
}
