package codegen

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/tirc/tirc/codegen/llvmtext"
	"github.com/tirc/tirc/codegen/plan"
	"github.com/tirc/tirc/ir"
)

// TestPlanWithoutEmitter: the plan -print-plan prints, made by the
// planner alone, is the one the emitter builds (and records as it
// checks its views against it), for every module of the corpus that
// codegen lowers, with the options that shape the plan most.
func TestPlanWithoutEmitter(t *testing.T) {
	bad, n := 0, 0
	kinds := map[string]int{}
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
				bad++
				k := firstLine(d)
				kinds[k]++
				if kinds[k] == 1 {
					t.Errorf("%s: the planner's plan differs from the emitter's (-emitted +planned):\n%s", c.path, d)
				}
			}
		}
	}
	t.Logf("%d of %d modules' plans checked differ: %v", bad, n, kinds)
}

// firstLine is the first changed line of a diff, its numbers blanked.
func firstLine(d string) string {
	for _, l := range strings.Split(d, "\n") {
		l = strings.TrimSpace(l)
		if strings.HasPrefix(l, "-") || strings.HasPrefix(l, "+") {
			f := strings.FieldsFunc(l, func(r rune) bool { return r == ':' || r == ',' || r == '(' })
			if len(f) > 1 {
				return fmt.Sprint(l[:1], strings.TrimSpace(f[0][1:]))
			}
			return l
		}
	}
	return ""
}
