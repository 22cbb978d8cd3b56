package mathacc_test

import (
	"math"
	"math/rand/v2"
)

// The rows of tanh, sigmoid, erf, rsqrt, atan and atan2, with points
// dense where these functions are hard: tanh near 0, near the saturation
// (|x| about 9 in f32, 19 in f64) and where the exponent reduction steps
// (|x| near 0.17); sigmoid near its subnormal and zero thresholds; erf in
// its tails and where its series change (3/4, the half-integers); atan
// near tan((j - 1/2) π/16), where the reduction changes interval.
func init() {
	funcs = append(funcs,
		fn{op: "math.tanh", arity: 1, goRef: un(math.Tanh), pyRef: "np.tanh(x)", ulp32: 1, ulp64: 1, gen: tanhGen},
		fn{op: "tosa.sigmoid", arity: 1, goRef: un(sigmoid), pyRef: "1 / (1 + np.exp(-x))", ulp32: 1, ulp64: 1, gen: sigmoidGen},
		fn{op: "math.erf", arity: 1, goRef: un(math.Erf), pyRef: "erf_ld(x)", pyDefs: erfLongDouble, ulp32: 1, ulp64: 2, gen: erfGen},
		fn{op: "math.rsqrt", arity: 1, goRef: un(func(x float64) float64 { return 1 / math.Sqrt(x) }),
			pyRef: "1 / np.sqrt(x)", ulp32: 1, ulp64: 1, gen: rsqrtGen},
		fn{op: "math.atan", arity: 1, goRef: un(math.Atan), pyRef: "np.arctan(x)", ulp32: 1, ulp64: 1, gen: atanGen},
		fn{op: "math.atan2", arity: 2, goRef: math.Atan2, pyRef: "np.arctan2(x, y)", ulp32: 2, ulp64: 2, gen: atan2Gen},
	)
}

func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// signed is g with a random sign.
func signed(g func(*rand.Rand, bool) float64) func(*rand.Rand, bool) float64 {
	return func(r *rand.Rand, f32 bool) float64 {
		if r.IntN(2) == 0 {
			return -g(r, f32)
		}
		return g(r, f32)
	}
}

var (
	tanhGen = unary(
		part{0.2, anyBits},
		part{0.3, byType(uniform(-10, 10), uniform(-20, 20))},
		part{0.2, logUniform(0x1p-40, 1, false)},
		part{0.1, signed(byType(around(9.01, 0.02), around(19.06, 0.02)))},
		part{0.1, signed(uniform(0.15, 0.2))},
		part{0.1, signed(subnormal)},
	)
	sigmoidGen = unary(
		part{0.2, anyBits},
		part{0.4, byType(uniform(-110, 40), uniform(-750, 40))},
		part{0.1, byType(around(-87.3, 0.01), around(-708.4, 0.001))},
		part{0.1, byType(around(-103.3, 0.01), around(-744.4, 0.001))},
		part{0.1, logUniform(0x1p-40, 1, false)},
		part{0.1, signed(byType(around(16.6, 0.02), around(36.7, 0.02)))},
	)
	erfGen = unary(
		part{0.2, anyBits},
		part{0.3, uniform(-6.5, 6.5)},
		part{0.2, logUniform(0x1p-40, 1, false)},
		part{0.1, signed(around(0.75, 0.02))},
		part{0.1, signed(uniform(3, 6))},
		part{0.1, signed(subnormal)},
	)
	rsqrtGen = unary(
		part{0.4, posBits},
		part{0.1, anyBits},
		part{0.2, subnormal},
		part{0.3, uniform(0.25, 4)},
	)
	atanGen = unary(
		part{0.3, anyBits},
		part{0.3, logUniform(0x1p-40, 0x1p40, false)},
		part{0.2, uniform(-12, 12)},
		part{0.1, signed(around(0.0985, 0.02))},
		part{0.1, signed(subnormal)},
	)
	atan2Part = mix(
		part{0.3, anyBits},
		part{0.4, logUniform(0x1p-40, 0x1p40, false)},
		part{0.3, uniform(-12, 12)},
	)
	atan2Gen gen = func(r *rand.Rand, f32 bool) (float64, float64) { return atan2Part(r, f32), atan2Part(r, f32) }
)

// erfLongDouble defines erf in longdouble (NumPy has
// none), from erf(x) = (2/√π) e^-x² Σ 2^n x^(2n+1) / (2n+1)!!, a series
// of positive terms (no cancellation), for |x| < 6.5; 1 beyond.
const erfLongDouble = `
import numpy as np
def erf_ld(x):
    ld = np.longdouble
    a = np.abs(x)
    out = np.where(np.isnan(x), x, ld(1))
    m = a < 6.5
    s = a[m]
    x2 = s * s
    term, total = s.copy(), s.copy()
    for n in range(400):
        term = term * (2 * x2) / ld(2 * n + 3)
        total += term
        if not np.any(term > total * ld(2) ** -70):
            break
    out[m] = 2 / np.sqrt(4 * np.arctan(ld(1))) * np.exp(-x2) * total
    return np.copysign(out, x)
`
