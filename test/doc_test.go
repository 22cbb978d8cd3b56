package test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// TestExportedNamesHaveDocs checks that every exported name of every
// library package has a doc comment (String and Error methods excepted) and that every package has a doc.go
// with its design overview (what `go doc ./pkg` shows).
func TestExportedNamesHaveDocs(t *testing.T) {
	root := repoRoot(t)
	var missing []string
	for _, pkg := range []string{"ir", "traits", "dialect", "eval", "passes", "codegen",
		"codegen/llvmtext", "codegen/cabi", "codegen/vmath", "codegen/llconst", "codegen/portable"} {
		dir := filepath.Join(root, pkg)
		if _, err := os.Stat(dir); err != nil {
			continue
		}
		if _, err := os.Stat(filepath.Join(dir, "doc.go")); err != nil {
			missing = append(missing, pkg+"/doc.go (package design overview)")
		}
		fset := token.NewFileSet()
		pkgs, err := parser.ParseDir(fset, dir, func(fi os.FileInfo) bool {
			return !strings.HasSuffix(fi.Name(), "_test.go")
		}, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range pkgs {
			for name, f := range p.Files {
				rel, _ := filepath.Rel(root, name)
				missing = append(missing, undocumented(fset, rel, f)...)
			}
		}
	}
	sort.Strings(missing)
	for _, m := range missing {
		t.Errorf("no doc comment: %s", m)
	}
}

func undocumented(fset *token.FileSet, file string, f *ast.File) []string {
	var out []string
	at := func(n ast.Node, name string) string {
		return file + ":" + itoa(fset.Position(n.Pos()).Line) + ": " + name
	}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if !d.Name.IsExported() || d.Doc != nil {
				continue
			}
			if d.Recv != nil && (!exportedRecv(d.Recv) || d.Name.Name == "String" || d.Name.Name == "Error") {
				continue // String and Error mean what fmt.Stringer and error say
			}
			out = append(out, at(d, d.Name.Name))
		case *ast.GenDecl:
			for _, s := range d.Specs {
				switch s := s.(type) {
				case *ast.TypeSpec:
					if s.Name.IsExported() && d.Doc == nil && s.Doc == nil {
						out = append(out, at(s, s.Name.Name))
					}
				case *ast.ValueSpec:
					for _, n := range s.Names {
						// A group's comment documents its members.
						if n.IsExported() && d.Doc == nil && s.Doc == nil && s.Comment == nil {
							out = append(out, at(n, n.Name))
						}
					}
				}
			}
		}
	}
	return out
}

func exportedRecv(fl *ast.FieldList) bool {
	if len(fl.List) == 0 {
		return false
	}
	t := fl.List[0].Type
	for {
		switch x := t.(type) {
		case *ast.StarExpr:
			t = x.X
		case *ast.IndexExpr:
			t = x.X
		case *ast.Ident:
			return x.IsExported()
		default:
			return true
		}
	}
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}
