package native_test

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tirc/tirc/codegen"
	"github.com/tirc/tirc/codegen/cabi"
	_ "github.com/tirc/tirc/dialect"
	"github.com/tirc/tirc/eval"
	"github.com/tirc/tirc/ir"
)

const numChains = 360

type chainLayout int

const (
	contiguous chainLayout = iota
	padded                 // every stride doubled
	fortran                // column-major
)

type chainArg struct {
	typ    *ir.TensorType // declared (may have '?')
	shape  []int64        // actual
	val    *eval.Tensor
	layout chainLayout
}

type chainProgram struct {
	name     string
	text     string
	args     []*chainArg
	want     []*eval.Tensor
	result   *ir.TensorType
	tol      float64
	libm     bool    // calls exp, tanh or sqrt
	floor    float64 // absolute tolerance (0: relative only)
	mismatch int     // argument index given a wrong dynamic size in a second call, or -1
	badDim   int
	badFails bool // whether eval rejects that call
}

var chainElems = []*ir.Scalar{ir.F64, ir.F32, ir.F16, ir.I32, ir.I64, ir.I8, ir.I1, ir.Index}

// TestRandomChainsNative compiles random chains of broadcasting ops to
// native code and compares every element with the reference evaluator
// (package eval); it was test/random's suite, kept beside
// TestRandomProgramsNative for what that one does not draw: chains whose
// rows are long enough (20-170 elements) for the vector loops'
// prologues and epilogues, every build with nests on libgomp's threads
// from 64 elements, non-temporal stores under AddressSanitizer, and the
// C driver under UBSan.
//
// The programs are chains of broadcasting elementwise ops (tir and arith)
// on one element type, with rank expansion, size-1 dimensions (also
// one-element slices broadcast against the rows: x[..., k:k+1]), rank-0
// operands, dynamic dimensions in the signature, and inputs passed as
// contiguous, padded (every stride doubled) or Fortran-order views. All
// programs go into one module: one tirc run, one clang run per compiler
// (clang and clang-19), one run of the binary, plus an AddressSanitizer
// build of the same driver.
//
// Tolerances: integers and i1 exactly; f64 relative 1e-12 (1e-9 after
// exp/tanh/sqrt, libm against Go's math); f32 relative 2e-6 (libm's
// expf/tanhf are within a few ulp; eval rounds float64 results once);
// f16 relative 1e-2. NaN matches NaN.
func TestRandomChainsNative(t *testing.T) {
	t.Parallel() // with the other randomized native test, as when they were two packages
	if !requireTool(t, "clang") {
		t.Skip("clang is needed")
	}
	rng := rand.New(rand.NewPCG(7, 2026))
	var progs []*chainProgram
	var src strings.Builder
	rejected := 0
	for len(progs) < numChains {
		p := generateChain(rng, len(progs))
		m, d := ir.ParseString(p.text, ir.ParseOptions{})
		if d != nil || ir.Verify(m, ir.VerifyOptions{}).HasErrors() {
			rejected++
			if rejected > 10*numChains {
				t.Fatalf("the generator makes invalid programs, e.g.\n%s", p.text)
			}
			continue
		}
		in := make([]*eval.Tensor, len(p.args))
		for i, a := range p.args {
			in[i] = a.val
		}
		want, err := eval.Func(m.Funcs[0], in)
		if err != nil {
			t.Fatalf("eval: %v\n%s", err, p.text)
		}
		p.want = want
		if p.libm {
			// libm's few-ulp error in an intermediate value survives a
			// later cancellation (tanh(x) - x): bound it by the largest
			// value in sight, an input or the result.
			big := 1.0
			for _, t := range append(in[:len(in):len(in)], want...) {
				for _, x := range t.Floats {
					if !math.IsInf(x, 0) && !math.IsNaN(x) {
						big = max(big, math.Abs(x))
					}
				}
			}
			p.floor = p.tol * big
		}
		if p.mismatch >= 0 {
			a := p.args[p.mismatch]
			shape := append([]int64{}, a.shape...)
			shape[p.badDim]++
			in[p.mismatch] = randomTensor(rng, a.val.Elem, shape)
			_, err := eval.Func(m.Funcs[0], in)
			p.badFails = err != nil
		}
		progs = append(progs, p)
		src.WriteString(p.text)
	}
	t.Logf("%d programs (%d generated programs did not verify and were dropped)", len(progs), rejected)

	m, d := ir.ParseString(src.String(), ir.ParseOptions{})
	if d != nil {
		t.Fatal(d)
	}
	if ds := ir.Verify(m, ir.VerifyOptions{}); ds.HasErrors() {
		t.Fatal(ds)
	}
	dir := t.TempDir()
	for _, name := range []string{"checks.ll", "nochecks.ll", "nt.ll"} {
		opts := codegen.DefaultOptions()
		opts.Checks = name != "nochecks.ll"
		opts.ParallelMin = 64 // exercise the threaded path on small tensors too
		if name == "nt.ll" {
			opts.NonTemporalMin = 64    // every static nest with long enough rows
			opts.SanitizeAddress = true // built with ASan: tirc's functions are instrumented too
		}
		ll, ds := codegen.Emit(m, opts)
		if ds.HasErrors() {
			t.Fatal(ds)
		}
		if name == "nt.ll" {
			// The non-temporal loop (codegen/nontemporal.go) evaluates
			// the nest's tree on vectors: every kind of op gets there.
			if nt := strings.Count(string(ll), "!nontemporal !"); nt < 20 {
				t.Errorf("only %d non-temporal stores; the non-temporal loop is barely tested", nt)
			} else {
				t.Logf("%s: %d non-temporal stores", name, nt)
			}
		} else if fast := strings.Count(string(ll), "define internal i32 @f"); fast < 10 {
			// Static programs get a fast entry (codegen/fastentry.go),
			// taken for the even programs' caller-allocated results.
			t.Errorf("only %d programs got a fast entry; the fast path is barely tested", fast)
		} else {
			t.Logf("%s: %d programs with a fast entry", name, fast)
		}
		os.WriteFile(filepath.Join(dir, name), ll, 0o644)
	}
	hdr, ds := cabi.EmitCHeader(m)
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	os.WriteFile(filepath.Join(dir, "progs.h"), hdr, 0o644)
	os.WriteFile(filepath.Join(dir, "main.c"), []byte(chainDriver(progs)), 0o644)

	if _, err := exec.LookPath("opt-14"); err == nil {
		if out, err := exec.Command("opt-14", "-passes=verify", filepath.Join(dir, "checks.ll"), "-o", os.DevNull).CombinedOutput(); err != nil {
			t.Fatalf("opt-14 -passes=verify: %v\n%s", err, out)
		}
	}
	type build struct {
		cc, ll string
		flags  []string
		asan   bool
	}
	builds := []build{
		{"clang", "checks.ll", []string{"-O2", "-fsanitize=undefined", "-fno-sanitize-recover=all"}, false}, // UBSan on the C driver
		{"clang", "nochecks.ll", []string{"-O2"}, false},
		{"clang", "nt.ll", []string{"-O1", "-g", "-fsanitize=address"}, true},
	}
	if _, err := exec.LookPath("clang-19"); err == nil {
		builds = append(builds, build{"clang-19", "checks.ll", []string{"-O3"}, false})
	} else if os.Getenv("CI") == "true" {
		t.Fatal("clang-19 is not installed (run `make deps`)")
	}
	for i, b := range builds {
		exe := filepath.Join(dir, fmt.Sprintf("prog%d", i))
		args := append(append([]string{}, b.flags...), "-Werror", "-I"+dir, filepath.Join(dir, b.ll), filepath.Join(dir, "main.c"), "-o", exe, "-lm")
		if b.ll == "nt.ll" {
			args = append(args, "-lgomp") // nests of 64 elements or more on libgomp's threads
		}
		if out, err := exec.Command(b.cc, args...).CombinedOutput(); err != nil {
			t.Fatalf("%s %s: %v\n%s", b.cc, strings.Join(args, " "), err, out)
		}
		cmd := exec.Command(exe)
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		cmd.Env = append(os.Environ(), "ASAN_OPTIONS=detect_leaks=1")
		if b.ll == "nt.ll" {
			cmd.Env = append(cmd.Env, "OMP_NUM_THREADS=3") // uneven shares of the rows
		}
		if err := cmd.Run(); err != nil {
			t.Fatalf("%s (%s %v): %v\nstdout:\n%s\nstderr:\n%s", exe, b.cc, b.flags, err, tail(stdout.String()), tail(stderr.String()))
		}
		checkChainOutput(t, fmt.Sprintf("%s %s %v", b.cc, b.ll, b.flags), progs, stdout.String(), stderr.String(), b.ll != "nochecks.ll")
	}
}

// checkOutput parses "p<i> r<k> v..." lines and "p<i> mismatch status"
// lines.
func checkChainOutput(t *testing.T, build string, progs []*chainProgram, stdout, stderr string, checks bool) {
	t.Helper()
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	got := map[string][]string{}
	for _, l := range lines {
		f := strings.Fields(l)
		if len(f) < 2 {
			continue
		}
		got[f[0]+" "+f[1]] = f[2:]
	}
	bad, mismatches := 0, 0
	for i, p := range progs {
		key := fmt.Sprintf("p%d", i)
		st := got[key+" status"]
		if len(st) != 1 || st[0] != "0" {
			t.Errorf("%s: %s returned status %v\n%s", build, p.name, st, p.text)
			bad++
			continue
		}
		vals := got[key+" r0"]
		w := p.want[0]
		n := len(w.Ints) + len(w.Floats)
		if len(vals) != n {
			t.Errorf("%s: %s: %d values, want %d\n%s", build, p.name, len(vals), n, p.text)
			bad++
			continue
		}
		for j, s := range vals {
			if msg := compareChain(w, j, s, p.tol, p.floor); msg != "" {
				t.Errorf("%s: %s element %d: %s\n%s\ninputs: %v", build, p.name, j, msg, p.text, argVals(p))
				bad++
				break
			}
		}
		if p.mismatch >= 0 && checks {
			want := "0"
			if p.badFails {
				want = "1"
				mismatches++
				if !strings.Contains(stderr, "tirc: error: "+p.name+": ") {
					t.Errorf("%s: no run-time message for %s in stderr", build, p.name)
				}
			}
			st := got[key+" mismatch"]
			if len(st) != 1 || st[0] != want {
				t.Errorf("%s: %s with size %d+1 in dimension %d of argument #%d: status %v, want %s (eval)\n%s", build, p.name, p.args[p.mismatch].shape[p.badDim], p.badDim, p.mismatch, st, want, p.text)
			}
		}
		if bad > 10 {
			t.Fatalf("%s: too many failures", build)
		}
	}
	if checks && mismatches == 0 {
		t.Errorf("%s: no program exercised a run-time size mismatch", build)
	}
	t.Logf("%s: %d programs compared element by element, %d run-time mismatches reported", build, len(progs), mismatches)
}

func argVals(p *chainProgram) string {
	var b strings.Builder
	for _, a := range p.args {
		fmt.Fprintf(&b, "%v%v ", a.val.Ints, a.val.Floats)
	}
	return b.String()
}

func compareChain(w *eval.Tensor, j int, s string, tol, floor float64) string {
	if w.Elem.IsFloat() {
		if s == "-nan" { // glibc prints a NaN's sign bit
			s = "nan"
		}
		g, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return "unparsable " + s
		}
		e := w.Floats[j]
		switch {
		case math.IsNaN(e) || math.IsNaN(g):
			if math.IsNaN(e) != math.IsNaN(g) {
				return fmt.Sprintf("got %v, want %v", g, e)
			}
		case math.IsInf(e, 0) || math.IsInf(g, 0):
			if e != g {
				return fmt.Sprintf("got %v, want %v", g, e)
			}
		case math.Abs(g-e) > tol*math.Max(math.Abs(e), 1e-30) && math.Abs(g-e) > max(tol*1e-3, floor):
			return fmt.Sprintf("got %v, want %v (tolerance %g)", g, e, tol)
		}
		return ""
	}
	g, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return "unparsable " + s
	}
	if g != w.Ints[j] {
		return fmt.Sprintf("got %d, want %d", g, w.Ints[j])
	}
	return ""
}

// generate makes program i: a result shape, arguments broadcasting to it,
// and a chain of ops.
func generateChain(rng *rand.Rand, i int) *chainProgram {
	e := chainElems[rng.IntN(len(chainElems))]
	rank := rng.IntN(5)
	if rng.IntN(20) == 0 {
		rank = 8
	}
	long := rng.IntN(5) == 0
	if long {
		rank = 1 + rng.IntN(3)
	}
	res := make([]int64, rank)
	for d := range res {
		res[d] = int64(1 + rng.IntN(5))
		if rank == 8 {
			res[d] = int64(1 + rng.IntN(2))
		}
	}
	if long {
		// Rows long enough for the non-temporal loop's vectors, with a
		// prologue and an epilogue.
		res[rank-1] = int64(20 + rng.IntN(150))
	}
	p := &chainProgram{name: fmt.Sprintf("f%d", i), mismatch: -1}
	nargs := 2 + rng.IntN(2)
	for k := 0; k < nargs; k++ {
		r := rng.IntN(rank + 1)
		if k == 0 {
			r = rank
		}
		shape := append([]int64{}, res[rank-r:]...)
		for d := range shape {
			if rng.IntN(4) == 0 {
				shape[d] = 1
			}
		}
		decl := append([]int64{}, shape...)
		for d := range decl {
			if rng.IntN(3) == 0 {
				decl[d] = ir.Dynamic
			}
		}
		a := &chainArg{typ: &ir.TensorType{Shape: decl, Elem: e}, shape: shape, layout: chainLayout(rng.IntN(3))}
		a.val = randomTensor(rng, e, shape)
		p.args = append(p.args, a)
	}
	// Values available: name, static shape.
	type val struct {
		name  string
		shape []int64
	}
	var vals []val
	var b strings.Builder
	fmt.Fprintf(&b, "func.func @%s(", p.name)
	for k, a := range p.args {
		if k > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%%a%d: %s", k, ir.TypeString(a.typ))
		vals = append(vals, val{fmt.Sprintf("%%a%d", k), a.shape})
	}
	decls := map[string]ir.Type{}
	for k, a := range p.args {
		decls[fmt.Sprintf("%%a%d", k)] = a.typ
	}
	var body strings.Builder
	tolExtra := false
	last := vals[0]
	nops := 2 + rng.IntN(4)
	for o := 0; o < nops; o++ {
		x := vals[rng.IntN(len(vals))]
		y := vals[rng.IntN(len(vals))]
		if o == nops-1 {
			x = last
		}
		out := broadcast(x.shape, y.shape)
		name := fmt.Sprintf("%%v%d", o)
		t := &ir.TensorType{Shape: out, Elem: e}
		var op string
		switch {
		case e.IsFloat() && rng.IntN(5) == 0:
			u := []string{"tir.neg", "tir.abs", "tir.exp", "tir.tanh"}[rng.IntN(4)]
			if u == "tir.exp" || u == "tir.tanh" {
				tolExtra = true
			}
			fmt.Fprintf(&body, "  %s = \"%s\"(%s) : (%s) -> %s\n", name, u, x.name, ir.TypeString(decls[x.name]), ir.TypeString(withShape(decls[x.name], e)))
			decls[name] = withShape(decls[x.name], e)
			vals = append(vals, val{name, x.shape})
			last = vals[len(vals)-1]
			continue
		case e.IsInt() && rng.IntN(6) == 0:
			op = []string{"tir.and", "tir.or", "tir.xor"}[rng.IntN(3)]
		case rng.IntN(6) == 0:
			// cmp then select between the two operands.
			pred := []string{"eq", "ne", "lt", "le", "gt", "ge"}[rng.IntN(6)]
			ct := &ir.TensorType{Shape: out, Elem: ir.I1}
			fmt.Fprintf(&body, "  %s_c = \"tir.cmp\"(%s, %s) {predicate = \"%s\"} : (%s, %s) -> %s\n", name, x.name, y.name, pred,
				ir.TypeString(decls[x.name]), ir.TypeString(decls[y.name]), ir.TypeString(ct))
			fmt.Fprintf(&body, "  %s = \"tir.select\"(%s_c, %s, %s) : (%s, %s, %s) -> %s\n", name, name, x.name, y.name,
				ir.TypeString(ct), ir.TypeString(decls[x.name]), ir.TypeString(decls[y.name]), ir.TypeString(t))
			decls[name] = t
			vals = append(vals, val{name, out})
			last = vals[len(vals)-1]
			continue
		case len(x.shape) > 0 && rng.IntN(7) == 0:
			// A column (or another one-element window) of x broadcast
			// against y along the rows: x[..., k:k+1] read with stride 0.
			d := rng.IntN(len(x.shape))
			if rng.IntN(2) == 0 {
				d = len(x.shape) - 1
			}
			r := len(x.shape)
			start, limit, strides := make([]int64, r), slices.Clone(x.shape), make([]int64, r)
			for j := range strides {
				strides[j] = 1
			}
			start[d] = int64(rng.IntN(int(x.shape[d])))
			limit[d] = start[d] + 1
			sshape := slices.Clone(x.shape)
			sshape[d] = 1
			st := &ir.TensorType{Shape: sshape, Elem: e}
			fmt.Fprintf(&body, "  %s_s = \"tir.slice\"(%s) {start_indices = %s, limit_indices = %s, strides = %s} : (%s) -> %s\n", name, x.name,
				ints(start), ints(limit), ints(strides), ir.TypeString(decls[x.name]), ir.TypeString(st))
			decls[name+"_s"] = st
			out = broadcast(sshape, y.shape)
			t = &ir.TensorType{Shape: out, Elem: e}
			op = []string{"tir.add", "tir.sub", "tir.mul", "tir.max", "tir.min"}[rng.IntN(5)]
			lhs, rhs := y.name, name+"_s"
			if rng.IntN(2) == 0 {
				lhs, rhs = rhs, lhs
			}
			fmt.Fprintf(&body, "  %s = \"%s\"(%s, %s) : (%s, %s) -> %s\n", name, op, lhs, rhs,
				ir.TypeString(decls[lhs]), ir.TypeString(decls[rhs]), ir.TypeString(t))
			decls[name] = t
			vals = append(vals, val{name, out})
			last = vals[len(vals)-1]
			continue
		case rng.IntN(8) == 0 && len(x.shape) == len(y.shape) && slices.Equal(x.shape, y.shape) && ir.TypeEqual(decls[x.name], decls[y.name]) && e != ir.I1:
			// arith ops need one type for operands and result.
			op = map[bool]string{true: "arith.addf", false: "arith.addi"}[e.IsFloat()]
			fmt.Fprintf(&body, "  %s = %s %s, %s : %s\n", name, op, x.name, y.name, ir.TypeString(decls[x.name]))
			decls[name] = decls[x.name]
			vals = append(vals, val{name, out})
			last = vals[len(vals)-1]
			continue
		default:
			op = onBool([]string{"tir.add", "tir.sub", "tir.mul", "tir.max", "tir.min"}[rng.IntN(5)], e)
			if e.IsFloat() && rng.IntN(6) == 0 {
				op = "tir.div"
			}
		}
		fmt.Fprintf(&body, "  %s = \"%s\"(%s, %s) : (%s, %s) -> %s\n", name, op, x.name, y.name,
			ir.TypeString(decls[x.name]), ir.TypeString(decls[y.name]), ir.TypeString(t))
		decls[name] = t
		vals = append(vals, val{name, out})
		last = vals[len(vals)-1]
	}
	// The result: the last value, with the static shape it has.
	rt := &ir.TensorType{Shape: last.shape, Elem: e}
	retName := last.name
	if !ir.TypeEqual(decls[last.name], rt) {
		fmt.Fprintf(&body, "  %%ret = \"tensor.cast\"(%s) : (%s) -> %s\n", last.name, ir.TypeString(decls[last.name]), ir.TypeString(rt))
		retName = "%ret"
	}
	p.result = rt
	fmt.Fprintf(&b, ") -> %s {\n%s  return %s : %s\n}\n", ir.TypeString(rt), body.String(), retName, ir.TypeString(rt))
	p.text = b.String()
	switch {
	case e == ir.F64:
		p.tol = 1e-12
		if tolExtra {
			p.tol = 1e-9
		}
	case e == ir.F32:
		p.tol = 2e-6
	case e == ir.F16:
		p.tol = 1e-2
	}
	p.libm = tolExtra
	// A wrong dynamic size for one argument whose dynamic dim is > 1 in
	// the result: broadcasting cannot reconcile size+1 with it.
	for k, a := range p.args {
		off := len(res) - len(a.shape)
		for d, s := range a.typ.Shape {
			if s == ir.Dynamic && a.shape[d] > 1 && off+d < len(last.shape) && p.mismatch < 0 {
				p.mismatch, p.badDim = k, d
			}
		}
	}
	return p
}

func withShape(t ir.Type, e *ir.Scalar) ir.Type {
	tt := t.(*ir.TensorType)
	return &ir.TensorType{Shape: tt.Shape, Elem: e}
}

func broadcast(a, b []int64) []int64 {
	n := max(len(a), len(b))
	out := make([]int64, n)
	for i := 0; i < n; i++ {
		x, y := int64(1), int64(1)
		if j := i - (n - len(a)); j >= 0 {
			x = a[j]
		}
		if j := i - (n - len(b)); j >= 0 {
			y = b[j]
		}
		out[i] = max(x, y)
	}
	return out
}

func randomTensor(rng *rand.Rand, e *ir.Scalar, shape []int64) *eval.Tensor {
	n := int64(1)
	for _, s := range shape {
		n *= s
	}
	if e.IsFloat() {
		v := make([]float64, n)
		for i := range v {
			v[i] = ir.RoundFloat(float64(rng.IntN(2001)-1000)/256, e)
		}
		return eval.Floats(e, shape, v...)
	}
	v := make([]int64, n)
	for i := range v {
		switch {
		case e == ir.I1:
			v[i] = int64(rng.IntN(2))
		case rng.IntN(10) == 0:
			v[i] = ir.WrapInt(rng.Int64(), e) // large values: wrapping
		default:
			v[i] = int64(rng.IntN(41) - 20)
		}
	}
	return eval.Ints(e, shape, v...)
}

// driver writes the C program: per program, the argument buffers laid out
// as asked, one call with callee-allocated results printing every element
// in row-major order, and the mismatch call.
func chainDriver(progs []*chainProgram) string {
	var b strings.Builder
	b.WriteString(`#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include "progs.h"
static double h2d(uint16_t h) { /* IEEE half bits to double */
  int s = h >> 15, ex = (h >> 10) & 31, m = h & 1023;
  double v = ex == 0 ? ldexp(m, -24) : ex == 31 ? (m ? NAN : INFINITY) : ldexp(m + 1024, ex - 25);
  return s ? -v : v;
}
`)
	fmt.Fprintf(&b, "int main(void) {\n  setvbuf(stdout, NULL, _IOFBF, 1 << 20);\n")
	for i, p := range progs {
		fmt.Fprintf(&b, "  { /* %s */\n", p.name)
		var params []string
		for k, a := range p.args {
			e := a.val.Elem
			rank := len(a.shape)
			n := int64(1)
			for _, s := range a.shape {
				n *= s
			}
			// Strides of the layout, in elements.
			strides := make([]int64, rank)
			acc := int64(1)
			if a.layout == fortran {
				for d := 0; d < rank; d++ {
					strides[d] = acc
					acc *= a.shape[d]
				}
			} else {
				for d := rank - 1; d >= 0; d-- {
					strides[d] = acc
					acc *= a.shape[d]
				}
			}
			mult := int64(1)
			if a.layout == padded {
				mult = 2
			}
			size := 4*n*mult + 16 // room for the call with one size off by one
			// A static initializer (clang takes minutes over as many
			// assignments): element j (row-major) at its strided offset.
			fmt.Fprintf(&b, "    static %s b%d[%d] = {", cabi.CElemType(e), k, size)
			idx := make([]int64, rank)
			for j := int64(0); j < n; j++ {
				rem := j
				for d := rank - 1; d >= 0; d-- {
					idx[d] = rem % a.shape[d]
					rem /= a.shape[d]
				}
				off := int64(0)
				for d := 0; d < rank; d++ {
					off += idx[d] * strides[d] * mult
				}
				fmt.Fprintf(&b, "[%d] = %s, ", off, cValue(a.val, j))
			}
			b.WriteString("};\n")
			desc := fmt.Sprintf("tirc_desc_%s_%dd", e, rank)
			fmt.Fprintf(&b, "    %s d%d = {b%d, b%d, 0", desc, k, k, k)
			if rank > 0 {
				b.WriteString(", {")
				for d, s := range a.shape {
					if d > 0 {
						b.WriteString(", ")
					}
					fmt.Fprintf(&b, "%d", s)
				}
				b.WriteString("}, {")
				for d := range a.shape {
					if d > 0 {
						b.WriteString(", ")
					}
					fmt.Fprintf(&b, "%d", strides[d]*mult)
				}
				b.WriteString("}")
			}
			b.WriteString("};\n")
			params = append(params, fmt.Sprintf("&d%d", k))
		}
		rt := p.result
		rank := len(rt.Shape)
		fmt.Fprintf(&b, "    tirc_desc_%s_%dd r;\n    memset(&r, 0, sizeof r);\n", rt.Elem, rank)
		if i%2 == 0 {
			// Caller-allocated, row-major (the fast entry's case when
			// every type is static), at offset 0 or 1.
			n := int64(1)
			for _, s := range rt.Shape {
				n *= s
			}
			fmt.Fprintf(&b, "    static %s out[%d];\n    r.allocated = r.aligned = out;\n    r.offset = %d;\n", cabi.CElemType(rt.Elem), n+1, (i/2)%2)
			acc := int64(1)
			for d := rank - 1; d >= 0; d-- {
				fmt.Fprintf(&b, "    r.sizes[%d] = %d; r.strides[%d] = %d;\n", d, rt.Shape[d], d, acc)
				acc *= rt.Shape[d]
			}
		}
		fmt.Fprintf(&b, "    int st = %s(%s, &r);\n", p.name, strings.Join(params, ", "))
		fmt.Fprintf(&b, "    printf(\"p%d status %%d\\n\", st);\n", i)
		fmt.Fprintf(&b, "    if (st == 0) {\n      printf(\"p%d r0\");\n", i)
		// Row-major walk with the result's strides.
		n := int64(1)
		for _, s := range rt.Shape {
			n *= s
		}
		fmt.Fprintf(&b, "      for (long j = 0; j < %d; j++) {\n        long rem = j, off = r.offset;\n", n)
		for d := rank - 1; d >= 0; d-- {
			fmt.Fprintf(&b, "        off += (rem %% %d) * r.strides[%d]; rem /= %d;\n", rt.Shape[d], d, rt.Shape[d])
		}
		switch {
		case rt.Elem == ir.F16:
			b.WriteString("        printf(\" %.17g\", h2d(r.aligned[off]));\n")
		case rt.Elem.IsFloat():
			b.WriteString("        printf(\" %.17g\", (double)r.aligned[off]);\n")
		default:
			b.WriteString("        printf(\" %lld\", (long long)r.aligned[off]);\n")
		}
		b.WriteString("      }\n      printf(\"\\n\");\n")
		if i%2 == 1 {
			b.WriteString("      tirc_free(&r);\n")
		}
		b.WriteString("    }\n")
		if p.mismatch >= 0 {
			fmt.Fprintf(&b, "    d%d.sizes[%d] += 1;\n    memset(&r, 0, sizeof r);\n", p.mismatch, p.badDim)
			fmt.Fprintf(&b, "    fflush(stdout);\n    st = %s(%s, &r);\n    printf(\"p%d mismatch %%d\\n\", st);\n", p.name, strings.Join(params, ", "), i)
			b.WriteString("    if (st != 0 && r.aligned != NULL) { printf(\"result not NULL after a failure\\n\"); return 1; }\n")
			b.WriteString("    if (st == 0) tirc_free(&r);\n")
		}
		b.WriteString("  }\n")
	}
	b.WriteString("  return 0;\n}\n")
	return b.String()
}

// halfBits is the IEEE half encoding of v, which is exactly a half.
func halfBits(v float64) uint16 {
	var s uint16
	if math.Signbit(v) {
		s, v = 0x8000, -v
	}
	if v == 0 {
		return s
	}
	f, e := math.Frexp(v) // v = f * 2^e, f in [0.5, 1)
	if ex := e + 14; ex > 0 {
		return s | uint16(ex)<<10 | uint16(math.Ldexp(f, 11)-1024)
	}
	return s | uint16(math.Ldexp(v, 24)) // subnormal
}

func cValue(t *eval.Tensor, j int64) string {
	switch {
	case t.Elem == ir.F16:
		return fmt.Sprintf("%#x", halfBits(t.Floats[j]))
	case t.Elem.IsFloat():
		s := strconv.FormatFloat(t.Floats[j], 'g', -1, 64)
		if !strings.ContainsAny(s, ".eE") {
			s += ".0"
		}
		if t.Elem == ir.F32 {
			s += "f"
		}
		return s
	case t.Elem == ir.I64 || t.Elem == ir.Index:
		if t.Ints[j] == math.MinInt64 {
			return "INT64_MIN"
		}
		return fmt.Sprintf("%dLL", t.Ints[j])
	case t.Elem == ir.I32 && t.Ints[j] == math.MinInt32:
		return "INT32_MIN"
	}
	return fmt.Sprintf("%d", t.Ints[j])
}
