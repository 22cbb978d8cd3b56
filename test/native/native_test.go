// Package native_test compiles random programs to native code and compares
// every element of every result with the reference evaluator (package
// eval).
//
// The generator draws its ops from the op registry and the kernel table
// (optable_test.go): every registered op that codegen lowers, of every
// dialect (tir, arith, math, tosa, tensor, func), data movement included,
// runs in some program, and the test fails naming any that did not. A
// program is a function of 1-6 random ops over every element type, ranks
// 0-5 and 8, implicit and broadcast_dimensions broadcasting, transposing
// broadcast_in_dim, views with dimensions of size 1 broadcast right away
// (move_gen_test.go), contractions (matmul with batch broadcasting and
// rank-1 operands, dot_general, einsum of 2-3 operands, tosa.matmul with
// zero points: contract_gen_test.go; their float operands have full
// significands, their results are compared exactly, as codegen and eval
// sum K in one order with one fused multiply-add per term), dynamic
// dimensions and one or two results; one in
// five of the others has rows of 20-170 elements (the vector loops'
// prologues and epilogues, threads, non-temporal stores); one in eight is
// a private function called by its entry point; one in twelve computes
// on scalars passed by value (arith's ops, scalar results through
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
// programs of the bugs found so far.
//
// All programs form one module. Builds, two compilations at a time (the C
// drivers, test code, compiled once each at -O0): clang -O2 with
// run-time checks and the C driver under UndefinedBehaviorSanitizer;
// clang-19 -O2 with checks off on the module after the pipeline below
// (ir.Check after every pass), nests of 16+ elements on threads and
// outputs of 256+ bytes stored non-temporally (only successful calls are
// made and compared); every sixth program and half of those with long
// rows under AddressSanitizer with leak detection, threads and
// non-temporal stores from 64 bytes. opt-14 and opt-19 verify the modules.
//
// Tolerance: integers and i1 exactly. Floats of programs without an
// approximate op (a kernel not in exactKernels: exp, log, tanh, pow,
// math's libm functions; float sums and products) exactly, since + - * /
// fmod sqrt max min and conversions are correctly rounded in both (f16
// and bf16 computed in f32 and rounded per op equal one rounding of the
// exact result, 24 >= 2*11+2 bits). With an approximate op, libm and Go's
// math may differ by an ulp, amplified by the ops after it: |got-want| <=
// tol*max(|want|, 1) with tol 1e-9 for f64, 1e-5 for f32, 2e-2 for f16
// and bf16 (and the generator never feeds such a value to a
// discontinuous op: a comparison, a rounding, a conversion to an integer,
// a remainder, a divisor). NaN matches NaN (any payload), -0 matches +0,
// infinities match exactly.
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
	"github.com/tirc/tirc/eval"
	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/ir/asm"
	"github.com/tirc/tirc/passes"
)

// pipeline runs before the checks-off lowering.
const pipeline = "builtin.module(infer-shapes,func.func(canonicalize,materialize-broadcasts,cse,dce))"

// numPrograms is the number of random programs; TIRC_NATIVE_PROGRAMS=n
// makes a short run (exploring), whose coverage is only logged.
var numPrograms = 330

func shortRun() bool { return os.Getenv("TIRC_NATIVE_PROGRAMS") != "" }

func init() {
	if n, err := strconv.Atoi(os.Getenv("TIRC_NATIVE_PROGRAMS")); err == nil && n > 0 {
		numPrograms = n
	}
}

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
		base[k] = a.data(rng, a.v.shape)
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
	for _, in := range resized(rng, p, base) {
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
					in[k] = a.data(rng, shape)
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

// resized returns up to two inputs of p with other run-time sizes: every
// dynamic dimension of size s (in any argument, or in one) becomes n.
func resized(rng *rand.Rand, p *program, base []*eval.Tensor) [][]*eval.Tensor {
	var sizes []int64
	for _, a := range p.args {
		for d, s := range a.v.typ.Shape {
			if s == ir.Dynamic {
				sizes = append(sizes, a.v.shape[d])
			}
		}
	}
	var out [][]*eval.Tensor
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
				in[k] = a.data(rng, shape)
			}
		}
		out = append(out, in)
	}
	return out
}

func TestRandomProgramsNative(t *testing.T) {
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
	// The draw counts steer the generator: start from none, whatever
	// other tests of the package drew before, so that a run of this test
	// alone makes the same programs as the whole package's.
	drawn, contractsDrawn = map[string]int{}, map[string]int{}
	progs, src := generatePrograms(t, rng)
	m, d := asm.ParseString(src, asm.ParseOptions{})
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
	asanProgs := emitModules(t, dir, m, src, progs)
	t.Logf("generated and emitted in %v", time.Since(start).Round(time.Millisecond))
	runBuilds(t, dir, progs, asanProgs)
	t.Logf("total %v", time.Since(start).Round(time.Millisecond))
}

// generatePrograms makes the test's programs (one in twelve on scalars,
// one in five of the others with long rows) and the module's text, with
// the regressions' programs.
func generatePrograms(t *testing.T, rng *rand.Rand) ([]*program, string) {
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
			p = generate(rng, fmt.Sprintf("f%d", len(progs)), rng.IntN(5) == 0)
		}
		m, d := asm.ParseString(p.text, asm.ParseOptions{})
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
	return progs, src.String()
}

// emitModules writes the modules of the builds into dir: checks.ll (run-
// time checks on),
// nochecks.ll (the module after the optimizing pipeline, ir.Check after
// every pass, threads from 16 elements, non-temporal stores from 256
// bytes) and asan.ll (every sixth program and half of those with long rows,
// for AddressSanitizer, threads and non-temporal stores from 64), with
// the C header and drivers. It returns asan.ll's programs.
func emitModules(t *testing.T, dir string, m *ir.Module, src string, progs []*program) []*program {
	os.WriteFile(filepath.Join(dir, "progs.mlir"), []byte(src), 0o644)
	opt, d := asm.ParseString(src, asm.ParseOptions{})
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
	var asanProgs []*program
	var asanSrc strings.Builder
	for i, p := range progs {
		if i%6 == 0 || p.long && i%2 == 0 {
			asanProgs = append(asanProgs, p)
			asanSrc.WriteString(p.text)
		}
	}
	am, d := asm.ParseString(asanSrc.String(), asm.ParseOptions{})
	if d != nil {
		t.Fatal(d)
	}
	for _, b := range []struct {
		name string
		mod  *ir.Module
		set  func(o *codegen.Options)
	}{
		{"checks.ll", m, func(o *codegen.Options) {}},
		{"nochecks.ll", opt, func(o *codegen.Options) { o.Checks, o.ParallelMin, o.NonTemporalMin = false, 16, 256 }},
		// ASan instruments tirc's functions too, not only the driver
		{"asan.ll", am, func(o *codegen.Options) { o.SanitizeAddress, o.ParallelMin, o.NonTemporalMin = true, 64, 64 }},
	} {
		opts := codegen.DefaultOptions()
		b.set(&opts)
		ll, ds := codegen.Emit(b.mod, opts)
		if ds.HasErrors() {
			var w bytes.Buffer
			ds.Render(&w)
			t.Fatalf("codegen %s: %s", b.name, w.String())
		}
		checkPaths(t, b.name, string(ll))
		os.WriteFile(filepath.Join(dir, b.name), ll, 0o644)
	}
	hdr, ds := cabi.EmitCHeader(m)
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	os.WriteFile(filepath.Join(dir, "progs.h"), hdr, 0o644)
	os.WriteFile(filepath.Join(dir, "driver.c"), []byte(driver(progs)), 0o644)
	os.WriteFile(filepath.Join(dir, "driver_asan.c"), []byte(driver(asanProgs)), 0o644)
	return asanProgs
}

// checkPaths fails when a module barely reaches the code paths its build
// is for: the fast entry of static programs (codegen/fastentry.go) with
// checks on, the non-temporal loops (codegen/nontemporal.go, which
// evaluate the nest's tree on vectors) under ASan.
func checkPaths(t *testing.T, name, ll string) {
	switch name {
	case "checks.ll":
		if fast := strings.Count(ll, "define internal i32 @f"); fast < 10 && !shortRun() {
			t.Errorf("%s: only %d programs got a fast entry; the fast path is barely tested", name, fast)
		} else {
			t.Logf("%s: %d programs with a fast entry", name, fast)
		}
	case "asan.ll":
		if nt := strings.Count(ll, "!nontemporal !"); nt < 20 && !shortRun() {
			t.Errorf("%s: only %d non-temporal stores; the non-temporal loop is barely tested", name, nt)
		} else {
			t.Logf("%s: %d non-temporal stores", name, nt)
		}
	}
}

// runBuilds compiles and runs the modules, two compilations at a time,
// and compares their output with the calls' expectations. Three builds
// (the two generators this test replaced made seven): checks on with
// clang (14); checks off with clang-19 -O2 (or clang when it is
// missing); and the AddressSanitizer subset. Their C drivers are test
// code, compiled once each without optimization (what takes clang long
// is the one main function of every call, not the module), under
// UndefinedBehaviorSanitizer (the checks-on and checks-off builds share
// it) or AddressSanitizer, whose instrumentation does not depend on -O.
// opt-14 and opt-19 verify the modules.
func runBuilds(t *testing.T, dir string, progs, asanProgs []*program) {
	ubsan := &driverObj{src: "driver.c", flags: []string{"-O0", "-fsanitize=undefined", "-fno-sanitize-recover=all"}, link: []string{"-fsanitize=undefined"}}
	asan := &driverObj{src: "driver_asan.c", flags: []string{"-O0", "-g", "-fsanitize=address"}, link: []string{"-fsanitize=address"}}
	builds := []nativeBuild{{"clang", "clang", "checks.ll", true, []string{"-O2"}, ubsan, progs, true}}
	cc := "clang"
	if requireTool(t, "clang-19") {
		cc = "clang-19"
	}
	builds = append(builds, nativeBuild{"clang", cc, "nochecks.ll", false, []string{"-O2"}, ubsan, progs, true})
	builds = append(builds, nativeBuild{"clang", "clang", "asan.ll", true, []string{"-O1", "-g", "-fsanitize=address"}, asan, asanProgs, false})
	if requireTool(t, "opt-14") {
		builds = append(builds, nativeBuild{"opt", "opt-14", "checks.ll", true, nil, nil, nil, false}, nativeBuild{"opt", "opt-14", "nochecks.ll", false, nil, nil, nil, false})
	}
	if requireTool(t, "opt-19") {
		builds = append(builds, nativeBuild{"opt", "opt-19", "checks.ll", true, nil, nil, nil, false})
	}
	sem := make(chan bool, 2) // held while a process runs
	run := func(f func()) {
		sem <- true
		defer func() { <-sem }()
		f()
	}
	var wg sync.WaitGroup
	for _, d := range []*driverObj{ubsan, asan} {
		d.done = make(chan struct{})
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer close(d.done)
			run(func() { d.compile(dir) })
		}()
	}
	outs := make([]buildOutcome, len(builds))
	for i, b := range builds {
		wg.Add(1)
		go func() {
			defer wg.Done()
			outs[i] = b.run(dir, i, run)
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
}

// nativeBuild is one module compiled and linked with its driver and run,
// or verified by opt.
type nativeBuild struct {
	tool       string // opt or clang
	cc, ll     string
	checks     bool
	flags      []string // compiling the module
	driver     *driverObj
	progs      []*program
	matchWhere bool // messages name the ops of the whole module
}

// driverObj is a C driver compiled once for the builds that link it.
type driverObj struct {
	src   string
	flags []string // compiling it
	link  []string // linking a program with it (the sanitizer's run time)
	obj   string
	err   string
	done  chan struct{} // closed when compiled
}

func (d *driverObj) compile(dir string) {
	d.obj = filepath.Join(dir, strings.TrimSuffix(d.src, ".c")+".o")
	args := append(slices.Clone(d.flags), "-Werror", "-I"+dir, "-c", filepath.Join(dir, d.src), "-o", d.obj)
	if out, err := exec.Command("clang", args...).CombinedOutput(); err != nil {
		d.err = fmt.Sprintf("clang %s: %v\n%s", strings.Join(args, " "), err, tail(string(out)))
	}
}

type buildOutcome struct {
	b              nativeBuild
	err            string
	stdout, stderr string
	dur            time.Duration
}

// run compiles the module, links it with its driver (once that is
// compiled) and runs the program; run holds a slot of the processes
// running at a time around f.
func (b nativeBuild) run(dir string, i int, run func(f func())) (o buildOutcome) {
	t0 := time.Now()
	o.b = b
	defer func() { o.dur = time.Since(t0) }()
	if b.tool == "opt" {
		run(func() {
			if out, err := exec.Command(b.cc, "-passes=verify", filepath.Join(dir, b.ll), "-o", os.DevNull).CombinedOutput(); err != nil {
				o.err = fmt.Sprintf("%s -passes=verify %s: %v\n%s", b.cc, b.ll, err, out)
			}
		})
		return o
	}
	obj := filepath.Join(dir, fmt.Sprintf("prog%d.o", i))
	exe := filepath.Join(dir, fmt.Sprintf("prog%d", i))
	compile := func(cc string, args ...string) bool {
		run(func() {
			if out, err := exec.Command(cc, args...).CombinedOutput(); err != nil {
				o.err = fmt.Sprintf("%s %s: %v\n%s", cc, strings.Join(args, " "), err, tail(string(out)))
			}
		})
		return o.err == ""
	}
	if !compile(b.cc, append(slices.Clone(b.flags), "-Werror", "-c", filepath.Join(dir, b.ll), "-o", obj)...) {
		return o
	}
	if <-b.driver.done; b.driver.err != "" {
		o.err = b.driver.err
		return o
	}
	// clang (14) links, as it compiled the driver: its sanitizer's run time.
	if !compile("clang", append(slices.Clone(b.driver.link), obj, b.driver.obj, "-o", exe, "-lm", "-lgomp")...) {
		return o
	}
	run(func() {
		cmd := exec.Command(exe, map[bool]string{true: "1", false: "0"}[b.checks])
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		// three threads: uneven shares of the rows
		cmd.Env = append(os.Environ(), "ASAN_OPTIONS=detect_leaks=1", "OMP_NUM_THREADS=3")
		if err := cmd.Run(); err != nil {
			o.err = fmt.Sprintf("%s (%s): %v\nstdout:\n%s\nstderr:\n%s", exe, o.b.cc, err, tail(stdout.String()), tail(stderr.String()))
		}
		o.stdout, o.stderr = stdout.String(), stderr.String()
	})
	return o
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
		if elems[e.String()] == 0 && !shortRun() {
			t.Errorf("no argument of element type %s", e)
		}
	}
	// Every registered op codegen lowers runs natively against eval:
	// the tables' rows of every dialect, data movement included.
	missing, left := checkOpCoverage(ops)
	if len(missing) > 0 && shortRun() {
		t.Logf("coverage of a short run: %d registered ops were not drawn: %s", len(missing), strings.Join(missing, ", "))
	} else if len(missing) > 0 {
		t.Errorf("coverage: %d registered ops were not drawn: %s", len(missing), strings.Join(missing, ", "))
	}
	t.Logf("not drawn (no semantics, or control flow with programs of its own): %s", strings.Join(left, ", "))
	t.Logf("contractions by element types: %v", contractsDrawn)
	checkUnlowered(t)
	long := 0
	for _, p := range progs {
		if p.long {
			long++
		}
	}
	if long < numPrograms/10 && !shortRun() {
		t.Errorf("coverage: only %d programs with long rows", long)
	}
	if (ranks[8] == 0 || dyn == 0 || zero == 0 || failing == 0 || resized == 0 || scalars == 0 || ops["func.call"] == 0) && !shortRun() {
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
