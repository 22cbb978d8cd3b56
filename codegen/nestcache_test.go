package codegen

import (
	"bytes"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/tirc/tirc/bench/genmod"
	"github.com/tirc/tirc/ir"
)

// emitChecked emits m with every shared nest also built and compared with
// the nest it shares (checkSharedNests); it returns how many nests were
// compared. The text must be want, what Emit writes (with diagnostics ds).
func emitChecked(t *testing.T, name string, m *ir.Module, o Options, want []byte, ds ir.Diagnostics) int {
	t.Helper()
	if ds.HasErrors() {
		return 0
	}
	checkSharedNests, sharedNestsChecked = true, 0
	got, ds := Emit(m, o)
	checkSharedNests = false
	if ds.HasErrors() {
		t.Fatalf("%s: a shared nest differs from the nest built for it:\n%v", name, ds)
	}
	if diff := cmp.Diff(string(want), string(got)); diff != "" {
		t.Fatalf("%s: the text differs when shared nests are also built (-shared +checked):\n%s", name, diff)
	}
	return sharedNestsChecked
}

// TestSharedNestsMatchBuilt: a nest that calls another one with the same
// key (nestcache.go) gets exactly the function it would have built, with
// the arguments it would have passed, for every module of the test corpus
// under the options that shape nests most, and for make bench's modules
// (both DAG shapes, dynamic and static).
func TestSharedNestsMatchBuilt(t *testing.T) {
	checked := 0
	for _, c := range corpusModules(t) {
		for i, o := range corpusOptions {
			want, ds := c.inOrder(i)
			checked += emitChecked(t, c.path, c.m, o, want, ds)
		}
	}
	if checked < 100 {
		t.Errorf("only %d shared nests compared in the corpus", checked)
	}
	t.Logf("corpus: %d shared nests identical to the nests built for them", checked)

	var src bytes.Buffer
	for _, multi := range []bool{false, true} {
		for _, static := range []bool{false, true} {
			src.Reset()
			if err := genmod.Write(&src, genmod.Options{Ops: 1500, MultiUse: multi}); err != nil {
				t.Fatal(err)
			}
			text := src.String()
			if static {
				text = strings.ReplaceAll(text, "tensor<?x64xf32>", "tensor<256x64xf32>")
			}
			m := parseRefined(t, text)
			n := 0
			for _, o := range corpusOptions {
				want, ds := Emit(m, o)
				n += emitChecked(t, "genmod", m, o, want, ds)
			}
			if n < 500 {
				t.Errorf("multi-use %v, static %v: only %d shared nests compared", multi, static, n)
			}
		}
	}
}
