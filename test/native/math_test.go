package native_test

import (
	"bytes"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/tirc/tirc/codegen"
	"github.com/tirc/tirc/codegen/cabi"
	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/ir/asm"
)

// mathCase is one math op checked for accuracy: its Go reference, the
// inputs it is tried on, and the error libm (glibc) promises for it.
type mathCase struct {
	op     string
	arity  int
	ref    func(x, y float64) float64
	domain func(rng *rand.Rand) float64
	maxULP float64 // against Go's math, f32 and f64
}

// wide draws from a range on a logarithmic scale, both signs unless pos.
func wide(lo, hi float64, pos bool) func(*rand.Rand) float64 {
	return func(rng *rand.Rand) float64 {
		v := math.Exp(math.Log(lo) + rng.Float64()*(math.Log(hi)-math.Log(lo)))
		if !pos && rng.IntN(2) == 0 {
			v = -v
		}
		return v
	}
}

func uniform(lo, hi float64) func(*rand.Rand) float64 {
	return func(rng *rand.Rand) float64 { return lo + rng.Float64()*(hi-lo) }
}

var mathCases = []mathCase{
	{"sqrt", 1, func(x, _ float64) float64 { return math.Sqrt(x) }, wide(1e-30, 1e30, true), 0},
	{"rsqrt", 1, func(x, _ float64) float64 { return 1 / math.Sqrt(x) }, wide(1e-30, 1e30, true), 1},
	{"exp", 1, func(x, _ float64) float64 { return math.Exp(x) }, uniform(-80, 80), 2},
	{"exp2", 1, func(x, _ float64) float64 { return math.Exp2(x) }, uniform(-120, 120), 2},
	{"expm1", 1, func(x, _ float64) float64 { return math.Expm1(x) }, wide(1e-10, 50, false), 2},
	{"log", 1, func(x, _ float64) float64 { return math.Log(x) }, wide(1e-30, 1e30, true), 2},
	{"log2", 1, func(x, _ float64) float64 { return math.Log2(x) }, wide(1e-30, 1e30, true), 2},
	{"log10", 1, func(x, _ float64) float64 { return math.Log10(x) }, wide(1e-30, 1e30, true), 2},
	{"log1p", 1, func(x, _ float64) float64 { return math.Log1p(x) }, wide(1e-10, 1e10, true), 2},
	{"sin", 1, func(x, _ float64) float64 { return math.Sin(x) }, uniform(-100, 100), 2},
	{"cos", 1, func(x, _ float64) float64 { return math.Cos(x) }, uniform(-100, 100), 2},
	{"tan", 1, func(x, _ float64) float64 { return math.Tan(x) }, uniform(-1.5, 1.5), 2},
	{"tanh", 1, func(x, _ float64) float64 { return math.Tanh(x) }, wide(1e-6, 20, false), 2},
	{"atan", 1, func(x, _ float64) float64 { return math.Atan(x) }, wide(1e-6, 1e6, false), 2},
	{"erf", 1, func(x, _ float64) float64 { return math.Erf(x) }, wide(1e-6, 5, false), 2},
	{"atan2", 2, math.Atan2, wide(1e-3, 1e3, false), 2},
	// Go's math.Pow is tens of ulp off for large exponents (glibc's pow
	// is correctly rounded): the reference is computed in 128-bit floats.
	{"powf", 2, bigPow, wide(1e-2, 1e2, true), 2},
}

// bigPow is x**y for x > 0, computed as exp(y*ln x) with 128-bit
// big.Floats and rounded once to float64.
func bigPow(x, y float64) float64 {
	const prec = 128
	nf := func(v float64) *big.Float { return new(big.Float).SetPrec(prec).SetFloat64(v) }
	// ln m for m in [1, 2): 2*atanh(z), z = (m-1)/(m+1) <= 1/3.
	lnMant := func(m *big.Float) *big.Float {
		z := new(big.Float).SetPrec(prec).Quo(new(big.Float).Sub(m, nf(1)), new(big.Float).Add(m, nf(1)))
		z2 := new(big.Float).SetPrec(prec).Mul(z, z)
		sum, term := new(big.Float).SetPrec(prec), new(big.Float).SetPrec(prec).Set(z)
		for k := 1; k < 200; k += 2 {
			sum.Add(sum, new(big.Float).SetPrec(prec).Quo(term, nf(float64(k))))
			term.Mul(term, z2)
		}
		return sum.Mul(sum, nf(2))
	}
	ln2 := lnMant(nf(2))
	frac, e := math.Frexp(x) // x = frac * 2^e, frac in [0.5, 1)
	lnx := new(big.Float).SetPrec(prec).Add(lnMant(nf(2*frac)), new(big.Float).SetPrec(prec).Mul(ln2, nf(float64(e-1))))
	t := new(big.Float).SetPrec(prec).Mul(lnx, nf(y))
	// exp(t) = 2^k * exp(r), r = t - k*ln2.
	tf, _ := new(big.Float).Quo(t, ln2).Float64()
	k := math.Round(tf)
	r := new(big.Float).SetPrec(prec).Sub(t, new(big.Float).SetPrec(prec).Mul(ln2, nf(k)))
	sum, term := nf(1), nf(1)
	for i := 1; i < 60; i++ {
		term.Mul(term, r)
		term.Quo(term, nf(float64(i)))
		sum.Add(sum, term)
	}
	v, _ := sum.SetMantExp(sum, int(k)).Float64()
	return v
}

// ulps is the distance from got to want in units in the last place of want
// in type e (0 when both are NaN or equal).
func ulps(got, want float64, e *ir.Scalar) float64 {
	if got == want || (math.IsNaN(got) && math.IsNaN(want)) {
		return 0
	}
	if math.IsInf(want, 0) || math.IsInf(got, 0) || math.IsNaN(got) || math.IsNaN(want) {
		return math.Inf(1)
	}
	var ulp float64
	if e == ir.F32 {
		w := float32(want)
		ulp = float64(math.Nextafter32(w, float32(math.Inf(1))) - w)
		if w < 0 {
			ulp = float64(w - math.Nextafter32(w, float32(math.Inf(-1))))
		}
	} else {
		ulp = math.Nextafter(want, math.Inf(1)) - want
		if want < 0 {
			ulp = want - math.Nextafter(want, math.Inf(-1))
		}
	}
	return math.Abs(got-want) / math.Abs(ulp)
}

// TestMathAccuracy compiles every transcendental math op (a vector
// polynomial, an LLVM intrinsic or a libm call) for f32 and f64, runs it
// on 1000 inputs across its domain, and checks each result against Go's
// math: within 2 ulp, sqrt exact (test/mathacc measures SPEC §7's tighter
// bounds on a million points per op). The f32 reference is Go's float64
// result rounded to f32 (correctly rounded but for ties).
func TestMathAccuracy(t *testing.T) {
	if !requireTool(t, "clang") {
		t.Skip("clang is needed")
	}
	const n = 1000
	rng := rand.New(rand.NewPCG(15, 2026))
	type run struct {
		c    mathCase
		e    *ir.Scalar
		x, y []float64
	}
	var runs []run
	var src, drv strings.Builder
	drv.WriteString("#include <stdio.h>\n#include <stdint.h>\n#include <string.h>\n#include \"math.h\"\n")
	for _, c := range mathCases {
		for _, e := range []*ir.Scalar{ir.F32, ir.F64} {
			r := run{c: c, e: e, x: make([]float64, n), y: make([]float64, n)}
			for i := range n {
				r.x[i], r.y[i] = ir.RoundFloat(c.domain(rng), e), ir.RoundFloat(c.domain(rng), e)
			}
			name := fmt.Sprintf("%s_%s", c.op, e)
			ty := fmt.Sprintf("tensor<%dx%s>", n, e)
			operands := []string{"%x", "%y", "%x"}[:c.arity]
			fmt.Fprintf(&src, "func.func @%s(%%x: %s, %%y: %s) -> %s {\n  %%r = math.%s %s : %s\n  return %%r : %s\n}\n",
				name, ty, ty, ty, c.op, strings.Join(operands, ", "), ty, ty)
			runs = append(runs, r)
		}
	}
	m, d := asm.ParseString(src.String(), asm.ParseOptions{})
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
	hdr, ds := cabi.EmitCHeader(m)
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	drv.WriteString("int main(void) {\n")
	for _, r := range runs {
		c := "double"
		bitsOf := func(v float64) string { return fmt.Sprintf("0x%016xull", math.Float64bits(v)) }
		if r.e == ir.F32 {
			c = "float"
			bitsOf = func(v float64) string { return fmt.Sprintf("0x%08xu", math.Float32bits(float32(v))) }
		}
		ui := map[string]string{"float": "uint32_t", "double": "uint64_t"}[c]
		name := fmt.Sprintf("%s_%s", r.c.op, r.e)
		var xs, ys []string
		for i := range n {
			xs, ys = append(xs, bitsOf(r.x[i])), append(ys, bitsOf(r.y[i]))
		}
		fmt.Fprintf(&drv, "  {\n    static %s xb[%d] = {%s}, yb[%d] = {%s}, rb[%d];\n", ui, n, strings.Join(xs, ","), n, strings.Join(ys, ","), n)
		fmt.Fprintf(&drv, "    tirc_desc_%s_1d x = {(%s *)xb, (%s *)xb, 0, {%d}, {1}}, y = {(%s *)yb, (%s *)yb, 0, {%d}, {1}}, r = {(%s *)rb, (%s *)rb, 0, {%d}, {1}};\n",
			r.e, c, c, n, c, c, n, c, c, n)
		fmt.Fprintf(&drv, "    if (%s(&x, &y, &r) != 0) return 1;\n    printf(\"%s\");\n    for (int i = 0; i < %d; i++) printf(\" %%llx\", (unsigned long long)rb[i]);\n    printf(\"\\n\");\n  }\n", name, name, n)
	}
	drv.WriteString("  return 0;\n}\n")
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "math.ll"), ll, 0o644)
	os.WriteFile(filepath.Join(dir, "math.h"), hdr, 0o644)
	os.WriteFile(filepath.Join(dir, "main.c"), []byte(drv.String()), 0o644)
	exe := filepath.Join(dir, "prog")
	if out, err := exec.Command("clang", "-O2", "-I"+dir, filepath.Join(dir, "math.ll"), filepath.Join(dir, "main.c"), "-o", exe, "-lm").CombinedOutput(); err != nil {
		t.Fatalf("clang: %v\n%s", err, out)
	}
	var stdout bytes.Buffer
	cmd := exec.Command(exe)
	cmd.Stdout = &stdout
	if err := cmd.Run(); err != nil {
		t.Fatalf("%v\n%s", err, stdout.String())
	}
	lines := strings.Split(strings.TrimSpace(stdout.String()), "\n")
	if len(lines) != len(runs) {
		t.Fatalf("%d result lines for %d functions", len(lines), len(runs))
	}
	var report []string
	for k, r := range runs {
		fields := strings.Fields(lines[k])
		worst, at := 0.0, 0
		for i, f := range fields[1:] {
			u, _ := strconv.ParseUint(f, 16, 64)
			got := math.Float64frombits(u)
			if r.e == ir.F32 {
				got = float64(math.Float32frombits(uint32(u)))
			}
			want := ir.RoundFloat(r.c.ref(r.x[i], r.y[i]), r.e)
			if d := ulps(got, want, r.e); d > worst {
				worst, at = d, i
			}
		}
		report = append(report, fmt.Sprintf("%s %s %.2g", r.c.op, r.e, worst))
		if worst > r.c.maxULP {
			t.Errorf("math.%s on %s: %.3g ulp from Go's math at x = %v, y = %v (bound %g)", r.c.op, r.e, worst, r.x[at], r.y[at], r.c.maxULP)
		}
	}
	t.Logf("largest error in ulp: %s", strings.Join(report, ", "))
}
