package codegen

import (
	"bytes"
	"io"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/tirc/tirc/codegen/llvmtext"
	"github.com/tirc/tirc/codegen/plan"
	"github.com/tirc/tirc/ir"
)

// TestPlanWithoutEmitter: the plan -print-plan prints, made by the
// planner alone, is the one the emitter builds, for every module of the
// corpus that codegen lowers, with the options that shape the plan
// most. The emitter takes each nest and contraction from the plan in
// order and fails on one it does not list (nestLayout, contractRec);
// this test adds that nothing is left over and that what the emitter
// records as it builds (opts.plans) prints the same.
func TestPlanWithoutEmitter(t *testing.T) {
	bad, n := 0, 0
	for _, c := range corpusModules(t) {
		for _, o := range corpusOptions {
			log := &planLog{funcs: map[*ir.Func]*plan.Func{}}
			ro := o
			ro.plans = log
			if ds := emit(c.m, ro, llvmtext.NewSink(io.Discard)); ds.HasErrors() {
				continue
			}
			var want bytes.Buffer
			for _, f := range c.m.Funcs {
				if p := log.funcs[f]; p != nil {
					if err := p.Format(&want); err != nil {
						t.Fatal(err)
					}
				}
			}
			var got bytes.Buffer
			if ds, err := PrintPlan(&got, c.m, o); err != nil || ds.HasErrors() {
				t.Fatalf("%s: %v %v", c.path, err, ds)
			}
			n++
			if d := cmp.Diff(want.String(), got.String()); d != "" {
				if bad++; bad <= 3 {
					t.Errorf("%s: the planner's plan differs from the emitter's (-emitted +planned):\n%s", c.path, d)
				}
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d modules' plans differ", bad, n)
	}
	t.Logf("%d modules' plans compared", n)
}
