package codegen

import (
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/value"
)

// tanh and sigmoid from E = e^v for v = -2|x| and v = -|x| (vmath.go's
// expParts): both need e^v only for v <= 0, where it cannot overflow.

// vTanh is tanh x = sign(x) (1 - E) / (1 + E), E = e^(-2|x|) = 2^k (1 +
// q): with s = 2^k the numerator is (1 - s) - s q and the denominator
// (1 + s) + s q, each one fma with no cancellation. Both are carried as
// rounded values plus their errors (exact by fma, and the errors of 1 -/+
// s, which round for k < -p), and the quotient gets one correction step
// from its exact residual, so the result is rounded about once. f32
// computes this in f32 (twice the lanes of f64). |x| is clamped to 20
// (10 for f32; tanh is 1 beyond 19.1 in f64, 9.1 in f32); tanh of ±0 is
// ±0 by the final copysign, and NaN stays NaN.
func (bl *builder) vTanh(x value.Value) value.Value {
	f := bl.fpOf(x.Type())
	bound := 20.0
	if !f.is64() {
		bound = 10
	}
	a := f.minC(f.abs(x), bound)
	kf, qh, ql := f.expParts(f.mul(a, f.c(-2)), true)
	s := f.pow2(kf)
	one, ms := f.c(1), f.sub(f.c(0), s)
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
	my0 := f.sub(f.c(0), y0)
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
	kf, qh, ql := f.expParts(f.sub(f.c(0), f.minC(f.abs(xd), bound)), precise)
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
	e := f.fma(f.sub(f.c(0), y0), dl, f.fma(f.sub(f.c(0), y0), dh, one))
	yl := f.mul(y0, e)
	pos := f.add(y0, yl)
	// x < 0: (1 + qh + ql) (y0 + yl) 2^k
	uh := f.add(one, qh)
	ul := f.add(f.add(f.sub(one, uh), qh), ql)
	ph := f.mul(uh, y0)
	pl := f.fma(uh, y0, f.sub(f.c(0), ph))
	p := f.add(ph, f.add(pl, f.fma(uh, yl, f.mul(ul, y0))))
	k1 := f.bl.callIntrinsic("llvm.floor", f.t, f.mul(kf, f.c(0.5)))
	negv := f.mul(f.mul(p, f.pow2(k1)), f.pow2(f.sub(kf, k1)))
	return f.sel(neg, negv, pos)
}
