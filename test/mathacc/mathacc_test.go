// Package mathacc_test measures the accuracy of tirc's math lowering
// against SPEC §7 "Math accuracy": for every row (an op spelling and an
// element type) it runs the compiled op natively on 2^20 points spanning
// the whole domain, plus every pair of special values, and compares each
// result with a more precise reference: Go's float64 math for f32
// results, NumPy's longdouble (80-bit on x86) for f64 results. It asserts
// the row's ulp bound and prints the max ulp error and the share of
// correctly rounded results per row. (longdouble carries 11 bits beyond
// f64: about 0.1% of f64 results lie too near a rounding boundary for it
// to tell, and may count as not correctly rounded with an error of 0.500.)
//
// Everything runs once: one MLIR module with a function per row, one
// clang, one native process, one Python process (harness_test.go). This
// file has the table of functions and their point generators.
package mathacc_test

import (
	"math"
	"math/rand/v2"
)

// points is the number of random points per row (the special values come
// on top).
const points = 1 << 20

// fn is one math function under test: its op spelling, the reference for
// f32 results (Go's float64 math) and for f64 results (a NumPy expression
// over the longdouble arrays x and y), the point generator and the SPEC
// bounds in ulp.
type fn struct {
	op    string // "math.exp"
	arity int
	goRef func(x, y float64) float64
	pyRef string // "np.exp(x)"
	// pyDefs, run before pyRef, defines what numpy lacks (a longdouble
	// erf, say) for pyRef to call.
	pyDefs   string
	gen      gen
	ulp32    float64
	ulp64    float64
	specials [][2]float64 // points (x, y) always tried, beyond the shared special values
}

// gen draws one point (y is ignored by unary functions); f32 says that
// the values will be rounded to float32.
type gen func(r *rand.Rand, f32 bool) (x, y float64)

// funcs is the table. Other math functions add rows here.
var funcs = []fn{
	{op: "math.exp", arity: 1, goRef: un(math.Exp), pyRef: "np.exp(x)", ulp32: 1, ulp64: 1,
		gen: expGen(math.E)},
	{op: "math.exp2", arity: 1, goRef: un(math.Exp2), pyRef: "np.exp2(x)", ulp32: 1, ulp64: 1,
		gen: expGen(2)},
	{op: "math.expm1", arity: 1, goRef: un(math.Expm1), pyRef: "np.expm1(x)", ulp32: 1, ulp64: 1,
		gen: expm1Gen},
	{op: "math.log", arity: 1, goRef: un(math.Log), pyRef: "np.log(x)", ulp32: 1, ulp64: 1,
		gen: logGen},
	{op: "math.log2", arity: 1, goRef: un(math.Log2), pyRef: "np.log2(x)", ulp32: 1, ulp64: 1,
		gen: logGen},
	{op: "math.log10", arity: 1, goRef: un(math.Log10), pyRef: "np.log10(x)", ulp32: 1, ulp64: 1,
		gen: logGen},
	{op: "math.log1p", arity: 1, goRef: un(math.Log1p), pyRef: "np.log1p(x)", ulp32: 1, ulp64: 1,
		gen: log1pGen},
	{op: "math.powf", arity: 2, goRef: math.Pow, pyRef: "np.power(x, y)", ulp32: 2, ulp64: 2,
		gen: powGen},
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

// expm1Gen: all bit patterns, the finite range, dense near 0 (where
// e^x - 1 cancels) and near overflow.
var expm1Gen = unary(
	part{0.15, anyBits},
	part{0.3, byType(uniform(-40, 90), uniform(-60, 710))},
	part{0.35, logUniform(0x1p-60, 1, false)},
	part{0.1, byType(around(88.72, 1e-3), around(709.78, 1e-4))},
	part{0.05, subnormal},
	part{0.05, uniform(-1, 1)},
)

// log1pGen: all bit patterns, dense near 0 and near -1.
var log1pGen = unary(
	part{0.15, anyBits},
	part{0.2, posBits},
	part{0.3, logUniform(0x1p-70, 0.5, false)},
	part{0.15, func(r *rand.Rand, f32 bool) float64 { return -1 + logUniform(0x1p-50, 0.5, true)(r, f32) }},
	part{0.05, subnormal},
	part{0.15, uniform(-0.5, 2)},
)

// powGen: random bit patterns, moderate bases and exponents, results
// near overflow and underflow for every base, negative bases with integer
// (and non-integer) exponents, bases near 1 with huge exponents, and
// small integer exponents.
func powGen(r *rand.Rand, f32 bool) (x, y float64) {
	lim := 1100.0
	if f32 {
		lim = 160
	}
	switch u := r.Float64(); {
	case u < 0.15:
		return anyBits(r, f32), anyBits(r, f32)
	case u < 0.4:
		return logUniform(0x1p-10, 0x1p10, true)(r, f32), uniform(-40, 40)(r, f32)
	case u < 0.6:
		x = logUniform(0x1p-1000, 0x1p1000, true)(r, f32)
		if f32 {
			x = posBits(r, f32)
		}
		return x, uniform(-lim, lim)(r, f32) / math.Log2(x)
	case u < 0.75:
		return -logUniform(0x1p-4, 0x1p4, true)(r, f32), math.Round(uniform(-lim/3, lim/3)(r, f32))
	case u < 0.8:
		return -logUniform(0x1p-4, 0x1p4, true)(r, f32), uniform(-20, 20)(r, f32)
	case u < 0.9:
		e := logUniform(0x1p-40, 0x1p-3, false)(r, f32)
		if f32 {
			e = float64(float32(1+e)) - 1
		}
		return 1 + e, uniform(-lim/2, lim/2)(r, f32) / e
	}
	return anyBits(r, f32), math.Round(uniform(-4, 4)(r, f32))
}

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
