package test

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

const module = "github.com/tirc/tirc/"

// layers is STYLE's import direction, lowest first: a package imports
// only packages of lower layers (ir <- traits <- dialect <- eval <- passes
// <- codegen <- cmd/tirc).
var layers = []string{"ir", "traits", "dialect", "eval", "passes", "codegen", "cmd/tirc"}

// importRules says what is wrong with pkg importing imp, or "": both
// paths relative to the module, or imp a full path of another module.
func importRules(pkg, imp string) string {
	rank := func(p string) int {
		for i, l := range layers {
			if l == p {
				return i
			}
		}
		return -1
	}
	top := func(p string) string { return strings.SplitN(p, "/", 2)[0] }
	switch {
	case strings.HasPrefix(imp, "github.com/llir/"):
		if pkg != "codegen" {
			return "only codegen imports llir/llvm"
		}
	case strings.Contains(top(imp), "."): // another module
	case top(imp) == "internal":
		// internal helpers sit below every layer but ir's users: they
		// import ir at most (checked as importers below).
	case top(pkg) == "internal":
		if imp != "ir" {
			return "an internal helper imports nothing of tirc but ir"
		}
	case rank(pkg) >= 0 && rank(imp) >= 0:
		if rank(imp) >= rank(pkg) {
			return "imports point one way: " + strings.Join(layers, " <- ")
		}
	case rank(imp) < 0 && top(imp) != top(pkg):
		return "nothing outside " + top(imp) + "/ imports it"
	}
	return ""
}

// TestImportDirection reads the imports of every non-test Go file of the
// module and checks them against STYLE's rule 1, so it cannot rot.
func TestImportDirection(t *testing.T) {
	root := repoRoot(t)
	imports := map[string]map[string]bool{} // package -> its imports
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); path != root && (strings.HasPrefix(n, ".") || n == "build" || n == "bin" || n == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		pkg, _ := filepath.Rel(root, filepath.Dir(path))
		pkg = filepath.ToSlash(pkg)
		if imports[pkg] == nil {
			imports[pkg] = map[string]bool{}
		}
		for _, is := range f.Imports {
			p, _ := strconv.Unquote(is.Path.Value)
			if strings.HasPrefix(p, module) || strings.HasPrefix(p, "github.com/llir/") {
				imports[pkg][strings.TrimPrefix(p, module)] = true
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range layers {
		if imports[l] == nil {
			t.Errorf("no Go files in %s/ (a layer of STYLE's rule): update layers", l)
		}
	}
	var bad []string
	for pkg, imps := range imports {
		for imp := range imps {
			if why := importRules(pkg, imp); why != "" {
				bad = append(bad, pkg+" imports "+imp+": "+why)
			}
		}
	}
	sort.Strings(bad)
	if diff := cmp.Diff([]string(nil), bad); diff != "" {
		t.Errorf("imports against STYLE (-want +got):\n%s", diff)
	}
}

// TestImportRules: the rule itself, row by row.
func TestImportRules(t *testing.T) {
	tests := []struct {
		pkg, imp string
		ok       bool
	}{
		{"traits", "ir", true},
		{"ir", "traits", false},
		{"dialect", "traits", true},
		{"eval", "dialect", true},
		{"dialect", "eval", false},
		{"passes", "eval", true},
		{"passes", "codegen", false},
		{"codegen", "passes", true},
		{"cmd/tirc", "codegen", true},
		{"codegen", "cmd/tirc", false},
		{"ir", "ir", false},
		{"codegen", "github.com/llir/llvm/ir", true},
		{"passes", "github.com/llir/llvm/ir", false},
		{"passes", "github.com/alecthomas/participle/v2", true},
		{"ir", "internal/suggest", true},
		{"internal/testcorpus", "ir", true},
		{"internal/suggest", "passes", false},
		{"bench/cmd/genmodule", "bench/genmod", true},
		{"passes", "bench/genmod", false},
		{"test/native", "codegen", true},
		{"codegen", "test/native", false},
	}
	for _, tt := range tests {
		if got := importRules(tt.pkg, tt.imp) == ""; got != tt.ok {
			t.Errorf("%s importing %s: allowed %v, want %v", tt.pkg, tt.imp, got, tt.ok)
		}
	}
}
