package mathacc_test

import (
	"bufio"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tirc/tirc/codegen"
	"github.com/tirc/tirc/codegen/cabi"
	_ "github.com/tirc/tirc/dialect"
	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/ir/asm"
)

// row is one function at one element type: where its points and results
// sit in the input and output files, and its statistics.
type row struct {
	f       fn
	f32     bool
	name    string
	n       int    // points, special values included
	in      []byte // x then y (binary functions), little endian; f32 rows only once written
	inOff   int64  // offset of x in the input file
	outOff  int64  // offset of the results in the output file
	st      stats
	elemSiz int
}

// stats is what a row measured: the largest ulp error (NaN when a special
// value is wrong) and where, and how many results are correctly rounded.
type stats struct {
	Max       float64
	At, Exact int
	X, Y      float64
	Got, Want float64
}

func (rw *row) elem() string {
	if rw.f32 {
		return "f32"
	}
	return "f64"
}

// put stores v at index i of the values starting at off in buf.
func (rw *row) put(buf []byte, i int, v float64) {
	if rw.f32 {
		binary.LittleEndian.PutUint32(buf[4*i:], math.Float32bits(float32(v)))
	} else {
		binary.LittleEndian.PutUint64(buf[8*i:], math.Float64bits(v))
	}
}

// get reads index i of the values in buf.
func (rw *row) get(buf []byte, i int) float64 {
	if rw.f32 {
		return float64(math.Float32frombits(binary.LittleEndian.Uint32(buf[4*i:])))
	}
	return math.Float64frombits(binary.LittleEndian.Uint64(buf[8*i:]))
}

// newRow generates the row's points: every special value (every pair of
// them for binary functions) and the function's own, then random ones.
func newRow(f fn, f32 bool) *row {
	rw := &row{f: f, f32: f32, elemSiz: 8}
	if f32 {
		rw.elemSiz = 4
	}
	rw.name = strings.ReplaceAll(f.op, ".", "_") + "_" + rw.elem()
	var xs, ys []float64
	sp := sharedSpecials(f32)
	for _, a := range sp {
		if f.arity == 1 {
			xs, ys = append(xs, a), append(ys, 0)
			continue
		}
		for _, b := range sp {
			xs, ys = append(xs, a), append(ys, b)
		}
	}
	for _, s := range f.specials {
		xs, ys = append(xs, s[0]), append(ys, s[1])
	}
	rw.n = len(xs) + points
	rw.in = make([]byte, rw.n*rw.elemSiz*f.arity)
	y := rw.in[rw.n*rw.elemSiz:]
	for i := range xs {
		rw.put(rw.in, i, xs[i])
		if f.arity == 2 {
			rw.put(y, i, ys[i])
		}
	}
	h := fnv.New64a()
	h.Write([]byte(rw.name)) // the same points whichever rows run
	r := rand.New(rand.NewPCG(h.Sum64(), 33))
	for i := len(xs); i < rw.n; i++ {
		a, b := f.gen(r, f32)
		rw.put(rw.in, i, a)
		if f.arity == 2 {
			rw.put(y, i, b)
		}
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
// calls its function and writes the results to argv[2], row after row.
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
		c := map[bool]string{true: "float", false: "double"}[rw.f32]
		sz := rw.elemSiz
		fmt.Fprintf(&b, "  {\n    int64_t n = %d;\n", rw.n)
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

func requireTool(t *testing.T, ok bool, what string) {
	t.Helper()
	if !ok {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is needed (run `make deps`)", what)
		}
		t.Skipf("%s not found: skipped", what)
	}
}

func TestMathAccuracy(t *testing.T) {
	_, err := exec.LookPath("clang")
	requireTool(t, err == nil, "clang")
	requireTool(t, exec.Command("/usr/bin/python3", "-c", "import numpy").Run() == nil, "/usr/bin/python3 with numpy")
	start, cpu := time.Now(), cpuTime()
	var phases []string
	phase := func(name string) { // wall and CPU time (this process and its children)
		phases = append(phases, fmt.Sprintf("%s %.1fs (cpu %.1fs)", name, time.Since(start).Seconds(), cpuTime()-cpu))
		start, cpu = time.Now(), cpuTime()
	}
	dir := t.TempDir()
	fs := funcs
	if only := os.Getenv("MATHACC_ONLY"); only != "" { // e.g. math.exp,math.log while working on them
		fs = nil
		for _, f := range funcs {
			if slices.Contains(strings.Split(only, ","), f.op) {
				fs = append(fs, f)
			}
		}
	}
	rows := make([]*row, 2*len(fs))
	parallel(len(rows), func(i int) { rows[i] = newRow(fs[i/2], i%2 == 0) })
	writeInputs(t, filepath.Join(dir, "in.bin"), rows)
	phase("points")
	runNative(t, dir, rows, phase)
	out, err := os.Open(filepath.Join(dir, "out.bin"))
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	parallel(len(rows), func(k int) {
		if rows[k].f32 {
			rows[k].st = stats32(rows[k], out)
		}
	})
	phase("f32 references")
	pyStats(t, dir, rows)
	phase("f64 references")
	report(t, rows)
	t.Logf("times: %s", strings.Join(phases, ", "))
}

// writeInputs writes the rows' points one after the other, dropping
// those of the f64 rows (Python reads them from the file).
func writeInputs(t *testing.T, path string, rows []*row) {
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriterSize(f, 1<<20)
	var off, outOff int64
	for _, rw := range rows {
		rw.inOff, rw.outOff = off, outOff
		w.Write(rw.in)
		off += int64(len(rw.in))
		outOff += int64(rw.n * rw.elemSiz)
		if !rw.f32 {
			rw.in = nil
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
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

// runNative emits the module, compiles it with the driver and runs it on
// in.bin, writing out.bin.
func runNative(t *testing.T, dir string, rows []*row, phase func(string)) {
	m, d := asm.ParseString(module(rows), asm.ParseOptions{})
	if d != nil {
		t.Fatal(d)
	}
	if ds := ir.Verify(m, ir.VerifyOptions{}); ds.HasErrors() {
		t.Fatal(ds)
	}
	opts := codegen.DefaultOptions()
	opts.ParallelMin = 0 // one thread: the machine may be busy
	ll, ds := codegen.Emit(m, opts)
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	hdr, ds := cabi.EmitCHeader(m)
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	files := map[string][]byte{"acc.ll": ll, "acc.h": hdr, "main.c": []byte(driver(rows))}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	phase("emit")
	exe := filepath.Join(dir, "acc")
	if out, err := exec.Command("clang", "-O2", "-march=native", "-I"+dir, filepath.Join(dir, "acc.ll"), filepath.Join(dir, "main.c"), "-o", exe, "-lm").CombinedOutput(); err != nil {
		t.Fatalf("clang: %v\n%s", err, out)
	}
	phase("clang")
	if out, err := exec.Command(exe, filepath.Join(dir, "in.bin"), filepath.Join(dir, "out.bin")).CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", exe, err, out)
	}
	phase("run")
}

// stats32 measures an f32 row against Go's float64 math.
func stats32(rw *row, out *os.File) stats {
	got := make([]byte, rw.n*4)
	if _, err := out.ReadAt(got, rw.outOff); err != nil {
		return stats{Max: math.NaN()}
	}
	y := rw.in[rw.n*4:]
	var st stats
	for i := range rw.n {
		x, yv, g := rw.get(rw.in, i), 0.0, rw.get(got, i)
		if rw.f.arity == 2 {
			yv = rw.get(y, i)
		}
		ref := rw.f.goRef(x, yv)
		want := float64(float32(ref))
		if g == want && math.Signbit(g) == math.Signbit(want) || math.IsNaN(g) && math.IsNaN(want) {
			st.Exact++
		}
		if e := ulpErr32(g, ref); e > st.Max || math.IsNaN(e) && !math.IsNaN(st.Max) {
			st = stats{Max: e, At: i, Exact: st.Exact, X: x, Y: yv, Got: g, Want: want}
		}
	}
	rw.in = nil
	return st
}

// ulpErr32 is the error of the f32 result got against the exact value ref
// (a float64) in ulp of ref's f32 binade; for NaN, infinities and zeros
// 0 when got is ref's rounding (the same zero), else +Inf.
func ulpErr32(got, ref float64) float64 {
	want := float64(float32(ref))
	if math.IsNaN(got) || math.IsNaN(want) {
		if math.IsNaN(got) && math.IsNaN(want) {
			return 0
		}
		return math.Inf(1)
	}
	if math.IsInf(got, 0) || math.IsInf(ref, 0) || (got == 0 && want == 0) {
		if got == want && math.Signbit(got) == math.Signbit(want) {
			return 0
		}
		return math.Inf(1)
	}
	_, e := math.Frexp(ref) // |ref| in [2^(e-1), 2^e)
	e = min(max(e, -125), 128)
	return math.Abs(got-ref) / math.Ldexp(1, e-24)
}

// pyScript measures the f64 rows against NumPy's longdouble: for each
// row (a JSON object on argv[1]'s lines) it reads the points from the
// input file and the results from the output file and prints the row's
// stats on a line: max error, where, how many correctly rounded, and the
// worst point's x, y, result and rounded reference. The ulp error is computed in f64 from the
// reference's double-double split (hi, the rounded reference, and lo),
// in longdouble for subnormal results.
const pyScript = `
import sys, json
import numpy as np
ld = np.longdouble
assert np.finfo(ld).nmant >= 63, "numpy.longdouble is not 80-bit or wider"
np.seterr(all="ignore")
inp, outp = sys.argv[2], sys.argv[3]
for line in open(sys.argv[1]):
    r = json.loads(line)
    n = r["n"]
    x64 = np.fromfile(inp, dtype=np.float64, count=n, offset=r["in"])
    y64 = np.fromfile(inp, dtype=np.float64, count=n, offset=r["in"] + 8 * n) if r["arity"] == 2 else x64
    got = np.fromfile(outp, dtype=np.float64, count=n, offset=r["out"])
    x, y = x64.astype(ld), y64.astype(ld)
    exec(r["defs"])
    ref = eval(r["expr"])
    want = ref.astype(np.float64)
    lo = (ref - want.astype(ld)).astype(np.float64)
    _, e = np.frexp(want)
    e = np.clip(e, -1021, 1024)
    ulp = np.ldexp(1.0, e - 53)
    err = np.abs((got - want) - lo) / ulp
    sub = np.nonzero(np.abs(want) < 2.0**-1021)[0]
    err[sub] = (np.abs(got[sub].astype(ld) - ref[sub]) / ld(2.0**-1074)).astype(np.float64)
    gn, wn = np.isnan(got), np.isnan(want)
    special = gn | wn | np.isinf(got) | np.isinf(ref) | ((got == 0) & (want == 0))
    same = (gn & wn) | ((got == want) & (np.signbit(got) == np.signbit(want)))
    err = np.where(special, np.where(same, 0.0, np.inf), err)
    at = int(np.argmax(err))
    ok = same | (~special & (got == want))
    print(*(repr(float(v)) for v in (err[at], at, np.count_nonzero(ok), x64[at], y64[at], got[at], want[at])))
`

// pyStats measures the f64 rows with one Python process.
func pyStats(t *testing.T, dir string, rows []*row) {
	var specs strings.Builder
	var f64 []*row
	for _, rw := range rows {
		if !rw.f32 {
			f64 = append(f64, rw)
			spec, err := json.Marshal(map[string]any{"n": rw.n, "arity": rw.f.arity, "expr": rw.f.pyRef, "defs": rw.f.pyDefs, "in": rw.inOff, "out": rw.outOff})
			if err != nil {
				t.Fatal(err)
			}
			specs.Write(append(spec, '\n'))
		}
	}
	spec := filepath.Join(dir, "rows.jsonl")
	if err := os.WriteFile(spec, []byte(specs.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("/usr/bin/python3", "-c", pyScript, spec, filepath.Join(dir, "in.bin"), filepath.Join(dir, "out.bin")).Output()
	if err != nil {
		msg := ""
		if ee, ok := err.(*exec.ExitError); ok {
			msg = string(ee.Stderr)
		}
		t.Fatalf("python3: %v\n%s", err, msg)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) != len(f64) {
		t.Fatalf("python3 measured %d rows of %d:\n%s", len(lines), len(f64), out)
	}
	for i, rw := range f64 {
		var vs []float64
		for _, f := range strings.Fields(lines[i]) {
			v, err := strconv.ParseFloat(f, 64)
			if err != nil {
				t.Fatalf("python3: %q: %v", lines[i], err)
			}
			vs = append(vs, v)
		}
		if len(vs) != 7 {
			t.Fatalf("python3: %q", lines[i])
		}
		rw.st = stats{Max: vs[0], At: int(vs[1]), Exact: int(vs[2]), X: vs[3], Y: vs[4], Got: vs[5], Want: vs[6]}
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
		st := rw.st
		fmt.Fprintf(&tab, "| %s | %s | %d | %.3f | %.4f%% | %g |\n", rw.f.op, rw.elem(), rw.n, st.Max, 100*float64(st.Exact)/float64(rw.n), bound)
		if !(st.Max <= bound) {
			fy := ""
			if rw.f.arity == 2 {
				fy = fmt.Sprintf(", y = %v", st.Y)
			}
			t.Errorf("%s %s: %.3g ulp at x = %v%s: got %v, want %v (bound %g ulp)", rw.f.op, rw.elem(), st.Max, st.X, fy, st.Got, st.Want, bound)
		}
	}
	t.Log(tab.String())
}
