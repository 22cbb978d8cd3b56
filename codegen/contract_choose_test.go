package codegen

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestContractPlanMatchesValues: the pre-pass's choice of how each
// contraction is lowered (plan.ChooseContract on the IR's symbolic
// sizes: its path, row blocks, epilogue and their run-time checks, the
// consumer computing in place) is what the same rule says on the values
// the emitter lowered (checkPlan chooses again and compares), and the
// text is the same, for the modules with a contraction of test/contract,
// test/plan's contraction and prologue files, test/scf (one in a loop
// body), examples and the benchmark workloads, as written and shape-inferred, with the default options,
// threads from tiny sizes on, and an AVX-512 target (other blocks).
func TestContractPlanMatchesValues(t *testing.T) {
	extra, err := readModules(filepath.Join("..", "examples"), filepath.Join("..", "bench", "workloads"))
	if err != nil {
		t.Fatal(err)
	}
	var mods []*corpusModule
	for _, c := range corpusModules(t) {
		p := filepath.ToSlash(c.path)
		if strings.Contains(p, "test/contract/") || strings.Contains(p, "test/plan/contract") || strings.Contains(p, "test/plan/prologue") ||
			strings.Contains(p, "test/scf/") {
			mods = append(mods, c)
		}
	}
	avx512 := DefaultOptions()
	avx512.TargetCPU = "skylake-avx512"
	opts := []Options{DefaultOptions(), corpusOptions[2], avx512}
	n := 0
	for _, c := range append(mods, extra...) {
		if !hasOp(c.m, isContraction) {
			continue
		}
		for _, o := range opts {
			if !emitPlanChecked(t, c.path, c.m, o) {
				continue
			}
			n++
		}
	}
	if n == 0 {
		t.Fatal("no module with a contraction")
	}
	t.Logf("%d modules' contraction plans checked", n)
}
