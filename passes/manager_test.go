package passes_test

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	_ "github.com/tirc/tirc/dialect"
	"github.com/tirc/tirc/internal/testcorpus"
	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/ir/asm"
	"github.com/tirc/tirc/passes"
)

func parse(t *testing.T, text string) *ir.Module {
	t.Helper()
	m, d := asm.Parse(ir.NewSource("x.mlir", []byte(text)), asm.ParseOptions{})
	if d != nil {
		t.Fatalf("parse: %v", d)
	}
	if ds := ir.Verify(m, ir.VerifyOptions{}); ds.HasErrors() {
		t.Fatalf("verify: %v", ds)
	}
	return m
}

// needTool skips (or, under CI=true, fails) when exe is not installed.
func needTool(t *testing.T, exe string) string {
	t.Helper()
	p, err := exec.LookPath(exe)
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is not installed (required under CI=true)", exe)
		}
		t.Skipf("%s is not installed", exe)
	}
	return p
}

func TestTable(t *testing.T) {
	var names []string
	for _, p := range passes.All() {
		names = append(names, p.Name)
		if p.Summary == "" || p.Description == "" || p.IsFunc() == (p.Module != nil) {
			t.Errorf("pass %s: missing summary/description or not exactly one hook", p.Name)
		}
		if !regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`).MatchString(p.Name) {
			t.Errorf("pass name %q is not kebab-case", p.Name)
		}
		if !strings.Contains(passes.Describe(p), p.Summary) {
			t.Errorf("Describe(%s) lacks the summary", p.Name)
		}
	}
	want := []string{"canonicalize", "cse", "dce", "infer-shapes", "materialize-broadcasts"}
	if diff := cmp.Diff(want, names); diff != "" {
		t.Errorf("pass table (-want +got):\n%s", diff)
	}
	if err := passes.Register(&passes.Pass{Name: "cse", Summary: "x", Func: passes.CSE}); err == nil {
		t.Errorf("registering a second 'cse' succeeded")
	}
	if err := passes.Register(&passes.Pass{Name: "Bad_Name", Func: passes.CSE}); err == nil {
		t.Errorf("registering 'Bad_Name' succeeded")
	}
}

func TestParsePipeline(t *testing.T) {
	tests := []struct {
		in, want string // want: the printed pipeline, or "error: col N token T"
	}{
		{"", "builtin.module()"},
		{"cse", "builtin.module(func.func(cse))"},
		{"builtin.module(func.func(canonicalize,cse),infer-shapes{arg-shapes=@f:0=4x8,1=8})",
			"builtin.module(func.func(canonicalize,cse),infer-shapes{arg-shapes=@f:0=4x8,1=8})"},
		{" builtin.module( infer-shapes{ boundary=cast  arg-shapes=\"@f:0=4\" } , dce ) ",
			"builtin.module(infer-shapes{arg-shapes=@f:0=4 boundary=cast},func.func(dce))"},
		{"canonicalize{max-iterations={3}}", "builtin.module(func.func(canonicalize{max-iterations=3}))"},
		{"builtin.module(func.func(canonicalize,cze))", "error: col 39 token cze"},
		{"builtin.module(func.func(cse)", "error: col 30 token "},
		{"cse,,dce", "error: col 5 token ,"},
		{"cse dce", "error: col 5 token dce"},
		{"func.func(infer-shapes)", "error: col 11 token infer-shapes"},
		{"func.func(func.func(cse))", "error: col 11 token func.func"},
		{"foo.bar(cse)", "error: col 1 token foo.bar"},
		{"infer-shapes{nope=1}", "error: col 14 token nope"},
		{"infer-shapes{boundary=sideways}", "error: col 14 token boundary"},
		{"canonicalize{max-iterations=0}", "error: col 14 token max-iterations"},
		{"cse#", "error: col 4 token #"},
	}
	for _, tt := range tests {
		pl, err := passes.ParsePipeline(tt.in)
		got := ""
		if err != nil {
			pe, ok := err.(*passes.PipelineError)
			if !ok {
				t.Errorf("ParsePipeline(%q): error %T %v, want *PipelineError", tt.in, err, err)
				continue
			}
			got = fmt.Sprintf("error: col %d token %s", pe.Col, pe.Token)
			if strings.Contains(err.Error(), "participle") || strings.Contains(err.Error(), "struct") {
				t.Errorf("ParsePipeline(%q): raw grammar message %q", tt.in, err)
			}
		} else {
			got = pl.String()
			// The printed form parses back to itself.
			if again, err := passes.ParsePipeline(got); err != nil || again.String() != got {
				t.Errorf("ParsePipeline(%q).String() = %q does not round-trip: %v", tt.in, got, err)
			}
		}
		if got != tt.want {
			t.Errorf("ParsePipeline(%q) = %q, want %q (err %v)", tt.in, got, tt.want, err)
		}
	}
}

func TestParseArgShapes(t *testing.T) {
	tests := []struct {
		in   string
		want passes.ArgShapes
		err  string
	}{
		{in: "@f:0=4x8,1=8", want: passes.ArgShapes{{Func: "f", Args: []passes.ArgShape{{0, []int64{4, 8}}, {1, []int64{8}}}}}},
		{in: "@f:0=?x2;@g.h:1=", want: passes.ArgShapes{{Func: "f", Args: []passes.ArgShape{{0, []int64{-1, 2}}}}, {Func: "g.h", Args: []passes.ArgShape{{1, []int64{}}}}}},
		{in: "@f:0=4,0=5", err: "argument #0 of @f is given twice"},
		{in: "f:0=4", err: "unexpected 'f' at column 1"},
		{in: "@f:0=4x", err: "ends too early"},
		{in: "@f:0=99999999999999999999", err: "too large"},
	}
	for _, tt := range tests {
		got, err := passes.ParseArgShapes(tt.in)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("ParseArgShapes(%q) error = %v, want %q", tt.in, err, tt.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("ParseArgShapes(%q): %v", tt.in, err)
			continue
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("ParseArgShapes(%q) (-want +got):\n%s", tt.in, diff)
		}
	}
}

// TestPanicIsInternalError: a panicking pass becomes Result.Internal naming
// the pass, the function and the op it was at, with the op's position.
func TestPanicIsInternalError(t *testing.T) {
	m := parse(t, "func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {\n  %0 = \"tir.neg\"(%a) : (tensor<4xf32>) -> tensor<4xf32>\n  return %0 : tensor<4xf32>\n}\n"+
		"func.func @g() {\n  return\n}\n")
	boom := &passes.Pass{Name: "boom", Summary: "panics", Func: func(f *ir.Func, c *passes.Context) (bool, ir.Diagnostics) {
		for op := range f.Ops() {
			c.At(op)
			if op.Name == "tir.neg" {
				var m map[string]int
				m["x"]++ // a nil-map write: a real runtime panic
			}
		}
		return false, nil
	}}
	res := (&passes.Pipeline{Steps: []*passes.Step{{Pass: passes.Lookup("cse")}, {Pass: boom}}}).Run(m, passes.RunOptions{Check: true})
	if res.Internal == nil {
		t.Fatalf("no internal error; diags %v", res.Diags)
	}
	msg := res.Internal.Error()
	for _, want := range []string{"x.mlir:2:8", "pass 'boom' on @f at 'tir.neg'", "assignment to entry in nil map"} {
		if !strings.Contains(msg, want) {
			t.Errorf("internal error %q lacks %q", msg, want)
		}
	}
}

// TestVerifyAfterEachPass: a pass that breaks the IR stops the pipeline
// with the verifier's error, and later passes do not run.
func TestVerifyAfterEachPass(t *testing.T) {
	m := parse(t, "func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {\n  %0 = \"tir.neg\"(%a) : (tensor<4xf32>) -> tensor<4xf32>\n  return %0 : tensor<4xf32>\n}\n")
	breaker := &passes.Pass{Name: "breaker", Summary: "x", Func: func(f *ir.Func, c *passes.Context) (bool, ir.Diagnostics) {
		f.First().Result(0).SetType(ir.Tensor(ir.F32, 5))
		return true, nil
	}}
	ran := false
	after := &passes.Pass{Name: "after", Summary: "x", Func: func(f *ir.Func, c *passes.Context) (bool, ir.Diagnostics) {
		ran = true
		return false, nil
	}}
	res := (&passes.Pipeline{Steps: []*passes.Step{{Pass: breaker}, {Pass: after}}}).Run(m, passes.RunOptions{Check: true})
	if !res.Diags.HasErrors() || ran || len(res.Steps) != 1 {
		t.Errorf("diags %v, later pass ran %v, steps %d; want a verifier error and a stop", res.Diags, ran, len(res.Steps))
	}
}

// TestCheckAfterEachPass: with RunOptions.Check, a pass that leaves the
// IR's representation broken (here it erases an op whose result is still
// used, which the verifier would only call "not defined in this
// function") stops the pipeline with an internal error naming the pass and
// every broken invariant; without it the verifier's error is all there is.
func TestCheckAfterEachPass(t *testing.T) {
	const text = "func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {\n  %0 = \"tir.neg\"(%a) : (tensor<4xf32>) -> tensor<4xf32>\n  return %0 : tensor<4xf32>\n}\n"
	sloppy := &passes.Pass{Name: "sloppy-dce", Summary: "x", Func: func(f *ir.Func, c *passes.Context) (bool, ir.Diagnostics) {
		f.First().Erase() // still used by the return
		return true, nil
	}}
	pl := &passes.Pipeline{Steps: []*passes.Step{{Pass: passes.Lookup("cse")}, {Pass: sloppy}, {Pass: passes.Lookup("dce")}}}

	res := pl.Run(parse(t, text), passes.RunOptions{Check: true})
	if res.Internal == nil {
		t.Fatalf("no internal error; diags %v", res.Diags)
	}
	want := "after pass 'sloppy-dce': 1 broken IR invariant(s):\n  @f op #0 'func.return' (x.mlir:3:3) operand #0: result #0 of 'tir.neg' (ID 1) is not a value of @f (its Func is nil)"
	if diff := cmp.Diff(want, res.Internal.Error()); diff != "" {
		t.Errorf("internal error (-want +got):\n%s", diff)
	}
	if len(res.Steps) != 2 || len(res.Diags) != 0 {
		t.Errorf("%d steps ran, diags %v; want the pipeline stopped at the broken pass, before the verifier", len(res.Steps), res.Diags)
	}

	res = pl.Run(parse(t, text), passes.RunOptions{})
	if res.Internal != nil || !res.Diags.HasErrors() {
		t.Errorf("without Check: internal %v, diags %v; want only the verifier's error", res.Internal, res.Diags)
	}
}

// manyFuncs is a module of n functions with some work for every pass.
func manyFuncs(n, opsPerFunc int) string {
	var sb strings.Builder
	for i := 0; i < n; i++ {
		fmt.Fprintf(&sb, "func.func @f%d(%%a: tensor<?x4xf32>, %%b: tensor<3x1xf32>) -> tensor<?x?xf32> {\n", i)
		fmt.Fprintf(&sb, "  %%c = \"tir.constant\"() {value = dense<%d.0> : tensor<4xf32>} : () -> tensor<4xf32>\n", i%7)
		fmt.Fprintf(&sb, "  %%v0 = \"tir.add\"(%%a, %%b) : (tensor<?x4xf32>, tensor<3x1xf32>) -> tensor<?x?xf32>\n")
		for k := 1; k < opsPerFunc; k++ {
			switch k % 3 {
			case 0:
				fmt.Fprintf(&sb, "  %%v%d = \"tir.mul\"(%%c, %%v%d) : (tensor<4xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>\n", k, k-1)
			case 1:
				fmt.Fprintf(&sb, "  %%v%d = \"tir.add\"(%%b, %%a) : (tensor<3x1xf32>, tensor<?x4xf32>) -> tensor<?x?xf32>\n", k)
			case 2:
				fmt.Fprintf(&sb, "  %%v%d = \"tir.sub\"(%%v%d, %%v%d) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>\n", k, k-1, k-2)
			}
		}
		fmt.Fprintf(&sb, "  return %%v%d : tensor<?x?xf32>\n}\n", opsPerFunc-1)
	}
	return sb.String()
}

// TestParallelDeterministic: function passes on many functions give the
// same text on one core as on all cores; the speed-up is logged.
func TestParallelDeterministic(t *testing.T) {
	text := manyFuncs(400, 60)
	pipeline := "builtin.module(infer-shapes,func.func(canonicalize,cse,dce))"
	run := func(procs int) (string, time.Duration) {
		old := runtime.GOMAXPROCS(procs)
		defer runtime.GOMAXPROCS(old)
		m := parse(t, text)
		start := time.Now()
		res, err := passes.Run(m, pipeline, passes.RunOptions{Check: true})
		d := time.Since(start)
		if err != nil || res.Internal != nil || res.Diags.HasErrors() {
			t.Fatalf("run: %v %v %v", err, res.Internal, res.Diags)
		}
		return m.String(), d
	}
	one, t1 := run(1)
	all, tn := run(runtime.NumCPU())
	if diff := cmp.Diff(one, all); diff != "" {
		t.Fatalf("output on %d cores differs from 1 core (-1 +n):\n%s", runtime.NumCPU(), diff)
	}
	t.Logf("400 functions x 60 ops, %s: 1 core %v, %d cores %v (speed-up %.2fx)", pipeline, t1, runtime.NumCPU(), tn, float64(t1)/float64(tn))
}

// corpusChunks returns every chunk of test/**/*.mlir that parses and
// verifies (without unregistered dialects).
func corpusChunks(t *testing.T) []string {
	all, err := testcorpus.Chunks(filepath.Join("..", "test"))
	if err != nil {
		t.Fatal(err)
	}
	var chunks []string
	for _, c := range all {
		m, perr := asm.Parse(ir.NewSource(c.Path, c.Text), asm.ParseOptions{})
		if perr != nil || ir.Verify(m, ir.VerifyOptions{}).HasErrors() || len(m.Funcs) == 0 {
			continue
		}
		chunks = append(chunks, string(c.Text))
	}
	return chunks
}

// TestPassesOnCorpus runs every pass of the table, and a whole pipeline, on
// every verified chunk of the test corpus: no diagnostics other than
// verifier errors of refinement, output that verifies and round-trips, a
// second run of each pass that changes nothing. Where mlir-opt-19 is
// installed, the generic form of every output must be accepted by
// `mlir-opt-19 -allow-unregistered-dialect` wherever the input is (one
// batched run for inputs, one for outputs).
func TestPassesOnCorpus(t *testing.T) {
	chunks := corpusChunks(t)
	if len(chunks) < 50 {
		t.Fatalf("only %d corpus chunks", len(chunks))
	}
	pipelines := []string{"builtin.module(infer-shapes,func.func(canonicalize,cse,dce))"}
	for _, p := range passes.All() {
		pipelines = append(pipelines, p.Name)
	}
	var inputs, outputs []string
	for _, text := range chunks {
		for _, pl := range pipelines {
			m := parse(t, text)
			res, err := passes.Run(m, pl, passes.RunOptions{Check: true})
			if err != nil || res.Internal != nil {
				t.Fatalf("%s: %v %v\n%s", pl, err, res.Internal, text)
			}
			if res.Diags.HasErrors() {
				continue // refinement exposed a mismatch
			}
			out := m.String()
			m2, d := asm.ParseString(out, asm.ParseOptions{})
			if d != nil || ir.Verify(m2, ir.VerifyOptions{}).HasErrors() {
				t.Errorf("%s: output does not parse or verify: %v\n%s", pl, d, out)
				continue
			}
			res2, _ := passes.Run(m2, pl, passes.RunOptions{Check: true})
			if again := m2.String(); again != out && pl != "materialize-broadcasts" {
				t.Errorf("%s is not idempotent:\ninput:\n%s\nonce:\n%s\ntwice:\n%s", pl, text, out, again)
			}
			_ = res2
			var g bytes.Buffer
			asm.Print(&g, m, asm.PrintOptions{Generic: true})
			var gi bytes.Buffer
			asm.Print(&gi, parse(t, text), asm.PrintOptions{Generic: true})
			inputs = append(inputs, gi.String())
			outputs = append(outputs, g.String())
		}
	}
	t.Logf("%d chunks x %d pipelines: %d outputs checked", len(chunks), len(pipelines), len(outputs))
	if _, err := exec.LookPath("mlir-opt-19"); err != nil && os.Getenv("CI") != "true" {
		t.Skip("mlir-opt-19 is not installed: generic outputs not checked against MLIR")
	}
	mlirOpt := needTool(t, "mlir-opt-19")
	// The checker itself catches a bad chunk (and only that one).
	good := "func.func @g() {\n  return\n}\n"
	bad := "func.func @f(%a: tensor<4xf32>) -> tensor<3xf32> {\n  %0 = arith.addf %a, %a : tensor<4xf32>\n  return %0 : tensor<3xf32>\n}\n"
	if got := mlirFailures(t, mlirOpt, []string{good, good, bad, good}); !cmp.Equal(got, map[int]bool{2: true}) {
		t.Fatalf("mlirFailures on a known bad chunk #2 = %v", got)
	}
	badIn := mlirFailures(t, mlirOpt, inputs)
	badOut := mlirFailures(t, mlirOpt, outputs)
	n := 0
	for i := range badOut {
		if !badIn[i] {
			n++
			if n <= 5 {
				t.Errorf("mlir-opt-19 rejects the output but accepts the input:\n%s", outputs[i])
			}
		}
	}
	t.Logf("mlir-opt-19: %d of %d inputs rejected (tirc-only semantics), %d outputs rejected where the input was accepted", len(badIn), len(inputs), n)
}

// mlirFailures runs mlir-opt-19 once over all chunks (-split-input-file)
// and returns the indices of the chunks it reports errors in.
func mlirFailures(t *testing.T, mlirOpt string, chunks []string) map[int]bool {
	var sb strings.Builder
	var startLine []int
	line := 1
	for i, c := range chunks {
		startLine = append(startLine, line) // mlir-opt names a split by its separator line
		if i > 0 {
			sb.WriteString("// -----\n")
			line++
		}
		sb.WriteString(c)
		line += strings.Count(c, "\n")
	}
	cmd := exec.Command(mlirOpt, "-allow-unregistered-dialect", "-split-input-file", "-o", os.DevNull, "-")
	cmd.Stdin = strings.NewReader(sb.String())
	out, _ := cmd.CombinedOutput()
	bad := map[int]bool{}
	for _, m := range regexp.MustCompile(`(?m)^within split at <stdin>:(\d+) offset :\d+:\d+: error`).FindAllStringSubmatch(string(out), -1) {
		l, _ := strconv.Atoi(m[1])
		i := len(startLine) - 1
		for i > 0 && startLine[i] > l {
			i--
		}
		bad[i] = true
	}
	return bad
}
