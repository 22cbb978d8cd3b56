package vmath

import (
	"math"
	"math/big"

	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/value"
)

// atan and atan2 share atanAbs. Both compute in f64; f32 results are
// rounded once at the end.

// pio16Hi is π/16 with its 4 low bits clear, so j*pio16Hi is exact for j
// <= 8. piHi and piLo split π the same way.
const (
	pio16Hi = 0x1.921fb54442d1p-3
	piHi    = 0x1.921fb54442d1p+1
	piLo    = math.Pi - piHi
)

// atanTaylor are the coefficients of (atan z - z) / z^3 in t = z^2:
// -1/3, 1/5, -1/7, ...
var atanTaylor = func() []float64 {
	c := make([]float64, 7)
	for n := range c {
		c[n] = math.Pow(-1, float64(n+1)) / float64(2*n+3)
	}
	return c
}()

// atanSteps are the points of atanAbs's reduction, j = 0..7: c =
// tan(j π/16) rounded to f64, and lo = atan(c) - j*pio16Hi (computed in
// 256-bit floats, so that c's rounding costs nothing).
var atanSteps = func() (steps [8]struct{ c, lo float64 }) {
	for j := range steps {
		c := math.Tan(float64(j) * math.Pi / 16)
		if j == 4 {
			c = 1
		}
		hi := new(big.Float).SetPrec(256).SetFloat64(float64(j) * pio16Hi)
		lo, _ := new(big.Float).Sub(bigAtan(c), hi).Float64()
		steps[j].c, steps[j].lo = c, lo
	}
	return steps
}()

// bigPi is π to 256 bits.
var bigPi, _ = new(big.Float).SetPrec(256).SetString("3.14159265358979323846264338327950288419716939937510582097494459230781640628620899862803482534211706798")

// bigAtan is atan c for 0 <= c <= 8 in 256-bit floats: its Taylor series
// at c / (1 + sqrt(1 + c^2)) (|.| < 0.9), doubled.
func bigAtan(c float64) *big.Float {
	const prec = 256
	x := new(big.Float).SetPrec(prec).SetFloat64(c)
	h := new(big.Float).SetPrec(prec).Mul(x, x)
	h.Add(h, big.NewFloat(1)).Sqrt(h).Add(h, big.NewFloat(1))
	x.Quo(x, h)   // tan(atan(c) / 2)
	for range 3 { // three more halvings: |x| < 0.13
		h.Mul(x, x).Add(h, big.NewFloat(1)).Sqrt(h).Add(h, big.NewFloat(1))
		x.Quo(x, h)
	}
	x2 := new(big.Float).SetPrec(prec).Mul(x, x)
	sum, term := new(big.Float).SetPrec(prec), new(big.Float).SetPrec(prec).Set(x)
	for n := 0; n < 80; n++ {
		q := new(big.Float).SetPrec(prec).Quo(term, big.NewFloat(float64(2*n+1)))
		if n%2 == 0 {
			sum.Add(sum, q)
		} else {
			sum.Sub(sum, q)
		}
		term.Mul(term, x2)
	}
	return sum.Mul(sum, big.NewFloat(16))
}

// atanAbs is atan a for a = ah + al >= 0 (or NaN; al is nil or tiny
// beside ah) in f64: a in the interval of the nearest j π/16 (j = 0..8,
// chosen by comparing ah with tan((j - 1/2) π/16), no table), atan a =
// atan c + atan z with c = atanSteps[j].c, z = (a - c) / (1 + a c), or π/2
// + atan z with z = -1/a for j = 8, so |z| <= about tan(π/32) < 0.0985.
// atan z is its Taylor polynomial: terms up to z^15 (truncation below
// 2^-57 relative) when precise, else to z^9 (2^-30). atan c is
// j*pio16Hi, an exact product, plus the step's lo. The result is hi +
// lo (lo nil unless precise).
//
// When precise, z is carried as zh + zl (the numerator, denominator and
// quotient with their errors) and j*pio16Hi + zh with its rounding error,
// so that the result is rounded about once even where atan c and atan z
// nearly cancel (a just above tan(π/32)).
func (v *vm) atanAbs(ah, al value.Value, precise bool) (hi, lo value.Value) {
	j, c, lo := v.c(0), v.c(0), v.c(0)
	for k := 1; k <= 8; k++ {
		ge := v.cmp(enum.FPredOGE, ah, v.c(math.Tan((float64(k)-0.5)*math.Pi/16)))
		j = v.sel(ge, v.c(float64(k)), j)
		if k < 8 {
			c = v.sel(ge, v.c(atanSteps[k].c), c)
			lo = v.sel(ge, v.c(atanSteps[k].lo), lo)
		} else {
			lo = v.sel(ge, v.c(math.Pi/2-8*pio16Hi), lo)
		}
	}
	last := v.cmp(enum.FPredOEQ, j, v.c(8))
	if !precise {
		z := v.div(v.sel(last, v.c(-1), v.sub(ah, c)), v.sel(last, ah, v.fma(ah, c, v.c(1))))
		t := v.mul(z, z)
		p := v.mul(v.mul(t, z), v.horner(t, atanTaylor[:4]...))
		return v.fma(j, v.c(pio16Hi), v.add(v.add(p, lo), z)), nil
	}
	if al == nil {
		al = v.c(0)
	}
	// atan is π/2 beyond 2^60: the clamp keeps 1/inf out of the residuals
	huge := v.cmp(enum.FPredOGT, ah, v.c(0x1p60))
	ah, al = v.sel(huge, v.c(0x1p60), ah), v.sel(huge, v.c(0), al)
	nh, nl := v.twoSum(ah, v.neg(c))
	ph := v.mul(ah, c)
	dh, dl := v.twoSum(v.c(1), ph)
	dl = v.add(dl, v.fma(ah, c, v.fma(al, c, v.neg(ph))))
	nl = v.add(nl, al)
	nh, nl = v.sel(last, v.c(-1), nh), v.sel(last, v.c(0), nl)
	dh, dl = v.sel(last, ah, dh), v.sel(last, al, dl)
	zh, zl := v.quotientParts(nh, nl, dh, dl)
	t := v.mul(zh, zh)
	p := v.mul(v.mul(t, zh), v.horner(t, atanTaylor...))
	base := v.mul(j, v.c(pio16Hi))
	sh := v.add(base, zh) // |zh| < base unless j = 0, where base = 0
	sl := v.add(v.sub(base, sh), zh)
	return sh, v.add(v.add(v.add(p, zl), lo), sl)
}

// vAtan is atan x = sign(x) atan |x|: ±0 stays ±0, ±inf gives ±π/2, NaN
// stays NaN.
func (bl *builder) vAtan(x value.Value) value.Value {
	t := x.Type()
	xd := bl.widen(x)
	v := bl.vmath(xd.Type())
	hi, lo := v.atanAbs(v.abs(xd), nil, v.ft == t)
	if lo != nil {
		hi = v.add(hi, lo)
	}
	return bl.narrow(v.copysign(hi, xd), t)
}

// vAtan2 is atan2(y, x), the angle of the point (x, y), as C99 Annex F:
// z = atan(|y| / |x|), then π - z when x is negative (sign bit: -0 too),
// and y's sign. |y| / |x| is taken as 0 when both are zero and 1 when
// both are infinite, which gives the signed-zero and infinite quadrants;
// its overflow gives π/2 and its underflow the correctly rounded tiny
// angle. A NaN operand gives NaN.
func (bl *builder) vAtan2(y, x value.Value) value.Value {
	t := y.Type()
	yd, xd := bl.widen(y), bl.widen(x)
	v := bl.vmath(yd.Type())
	ay, ax := v.abs(yd), v.abs(xd)
	q := v.div(ay, ax)
	zero, inf := v.c(0), v.c(math.Inf(1))
	bothZero := bl.b().NewAnd(v.cmp(enum.FPredOEQ, ay, zero), v.cmp(enum.FPredOEQ, ax, zero))
	bothInf := bl.b().NewAnd(v.cmp(enum.FPredOEQ, ay, inf), v.cmp(enum.FPredOEQ, ax, inf))
	q = v.sel(bothZero, zero, v.sel(bothInf, v.c(1), q))
	var ql value.Value
	if v.ft == t { // |y| / |x| = q + ql; 0 where the residual is not finite
		ql = v.div(v.fma(v.neg(q), ax, ay), ax)
		ql = v.sel(v.cmp(enum.FPredOLT, v.abs(ql), inf), ql, zero)
	}
	zh, zl := v.atanAbs(q, ql, v.ft == t)
	xNeg := v.cmp(enum.FPredOLT, v.copysign(v.c(1), xd), zero)
	var r value.Value
	if zl == nil {
		r = v.sel(xNeg, v.add(v.sub(v.c(piHi), zh), v.c(piLo)), zh)
	} else { // π - zh - zl rounded once: piHi - zh and its error (Fast2Sum)
		d := v.sub(v.c(piHi), zh)
		de := v.sub(v.sub(v.c(piHi), d), zh)
		r = v.sel(xNeg, v.add(d, v.add(v.sub(v.c(piLo), zl), de)), v.add(zh, zl))
	}
	return bl.narrow(v.copysign(r, yd), t)
}
