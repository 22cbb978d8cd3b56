// Package native_test compiles random programs to native code and compares
// every element of every result with the reference evaluator (package
// eval).
//
// A program is a function of 1-6 random ops (tir's binary ops, cmp, select,
// unary ops, convert, broadcast_in_dim, constant, reductions; every arith
// op: the casts, divisions and two-result ops included; every math op;
// data movement: transpose, slice, reshape, concat, iota, tensor.dim and
// tensor.splat, and views with dimensions of size 1 broadcast right away
// (move_gen_test.go); tensor.cast of results) over every
// element type (si and ui types with tir's ops), ranks
// 0-5 and 8, implicit and broadcast_dimensions broadcasting, transposing
// broadcast_in_dim, dynamic dimensions and one or two results; one in
// eight is a private function called by its entry point; one in twelve
// computes on scalars passed by value (arith ops, scalar results through
// pointers, a tensor selected whole by a scalar condition). Each program is
// called with its arguments laid out as contiguous, padded, Fortran-order,
// negative-stride or stride-0 views, its results callee-allocated or
// written into caller buffers of any layout (some calls take the fast
// entry: everything row-major at offset 0). Programs with dynamic
// dimensions are called again with other run-time sizes: eval decides
// whether that call succeeds (the results are compared) or fails (status 1,
// or 2 for integer division, and one "tirc: error: <func>:" line on
// stderr). Some calls pass an argument or a caller-allocated result
// contradicting a static size (status 4). regress_test.go adds the reduced
// programs of the bugs found so far (see /work/notes/codegen-bugs.md).
//
// All programs form one module. Builds, two at a time: clang -O2 with run-time
// checks; clang-19 -O2 with checks off on the module after the pipeline
// below, nests of 16+ elements on libgomp's threads and outputs of 256+
// bytes stored non-temporally (only successful calls are made and
// compared); every sixth program under AddressSanitizer with leak
// detection (non-temporal from 256 bytes too). opt-14 and opt-19 verify the modules. ~18 s on 2 cores.
//
// Tolerance: integers and i1 exactly. Floats of programs without a
// transcendental op (exp, log, tanh, pow, math's libm functions) exactly, since + - * / fmod sqrt
// max min and conversions are correctly rounded in both (f16 and bf16
// computed in f32 and rounded per op equal one rounding of the exact
// result, 24 >= 2*11+2 bits). With a transcendental op, libm and Go's
// math may differ by an ulp, amplified by the ops after it: |got-want| <=
// tol*max(|want|, 1) with tol 1e-9 for f64, 1e-5 for f32, 2e-2 for f16
// and bf16 (and the generator never feeds such a value to a
// discontinuous op: cmp, convert to an integer, rem, a divisor). NaN
// matches NaN (any payload), -0 matches +0, infinities match exactly.
//
// chain_test.go (TestRandomChainsNative) adds chains of broadcasting ops
// with long rows, built with threads, streaming stores, ASan and UBSan.
//
// TIRC_NATIVE_SEED=n runs another program set (exploring); TIRC_NATIVE_KEEP=dir
// keeps progs.mlir, the .ll files, progs.h and the drivers.
package native_test

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tirc/tirc/codegen"
	"github.com/tirc/tirc/codegen/cabi"
	"github.com/tirc/tirc/dialect"
	"github.com/tirc/tirc/eval"
	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/passes"
)

// pipeline runs before the checks-off lowering.
const pipeline = "builtin.module(infer-shapes,func.func(canonicalize,materialize-broadcasts,cse,dce))"

const numPrograms = 330

func requireTool(t *testing.T, name string) bool {
	t.Helper()
	if _, err := exec.LookPath(name); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is not installed (run `make deps`)", name)
		}
		t.Logf("%s not found: skipped", name)
		return false
	}
	return true
}

// evalStatus is the status native code must return for eval's outcome,
// and the failing op as the native message names it ("<file>:L:C: 'op'
// op").
func evalStatus(err error) (int, string, error) {
	if err == nil {
		return 0, "", nil
	}
	var re *eval.RuntimeError
	if !errors.As(err, &re) {
		return 0, "", err // the program or its inputs are not evaluable: a test bug
	}
	where := fmt.Sprintf("%s: '%s' op", re.Pos, re.Op)
	if errors.Is(err, eval.ErrDivByZero) || errors.Is(err, eval.ErrDivOverflow) {
		return 2, where, nil
	}
	return 1, where, nil
}

// makeCalls builds the calls of p: the base call, calls with other
// run-time sizes, and a call with a descriptor contradicting a static
// size.
func makeCalls(rng *rand.Rand, p *program, f *ir.Func) error {
	base := make([]*eval.Tensor, len(p.args))
	for k, a := range p.args {
		base[k] = randomData(rng, a.v.elem(), a.v.shape, a.nonzero)
		zeroStrideData(base[k], a.zeroStrideDim)
	}
	// plain: every argument and result row-major at offset 0, results
	// caller-allocated (the fast entry's case for static functions).
	plain := rng.IntN(4) == 0
	add := func(in []*eval.Tensor, what string, zero bool) error {
		cl := &call{in: in, what: what}
		for k, a := range p.args {
			l := randomLayout(rng, len(in[k].Shape))
			if zero && a.zeroStrideDim >= 0 {
				l.zero = a.zeroStrideDim
			}
			if plain && what == "base" {
				l = layout{mult: 1, zero: -1, plain: true}
			}
			cl.layouts = append(cl.layouts, l)
		}
		want, err := eval.Func(f, in)
		st, where, bad := evalStatus(err)
		if bad != nil {
			return fmt.Errorf("eval: %v", bad)
		}
		cl.status, cl.want, cl.where = st, want, where
		for range p.results {
			var r resAlloc
			switch {
			case plain && what == "base":
				r = &layout{mult: 1, zero: -1, plain: true}
			case rng.IntN(3) == 0:
				l := randomLayout(rng, 8)
				r = &l
			}
			cl.results = append(cl.results, r)
		}
		p.calls = append(p.calls, cl)
		return nil
	}
	if err := add(base, "base", true); err != nil {
		return err
	}
	// A caller-allocated result of the wrong size.
	if b := p.calls[0]; b.status == 0 && rng.IntN(6) == 0 {
		for k, w := range b.want {
			if len(w.Shape) == 0 {
				continue
			}
			cl := &call{in: base, layouts: b.layouts, what: "bad result", status: 4, results: make([]resAlloc, len(p.results))}
			cl.resShapes = make([][]int64, len(p.results))
			shape := slices.Clone(w.Shape)
			shape[rng.IntN(len(shape))]++
			cl.resShapes[k] = shape
			cl.results[k] = &layout{mult: 1, zero: -1}
			p.calls = append(p.calls, cl)
			break
		}
	}
	// Other run-time sizes: every dynamic dimension of size s (in any
	// argument) becomes n.
	var sizes []int64
	for _, a := range p.args {
		for d, s := range a.v.typ.Shape {
			if s == ir.Dynamic {
				sizes = append(sizes, a.v.shape[d])
			}
		}
	}
	for range min(len(sizes), 2) {
		s := sizes[rng.IntN(len(sizes))]
		n := []int64{1, s + 1, s + 2, 0}[rng.IntN(4)]
		if n == 0 && rng.IntN(2) == 0 {
			n = s + 1
		}
		all := rng.IntN(3) != 0 // else only one argument's dimension
		in := slices.Clone(base)
		changed := false
		for k, a := range p.args {
			shape := slices.Clone(a.v.shape)
			for d, ds := range a.v.typ.Shape {
				if ds == ir.Dynamic && shape[d] == s && (all || !changed) {
					shape[d] = n
					changed = true
				}
			}
			if !slices.Equal(shape, a.v.shape) {
				in[k] = randomData(rng, a.v.elem(), shape, a.nonzero)
			}
		}
		if err := add(in, "resized", false); err != nil {
			return err
		}
	}
	// A static size contradicted by the descriptor.
	if rng.IntN(4) == 0 {
		for k, a := range p.args {
			for d, ds := range a.v.typ.Shape {
				if ds != ir.Dynamic && p.calls[0].status == 0 {
					shape := slices.Clone(a.v.shape)
					shape[d]++
					in := slices.Clone(base)
					in[k] = randomData(rng, a.v.elem(), shape, a.nonzero)
					cl := &call{in: in, what: "bad descriptor", status: 4, results: make([]resAlloc, len(p.results))}
					for range p.args {
						cl.layouts = append(cl.layouts, layout{mult: 1, zero: -1})
					}
					p.calls = append(p.calls, cl)
					return nil
				}
			}
		}
	}
	return nil
}

func TestRandomProgramsNative(t *testing.T) {
	t.Parallel() // with the other randomized native test, as when they were two packages
	if !requireTool(t, "clang") {
		t.Skip("clang is needed")
	}
	start := time.Now()
	seed := uint64(6)
	if s := os.Getenv("TIRC_NATIVE_SEED"); s != "" {
		// another program set, for exploring; the test's own is seed 6
		seed, _ = strconv.ParseUint(s, 10, 64)
	}
	rng := rand.New(rand.NewPCG(seed, 2026))
	data := rand.New(rand.NewPCG(seed, 17)) // inputs and layouts
	var progs []*program
	var src strings.Builder
	generated, rejected := 0, 0
	var firstRejected string
	for len(progs) < numPrograms {
		generated++
		var p *program
		if rng.IntN(12) == 0 {
			p = generateScalar(rng, fmt.Sprintf("f%d", len(progs)))
		} else {
			p = generate(rng, fmt.Sprintf("f%d", len(progs)))
		}
		m, d := ir.ParseString(p.text, ir.ParseOptions{})
		if d == nil {
			if ds := ir.Verify(m, ir.VerifyOptions{}); ds.HasErrors() {
				var b bytes.Buffer
				ds.Render(&b)
				d = ds[0]
				if firstRejected == "" {
					firstRejected = b.String() + p.text
				}
			}
		} else if firstRejected == "" {
			firstRejected = d.Error() + "\n" + p.text
		}
		if d != nil {
			rejected++
			if rejected > numPrograms {
				t.Fatalf("the generator makes too many invalid programs (%d of %d), e.g.\n%s", rejected, generated, firstRejected)
			}
			continue
		}
		progs = append(progs, p)
		src.WriteString(p.text)
	}
	for i, r := range regressions {
		text := strings.ReplaceAll(r.text, "@NAME", fmt.Sprintf("@regress%d", i))
		src.WriteString(text)
	}
	if rejected > 0 {
		t.Logf("%d of %d generated programs did not verify and were dropped, e.g.\n%s", rejected, generated, firstRejected)
	}
	m, d := ir.ParseString(src.String(), ir.ParseOptions{})
	if d != nil {
		t.Fatal(d)
	}
	if ds := ir.Verify(m, ir.VerifyOptions{}); ds.HasErrors() {
		t.Fatal(ds)
	}
	// The calls, evaluated on the functions of the whole module (so that
	// eval's error locations are the native messages').
	for _, p := range progs {
		if err := makeCalls(data, p, m.Lookup(p.name)); err != nil {
			t.Fatalf("%s: %v\n%s", p.name, err, p.text)
		}
	}
	for i := range regressions {
		p, err := regression(data, i, m.Lookup(fmt.Sprintf("regress%d", i)))
		if err != nil {
			t.Fatalf("regression %d: %v", i, err)
		}
		progs = append(progs, p)
	}
	logCoverage(t, progs)
	dir := t.TempDir()
	if os.Getenv("TIRC_NATIVE_KEEP") != "" {
		dir = os.Getenv("TIRC_NATIVE_KEEP")
		os.MkdirAll(dir, 0o755)
	}
	os.WriteFile(filepath.Join(dir, "progs.mlir"), []byte(src.String()), 0o644)
	// The checks-off build lowers the module after the optimizing
	// pipeline: its successful calls must still give eval's numbers.
	opt, d := ir.ParseString(src.String(), ir.ParseOptions{})
	if d != nil {
		t.Fatal(d)
	}
	pl, err := passes.ParsePipeline(pipeline)
	if err != nil {
		t.Fatal(err)
	}
	if res := pl.Run(opt, passes.RunOptions{Check: true}); res.Internal != nil || res.Diags.HasErrors() {
		t.Fatalf("%s: %v %v", pipeline, res.Internal, res.Diags)
	}
	for _, checks := range []bool{true, false} {
		opts := codegen.DefaultOptions()
		opts.Checks = checks
		mod := m
		if !checks {
			// and splits every nest of 16 or more elements over
			// libgomp's threads (linked with -lgomp below)
			mod = opt
			opts.ParallelMin = 16
			// and stores outputs of 256 bytes or more non-temporally
			// (the vector loops, transposed blocks included)
			opts.NonTemporalMin = 256
		}
		ll, ds := codegen.Emit(mod, opts)
		if ds.HasErrors() {
			var b bytes.Buffer
			ds.Render(&b)
			t.Fatalf("codegen: %s", b.String())
		}
		os.WriteFile(filepath.Join(dir, llName(checks)), ll, 0o644)
	}
	hdr, ds := cabi.EmitCHeader(m)
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	os.WriteFile(filepath.Join(dir, "progs.h"), hdr, 0o644)
	os.WriteFile(filepath.Join(dir, "driver.c"), []byte(driver(progs)), 0o644)

	// Every sixth program again, in a module of its own, for a build
	// under AddressSanitizer (out-of-bounds accesses of the exotic
	// layouts, leaks of results and temporaries after failures).
	var asanProgs []*program
	var asanSrc strings.Builder
	for i, p := range progs {
		if i%6 == 0 {
			asanProgs = append(asanProgs, p)
			asanSrc.WriteString(p.text)
		}
	}
	am, d := ir.ParseString(asanSrc.String(), ir.ParseOptions{})
	if d != nil {
		t.Fatal(d)
	}
	asanOpts := codegen.DefaultOptions()
	asanOpts.SanitizeAddress = true // instrument tirc's functions too, not only the driver
	asanOpts.NonTemporalMin = 256   // the non-temporal loops' edges too
	all, ds := codegen.Emit(am, asanOpts)
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	os.WriteFile(filepath.Join(dir, "asan.ll"), all, 0o644)
	os.WriteFile(filepath.Join(dir, "driver_asan.c"), []byte(driver(asanProgs)), 0o644)
	t.Logf("generated and emitted in %v", time.Since(start).Round(time.Millisecond))

	type build struct {
		tool       string // opt or clang
		cc, ll     string
		checks     bool
		flags      []string
		driver     string
		progs      []*program
		matchWhere bool // messages name the ops of the whole module
	}
	o2 := []string{"-O2"}
	// Three builds keep the test near 20 s on 2 cores: checks on with
	// clang (14), its C driver under UndefinedBehaviorSanitizer; checks
	// off with clang-19 (or clang when it is missing); and the
	// AddressSanitizer subset.
	builds := []build{{"clang", "clang", llName(true), true, append(o2, "-fsanitize=undefined", "-fno-sanitize-recover=all"), "driver.c", progs, true}}
	cc := "clang"
	if requireTool(t, "clang-19") {
		cc = "clang-19"
	}
	builds = append(builds, build{"clang", cc, llName(false), false, []string{"-O2", "-lgomp"}, "driver.c", progs, true})
	builds = append(builds, build{"clang", "clang", "asan.ll", true, []string{"-O1", "-g", "-fsanitize=address"}, "driver_asan.c", asanProgs, false})
	if requireTool(t, "opt-14") {
		builds = append(builds, build{"opt", "opt-14", llName(true), true, nil, "", nil, false}, build{"opt", "opt-14", llName(false), false, nil, "", nil, false})
	}
	if requireTool(t, "opt-19") {
		builds = append(builds, build{"opt", "opt-19", llName(true), true, nil, "", nil, false})
	}
	var wg sync.WaitGroup
	type outcome struct {
		b              build
		err            string
		stdout, stderr string
		dur            time.Duration
	}
	outs := make([]outcome, len(builds))
	sem := make(chan bool, 2)
	for i, b := range builds {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- true
			defer func() { <-sem }()
			t0 := time.Now()
			o := &outs[i]
			o.b = b
			defer func() { o.dur = time.Since(t0) }()
			if b.tool == "opt" {
				if out, err := exec.Command(b.cc, "-passes=verify", filepath.Join(dir, b.ll), "-o", os.DevNull).CombinedOutput(); err != nil {
					o.err = fmt.Sprintf("%s -passes=verify %s: %v\n%s", b.cc, b.ll, err, out)
				}
				return
			}
			exe := filepath.Join(dir, fmt.Sprintf("prog%d", i))
			args := append(slices.Clone(b.flags), "-Werror", "-I"+dir, filepath.Join(dir, b.ll), filepath.Join(dir, b.driver), "-o", exe, "-lm")
			if out, err := exec.Command(b.cc, args...).CombinedOutput(); err != nil {
				o.err = fmt.Sprintf("%s %s: %v\n%s", b.cc, strings.Join(args, " "), err, tail(string(out)))
				return
			}
			cmd := exec.Command(exe, map[bool]string{true: "1", false: "0"}[b.checks])
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			cmd.Env = append(os.Environ(), "ASAN_OPTIONS=detect_leaks=1", "OMP_NUM_THREADS=3")
			if err := cmd.Run(); err != nil {
				o.err = fmt.Sprintf("%s (%s): %v\nstdout:\n%s\nstderr:\n%s", exe, b.cc, err, tail(stdout.String()), tail(stderr.String()))
			}
			o.stdout, o.stderr = stdout.String(), stderr.String()
		}()
	}
	wg.Wait()
	for _, o := range outs {
		if o.err != "" {
			t.Error(o.err)
			continue
		}
		t.Logf("%s %s: %v", o.b.cc, o.b.ll, o.dur.Round(time.Millisecond))
		if o.b.tool == "clang" {
			checkOutput(t, fmt.Sprintf("%s %s", o.b.cc, o.b.ll), o.b.progs, o.stdout, o.stderr, o.b.checks, o.b.matchWhere)
		}
	}
	t.Logf("total %v", time.Since(start).Round(time.Millisecond))
}

func llName(checks bool) string {
	if checks {
		return "checks.ll"
	}
	return "nochecks.ll"
}

func tail(s string) string {
	if len(s) > 4000 {
		return "..." + s[len(s)-4000:]
	}
	return s
}

// logCoverage logs what the programs contain, and fails when a feature
// the test promises is missing.
func logCoverage(t *testing.T, progs []*program) {
	ops := map[string]int{}
	elems := map[string]int{}
	ranks := map[int]int{}
	dyn, zero, multi, calls, failing, resized, scalars := 0, 0, 0, 0, 0, 0, 0
	for _, p := range progs {
		for op, n := range p.ops {
			ops[op] += n
		}
		for _, a := range p.args {
			elems[a.v.elem().String()]++
			ranks[len(a.v.shape)]++
			if slices.Contains(a.v.typ.Shape, ir.Dynamic) {
				dyn++
			}
			if a.zeroStrideDim >= 0 {
				zero++
			}
		}
		if len(p.results) > 1 {
			multi++
		}
		if slices.Contains(p.resScalar, true) {
			scalars++
		}
		for _, c := range p.calls {
			calls++
			if c.status != 0 {
				failing++
			}
			if c.what == "resized" && c.status == 0 {
				resized++
			}
		}
	}
	var names []string
	for op := range ops {
		names = append(names, fmt.Sprintf("%s:%d", op, ops[op]))
	}
	sort.Strings(names)
	t.Logf("%d programs, %d calls (%d expected to fail, %d successful with other run-time sizes); arguments: %d dynamic, %d stride-0; %d programs with 2 results, %d with scalar results",
		len(progs), calls, failing, resized, dyn, zero, multi, scalars)
	t.Logf("ops: %s", strings.Join(names, " "))
	t.Logf("argument element types: %v, ranks: %v", elems, ranks)
	for _, e := range allElems {
		if elems[e.String()] == 0 {
			t.Errorf("no argument of element type %s", e)
		}
	}
	// Every reduction and every op of MLIR's arith, math and TOSA dialects
	// runs natively against eval (tosa.reshape with the data movement
	// tests).
	for _, r := range slices.Concat(dialect.ReduceOps, dialect.ArithOps, dialect.MathOps, dialect.TosaOps) {
		if ops[r.Name] == 0 && r.Name != "tosa.reshape" {
			t.Errorf("coverage: no %s", r.Name)
		}
	}
	if ranks[8] == 0 || dyn == 0 || zero == 0 || failing == 0 || resized == 0 || scalars == 0 || ops["func.call"] == 0 {
		t.Errorf("coverage: rank-8 arguments %d, dynamic %d, stride-0 %d, failing calls %d, resized calls %d, scalar programs %d, calls %d: each must be > 0",
			ranks[8], dyn, zero, failing, resized, scalars, ops["func.call"])
	}
}

// checkOutput compares the binary's output with the calls' expectations.
func checkOutput(t *testing.T, build string, progs []*program, stdout, stderr string, checks, matchWhere bool) {
	t.Helper()
	lines := map[string][]string{}
	for _, l := range strings.Split(stdout, "\n") {
		f := strings.Fields(l)
		if len(f) >= 2 {
			lines[f[0]+" "+f[1]] = f[2:]
		}
	}
	// stderr: "@c<i>" markers, each followed by the call's messages.
	msgs := map[string][]string{}
	cur := ""
	for _, l := range strings.Split(stderr, "\n") {
		if strings.HasPrefix(l, "@c") {
			cur = l[1:]
			continue
		}
		if l != "" {
			msgs[cur] = append(msgs[cur], l)
		}
	}
	if len(msgs[""]) > 0 {
		t.Errorf("%s: messages on stderr outside failing calls:\n%s", build, strings.Join(msgs[""], "\n"))
	}
	bad, compared, elements, failed := 0, 0, 0, 0
	otherFault, atOp := 0, 0
	var elsewhere []string
	c := -1
	for _, p := range progs {
		for _, cl := range p.calls {
			c++
			key := fmt.Sprintf("c%d", c)
			if cl.status != 0 && !checks {
				continue
			}
			if bad > 20 {
				t.Fatalf("%s: too many failures", build)
			}
			st := lines[key+" status"]
			where := fmt.Sprintf("%s: %s (%s call %s)", build, p.name, cl.what, key)
			if len(st) != 2 {
				t.Errorf("%s: no status line\n%s", where, p.text)
				bad++
				continue
			}
			m := msgs[key]
			// (messages say "'op' op: integer division by zero" or, like
			// MLIR and eval, "'op' op operands could not be broadcast...")
			sameOp := matchWhere && cl.where != "" && len(m) == 1 && (strings.Contains(m[0], ": "+cl.where+": ") || strings.Contains(m[0], ": "+cl.where+" "))
			if st[0] != strconv.Itoa(cl.status) {
				// One op may fail for two reasons (a zero divisor and a
				// size), and a fused nest checks the sizes of its root op
				// before computing the ops fused into it, which eval
				// computes first: a program failing twice may report
				// either fault, at that op or a later one.
				later := matchWhere && len(m) == 1 && cl.where != "" && opLine(m[0]) >= opLine(cl.where)
				if !((sameOp || later) && (st[0] == "1" || st[0] == "2") && cl.status <= 2) {
					t.Errorf("%s: status %s, want %d%s\n%s\ninputs:\n%s", where, st[0], cl.status, evalNote(cl), p.text, inputs(cl))
					bad++
					continue
				}
				otherFault++
			}
			if cl.status != 0 {
				failed++
				if sameOp {
					atOp++
				} else if matchWhere && cl.where != "" && len(elsewhere) < 5 {
					elsewhere = append(elsewhere, fmt.Sprintf("%s: eval fails at %s, native: %q", where, cl.where, m))
				}
				if st[1] != "1" {
					t.Errorf("%s: a result is not NULL after the failure", where)
				}
				// (a failure inside a called private function names it)
				if len(m) != 1 || !strings.HasPrefix(m[0], "tirc: error: "+p.name+": ") && !strings.HasPrefix(m[0], "tirc: error: "+p.name+"_impl: ") {
					t.Errorf("%s: stderr has %q, want one line starting with \"tirc: error: %s: \"", where, m, p.name)
					bad++
				}
				continue
			}
			if len(msgs[key]) > 0 {
				t.Errorf("%s: stderr has %q after a successful call", where, msgs[key])
			}
			compared++
			for k, w := range cl.want {
				got := lines[fmt.Sprintf("%s r%d", key, k)]
				if msg := compareResult(w, got, p.trans); msg != "" {
					t.Errorf("%s: result #%d: %s\n%s\ninputs:\n%s", where, k, msg, p.text, inputs(cl))
					bad++
					break
				}
				elements += w.Len()
			}
		}
	}
	t.Logf("%s: %d calls compared (%d elements), %d failing calls with status and message (%d naming the op eval fails at; %d with another fault of that or a later op)",
		build, compared, elements, failed, atOp, otherFault)
	for _, e := range elsewhere {
		t.Logf("%s", e)
	}
}

var lineRE = regexp.MustCompile(`<string>:(\d+):\d+: '`)

// opLine is the line of the first op location in s, or -1.
func opLine(s string) int {
	m := lineRE.FindStringSubmatch(s)
	if m == nil {
		return -1
	}
	n, _ := strconv.Atoi(m[1])
	return n
}

func evalNote(cl *call) string {
	if cl.status == 0 {
		return " (eval succeeds)"
	}
	return ""
}

func inputs(cl *call) string {
	var b strings.Builder
	for k, in := range cl.in {
		l := cl.layouts[k]
		strides, offset, _ := l.place(in.Shape)
		fmt.Fprintf(&b, "  %%a%d = %v (strides %v, offset %d)\n", k, in, strides, offset)
	}
	return b.String()
}

// compareResult compares "sizes... : elements..." with the evaluator's
// tensor.
func compareResult(w *eval.Tensor, got []string, approx bool) string {
	i := slices.Index(got, ":")
	if i < 0 {
		return "no output"
	}
	var shape []int64
	for _, s := range got[:i] {
		n, _ := strconv.ParseInt(s, 10, 64)
		shape = append(shape, n)
	}
	if !slices.Equal(shape, w.Shape) && !(len(shape) == 0 && len(w.Shape) == 0) {
		return fmt.Sprintf("shape %v, want %v", shape, w.Shape)
	}
	vals := got[i+1:]
	if len(vals) != w.Len() {
		return fmt.Sprintf("%d elements, want %d", len(vals), w.Len())
	}
	for j, s := range vals {
		if w.Elem.IsInt() {
			g, err := strconv.ParseInt(s, 10, 64)
			if err != nil || ir.WrapInt(g, w.Elem) != w.Ints[j] {
				return fmt.Sprintf("element %d is %s, want %d\n  got  %v\n  want %v", j, s, w.Ints[j], vals, w)
			}
			continue
		}
		u, err := strconv.ParseUint(s, 16, 64)
		if err != nil {
			return "unparsable " + s
		}
		var g float64
		tol := 0.0
		switch w.Elem {
		case ir.F16:
			g, tol = float64(ir.F16ToF32(uint16(u))), 2e-2
		case ir.BF16:
			g, tol = float64(ir.BF16ToF32(uint16(u))), 2e-2
		case ir.F32:
			g, tol = float64(math.Float32frombits(uint32(u))), 1e-5
		default:
			g, tol = math.Float64frombits(u), 1e-9
		}
		if !approx {
			tol = 0
		}
		e := w.Floats[j]
		ok := g == e || math.IsNaN(g) && math.IsNaN(e) ||
			!math.IsInf(e, 0) && !math.IsNaN(e) && math.Abs(g-e) <= tol*math.Max(math.Abs(e), 1)
		if !ok {
			var gs []string
			for _, s := range vals {
				u, _ := strconv.ParseUint(s, 16, 64)
				switch w.Elem {
				case ir.F16:
					gs = append(gs, fmt.Sprint(ir.F16ToF32(uint16(u))))
				case ir.BF16:
					gs = append(gs, fmt.Sprint(ir.BF16ToF32(uint16(u))))
				case ir.F32:
					gs = append(gs, fmt.Sprint(math.Float32frombits(uint32(u))))
				default:
					gs = append(gs, fmt.Sprint(math.Float64frombits(u)))
				}
			}
			return fmt.Sprintf("element %d is %v, want %v (tolerance %g)\n  got  %v\n  want %v", j, g, e, tol, gs, w)
		}
	}
	return ""
}
