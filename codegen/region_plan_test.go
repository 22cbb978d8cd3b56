package codegen

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/ir/asm"
	"github.com/tirc/tirc/passes"
)

// TestRegionPlanMatchesViews: the planner's strategy for each region op
// run in its own loops (plan.Region, decided before emission) is what
// the emitter's lowered operands say -- which inputs a fold's run-time
// stride test reads, which are splats, the result's element type --
// (checkPlan compares them), and the text is the same when checked, for
// the corpus modules with region ops (test/linalg, test/plan/region.mlir,
// ...) and the oracle's fixed programs (test/oracle/programs_test.go),
// under the options that shape the IR most.
func TestRegionPlanMatchesViews(t *testing.T) {
	type module struct {
		name string
		m    *ir.Module
	}
	var mods []module
	for _, c := range corpusModules(t) {
		if hasOp(c.m, isRegionKernel) {
			mods = append(mods, module{c.path, c.m})
		}
	}
	for _, p := range oraclePrograms(t) {
		mods = append(mods, module{"oracle " + p.name, p.m})
	}
	n := 0
	for _, c := range mods {
		for _, o := range corpusOptions {
			if !emitPlanChecked(t, c.name, c.m, o) {
				continue
			}
			n++
		}
	}
	if n == 0 {
		t.Fatal("no module with a region op emitted")
	}
	t.Logf("%d modules' region plans checked", n)
}

type oracleProgram struct {
	name string
	m    *ir.Module
}

// oraclePrograms are the oracle's fixed programs (the Func literals of
// test/oracle/programs_test.go: Name, Args, Results, Body), each a module
// after -infer-shapes, as the oracle compiles them.
func oraclePrograms(t *testing.T) []oracleProgram {
	t.Helper()
	path := filepath.Join("..", "test", "oracle", "programs_test.go")
	file, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var out []oracleProgram
	ast.Inspect(file, func(x ast.Node) bool {
		lit, ok := x.(*ast.CompositeLit)
		if !ok {
			return true
		}
		f := map[string][]string{}
		for _, e := range lit.Elts {
			kv, ok := e.(*ast.KeyValueExpr)
			if !ok {
				return true
			}
			if k, ok := kv.Key.(*ast.Ident); ok {
				f[k.Name] = stringsOf(kv.Value)
			}
		}
		if len(f["Name"]) != 1 || len(f["Body"]) != 1 {
			return true
		}
		var args []string
		for i, a := range f["Args"] {
			args = append(args, fmt.Sprintf("%%arg%d: %s", i, a))
		}
		text := fmt.Sprintf("func.func @%s(%s) -> (%s) {\n%s\n}\n", f["Name"][0], strings.Join(args, ", "), strings.Join(f["Results"], ", "), f["Body"][0])
		m, d := asm.ParseString(text, asm.ParseOptions{})
		if d != nil || ir.Verify(m, ir.VerifyOptions{}).HasErrors() {
			t.Fatalf("oracle program %s does not parse: %v", f["Name"][0], d)
		}
		res := (&passes.Pipeline{Steps: []*passes.Step{{Pass: passes.Lookup("infer-shapes")}}}).Run(m, passes.RunOptions{Check: true})
		if res.Internal != nil || res.Diags.HasErrors() {
			t.Fatalf("oracle program %s: -infer-shapes: %v %v", f["Name"][0], res.Internal, res.Diags)
		}
		out = append(out, oracleProgram{f["Name"][0], m})
		return false
	})
	if len(out) == 0 {
		t.Fatalf("%s: no programs found", path)
	}
	return out
}

// stringsOf is the string literals of x: one, or a []string{...}'s.
func stringsOf(x ast.Expr) []string {
	var out []string
	switch x := x.(type) {
	case *ast.BasicLit:
		if s, err := strconv.Unquote(x.Value); err == nil && x.Kind == token.STRING {
			out = append(out, s)
		}
	case *ast.CompositeLit:
		for _, e := range x.Elts {
			out = append(out, stringsOf(e)...)
		}
	}
	return out
}
