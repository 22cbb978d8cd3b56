package test

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

const module = "github.com/tirc/tirc/"

// layers is STYLE's import direction, lowest first: a package imports
// only packages of lower layers (ir <- ir/asm <- traits <- dialect <- eval
// <- passes <- codegen <- cmd/tirc): ir/asm, the text format, sits on the
// IR core, whose ops' custom forms are written against ir's OpParser and
// OpPrinter interfaces. codegen's subpackages (codegen/x) sit in
// codegen's layer below codegen itself: codegen imports them, they
// import neither codegen nor each other but where rooms (below) says, and
// rooms says exactly what each of its packages imports.
var layers = []string{"ir", "ir/asm", "traits", "dialect", "eval", "passes", "codegen", "cmd/tirc"}

// rooms are codegen's subpackages with a narrower rule: the only tirc
// packages they import, and whether they import llir/llvm. The LLVM text
// printer knows llir and nothing of tirc; the C ABI knows tirc's IR and
// no LLVM; llconst makes llir types and constants; the vector math emits
// llir for kernels named by ir; scalar emits each ir.Kernel's scalar
// semantics with it; portable rewrites LLVM text.
var rooms = map[string]struct {
	tirc []string
	llir bool
}{
	"codegen/llvmtext": {nil, true},
	"codegen/cabi":     {[]string{"ir"}, false},
	"codegen/llconst":  {nil, true},
	"codegen/vmath":    {[]string{"ir", "codegen/llconst"}, true},
	"codegen/scalar":   {[]string{"ir", "codegen/llconst", "codegen/vmath"}, true},
	"codegen/portable": {[]string{"codegen/llvmtext"}, false},
}

// importRules says what is wrong with pkg importing imp, or "": both
// paths relative to the module, or imp a full path of another module.
func importRules(pkg, imp string) string {
	top := func(p string) string { return strings.SplitN(p, "/", 2)[0] }
	rank := func(p string) int {
		if top(p) == "codegen" {
			p = "codegen" // its subpackages: see layers
		}
		for i, l := range layers {
			if l == p {
				return i
			}
		}
		return -1
	}
	llir := strings.HasPrefix(imp, "github.com/llir/")
	if r, ok := rooms[pkg]; ok {
		switch {
		case llir && !r.llir:
			return pkg + " imports no llir/llvm"
		case llir || strings.Contains(top(imp), "."):
		case !slices.Contains(r.tirc, imp):
			return fmt.Sprintf("%s imports of tirc only %v", pkg, r.tirc)
		}
		return ""
	}
	switch {
	case llir:
		if top(pkg) != "codegen" {
			return "only codegen imports llir/llvm"
		}
	case strings.Contains(top(imp), "."): // another module
	case top(imp) == "internal":
		// internal helpers sit below every layer but ir's users: they
		// import ir and its text format at most (checked as importers
		// below).
	case top(pkg) == "internal":
		if imp != "ir" && imp != "ir/asm" {
			return "an internal helper imports nothing of tirc but ir and ir/asm"
		}
	case top(pkg) == "codegen" && top(imp) == "codegen":
		if pkg != "codegen" || imp == "codegen" {
			return "codegen imports its subpackages; they import neither it nor each other"
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
	imports := map[string]map[string]bool{} // package -> its imports
	eachGoFile(t, func(pkg, path string) {
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		if imports[pkg] == nil {
			imports[pkg] = map[string]bool{}
		}
		for _, is := range f.Imports {
			p, _ := strconv.Unquote(is.Path.Value)
			if strings.HasPrefix(p, module) || strings.HasPrefix(p, "github.com/llir/") {
				imports[pkg][strings.TrimPrefix(p, module)] = true
			}
		}
	})
	for _, l := range layers {
		if imports[l] == nil {
			t.Errorf("no Go files in %s/ (a layer of STYLE's rule): update layers", l)
		}
	}
	for r := range rooms {
		if imports[r] == nil {
			t.Errorf("no Go files in %s/ (a room of the rule): update rooms", r)
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

// eachGoFile calls f with the package (its directory relative to the
// module's root) and path of every non-test Go file of the module.
func eachGoFile(t *testing.T, f func(pkg, path string)) {
	t.Helper()
	root := repoRoot(t)
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
		pkg, _ := filepath.Rel(root, filepath.Dir(path))
		f(filepath.ToSlash(pkg), path)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// maxShare is the most of the module's non-test Go lines one package may
// hold: about a quarter, so that no package is the house.
const maxShare = 0.27

// overShare are the packages still above maxShare, each with the share
// it holds now as its own limit: it may shrink, not grow. A package that
// gets within maxShare leaves the list. (None is over today: codegen
// 26.2% after its printer, C ABI, vector math, portable object and plan
// moved out; ir after its text format moved to ir/asm.)
var overShare = map[string]float64{}

// TestPackageSizes: no package holds more than maxShare of the module's
// non-test Go lines (lines as wc -l counts them; a package is a
// directory's own files, not its subpackages').
func TestPackageSizes(t *testing.T) {
	lines := map[string]int{}
	total := 0
	eachGoFile(t, func(pkg, path string) {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		n := bytes.Count(b, []byte("\n"))
		lines[pkg] += n
		total += n
	})
	for pkg, n := range lines {
		share := float64(n) / float64(total)
		limit, over := overShare[pkg]
		switch {
		case !over && share > maxShare:
			t.Errorf("%s holds %d of the module's %d non-test Go lines (%.1f%%), more than %.0f%%: split it by job", pkg, n, total, 100*share, 100*maxShare)
		case over && share > limit:
			t.Errorf("%s holds %d of the module's %d non-test Go lines (%.1f%%), more than the %.1f%% it held: split it by job", pkg, n, total, 100*share, 100*limit)
		case over && share <= maxShare:
			t.Errorf("%s holds %.1f%% of the module's non-test Go lines, within %.0f%%: delete its row in overShare", pkg, 100*share, 100*maxShare)
		}
	}
	for pkg := range overShare {
		if lines[pkg] == 0 {
			t.Errorf("overShare lists %s, which has no Go files", pkg)
		}
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
		{"ir/asm", "ir", true},
		{"ir", "ir/asm", false},
		{"traits", "ir/asm", true},
		{"ir/asm", "traits", false},
		{"internal/testcorpus", "ir/asm", true},
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
		{"codegen", "codegen/llvmtext", true},
		{"codegen", "codegen/cabi", true},
		{"cmd/tirc", "codegen/cabi", true},
		{"codegen/llvmtext", "github.com/llir/llvm/ir", true},
		{"codegen/llvmtext", "ir", false},
		{"codegen/llvmtext", "codegen", false},
		{"codegen/cabi", "ir", true},
		{"codegen/cabi", "github.com/llir/llvm/ir", false},
		{"codegen/cabi", "traits", false},
		{"codegen/cabi", "codegen/llvmtext", false},
		{"codegen/vmath", "ir", true},
		{"codegen/vmath", "github.com/llir/llvm/ir/types", true},
		{"codegen/vmath", "codegen", false},
		{"codegen/vmath", "codegen/llconst", true},
		{"codegen/vmath", "codegen/llvmtext", false},
		{"codegen/scalar", "codegen/vmath", true},
		{"codegen/scalar", "codegen", false},
		{"codegen/scalar", "codegen/plan", false},
		{"codegen/llconst", "ir", false},
		{"codegen/portable", "codegen/llvmtext", true},
		{"codegen/portable", "codegen/cabi", false},
		{"codegen/plan", "passes", true},
		{"codegen/plan", "codegen", false},
		{"codegen/plan", "cmd/tirc", false},
		{"passes", "codegen/plan", false},
		{"ir", "codegen/cabi", false},
	}
	for _, tt := range tests {
		if got := importRules(tt.pkg, tt.imp) == ""; got != tt.ok {
			t.Errorf("%s importing %s: allowed %v, want %v", tt.pkg, tt.imp, got, tt.ok)
		}
	}
}

// maxFuncLines is the longest a function of the project may be; a table
// is a literal of a variable, not a function, and does not count.
const maxFuncLines = 100

// TestFunctionLengths: no function or method of the module's non-test
// code is longer than maxFuncLines lines, from its signature to its
// closing brace.
func TestFunctionLengths(t *testing.T) {
	fset := token.NewFileSet()
	eachGoFile(t, func(pkg, path string) {
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			start, end := fset.Position(fd.Pos()), fset.Position(fd.End())
			if n := end.Line - start.Line + 1; n > maxFuncLines {
				t.Errorf("%s:%d: %s is %d lines, more than %d: split it", filepath.ToSlash(start.Filename), start.Line, fd.Name.Name, n, maxFuncLines)
			}
		}
	})
}
