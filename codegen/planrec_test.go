package codegen

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/tirc/tirc/ir"
)

// TestPlanMatchesViews: the pre-pass's plan of every nest's row-major
// version (plan.PlanFast on its symbolic sizes: loops, tiles, reduction
// strategy) is what the nest's captured views say (checkPlan decides
// again and compares), and the text is the same, for the modules of
// the test corpus about nests (plans, reductions, data movement, fusion,
// scf, linalg) with threads and streaming stores from tiny sizes on (the
// options that shape nests most). scripts/irdiff.sh covers the rest.
// The same holds for the buffer hand-offs (plan.PlanCarries): whether
// each insert writes in place and each scf op takes a buffer over is
// what the emitter's views and owner slots say, over the corpus's scf
// and tensor modules.
func TestPlanMatchesViews(t *testing.T) {
	n, hands := 0, 0
	for _, c := range corpusModules(t) {
		for _, o := range corpusOptions[2:] {
			if !emitPlanChecked(t, c.path, c.m, o) {
				continue
			}
			n++
			hands += handOns(c.m)
		}
	}
	t.Logf("%d modules' plans checked, with %d scf ops and inserts", n, hands)
	if hands < 100 {
		t.Errorf("only %d scf ops and inserts checked", hands)
	}
}

// emitPlanChecked emits m with o, then again under checkPlan (the emitter
// decides again what it can from its views and compares with the plan),
// and fails t on an internal error, on an error only the checked
// emission reports, or on a different text; it reports whether m is
// emitted (a module codegen refuses is not).
func emitPlanChecked(t *testing.T, name string, m *ir.Module, o Options) bool {
	t.Helper()
	want, ds := Emit(m, o)
	if strings.Contains(fmt.Sprint(ds), "internal error") {
		t.Fatalf("%s: %v", name, ds)
	}
	if ds.HasErrors() {
		return false
	}
	checkPlan = true
	got, ds := Emit(m, o)
	checkPlan = false
	if ds.HasErrors() {
		t.Fatalf("%s: a plan differs from what the emitter sees:\n%v", name, ds)
	}
	if d := cmp.Diff(string(want), string(got)); d != "" {
		t.Fatalf("%s: the text differs when plans are checked (-plan +checked):\n%s", name, d)
	}
	return true
}

// hasOp reports whether m has an op for which is holds.
func hasOp(m *ir.Module, is func(*ir.Op) bool) bool {
	for _, f := range m.Funcs {
		for _, op := range f.AllOps() {
			if is(op) {
				return true
			}
		}
	}
	return false
}

// handOns counts m's ops that hand a buffer on: scf ops and inserts.
func handOns(m *ir.Module) int {
	n := 0
	for _, f := range m.Funcs {
		f.Walk(func(op *ir.Op) {
			if lowersRegions(op) || op.Name == "tensor.insert" || op.Name == "tensor.insert_slice" {
				n++
			}
		})
	}
	return n
}

// TestPlanDecisionsMatchEmitter: over the whole test corpus, with and
// without checks and with threads and streaming stores from tiny sizes
// on, every decision the pre-pass makes is what the emitter's views say
// (checkPlan): each nest's layout (row-major, or guarded by a run-time
// test of its views' strides: nestLayout), its store and fence
// (nestSpec.record), and every row group's members in order, block of
// rows, shared values and fence (checkGroup).
func TestPlanDecisionsMatchEmitter(t *testing.T) {
	n := 0
	for _, c := range corpusModules(t) {
		for _, o := range corpusOptions {
			checkPlan = true
			_, ds := Emit(c.m, o)
			checkPlan = false
			for _, d := range ds {
				if strings.Contains(d.Msg, "internal error: the plan") {
					t.Errorf("%s: %v", c.path, d)
				}
			}
			n++
		}
	}
	t.Logf("%d modules checked", n)
}
