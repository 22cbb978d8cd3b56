package mathacc_test

import (
	"math"
	"math/rand/v2"
)

// The rows of sin, cos and tan. Go's math reduces huge arguments exactly
// (Payne and Hanek), so its float64 results are a reference for f32.
func init() {
	for _, f := range []struct {
		op   string
		ref  func(float64) float64
		expr string
	}{{"math.sin", math.Sin, "np.sin(x)"}, {"math.cos", math.Cos, "np.cos(x)"}, {"math.tan", math.Tan, "np.tan(x)"}} {
		funcs = append(funcs, fn{op: f.op, arity: 1, goRef: un(f.ref), pyRef: f.expr, ulp32: 1, ulp64: 1, gen: trigGen,
			specials: trigSpecials})
	}
}

// trigGen draws every bit pattern, the usual range, the neighbourhoods of
// multiples of pi/2 (where the reduction cancels), arguments on a log
// scale up to the largest finite value (beyond the Cody-Waite range of
// 2^30), around that threshold, subnormals and tiny values.
var trigGen = unary(
	part{0.2, anyBits},
	part{0.2, uniform(-100, 100)},
	part{0.2, nearPio2},
	part{0.15, byType(logUniform(1, math.MaxFloat32, false), logUniform(1, math.MaxFloat64, false))},
	part{0.05, around(0x1p30, 1e-3)},
	part{0.05, subnormal},
	part{0.15, byType(logUniform(0x1p-126, 1, false), logUniform(0x1p-1022, 1, false))},
)

// nearPio2 is within 20 ulp of k*pi/2, |k| < 2^20.
func nearPio2(r *rand.Rand, f32 bool) float64 {
	v := float64(r.IntN(1<<21)-1<<20) * (math.Pi / 2)
	d := int64(r.IntN(41) - 20)
	if f32 {
		return float64(math.Float32frombits(uint32(int64(math.Float32bits(float32(v))) + d)))
	}
	return math.Float64frombits(uint64(int64(math.Float64bits(v)) + d))
}

// trigSpecials are arguments whose reduction is known to be hard: the
// double closest to a multiple of pi/2 (Muller's worst case), the
// largest values, and the nearest multiples of pi/2 to 2^30.
var trigSpecials = [][2]float64{
	{6381956970095103 * 0x1p797}, {-6381956970095103 * 0x1p797},
	{math.MaxFloat64}, {math.MaxFloat32}, {1e22}, {0x1p1023},
	{683565275 * (math.Pi / 2)}, {683565276 * (math.Pi / 2)},
	{math.Pi / 2}, {math.Pi}, {3 * math.Pi / 2}, {2 * math.Pi},
}
