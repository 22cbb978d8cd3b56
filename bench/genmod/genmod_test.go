package genmod

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	_ "github.com/tirc/tirc/dialect"
	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/ir/asm"
)

// TestWriteVerifies checks that generated modules parse and verify, and
// have the requested number of ops and functions.
func TestWriteVerifies(t *testing.T) {
	for _, o := range []Options{
		{Ops: 1, Funcs: 1},
		{Ops: 100, Funcs: 1},
		{Ops: 100, Funcs: 7, Dup: 4},
		{Ops: 3, Funcs: 10}, // fewer ops than functions: one op each
		{Ops: 100, Funcs: 2, MultiUse: true},
	} {
		var buf bytes.Buffer
		if err := Write(&buf, o); err != nil {
			t.Fatal(err)
		}
		m, d := asm.ParseString(buf.String(), asm.ParseOptions{})
		if d != nil {
			t.Fatalf("%+v: parse: %v", o, d)
		}
		if ds := ir.Verify(m, ir.VerifyOptions{}); len(ds) > 0 {
			var s strings.Builder
			ds.Render(&s)
			t.Fatalf("%+v: verify: %s", o, s.String())
		}
		wantFuncs, wantOps := max(o.Funcs, 1), max(o.Ops, o.Funcs)
		gotOps := 0
		for _, f := range m.Funcs {
			gotOps += f.NumOps() - 1 // without the return
		}
		if diff := cmp.Diff([]int{wantFuncs, wantOps}, []int{len(m.Funcs), gotOps}); diff != "" {
			t.Errorf("%+v: [funcs ops] (-want +got):\n%s", o, diff)
		}
	}
}

// TestDAGShapes checks that each DAG shape parses and verifies, has at
// most the requested ops (at least all but three), and that an unknown
// shape is an error.
func TestDAGShapes(t *testing.T) {
	for _, shape := range DAGs {
		var buf bytes.Buffer
		if err := Write(&buf, Options{Ops: 101, DAG: shape}); err != nil {
			t.Fatal(err)
		}
		m, d := asm.ParseString(buf.String(), asm.ParseOptions{})
		if d != nil {
			t.Fatalf("%s: parse: %v", shape, d)
		}
		if ds := ir.Verify(m, ir.VerifyOptions{}); len(ds) > 0 {
			var s strings.Builder
			ds.Render(&s)
			t.Fatalf("%s: verify: %s", shape, s.String())
		}
		if got := m.Funcs[0].NumOps() - 1; len(m.Funcs) != 1 || got > 101 || got < 98 {
			t.Errorf("%s: %d functions, %d ops; want 1 function of 98..101 ops", shape, len(m.Funcs), got)
		}
	}
	if err := Write(&bytes.Buffer{}, Options{Ops: 10, DAG: "ring"}); err == nil {
		t.Errorf("DAG \"ring\": no error")
	}
}

// TestMLIROptReads checks that mlir-opt-19 parses a generated module with
// -allow-unregistered-dialect, so the compiler-speed comparison is fair.
func TestMLIROptReads(t *testing.T) {
	tool, err := exec.LookPath("mlir-opt-19")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("mlir-opt-19 not installed (CI=true: a missing tool is a failure)")
		}
		t.Skip("mlir-opt-19 not installed")
	}
	var buf bytes.Buffer
	if err := Write(&buf, Options{Ops: 50, Funcs: 3, Dup: 4}); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(tool, "-allow-unregistered-dialect", "-", "-o", "/dev/null")
	cmd.Stdin = &buf
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("mlir-opt-19: %v\n%s", err, out)
	}
}

// TestInferShapesTwins checks that the TOSA twin means the same work for
// mlir-opt-19 --tosa-infer-shapes as the tir module for tirc -infer-shapes:
// mlir-opt-19 refines every op's result to tensor<?x64xf32>, as tirc's
// pass does (tirc's side is checked through the passes package's own
// tests; here the count of refined results, which is the op count).
func TestInferShapesTwins(t *testing.T) {
	tool, err := exec.LookPath("mlir-opt-19")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("mlir-opt-19 not installed (CI=true: a missing tool is a failure)")
		}
		t.Skip("mlir-opt-19 not installed")
	}
	const ops = 40
	var buf bytes.Buffer
	if err := Write(&buf, Options{Ops: ops, Funcs: 2, TOSA: true}); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(tool, "--tosa-infer-shapes", "-")
	cmd.Stdin = &buf
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("mlir-opt-19 --tosa-infer-shapes: %v", err)
	}
	refined := 0
	for _, line := range strings.Split(string(out), "\n") {
		if strings.Contains(line, "= tosa.") && strings.HasSuffix(line, "-> tensor<?x64xf32>") {
			refined++
		}
	}
	if diff := cmp.Diff(ops, refined); diff != "" {
		t.Errorf("results refined to tensor<?x64xf32> (-want +got):\n%s", diff)
	}
}
