package vmath

import (
	"math"

	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/value"

	"github.com/tirc/tirc/ir"
)

// The exponentials (exp, exp2, expm1) and pow's last step, in f64: x is
// reduced to k*ln2 + r, |r| <= ln2/2 + a little, with k an integer and r
// a double-double rh + rl; e^r - 1 is a double-double sh + sl (Taylor
// polynomial, its first two terms exact); and the result is
// 2^k * ((1 - c) + sh + sl) with c = 0 for exp and 2^-k for expm1,
// rounded once and scaled exactly (in two steps, so that a subnormal
// result is rounded once too). f32 (and f16, bf16) results take shorter
// routes: exp and exp2 in f32 (expf32.go, exp2F32), expm1 in plain f64
// (expm1For32).

// Cody and Waite's ln 2, split in a head whose product with a small
// integer k is exact and the rest. ln2Hi has 32 significant bits (exact
// for |k| < 2^21; exp, expm1, pow). ln2Hi42 has 42 (exact for |k| <
// 2^11; expParts, tanh and sigmoid); ln2Hi32 has 17 for f32 (exact for
// |k| < 2^7; tanh32). They are different splits of the same ln 2, and
// each kernel's bits depend on its own.
const (
	ln2Hi   = 6.93147180369123816490e-01
	ln2Lo   = 1.90821492927058770002e-10
	ln2Hi42 = 0x1.62e42fefa38p-1
	ln2Lo42 = math.Ln2 - ln2Hi42
	ln2Hi32 = 0x1.62e4p-1
	ln2Lo32 = math.Ln2 - ln2Hi32
)

// expDegree is the degree of the Taylor polynomial of e^r in f64: its
// truncation error is below 2^-57 relative.
const expDegree = 13

// expm1Reduced is e^r - 1 for r = rh + rl (|r| <= 0.35, |rl| tiny) as a
// double-double sh + sl: r + r^2/2 exactly, the rest r^3 p(r) rounded.
func (v *vm) expm1Reduced(rh, rl value.Value, degree int) (sh, sl value.Value) {
	q := v.horner(rh, expm1Taylor[:degree-2]...)
	r2, r2l := v.twoProd(rh, rh)
	p := v.mul(v.mul(r2, rh), q)
	h, hl := v.mul(r2, v.c(0.5)), v.mul(r2l, v.c(0.5))
	s0, e0 := v.fastTwoSum(rh, h)
	tail := v.add(v.add(e0, hl), v.add(p, v.fma(rl, rh, rl)))
	return v.fastTwoSum(s0, tail)
}

// expReduce is x = k*ln2 + rh + rl: k to nearest (as float and integer).
func (v *vm) expReduce(x value.Value) (k, ki, rh, rl value.Value) {
	k, ki = v.roundInt(v.mul(x, v.c(1/math.Ln2)))
	nk := v.neg(k)
	hi := v.fma(nk, v.c(ln2Hi), x) // exact
	rh = v.fma(nk, v.c(ln2Lo), hi)
	rl = v.fma(nk, v.c(ln2Lo), v.sub(hi, rh))
	return k, ki, rh, rl
}

// expFinish is 2^k * ((1 - 2^-k if m1) + sh + sl), rounded once: the
// exponential, or with m1 its expm1. k is the integer ki, at least -120
// and at most 1100.
func (v *vm) expFinish(ki, sh, sl value.Value, m1 bool) value.Value {
	b := v.bl.b()
	one, lo := v.c(1), v.c(0)
	if m1 {
		// 1 - 2^-k is exact for |k| <= 53; beyond, 2^-k goes to the low
		// part (for k > 53) or does not matter (k < -53: the result is
		// -1 rounded).
		var nk value.Value = b.NewSub(v.ci(0), ki)
		nk = b.NewSelect(b.NewICmp(enum.IPredSLT, nk, v.ci(-1000)), v.ci(-1000), nk)
		p := v.pow2(nk)
		one = v.sub(v.c(1), p)
		lo = v.sel(b.NewICmp(enum.IPredSGT, ki, v.ci(53)), v.neg(p), lo)
	}
	uh, ul := v.fastTwoSum(one, sh)
	return v.scale2(v.add(uh, v.add(ul, v.add(sl, lo))), ki)
}

// exp64 is e^x (m1: e^x - 1) of f64 values.
func (v *vm) exp64(x value.Value, m1 bool) value.Value {
	lo := -760.0 // e^-760 is 0 in f64 after rounding, 2^k still in range
	if m1 {
		lo = -80 // expm1 is -1 rounded
	}
	d := v.clamp(x, lo, 720)
	_, ki, rh, rl := v.expReduce(d)
	sh, sl := v.expm1Reduced(rh, rl, expDegree)
	r := v.expFinish(ki, sh, sl, m1)
	if m1 { // the sign of a zero
		r = v.sel(v.cmp(enum.FPredOEQ, x, v.c(0)), x, r)
	}
	return r
}

// exp2_64 is 2^x of f64 values: x = k + r exactly, r*ln2 as a
// double-double.
func (v *vm) exp2_64(x value.Value) value.Value {
	d := v.clamp(x, -1100, 1040)
	k, ki := v.roundInt(d)
	r := v.sub(d, k)
	rh := v.mul(r, v.c(ln2DD[0]))
	rl := v.fma(r, v.c(ln2DD[1]), v.fma(r, v.c(ln2DD[0]), v.neg(rh)))
	sh, sl := v.expm1Reduced(rh, rl, expDegree)
	return v.expFinish(ki, sh, sl, false)
}

// expKernel lowers exp, exp2 and expm1 on a compute-type value (f32 or
// f64, scalar or vector).
func (bl *builder) expKernel(k ir.Kernel, x value.Value) value.Value {
	v := bl.vmath(x.Type())
	if !v.f64 {
		switch k {
		case ir.KernelExp:
			return bl.expF32(x)
		case ir.KernelExp2:
			return v.exp2F32(x)
		}
		return v.trunc(v.as64().expm1For32(v.ext(x)))
	}
	switch k {
	case ir.KernelExp:
		return v.exp64(x, false)
	case ir.KernelExpm1:
		return v.exp64(x, true)
	}
	return v.exp2_64(x)
}

// exp2F32 is 2^x in f32 (as expF32, expf32.go): x clamped to [-152, 129],
// k = round(x), r = x - k exact (|r| <= 1/2), 2^r by its Taylor
// polynomial of degree 7 in r (coefficients ln2^i/i!, truncation below
// 2^-27 relative), scaled by 2^k in two steps. Within 0.92 ulp (every
// f32 x with 1/16 <= |x| < 152 checked, subnormal results included), at
// six times the speed of computing in f64.
func (v *vm) exp2F32(x value.Value) value.Value {
	d := v.clamp(x, -152, 129)
	k, ki := v.roundInt(d)
	r := v.sub(d, k)
	cs := make([]float64, 8)
	c := 1.0
	for i := range cs {
		cs[i] = c
		c *= math.Ln2 / float64(i+1)
	}
	return v.scale2(v.horner(r, cs...), ki)
}

// expm1For32 is e^x - 1 in f64 for a result rounded to f32 (relative
// error near 2^-50): x clamped to [-80, 100], x = k ln2 + r (Cody and
// Waite), s = e^r - 1 by its Taylor polynomial of degree 10, and
// 2^k s + (2^k - 1) in one fma.
func (v *vm) expm1For32(x value.Value) value.Value {
	d := v.clamp(x, -80, 100)
	k, ki := v.roundInt(v.mul(d, v.c(1/math.Ln2)))
	nk := v.neg(k)
	r := v.fma(nk, v.c(ln2Lo), v.fma(nk, v.c(ln2Hi), d))
	cs := make([]float64, 10)
	fact := 1.0
	for i := range cs {
		fact *= float64(i + 1)
		cs[i] = 1 / fact
	}
	t := v.pow2(ki)
	res := v.fma(t, v.mul(r, v.horner(r, cs...)), v.sub(t, v.c(1)))
	return v.sel(v.cmp(enum.FPredOEQ, x, v.c(0)), x, res)
}

// expm1Taylor are the Taylor coefficients 1/3!, 1/4!, ..., 1/14! of
// (e^r - 1 - r - r^2/2) / r^3 (degree 14 at most).
var expm1Taylor = func() []float64 {
	c := make([]float64, 12)
	f := 6.0
	for i := range c {
		c[i] = 1 / f
		f *= float64(i + 4)
	}
	return c
}()

// expParts is e^x = 2^k * (1 + qh + ql) in f64 for x <= 0 (a NaN x
// gives a NaN qh), with kf = k as a float; k must stay within the range
// of pow2f. With precise, qh + ql is within about 2^-57 of e^r - 1;
// without (f32 results computed in f64), ql is nil and qh is within
// 2^-31 relative.
//
// k = round(x / ln 2) by adding and subtracting magic, r = x - k ln
// 2 in two steps (Cody and Waite), |r| <= 0.347, and e^r - 1 by its
// Taylor polynomial: degree 13 (truncation below 2^-57) or 8 (2^-31).
// For precise, r's rounding error, the rounding error of r^2 and of the
// sums are kept in ql.
func (v *vm) expParts(x value.Value, precise bool) (kf, qh, ql value.Value) {
	magic := v.c(v.magic())
	hi, lo, terms := ln2Hi42, ln2Lo42, 11
	if !precise {
		terms = 6
	}
	m := v.fma(x, v.c(1/math.Ln2), magic)
	kf = v.sub(m, magic)
	rh := v.fma(kf, v.c(-hi), x)
	if !precise {
		r := v.fma(kf, v.c(-lo), rh)
		p := v.horner(r, expm1Taylor[:terms]...)
		rr := v.mul(r, r)
		return kf, v.fma(rr, v.fma(r, p, v.c(0.5)), r), nil
	}
	rl := v.mul(kf, v.c(-lo))
	r := v.add(rh, rl)
	re := v.add(v.sub(rh, r), rl) // r + re = rh + rl
	hh := v.mul(r, r)
	hl := v.fma(r, r, v.neg(hh)) // r^2 = hh + hl
	half := v.mul(hh, v.c(0.5))
	p := v.horner(r, expm1Taylor[:terms]...)
	tail := v.fma(v.mul(hh, r), p, v.mul(hl, v.c(0.5)))
	w := v.add(half, tail) // |tail| < half
	we := v.add(v.sub(half, w), tail)
	qh = v.add(r, w) // |w| < |r|
	ql = v.add(v.add(v.sub(r, qh), w), we)
	ql = v.add(ql, v.fma(re, qh, re)) // e^(r+re) - 1 = q + re(1+q)
	return kf, qh, ql
}
