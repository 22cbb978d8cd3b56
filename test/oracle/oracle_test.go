// Package oracle_test checks that programs written in linalg, tensor and
// scf give the same numbers natively under tirc as under MLIR's own
// lowering of them, which serves as the oracle (issue 37, item 6).
//
// The oracle is mlir-opt-19's pipeline (oraclePipeline): one-shot
// bufferization across function boundaries, linalg to loops, scf to cf,
// then the conversions to the LLVM dialect; mlir-translate-19 makes LLVM
// IR of it and clang-19 compiles it with a C driver that calls each
// function through its llvm.emit_c_interface wrapper (_mlir_ciface_f,
// memref descriptors by pointer, results through the first argument).
// tirc compiles the same functions with -infer-shapes -emit-llvm and the
// same driver calls them through tirc's native ABI (descriptors laid out
// as MLIR's, results allocated by the callee, a status returned).
//
// Both drivers fill every argument with the same deterministic values
// (fill in driver.c), print every result element as its bits, and the
// test compares them: integers exactly, floats within an ulp bound that
// grows with the length of the reductions behind the value (the two
// lowerings may sum in different orders) and an absolute floor for
// values that cancel.
//
// Speed: all functions of a test go into one module, so each side is one
// mlir-opt/tirc run, one clang run and one program run. When tirc refuses
// the module, each function is compiled alone to find the ones it
// refuses; a refused function whose Pending says why (a part of SPEC 3e
// not merged yet) is skipped, any other fails.
package oracle_test

import (
	"bytes"
	"fmt"
	"hash/fnv"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// Func is one function of an oracle module, on static tensor shapes.
type Func struct {
	Name    string
	Args    []string // argument types, e.g. tensor<4x3xf32> (f32, f64, i32, i64)
	Results []string // result types, likewise
	Body    string   // ops over %arg0, %arg1, ..., ending with func.return
	// Reduce is the length of the longest reduction a result element sums
	// over: float results may differ by more as the two sides sum in
	// different orders.
	Reduce int
	// Pending, when set, says which part of tirc the function needs that
	// is not there yet: tirc refusing it skips the function instead of
	// failing the test.
	Pending string
}

// tensorType is a static tensor type.
type tensorType struct {
	elem  string
	shape []int64
}

var tensorRE = regexp.MustCompile(`^tensor<((?:\d+x)*)(f32|f64|i32|i64)>$`)

func parseTensor(s string) (tensorType, error) {
	m := tensorRE.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil {
		return tensorType{}, fmt.Errorf("%q is not a static tensor of f32, f64, i32 or i64", s)
	}
	t := tensorType{elem: m[2], shape: []int64{}}
	for _, d := range strings.Split(strings.TrimSuffix(m[1], "x"), "x") {
		if d == "" {
			continue
		}
		n, err := strconv.ParseInt(d, 10, 64)
		if err != nil {
			return tensorType{}, err
		}
		t.shape = append(t.shape, n)
	}
	return t, nil
}

func (t tensorType) numElems() int64 {
	n := int64(1)
	for _, d := range t.shape {
		n *= d
	}
	return n
}

func (t tensorType) isFloat() bool { return t.elem[0] == 'f' }
func (t tensorType) bits() int {
	return map[string]int{"f32": 32, "f64": 64, "i32": 32, "i64": 64}[t.elem]
}

// text renders the functions as one module; with ciface every function
// gets llvm.emit_c_interface, which the oracle's driver calls.
func text(fs []Func, ciface bool) string {
	var b strings.Builder
	for _, f := range fs {
		var args []string
		for i, a := range f.Args {
			args = append(args, fmt.Sprintf("%%arg%d: %s", i, a))
		}
		fmt.Fprintf(&b, "func.func @%s(%s) -> (%s)", f.Name, strings.Join(args, ", "), strings.Join(f.Results, ", "))
		if ciface {
			b.WriteString(" attributes {llvm.emit_c_interface}")
		}
		fmt.Fprintf(&b, " {\n%s\n}\n\n", strings.TrimRight(f.Body, "\n"))
	}
	return b.String()
}

// side is one of the two compilers.
type side int

const (
	mlirSide side = iota // mlir-opt-19, mlir-translate-19, clang-19
	tircSide             // tirc, clang
)

func (s side) String() string { return [...]string{"mlir-opt-19", "tirc"}[s] }

// driver is the C program that fills the arguments, calls each function
// and prints its results' bits, one line per result:
//
//	R <func> <result> <n> <hex bits>...
//
// or, for a tirc function returning a non-zero status, S <func> <status>.
func driver(fs []Func, s side) (string, error) {
	var b strings.Builder
	b.WriteString(driverPrelude)
	ranks := map[int]bool{}
	types := make([][]tensorType, len(fs)) // args then results
	for i, f := range fs {
		for _, a := range append(slices.Clone(f.Args), f.Results...) {
			t, err := parseTensor(a)
			if err != nil {
				return "", fmt.Errorf("@%s: %v", f.Name, err)
			}
			types[i] = append(types[i], t)
			ranks[len(t.shape)] = true
		}
	}
	for r := range 9 {
		if !ranks[r] {
			continue
		}
		if r == 0 {
			b.WriteString("typedef struct { void *allocated, *aligned; int64_t offset; } desc0;\n")
			continue
		}
		fmt.Fprintf(&b, "typedef struct { void *allocated, *aligned; int64_t offset, sizes[%d], strides[%d]; } desc%d;\n", r, r, r)
	}
	for i, f := range fs {
		writeCall(&b, i, f, types[i], s)
	}
	b.WriteString("int main(void) {\n")
	for i := range fs {
		fmt.Fprintf(&b, "  call%d();\n", i)
	}
	b.WriteString("  return 0;\n}\n")
	return b.String(), nil
}

const driverPrelude = `#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* splitmix64: the same values on both sides. */
static uint64_t next(uint64_t *s) {
  uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

/* fill writes n elements: floats k/8 and integers k/2 for k in
   [-16, 16], exact in every type, small enough that short chains of
   products, exponentials and sums stay finite. */
static void *fill(int kind, int64_t n, uint64_t seed) {
  int64_t size = kind == 1 || kind == 3 ? 8 : 4;
  char *p = malloc(n * size + 64);
  for (int64_t i = 0; i < n; i++) {
    int64_t k = (int64_t)(next(&seed) % 33) - 16;
    switch (kind) {
    case 0: ((float *)p)[i] = (float)k / 8; break;
    case 1: ((double *)p)[i] = (double)k / 8; break;
    case 2: ((int32_t *)p)[i] = (int32_t)(k / 2); break;
    case 3: ((int64_t *)p)[i] = k / 2; break;
    }
  }
  return p;
}

/* memrefCopy is MLIR's runtime copy between strided memrefs (from
   libmlir_c_runner_utils, not installed): finalize-memref-to-llvm calls
   it for a memref.copy it cannot make a memcpy. */
typedef struct { int64_t rank; void *desc; } unranked;
void memrefCopy(int64_t elem, unranked *src, unranked *dst) {
  int64_t rank = src->rank, idx[16] = {0}, n = 1;
  char **s = src->desc, **d = dst->desc;
  int64_t *ss = (int64_t *)(s + 2), *ds = (int64_t *)(d + 2);
  for (int64_t k = 0; k < rank; k++) n *= ss[1 + k];
  for (int64_t i = 0; i < n; i++) {
    int64_t so = ss[0], dof = ds[0];
    for (int64_t k = 0; k < rank; k++) {
      so += idx[k] * ss[1 + rank + k];
      dof += idx[k] * ds[1 + rank + k];
    }
    memcpy(d[1] + dof * elem, s[1] + so * elem, elem);
    for (int64_t k = rank - 1; k >= 0; k--) {
      if (++idx[k] < ss[1 + k]) break;
      idx[k] = 0;
    }
  }
}

/* show prints a result's elements in row-major order by its strides. */
static void show(const char *fn, int res, int kind, int rank, void *aligned, int64_t offset, const int64_t *sizes, const int64_t *strides) {
  int64_t n = 1, idx[8] = {0};
  for (int d = 0; d < rank; d++) n *= sizes[d];
  printf("R %s %d %lld", fn, res, (long long)n);
  for (int64_t i = 0; i < n; i++) {
    int64_t at = offset;
    for (int d = 0; d < rank; d++) at += idx[d] * strides[d];
    if (kind == 1 || kind == 3) printf(" %llx", (unsigned long long)((uint64_t *)aligned)[at]);
    else printf(" %x", ((uint32_t *)aligned)[at]);
    for (int d = rank - 1; d >= 0; d--) {
      if (++idx[d] < sizes[d]) break;
      idx[d] = 0;
    }
  }
  printf("\n");
}

`

// seed is the fill seed of argument k of function name: the same on both
// sides, whatever other functions the module has.
func seed(name string, k int) uint32 {
	h := fnv.New32a()
	fmt.Fprintf(h, "%s/%d", name, k)
	return h.Sum32()
}

// kind is driver.c's element code.
func kind(t tensorType) int {
	return map[string]int{"f32": 0, "f64": 1, "i32": 2, "i64": 3}[t.elem]
}

// writeCall writes callI: the prototype of f on side s, and a function
// that fills f's arguments, calls it and shows its results.
func writeCall(b *strings.Builder, i int, f Func, types []tensorType, s side) {
	args, results := types[:len(f.Args)], types[len(f.Args):]
	desc := func(t tensorType) string { return fmt.Sprintf("desc%d", len(t.shape)) }
	var params []string
	switch s {
	case mlirSide:
		// One result comes back through a pointer to its descriptor, more
		// through a pointer to a struct of them.
		fmt.Fprintf(b, "typedef struct {")
		for k, r := range results {
			fmt.Fprintf(b, " %s r%d;", desc(r), k)
		}
		fmt.Fprintf(b, " } ret%d;\n", i)
		params = append(params, fmt.Sprintf("ret%d *", i))
		for _, a := range args {
			params = append(params, desc(a)+" *")
		}
		fmt.Fprintf(b, "void _mlir_ciface_%s(%s);\n", f.Name, strings.Join(params, ", "))
	case tircSide:
		for _, a := range args {
			params = append(params, "const "+desc(a)+" *")
		}
		for _, r := range results {
			params = append(params, desc(r)+" *")
		}
		fmt.Fprintf(b, "int32_t %s(%s);\n", f.Name, strings.Join(params, ", "))
	}
	fmt.Fprintf(b, "static void call%d(void) {\n", i)
	var call []string
	if s == mlirSide {
		fmt.Fprintf(b, "  ret%d ret;\n  memset(&ret, 0, sizeof ret);\n", i)
		call = append(call, "&ret")
	}
	for k, a := range args {
		fmt.Fprintf(b, "  %s a%d;\n  a%d.allocated = a%d.aligned = fill(%d, %d, %du);\n  a%d.offset = 0;\n",
			desc(a), k, k, k, kind(a), a.numElems(), seed(f.Name, k), k)
		stride := int64(1)
		for d := len(a.shape) - 1; d >= 0; d-- {
			fmt.Fprintf(b, "  a%d.sizes[%d] = %d; a%d.strides[%d] = %d;\n", k, d, a.shape[d], k, d, stride)
			stride *= a.shape[d]
		}
		call = append(call, fmt.Sprintf("&a%d", k))
	}
	res := func(k int) string { return fmt.Sprintf("ret.r%d", k) }
	if s == tircSide {
		res = func(k int) string { return fmt.Sprintf("r%d", k) }
		for k, r := range results {
			fmt.Fprintf(b, "  %s r%d;\n  memset(&r%d, 0, sizeof r%d);\n", desc(r), k, k, k)
			call = append(call, fmt.Sprintf("&r%d", k))
		}
		fmt.Fprintf(b, "  int32_t st = %s(%s);\n", f.Name, strings.Join(call, ", "))
		fmt.Fprintf(b, "  if (st != 0) { printf(\"S %s %%d\\n\", st); return; }\n", f.Name)
	} else {
		fmt.Fprintf(b, "  _mlir_ciface_%s(%s);\n", f.Name, strings.Join(call, ", "))
	}
	for k, r := range results {
		sizes, strides := "NULL", "NULL"
		if len(r.shape) > 0 {
			sizes, strides = res(k)+".sizes", res(k)+".strides"
		}
		fmt.Fprintf(b, "  show(%q, %d, %d, %d, %s.aligned, %s.offset, %s, %s);\n",
			f.Name, k, kind(r), len(r.shape), res(k), res(k), sizes, strides)
	}
	b.WriteString("}\n")
}

// oraclePipeline is MLIR's own lowering of linalg, tensor and scf on
// tensors to the LLVM dialect, as mlir-opt-19 runs it. Function results
// get identity layouts so that the C driver reads plain descriptors;
// elementwise arith and math ops on tensors become linalg.generic first;
// math ops without an LLVM intrinsic (tanh, erf, ...) become libm calls.
var oraclePipeline = []string{
	"--convert-elementwise-to-linalg",
	"--one-shot-bufferize=bufferize-function-boundaries allow-return-allocs-from-loops function-boundary-type-conversion=identity-layout-map",
	"--convert-linalg-to-loops",
	"--convert-scf-to-cf",
	"--expand-strided-metadata",
	"--lower-affine",
	"--convert-math-to-libm",
	"--finalize-memref-to-llvm",
	"--convert-math-to-llvm",
	"--convert-arith-to-llvm",
	"--convert-cf-to-llvm",
	"--convert-func-to-llvm",
	"--reconcile-unrealized-casts",
}

// tools are the executables, found or the test skipped.
type tools struct {
	mlirOpt, mlirTranslate, clang19, clang, tirc string
	dir                                          string
}

func lookTool(t *testing.T, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is not installed (run `make deps`)", name)
		}
		t.Skipf("%s not found: skipped", name)
	}
	return p
}

// tirc is built once for the package's tests (or TIRC_ORACLE_TIRC names
// a tirc built elsewhere, e.g. from a merge being tried).
var tircBuild struct {
	once sync.Once
	path string
	err  error
}

func buildTirc() (string, error) {
	tircBuild.once.Do(func() {
		if p := os.Getenv("TIRC_ORACLE_TIRC"); p != "" {
			tircBuild.path = p
			return
		}
		dir, err := os.MkdirTemp("", "tirc-oracle-")
		if err != nil {
			tircBuild.err = err
			return
		}
		tircBuild.path = filepath.Join(dir, "tirc")
		build := exec.Command("go", "build", "-o", tircBuild.path, "./cmd/tirc")
		build.Dir = filepath.Join("..", "..")
		if out, err := build.CombinedOutput(); err != nil {
			tircBuild.err = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	return tircBuild.path, tircBuild.err
}

func setup(t *testing.T) *tools {
	t.Helper()
	tl := &tools{
		mlirOpt:       lookTool(t, "mlir-opt-19"),
		mlirTranslate: lookTool(t, "mlir-translate-19"),
		clang19:       lookTool(t, "clang-19"),
		clang:         lookTool(t, "clang"),
		dir:           t.TempDir(),
	}
	var err error
	if tl.tirc, err = buildTirc(); err != nil {
		t.Fatal(err)
	}
	return tl
}

// run runs a command and returns its standard output, or an error with
// its standard error.
func run(name string, args ...string) ([]byte, error) {
	cmd := exec.Command(name, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("%s %s: %v\n%s", filepath.Base(name), strings.Join(args, " "), err, stderr.String())
	}
	return out, nil
}

// compile makes an executable of fs on side s in dir/<tag>.
func (tl *tools) compile(fs []Func, s side, tag string) (string, error) {
	base := filepath.Join(tl.dir, tag)
	src := base + ".mlir"
	if err := os.WriteFile(src, []byte(text(fs, s == mlirSide)), 0o644); err != nil {
		return "", err
	}
	drv, err := driver(fs, s)
	if err != nil {
		return "", err
	}
	if err := os.WriteFile(base+".c", []byte(drv), 0o644); err != nil {
		return "", err
	}
	cc := tl.clang
	switch s {
	case mlirSide:
		cc = tl.clang19
		if _, err := run(tl.mlirOpt, append([]string{src, "-o", base + ".llvm.mlir"}, oraclePipeline...)...); err != nil {
			return "", err
		}
		if _, err := run(tl.mlirTranslate, "--mlir-to-llvmir", base+".llvm.mlir", "-o", base+".ll"); err != nil {
			return "", err
		}
	case tircSide:
		if _, err := run(tl.tirc, "-infer-shapes", "-emit-llvm", src, "-o", base+".ll"); err != nil {
			return "", err
		}
	}
	exe := base + ".exe"
	if _, err := run(cc, "-O2", "-w", base+".ll", base+".c", "-o", exe, "-lm"); err != nil {
		return "", err
	}
	return exe, nil
}

// outputs are a program's printed results: function -> result -> bits,
// or the status a tirc function returned.
type outputs struct {
	bits   map[string][][]uint64
	status map[string]int
}

func parseOutputs(out []byte) (outputs, error) {
	o := outputs{bits: map[string][][]uint64{}, status: map[string]int{}}
	for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(l)
		switch {
		case len(f) == 3 && f[0] == "S":
			st, _ := strconv.Atoi(f[2])
			o.status[f[1]] = st
		case len(f) >= 4 && f[0] == "R":
			n, _ := strconv.Atoi(f[3])
			if len(f) != 4+n {
				return o, fmt.Errorf("result line with %d of %d elements: %.80s", len(f)-4, n, l)
			}
			var vs []uint64
			for _, h := range f[4:] {
				v, err := strconv.ParseUint(h, 16, 64)
				if err != nil {
					return o, err
				}
				vs = append(vs, v)
			}
			o.bits[f[1]] = append(o.bits[f[1]], vs)
		default:
			return o, fmt.Errorf("unexpected output line %.80q", l)
		}
	}
	return o, nil
}

// execute compiles fs on side s and runs the program.
func (tl *tools) execute(fs []Func, s side, tag string) (outputs, error) {
	exe, err := tl.compile(fs, s, tag)
	if err != nil {
		return outputs{}, err
	}
	out, err := run(exe)
	if err != nil {
		return outputs{}, err
	}
	return parseOutputs(out)
}

// tircAccepts splits fs into the functions tirc compiles and, for the
// others, tirc's message: the whole module first, then one function at
// a time when that fails.
func (tl *tools) tircAccepts(fs []Func) ([]Func, map[string]string) {
	refused := map[string]string{}
	try := func(tag string, part []Func) error {
		src := filepath.Join(tl.dir, tag+".mlir")
		if err := os.WriteFile(src, []byte(text(part, false)), 0o644); err != nil {
			return err
		}
		_, err := run(tl.tirc, "-infer-shapes", "-emit-llvm", src, "-o", src+".ll")
		return err
	}
	if try("probe", fs) == nil {
		return fs, refused
	}
	// One function at a time, a few at once (tirc's start-up dominates).
	errs := make([]error, len(fs))
	var wg sync.WaitGroup
	sem := make(chan struct{}, 8)
	for i, f := range fs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			errs[i] = try(fmt.Sprintf("probe%d", i), []Func{f})
		}()
	}
	wg.Wait()
	var ok []Func
	for i, f := range fs {
		if errs[i] != nil {
			refused[f.Name] = errs[i].Error()
			continue
		}
		ok = append(ok, f)
	}
	return ok, refused
}

// check runs fs on both sides and compares every result of every
// function in a subtest of its own.
func check(t *testing.T, fs []Func) {
	tl := setup(t)
	want, err := tl.execute(fs, mlirSide, "oracle")
	if err != nil {
		t.Fatalf("the oracle refuses the module (a test bug): %v", err)
	}
	accepted, refused := tl.tircAccepts(fs)
	var got outputs
	if len(accepted) > 0 {
		if got, err = tl.execute(accepted, tircSide, "tirc"); err != nil {
			t.Fatalf("tirc: %v", err)
		}
	}
	for _, f := range fs {
		t.Run(f.Name, func(t *testing.T) {
			if msg, ok := refused[f.Name]; ok {
				if f.Pending != "" {
					t.Skipf("pending (%s): tirc refuses it: %s", f.Pending, firstError(msg))
				}
				t.Fatalf("tirc refuses it:\n%s\n%s", msg, text([]Func{f}, false))
			}
			if st, ok := got.status[f.Name]; ok {
				t.Fatalf("tirc's %s returned status %d\n%s", f.Name, st, text([]Func{f}, false))
			}
			if err := compare(f, want.bits[f.Name], got.bits[f.Name]); err != nil {
				t.Errorf("%v\n%s", err, text([]Func{f}, false))
			}
			if f.Pending != "" {
				t.Logf("passes: its Pending mark (%s) can go", f.Pending)
			}
		})
	}
}

// firstError is the first error line of a tool's message.
func firstError(s string) string {
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(l, "error:") {
			return strings.TrimSpace(l)
		}
	}
	return strings.TrimSpace(s)
}

// compare checks tirc's results (got) against the oracle's (want).
func compare(f Func, want, got [][]uint64) error {
	if len(want) != len(f.Results) || len(got) != len(f.Results) {
		return fmt.Errorf("%d results from the oracle, %d from tirc, want %d", len(want), len(got), len(f.Results))
	}
	for k, rt := range f.Results {
		t, _ := parseTensor(rt)
		if len(want[k]) != len(got[k]) {
			return fmt.Errorf("result %d: %d elements from the oracle, %d from tirc", k, len(want[k]), len(got[k]))
		}
		for i := range want[k] {
			if !agree(t, want[k][i], got[k][i], f.Reduce) {
				return fmt.Errorf("result %d element %d: oracle %s, tirc %s", k, i, show(t, want[k][i]), show(t, got[k][i]))
			}
		}
	}
	return nil
}

// Float tolerance: maxULP units in the last place per element, times the
// reduction's length, or an absolute absTol per reduced term (values that
// cancel lose their relative precision).
const (
	maxULP = 16
	absTol = 1e-5
)

func toFloat(t tensorType, b uint64) float64 {
	if t.bits() == 32 {
		return float64(math.Float32frombits(uint32(b)))
	}
	return math.Float64frombits(b)
}

func show(t tensorType, b uint64) string {
	if !t.isFloat() {
		if t.bits() == 32 {
			return strconv.Itoa(int(int32(b)))
		}
		return strconv.FormatInt(int64(b), 10)
	}
	return strconv.FormatFloat(toFloat(t, b), 'g', -1, t.bits())
}

// agree says whether a (the oracle's) and b (tirc's) agree.
func agree(t tensorType, a, b uint64, reduce int) bool {
	if !t.isFloat() || a == b {
		return a == b
	}
	x, y := toFloat(t, a), toFloat(t, b)
	switch {
	case math.IsNaN(x) || math.IsNaN(y):
		return math.IsNaN(x) && math.IsNaN(y)
	case math.IsInf(x, 0) || math.IsInf(y, 0):
		return x == y
	}
	n := float64(max(reduce, 1))
	if math.Abs(x-y) <= absTol*n {
		return true
	}
	ulp := math.Abs(x) * math.Pow(2, -23)
	if t.bits() == 64 {
		ulp = math.Abs(x) * math.Pow(2, -52)
	}
	return math.Abs(x-y) <= maxULP*n*ulp
}
