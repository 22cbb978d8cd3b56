package codegen

import (
	"math"

	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/value"
)

// tanh and sigmoid from E = e^v for v = -2|x| and v = -|x| (vmath.go's
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
	f := bl.fpOf(x.Type())
	if !f.is64() {
		return f.tanh32(x)
	}
	a := f.minC(f.abs(x), 20)
	kf, qh, ql := f.expParts(f.mul(a, f.c(-2)), true)
	s := f.pow2(kf)
	one, ms := f.c(1), f.neg(s)
	ns, ps := f.sub(one, s), f.add(one, s)
	nse := f.sub(f.sub(one, ns), s)
	pse := f.sub(s, f.sub(ps, one))
	nh := f.fma(ms, qh, ns)
	dh := f.fma(s, qh, ps)
	nl := f.fma(ms, ql, f.add(f.fma(ms, qh, f.sub(ns, nh)), nse))
	dl := f.fma(s, ql, f.add(f.fma(s, qh, f.sub(ps, dh)), pse))
	return f.copysign(f.quotient(nh, nl, dh, dl), x)
}

// quotient is (nh + nl) / (dh + dl), |nl| and |dl| tiny beside nh and
// dh, within about 0.5 ulp with one division (quotientParts).
func (f fp) quotient(nh, nl, dh, dl value.Value) value.Value {
	y0, inv, corr := f.quotientStep(nh, nl, dh, dl)
	return f.fma(corr, inv, y0)
}

// quotientParts is (nh + nl) / (dh + dl) as y0 + yl, yl tiny.
func (f fp) quotientParts(nh, nl, dh, dl value.Value) (y0, yl value.Value) {
	y0, inv, corr := f.quotientStep(nh, nl, dh, dl)
	return y0, f.mul(corr, inv)
}

// quotientStep is y0 = nh / dh and a correction corr * inv from the
// exact residual nh - y0 dh (fma) plus the low parts.
func (f fp) quotientStep(nh, nl, dh, dl value.Value) (y0, inv, corr value.Value) {
	inv = f.div(f.c(1), dh)
	y0 = f.mul(nh, inv)
	my0 := f.neg(y0)
	rem := f.fma(my0, dh, nh)
	return y0, inv, f.fma(my0, dl, f.add(rem, nl))
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
	f := bl.fpOf(xd.Type())
	neg := f.cmp(enum.FPredOLT, xd, f.c(0))
	precise := f.t == t
	bound := 746.0
	if !precise { // sigmoid(-110) rounds to 0 in f32
		bound = 110
	}
	kf, qh, ql := f.expParts(f.neg(f.minC(f.abs(xd), bound)), precise)
	one := f.c(1)
	if !precise {
		s := f.pow2(kf)
		e := f.fma(s, qh, s)
		return bl.narrow(f.div(f.sel(neg, e, one), f.add(one, e)), t)
	}
	// 1 + E = dh + dl; E below 2^-100 only matters through 1.
	sd := f.pow2(f.sel(f.cmp(enum.FPredOLT, kf, f.c(-100)), f.c(-100), kf))
	oh := f.add(one, sd)
	ol := f.sub(sd, f.sub(oh, one))
	dh := f.fma(sd, qh, oh)
	dl := f.fma(sd, ql, f.add(f.fma(sd, qh, f.sub(oh, dh)), ol))
	// y = 1 / (dh + dl) = y0 (1 + e)
	y0 := f.div(one, dh)
	e := f.fma(f.neg(y0), dl, f.fma(f.neg(y0), dh, one))
	yl := f.mul(y0, e)
	pos := f.add(y0, yl)
	// x < 0: (1 + qh + ql) (y0 + yl) 2^k
	uh := f.add(one, qh)
	ul := f.add(f.add(f.sub(one, uh), qh), ql)
	ph := f.mul(uh, y0)
	pl := f.fma(uh, y0, f.neg(ph))
	p := f.add(ph, f.add(pl, f.fma(uh, yl, f.mul(ul, y0))))
	k1 := f.bl.callIntrinsic("llvm.floor", f.t, f.mul(kf, f.c(0.5)))
	negv := f.mul(f.mul(p, f.pow2(k1)), f.pow2(f.sub(kf, k1)))
	return f.sel(neg, negv, pos)
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
func (f fp) tanh32(x value.Value) value.Value {
	a := f.minC(f.abs(x), 9.1)
	t := f.mul(a, a)
	small := f.fma(f.mul(a, t), f.poly(t, tanhTaylor[:7]), a)
	// e^(2a), 2a in [1, 18.2]: k in [1, 26]
	v := f.add(a, a)
	magic := f.c(f.roundMagic())
	m := f.fma(v, f.c(1/math.Ln2), magic)
	kf := f.sub(m, magic)
	r := f.fma(kf, f.c(-ln2Lo32), f.fma(kf, f.c(-ln2Hi32), v))
	w := f.mul(f.mul(r, r), f.fma(r, f.poly(r, expm1Taylor[:5]), f.c(0.5)))
	qh := f.add(r, w)
	ql := f.add(f.sub(r, qh), w)
	b := f.bl.b
	ki := b.NewSub(b.NewBitCast(m, f.it), b.NewBitCast(magic, f.it))
	s := b.NewBitCast(b.NewShl(b.NewAdd(ki, intConst(f.it, 127)), intConst(f.it, 23)), f.t)
	ps := f.add(f.c(1), s)
	dh := f.fma(s, qh, ps)
	dl := f.fma(s, ql, f.fma(s, qh, f.sub(ps, dh)))
	// 1 - (t0 + tl) = u + (e - tl), u = 1 - t0 rounded and e its error
	t0, tl := f.quotientParts(f.c(2), f.c(math.Copysign(0, -1)), dh, dl) // -0: x + -0 folds
	u := f.sub(f.c(1), t0)
	large := f.add(u, f.sub(f.sub(f.sub(f.c(1), u), t0), tl))
	return f.copysign(f.sel(f.cmp(enum.FPredOLT, a, f.c(0.5)), small, large), x)
}
