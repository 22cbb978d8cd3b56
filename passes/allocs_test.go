package passes_test

import (
	"bytes"
	"testing"

	"github.com/tirc/tirc/bench/genmod"
	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/passes"
)

// TestPassAllocsPerOp bounds the allocations of canonicalize and cse per
// op on make bench's module (broadcasting ops over a DAG, every third op a
// duplicate) once it is canonical: a walk that rewrites nothing must not
// allocate per op (deciding whether an op folds builds its loop
// description, so it is asked only of ops whose operands are all
// constants). cse keeps one key per distinct op.
func TestPassAllocsPerOp(t *testing.T) {
	var src bytes.Buffer
	if err := genmod.Write(&src, genmod.Options{Ops: 2000, Funcs: 20, Dup: 3}); err != nil {
		t.Fatal(err)
	}
	m := parse(t, src.String())
	if _, err := passes.Run(m, "builtin.module(func.func(canonicalize,cse))", passes.RunOptions{}); err != nil {
		t.Fatal(err)
	}
	ops := 0
	for _, f := range m.Funcs {
		ops += f.NumOps()
	}
	tests := []struct {
		pass string
		max  float64 // allocations per op
	}{
		{"canonicalize", 0.05},
		{"cse", 1.5}, // a key per distinct op, and the map
	}
	for _, tc := range tests {
		p := passes.Lookup(tc.pass)
		c := passes.NewContext(p, nil, nil)
		allocs := testing.AllocsPerRun(5, func() {
			for _, f := range m.Funcs {
				p.Func(f, c)
			}
		})
		if per := allocs / float64(ops); per > tc.max {
			t.Errorf("%s: %.2f allocations per op on a canonical module of %d ops, want at most %.2f", tc.pass, per, ops, tc.max)
		}
	}
	if res := ir.Verify(m, ir.VerifyOptions{}); res.HasErrors() {
		t.Fatalf("verify: %v", res)
	}
}
