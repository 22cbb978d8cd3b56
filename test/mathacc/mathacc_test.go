// Package mathacc_test measures the accuracy of tirc's math lowering
// against SPEC §7 "Math accuracy": for every row (an op spelling and an
// element type) it runs the compiled op natively on 2^20 points spanning
// the whole domain, plus every pair of special values, and compares each
// result with a more precise reference: Go's float64 math for f32
// results, NumPy's longdouble (80-bit on x86) for f64 results. It asserts
// the row's ulp bound and prints the max ulp error and the share of
// correctly rounded results per row.
//
// Everything runs once: one MLIR module with a function per row, one
// clang, one native process, one Python process.
package mathacc_test

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tirc/tirc/codegen"
	_ "github.com/tirc/tirc/dialect"
	"github.com/tirc/tirc/ir"
)

// points is the number of random points per row (the special values come
// on top).
const points = 1 << 20

// fn is one math function under test: its op spelling, the reference for
// f32 results (Go's float64 math) and for f64 results (a NumPy expression
// over the longdouble arrays x and y), the point generator and the SPEC
// bounds in ulp.
type fn struct {
	op       string // "math.exp"
	arity    int
	goRef    func(x, y float64) float64
	pyRef    string // "np.exp(x)"
	gen      gen
	ulp32    float64
	ulp64    float64
	specials [][2]float64 // extra exact cases beyond the shared special values
}

// gen draws one point (y is ignored by unary functions); f32 says that
// the values will be rounded to float32.
type gen func(r *rand.Rand, f32 bool) (x, y float64)

// funcs is the table. Other math functions add rows here.
var funcs = []fn{
	{op: "math.exp", arity: 1, goRef: un(math.Exp), pyRef: "np.exp(x)", ulp32: 1, ulp64: 1,
		gen: expGen(math.E)},
	{op: "math.log", arity: 1, goRef: un(math.Log), pyRef: "np.log(x)", ulp32: 1, ulp64: 1,
		gen: logGen},
}

func un(f func(float64) float64) func(x, y float64) float64 {
	return func(x, _ float64) float64 { return f(x) }
}

// part is one weighted source of points in a mix.
type part struct {
	w float64
	g func(r *rand.Rand, f32 bool) float64
}

// mix draws x from the parts by weight.
func mix(ps ...part) func(r *rand.Rand, f32 bool) float64 {
	total := 0.0
	for _, p := range ps {
		total += p.w
	}
	return func(r *rand.Rand, f32 bool) float64 {
		u := r.Float64() * total
		for _, p := range ps {
			if u < p.w {
				return p.g(r, f32)
			}
			u -= p.w
		}
		return ps[len(ps)-1].g(r, f32)
	}
}

func unary(ps ...part) gen {
	m := mix(ps...)
	return func(r *rand.Rand, f32 bool) (float64, float64) { return m(r, f32), 0 }
}

// anyBits is a random bit pattern: every exponent (subnormals, inf and NaN
// included) equally likely.
func anyBits(r *rand.Rand, f32 bool) float64 {
	if f32 {
		return float64(math.Float32frombits(r.Uint32()))
	}
	return math.Float64frombits(r.Uint64())
}

// posBits is anyBits with the sign bit clear.
func posBits(r *rand.Rand, f32 bool) float64 { return math.Abs(anyBits(r, f32)) }

// subnormal is a random positive subnormal.
func subnormal(r *rand.Rand, f32 bool) float64 {
	if f32 {
		return float64(math.Float32frombits(r.Uint32N(1<<23-1) + 1))
	}
	return math.Float64frombits(r.Uint64N(1<<52-1) + 1)
}

// uniform is uniform in [lo, hi].
func uniform(lo, hi float64) func(*rand.Rand, bool) float64 {
	return func(r *rand.Rand, _ bool) float64 { return lo + r.Float64()*(hi-lo) }
}

// logUniform is |v| log-uniform in [lo, hi], negative too unless pos.
func logUniform(lo, hi float64, pos bool) func(*rand.Rand, bool) float64 {
	return func(r *rand.Rand, _ bool) float64 {
		v := math.Exp(math.Log(lo) + r.Float64()*(math.Log(hi)-math.Log(lo)))
		if !pos && r.IntN(2) == 0 {
			v = -v
		}
		return v
	}
}

// around is c*(1+u), u uniform in [-rel, rel]: dense near a threshold.
func around(c, rel float64) func(*rand.Rand, bool) float64 {
	return func(r *rand.Rand, _ bool) float64 { return c * (1 + rel*(2*r.Float64()-1)) }
}

// byType picks the f32 or the f64 generator.
func byType(g32, g64 func(*rand.Rand, bool) float64) func(*rand.Rand, bool) float64 {
	return func(r *rand.Rand, f32 bool) float64 {
		if f32 {
			return g32(r, f32)
		}
		return g64(r, f32)
	}
}

// expGen is the generator of b^x (b = e, 2 or 10): all bit patterns, the
// finite range, dense near the overflow, subnormal and zero thresholds,
// and tiny |x|.
func expGen(base float64) gen {
	lb := math.Log2(base)
	// thresholds in x: overflow, smallest normal, smallest subnormal
	th := func(e2 float64) float64 { return e2 / lb }
	return unary(
		part{0.2, anyBits},
		part{0.4, byType(uniform(th(-152), th(130)), uniform(th(-1078), th(1026)))},
		part{0.08, byType(around(th(128), 1e-3), around(th(1024), 1e-4))},
		part{0.08, byType(around(th(-126), 1e-3), around(th(-1022), 1e-4))},
		part{0.08, byType(around(th(-149), 1e-3), around(th(-1074), 1e-4))},
		part{0.16, logUniform(0x1p-70, 1, false)},
	)
}

// logGen is the generator of the logarithms: all bit patterns (half of
// them positive), subnormals, near 1, and [0.5, 2].
var logGen = unary(
	part{0.1, anyBits},
	part{0.4, posBits},
	part{0.1, subnormal},
	part{0.15, func(r *rand.Rand, f32 bool) float64 { return 1 + logUniform(0x1p-60, 0x1p-4, false)(r, f32) }},
	part{0.25, uniform(0.5, 2)},
)

// sharedSpecials are the special inputs every row gets (all pairs of them
// for binary functions).
func sharedSpecials(f32 bool) []float64 {
	big, tiny, minNorm := math.MaxFloat64, math.SmallestNonzeroFloat64, 0x1p-1022
	if f32 {
		big, tiny, minNorm = math.MaxFloat32, math.SmallestNonzeroFloat32, 0x1p-126
	}
	vs := []float64{0, 1, 0.5, 2, 3, 10, tiny, minNorm, minNorm - tiny, big, math.Inf(1), 1e-8}
	var out []float64
	for _, v := range vs {
		out = append(out, v, -v)
	}
	return append(out, math.NaN())
}

// row is one function at one element type, with its points and results.
type row struct {
	f      fn
	f32    bool
	name   string
	x, y   []float64
	got    []float64
	err    []float64 // ulp error of got
	ref    []float64 // the reference rounded to the element type
	nspecs int
}

func (rw *row) elem() string {
	if rw.f32 {
		return "f32"
	}
	return "f64"
}

func newRow(f fn, f32 bool, seed uint64) *row {
	rw := &row{f: f, f32: f32}
	rw.name = strings.ReplaceAll(f.op, ".", "_") + "_" + rw.elem()
	rnd := func(v float64) float64 {
		if f32 {
			return float64(float32(v))
		}
		return v
	}
	sp := sharedSpecials(f32)
	for _, a := range sp {
		if f.arity == 1 {
			rw.x, rw.y = append(rw.x, a), append(rw.y, 0)
			continue
		}
		for _, b := range sp {
			rw.x, rw.y = append(rw.x, a), append(rw.y, b)
		}
	}
	for _, s := range f.specials {
		rw.x, rw.y = append(rw.x, rnd(s[0])), append(rw.y, rnd(s[1]))
	}
	rw.nspecs = len(rw.x)
	r := rand.New(rand.NewPCG(seed, 33))
	rw.x, rw.y = slices.Grow(rw.x, points), slices.Grow(rw.y, points)
	for range points {
		a, b := f.gen(r, f32)
		rw.x, rw.y = append(rw.x, rnd(a)), append(rw.y, rnd(b))
	}
	return rw
}

// module is the MLIR module with one function per row.
func module(rows []*row) string {
	var b strings.Builder
	for _, rw := range rows {
		t := "tensor<?x" + rw.elem() + ">"
		if rw.f.arity == 1 {
			fmt.Fprintf(&b, "func.func @%s(%%x: %s) -> %s {\n  %%r = %s %%x : %s\n  return %%r : %s\n}\n", rw.name, t, t, rw.f.op, t, t)
		} else {
			fmt.Fprintf(&b, "func.func @%s(%%x: %s, %%y: %s) -> %s {\n  %%r = %s %%x, %%y : %s\n  return %%r : %s\n}\n", rw.name, t, t, t, rw.f.op, t, t)
		}
	}
	return b.String()
}

// driver is the C program that reads every row's inputs from argv[1],
// calls its function and writes the results to argv[2].
func driver(rows []*row) string {
	var b strings.Builder
	b.WriteString(`#include <stdio.h>
#include <stdlib.h>
#include "acc.h"
static void *rd(FILE *f, size_t sz, int64_t n) {
  void *p = malloc(sz * n);
  if (!p || fread(p, sz, n, f) != (size_t)n) exit(3);
  return p;
}
int main(int argc, char **argv) {
  if (argc != 3) return 2;
  FILE *in = fopen(argv[1], "rb"), *out = fopen(argv[2], "wb");
  if (!in || !out) return 2;
`)
	for _, rw := range rows {
		c, sz := "double", 8
		if rw.f32 {
			c, sz = "float", 4
		}
		n := len(rw.x)
		fmt.Fprintf(&b, "  {\n    int64_t n = %d;\n", n)
		fmt.Fprintf(&b, "    %s *x = rd(in, %d, n), *y = %s, *r = malloc(%d * n);\n", c, sz,
			map[bool]string{true: fmt.Sprintf("rd(in, %d, n)", sz), false: "x"}[rw.f.arity == 2], sz)
		fmt.Fprintf(&b, "    tirc_desc_%s_1d dx = {x, x, 0, {n}, {1}}, dy = {y, y, 0, {n}, {1}}, dr = {r, r, 0, {n}, {1}};\n", rw.elem())
		args := "&dx, &dr"
		if rw.f.arity == 2 {
			args = "&dx, &dy, &dr"
		}
		fmt.Fprintf(&b, "    (void)dy;\n    if (%s(%s) != 0) return 1;\n", rw.name, args)
		fmt.Fprintf(&b, "    if (fwrite(r, %d, n, out) != (size_t)n) return 3;\n    free(x); if (y != x) free(y); free(r);\n  }\n", sz)
	}
	b.WriteString("  return fclose(out) != 0;\n}\n")
	return b.String()
}

// writeVals appends vs in the row's element type.
func writeVals(buf *bytes.Buffer, vs []float64, f32 bool) {
	var b [8]byte
	for _, v := range vs {
		if f32 {
			binary.LittleEndian.PutUint32(b[:], math.Float32bits(float32(v)))
			buf.Write(b[:4])
		} else {
			binary.LittleEndian.PutUint64(b[:], math.Float64bits(v))
			buf.Write(b[:])
		}
	}
}

// readVals reads n values of the element type from data.
func readVals(data []byte, n int, f32 bool) ([]float64, []byte) {
	out := make([]float64, n)
	for i := range out {
		if f32 {
			out[i] = float64(math.Float32frombits(binary.LittleEndian.Uint32(data[4*i:])))
		} else {
			out[i] = math.Float64frombits(binary.LittleEndian.Uint64(data[8*i:]))
		}
	}
	sz := 8
	if f32 {
		sz = 4
	}
	return out, data[n*sz:]
}

func requireTool(t *testing.T, ok bool, what string) bool {
	t.Helper()
	if !ok {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is needed (run `make deps`)", what)
		}
		t.Skipf("%s not found: skipped", what)
	}
	return ok
}

func TestMathAccuracy(t *testing.T) {
	_, err := exec.LookPath("clang")
	requireTool(t, err == nil, "clang")
	requireTool(t, exec.Command("/usr/bin/python3", "-c", "import numpy").Run() == nil, "/usr/bin/python3 with numpy")
	start := time.Now()
	var phases []string
	phase := func(name string) {
		phases = append(phases, fmt.Sprintf("%s %.1fs", name, time.Since(start).Seconds()))
		start = time.Now()
	}
	rows := make([]*row, 2*len(funcs))
	parallel(len(rows), func(i int) { rows[i] = newRow(funcs[i/2], i%2 == 0, uint64(i)) })
	phase("points")
	dir := t.TempDir()
	got := runNative(t, dir, rows, phase)
	for _, rw := range rows {
		rw.got, got = readVals(got, len(rw.x), rw.f32)
	}
	parallel(len(rows), func(k int) {
		rw := rows[k]
		if !rw.f32 {
			return
		}
		rw.err, rw.ref = make([]float64, len(rw.x)), make([]float64, len(rw.x))
		for i := range rw.x {
			ref := rw.f.goRef(rw.x[i], rw.y[i])
			rw.err[i], rw.ref[i] = ulpErr32(rw.got[i], ref), float64(float32(ref))
		}
	})
	phase("f32 references")
	pyRefs(t, dir, rows)
	phase("f64 references")
	report(t, rows)
	t.Logf("times: %s", strings.Join(phases, ", "))
}

// parallel runs f(0..n-1) on GOMAXPROCS goroutines.
func parallel(n int, f func(i int)) {
	var wg sync.WaitGroup
	next := make(chan int)
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				f(i)
			}
		}()
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
}

// runNative emits the module, compiles it with the driver and returns
// the results of all rows, in order.
func runNative(t *testing.T, dir string, rows []*row, phase func(string)) []byte {
	m, d := ir.ParseString(module(rows), ir.ParseOptions{})
	if d != nil {
		t.Fatal(d)
	}
	if ds := ir.Verify(m, ir.VerifyOptions{}); ds.HasErrors() {
		t.Fatal(ds)
	}
	ll, ds := codegen.Emit(m, codegen.DefaultOptions())
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	hdr, ds := codegen.EmitCHeader(m)
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	var in bytes.Buffer
	size := 0
	for _, rw := range rows {
		size += 8 * len(rw.x) * rw.f.arity
	}
	in.Grow(size)
	for _, rw := range rows {
		writeVals(&in, rw.x, rw.f32)
		if rw.f.arity == 2 {
			writeVals(&in, rw.y, rw.f32)
		}
	}
	files := map[string][]byte{"acc.ll": ll, "acc.h": hdr, "main.c": []byte(driver(rows)), "in.bin": in.Bytes()}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	phase("emit")
	exe := filepath.Join(dir, "acc")
	if out, err := exec.Command("clang", "-O3", "-I"+dir, filepath.Join(dir, "acc.ll"), filepath.Join(dir, "main.c"), "-o", exe, "-lm").CombinedOutput(); err != nil {
		t.Fatalf("clang: %v\n%s", err, out)
	}
	phase("clang")
	if out, err := exec.Command(exe, filepath.Join(dir, "in.bin"), filepath.Join(dir, "out.bin")).CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", exe, err, out)
	}
	phase("run")
	out, err := os.ReadFile(filepath.Join(dir, "out.bin"))
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// ulpErr32 is the error of the f32 result got against the exact value ref
// (a float64) in ulp of ref's f32 binade; 0 when got is ref's rounding
// and ref is NaN, an infinity or a zero of got's sign, +Inf when they
// disagree on those.
func ulpErr32(got, ref float64) float64 {
	want := float64(float32(ref))
	if math.IsNaN(got) || math.IsNaN(want) {
		if math.IsNaN(got) && math.IsNaN(want) {
			return 0
		}
		return math.Inf(1)
	}
	if got == want && math.Signbit(got) == math.Signbit(want) {
		return 0
	}
	if math.IsInf(got, 0) || math.IsInf(ref, 0) || (got == 0 && want == 0) {
		return math.Inf(1)
	}
	_, e := math.Frexp(ref) // |ref| in [2^(e-1), 2^e)
	e = min(max(e, -125), 128)
	return math.Abs(got-ref) / math.Ldexp(1, e-24)
}

// pyScript computes, for each f64 row, the longdouble reference and the
// ulp error of the results, writing err and the rounded reference.
const pyScript = `
import sys, json
import numpy as np
ld = np.longdouble
assert np.finfo(ld).nmant >= 63, "numpy.longdouble is not 80-bit or wider"
rows = json.load(open(sys.argv[1]))
out = open(sys.argv[2], "wb")
np.seterr(all="ignore")
for r in rows:
    n = r["n"]
    x = np.fromfile(r["x"], dtype=np.float64).astype(ld)
    y = np.fromfile(r["y"], dtype=np.float64).astype(ld) if r["arity"] == 2 else x
    got = np.fromfile(r["got"], dtype=np.float64)
    ref = eval(r["expr"])
    want = ref.astype(np.float64)
    _, e = np.frexp(ref)
    e = np.clip(e, -1021, 1024)
    err = (np.abs(got.astype(ld) - ref) / np.ldexp(ld(1), e - 53)).astype(np.float64)
    gn, wn = np.isnan(got), np.isnan(want)
    special = gn | wn | np.isinf(got) | np.isinf(ref) | ((got == 0) & (want == 0))
    same = (gn & wn) | ((got == want) & (np.signbit(got) == np.signbit(want)))
    err = np.where(same, 0.0, np.where(special, np.inf, err))
    err.tofile(out)
    want.tofile(out)
out.close()
`

type pyRow struct {
	N     int    `json:"n"`
	Arity int    `json:"arity"`
	Expr  string `json:"expr"`
	X     string `json:"x"`
	Y     string `json:"y"`
	Got   string `json:"got"`
}

// pyRefs fills err and ref of the f64 rows with one Python process.
func pyRefs(t *testing.T, dir string, rows []*row) {
	var specs []string
	var f64 []*row
	for _, rw := range rows {
		if rw.f32 {
			continue
		}
		f64 = append(f64, rw)
		base := filepath.Join(dir, rw.name)
		for suffix, vs := range map[string][]float64{".x": rw.x, ".y": rw.y, ".got": rw.got} {
			var buf bytes.Buffer
			writeVals(&buf, vs, false)
			if err := os.WriteFile(base+suffix, buf.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		specs = append(specs, fmt.Sprintf(`{"n": %d, "arity": %d, "expr": %q, "x": %q, "y": %q, "got": %q}`,
			len(rw.x), rw.f.arity, rw.f.pyRef, base+".x", base+".y", base+".got"))
	}
	spec := filepath.Join(dir, "rows.json")
	if err := os.WriteFile(spec, []byte("["+strings.Join(specs, ",\n")+"]"), 0o644); err != nil {
		t.Fatal(err)
	}
	outPath := filepath.Join(dir, "ref.bin")
	if out, err := exec.Command("/usr/bin/python3", "-c", pyHelpers+pyScript, spec, outPath).CombinedOutput(); err != nil {
		t.Fatalf("python3: %v\n%s", err, out)
	}
	data, err := os.ReadFile(outPath)
	if err != nil {
		t.Fatal(err)
	}
	for _, rw := range f64 {
		rw.err, data = readVals(data, len(rw.x), false)
		rw.ref, data = readVals(data, len(rw.x), false)
	}
}

// report checks each row against its bound and logs the table.
func report(t *testing.T, rows []*row) {
	var tab strings.Builder
	fmt.Fprintf(&tab, "\n| op | type | points | max ulp | correctly rounded | bound |\n|---|---|---|---|---|---|\n")
	for _, rw := range rows {
		bound := rw.f.ulp64
		if rw.f32 {
			bound = rw.f.ulp32
		}
		worst, at, exact := 0.0, 0, 0
		for i, e := range rw.err {
			if e > worst || math.IsNaN(e) {
				worst, at = e, i
			}
			if rw.got[i] == rw.ref[i] || (math.IsNaN(rw.got[i]) && math.IsNaN(rw.ref[i])) {
				exact++
			}
		}
		fmt.Fprintf(&tab, "| %s | %s | %d | %.3f | %.4f%% | %g |\n", rw.f.op, rw.elem(), len(rw.err), worst, 100*float64(exact)/float64(len(rw.err)), bound)
		if !(worst <= bound) {
			fy := ""
			if rw.f.arity == 2 {
				fy = fmt.Sprintf(", y = %v", rw.y[at])
			}
			t.Errorf("%s %s: %.3g ulp at x = %v%s: got %v, want %v (bound %g ulp)", rw.f.op, rw.elem(), worst, rw.x[at], fy, rw.got[at], rw.ref[at], bound)
		}
	}
	t.Log(tab.String())
}
