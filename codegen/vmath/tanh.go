package vmath

import (
	"math"

	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/value"
)

// tanh and sigmoid from E = e^v for v = -2|x| and v = -|x| (exp.go's
// expParts): both need e^v only for v <= 0, where it cannot overflow.

// vTanh is tanh x = sign(x) (1 - E) / (1 + E), E = e^(-2|x|) = 2^k (1 +
// q): with s = 2^k the numerator is (1 - s) - s q and the denominator
// (1 + s) + s q, each one fma with no cancellation. Both are carried as
// rounded values plus their errors (exact by fma, and the errors of 1 -/+
// s, which round for k < -52), and the quotient gets one correction step
// from its exact residual, so the result is rounded about once. |x| is
// clamped to 20 (tanh is 1 beyond 19.1); tanh of ±0 is ±0 by the final
// copysign, and NaN stays NaN. f32 has its own, cheaper, tanh32.
func (bl *builder) vTanh(x value.Value) value.Value {
	v := bl.vmath(x.Type())
	if !v.f64 {
		return v.tanh32(x)
	}
	a := v.minC(v.abs(x), 20)
	kf, qh, ql := v.expParts(v.mul(a, v.c(-2)), true)
	s := v.pow2f(kf)
	one, ms := v.c(1), v.neg(s)
	ns, ps := v.sub(one, s), v.add(one, s)
	nse := v.sub(v.sub(one, ns), s)
	pse := v.sub(s, v.sub(ps, one))
	nh := v.fma(ms, qh, ns)
	dh := v.fma(s, qh, ps)
	nl := v.fma(ms, ql, v.add(v.fma(ms, qh, v.sub(ns, nh)), nse))
	dl := v.fma(s, ql, v.add(v.fma(s, qh, v.sub(ps, dh)), pse))
	return v.copysign(v.quotient(nh, nl, dh, dl), x)
}

// quotient is (nh + nl) / (dh + dl), |nl| and |dl| tiny beside nh and
// dh, within about 0.5 ulp with one division (quotientParts).
func (v *vm) quotient(nh, nl, dh, dl value.Value) value.Value {
	y0, inv, corr := v.quotientStep(nh, nl, dh, dl)
	return v.fma(corr, inv, y0)
}

// quotientParts is (nh + nl) / (dh + dl) as y0 + yl, yl tiny.
func (v *vm) quotientParts(nh, nl, dh, dl value.Value) (y0, yl value.Value) {
	y0, inv, corr := v.quotientStep(nh, nl, dh, dl)
	return y0, v.mul(corr, inv)
}

// quotientStep is y0 = nh / dh and a correction corr * inv from the
// exact residual nh - y0 dh (fma) plus the low parts.
func (v *vm) quotientStep(nh, nl, dh, dl value.Value) (y0, inv, corr value.Value) {
	inv = v.div(v.c(1), dh)
	y0 = v.mul(nh, inv)
	my0 := v.neg(y0)
	rem := v.fma(my0, dh, nh)
	return y0, inv, v.fma(my0, dl, v.add(rem, nl))
}

// vSigmoid is 1 / (1 + e^-x): with E = e^(-|x|), 1 / (1 + E) for x >= 0
// and E / (1 + E) for x < 0, so e^v is never huge. |x| is clamped to 746
// (E is 0 beyond, in f64; 110 for f32 results).
//
// For f64, 1 + E = 1 + s (1 + q) and its reciprocal y are carried as
// rounded values plus errors; for x < 0 the product (1 + q) y is rounded
// once and then scaled by s = 2^k in two exact-or-once-rounded steps, so
// subnormal results are rounded once.
func (bl *builder) vSigmoid(x value.Value) value.Value {
	t := x.Type()
	xd := bl.widen(x)
	v := bl.vmath(xd.Type())
	neg := v.cmp(enum.FPredOLT, xd, v.c(0))
	precise := v.ft == t
	bound := 746.0
	if !precise { // sigmoid(-110) rounds to 0 in f32
		bound = 110
	}
	kf, qh, ql := v.expParts(v.neg(v.minC(v.abs(xd), bound)), precise)
	one := v.c(1)
	if !precise {
		s := v.pow2f(kf)
		e := v.fma(s, qh, s)
		return bl.narrow(v.div(v.sel(neg, e, one), v.add(one, e)), t)
	}
	// 1 + E = dh + dl; E below 2^-100 only matters through 1.
	sd := v.pow2f(v.sel(v.cmp(enum.FPredOLT, kf, v.c(-100)), v.c(-100), kf))
	oh := v.add(one, sd)
	ol := v.sub(sd, v.sub(oh, one))
	dh := v.fma(sd, qh, oh)
	dl := v.fma(sd, ql, v.add(v.fma(sd, qh, v.sub(oh, dh)), ol))
	// y = 1 / (dh + dl) = y0 (1 + e)
	y0 := v.div(one, dh)
	e := v.fma(v.neg(y0), dl, v.fma(v.neg(y0), dh, one))
	yl := v.mul(y0, e)
	pos := v.add(y0, yl)
	// x < 0: (1 + qh + ql) (y0 + yl) 2^k
	uh := v.add(one, qh)
	ul := v.add(v.add(v.sub(one, uh), qh), ql)
	ph := v.mul(uh, y0)
	pl := v.fma(uh, y0, v.neg(ph))
	p := v.add(ph, v.add(pl, v.fma(uh, yl, v.mul(ul, y0))))
	k1 := v.bl.callIntrinsic("llvm.floor", v.ft, v.mul(kf, v.c(0.5)))
	negv := v.mul(v.mul(p, v.pow2f(k1)), v.pow2f(v.sub(kf, k1)))
	return v.sel(neg, negv, pos)
}

// tanhTaylor are the Taylor coefficients of (tanh x - x) / x^3 in x^2:
// -1/3, 2/15, -17/315, ... from tanh' = 1 - tanh^2.
var tanhTaylor = func() []float64 {
	a := []float64{1}
	for k := 1; k <= 10; k++ {
		s := 0.0
		for i := 0; i < k; i++ {
			s += a[i] * a[k-1-i]
		}
		a = append(a, -s/float64(2*k+1))
	}
	return a[1:]
}()

// tanh32 is tanh for f32, in f32 arithmetic (twice the lanes of f64),
// within 1 ulp. For |x| < 1/2: x + x^3 P(x^2), P the Taylor series to
// x^15 (truncation below 2^-28 relative); the rounding of the x^3 P term
// is at most a tenth of the result's. Beyond: 1 - 2 / (1 + E),
// E = e^(2|x|) = 2^k (1 + qh + ql) (r = 2|x| - k ln 2 in two steps, e^r -
// 1 by its Taylor polynomial of degree 7, its last rounding kept in ql:
// without, 0.97 ulp),
// 1 + E = dh + dl by fma, 2 / (dh + dl) = t0 + tl with one correction
// step, and 1 - t0 - tl rounded once. |x| is clamped to 9.1 (tanh rounds to 1 beyond
// 9.01); ±0 stays ±0 and NaN stays NaN.
func (v *vm) tanh32(x value.Value) value.Value {
	a := v.minC(v.abs(x), 9.1)
	t := v.mul(a, a)
	small := v.fma(v.mul(a, t), v.horner(t, tanhTaylor[:7]...), a)
	// e^(2a), 2a in [1, 18.2]: k in [1, 26]
	a2 := v.add(a, a)
	magic := v.c(v.magic())
	m := v.fma(a2, v.c(1/math.Ln2), magic)
	kf := v.sub(m, magic)
	r := v.fma(kf, v.c(-ln2Lo32), v.fma(kf, v.c(-ln2Hi32), a2))
	w := v.mul(v.mul(r, r), v.fma(r, v.horner(r, expm1Taylor[:5]...), v.c(0.5)))
	qh := v.add(r, w)
	ql := v.add(v.sub(r, qh), w)
	s := v.pow2(v.bl.b().NewSub(v.bits(m), v.bits(magic)))
	ps := v.add(v.c(1), s)
	dh := v.fma(s, qh, ps)
	dl := v.fma(s, ql, v.fma(s, qh, v.sub(ps, dh)))
	// 1 - (t0 + tl) = u + (e - tl), u = 1 - t0 rounded and e its error
	t0, tl := v.quotientParts(v.c(2), v.c(math.Copysign(0, -1)), dh, dl) // -0: x + -0 folds
	u := v.sub(v.c(1), t0)
	large := v.add(u, v.sub(v.sub(v.sub(v.c(1), u), t0), tl))
	return v.copysign(v.sel(v.cmp(enum.FPredOLT, a, v.c(0.5)), small, large), x)
}
