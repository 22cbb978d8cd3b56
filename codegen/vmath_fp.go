package codegen

import (
	"math"

	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
)

// This file holds the pieces shared by the vector math kernels
// (vmath_*.go): tanh, sigmoid, erf, atan, atan2 and rsqrt lower to
// straight-line polynomials, selects and at most a division or two, never
// a libm call, so the loop vectorizer turns them into vector code. Every
// multiply-add is llvm.fma (one rounding on every target: the bits do not
// depend on the CPU) and no fast-math flag is set.
//
// f64 results are computed in f64 with the error-free transformations
// that keep them within 1 ulp (a sum or product split into a rounded
// value and its exact error with fma). f32 results (and f16/bf16, which
// compute in f32) are computed in f64 with shorter polynomials and
// rounded once from a value about 2^-30 relative off, which is within 1
// ulp and almost always correctly rounded; tanh, the one whose speed
// matters most (GELU), is computed in f32 instead, at twice the lanes.

// fp emits float arithmetic on one compute type: a float or double
// scalar, or a vector of them.
type fp struct {
	bl *builder
	t  types.Type // the float type
	it types.Type // the integer type of the same width
}

func (bl *builder) fpOf(t types.Type) fp {
	n := lanes(t)
	it := vecOf(types.I64, n)
	if elemType(t) == types.Float {
		it = vecOf(types.I32, n)
	}
	return fp{bl, t, it}
}

// is64 reports whether f computes in double.
func (f fp) is64() bool { return elemType(f.t) == types.Double }

// c is the constant v, rounded to f's type.
func (f fp) c(v float64) value.Value {
	if !f.is64() {
		v = float64(float32(v))
	}
	return floatConst(f.t, v)
}

func (f fp) add(x, y value.Value) value.Value    { return f.bl.b.NewFAdd(x, y) }
func (f fp) sub(x, y value.Value) value.Value    { return f.bl.b.NewFSub(x, y) }
func (f fp) mul(x, y value.Value) value.Value    { return f.bl.b.NewFMul(x, y) }
func (f fp) div(x, y value.Value) value.Value    { return f.bl.b.NewFDiv(x, y) }
func (f fp) fma(x, y, z value.Value) value.Value { return f.bl.callIntrinsic("llvm.fma", f.t, x, y, z) }
func (f fp) neg(x value.Value) value.Value       { return f.bl.b.NewFNeg(x) }
func (f fp) abs(x value.Value) value.Value       { return f.bl.callIntrinsic("llvm.fabs", f.t, x) }
func (f fp) copysign(x, s value.Value) value.Value {
	return f.bl.callIntrinsic("llvm.copysign", f.t, x, s)
}
func (f fp) sqrt(x value.Value) value.Value { return f.bl.callIntrinsic("llvm.sqrt", f.t, x) }

// cmp is an ordered comparison (false when either side is NaN) or, for
// enum.FPredUNO and the U predicates, an unordered one.
func (f fp) cmp(p enum.FPred, x, y value.Value) value.Value { return f.bl.b.NewFCmp(p, x, y) }

func (f fp) sel(cond, x, y value.Value) value.Value { return f.bl.b.NewSelect(cond, x, y) }

// minC is x clamped to at most hi; a NaN x stays NaN.
func (f fp) minC(x value.Value, hi float64) value.Value {
	return f.sel(f.cmp(enum.FPredOGT, x, f.c(hi)), f.c(hi), x)
}

// poly is c[0] + x*(c[1] + x*(c[2] + ...)) by Horner's rule with fma.
func (f fp) poly(x value.Value, c []float64) value.Value {
	p := f.c(c[len(c)-1])
	for i := len(c) - 2; i >= 0; i-- {
		p = f.fma(p, x, f.c(c[i]))
	}
	return p
}

// pow2 is 2^k for an integer-valued float k in the normal range, built
// in the exponent bits. k's bits come from the mantissa of k + 1.5*2^p
// (p the mantissa width), not fptosi, which is poison on NaN.
func (f fp) pow2(k value.Value) value.Value {
	b := f.bl.b
	bias, shift := int64(1023), int64(52)
	if !f.is64() {
		bias, shift = 127, 23
	}
	magic := f.c(f.roundMagic())
	ki := b.NewSub(b.NewBitCast(f.add(k, magic), f.it), b.NewBitCast(magic, f.it))
	return b.NewBitCast(b.NewShl(b.NewAdd(ki, intConst(f.it, bias)), intConst(f.it, shift)), f.t)
}

// roundMagic is 1.5*2^p: adding and subtracting it rounds a float of
// magnitude below 2^(p-1) to an integer (ties to even).
func (f fp) roundMagic() float64 {
	if f.is64() {
		return 0x1.8p52
	}
	return 0x1.8p23
}

// widen converts an f32 compute value to f64 (identity on f64); narrow
// rounds back to t.
func (bl *builder) widen(x value.Value) value.Value {
	if elemType(x.Type()) == types.Double {
		return x
	}
	return bl.b.NewFPExt(x, vecOf(types.Double, lanes(x.Type())))
}

func (bl *builder) narrow(x value.Value, t types.Type) value.Value {
	if elemType(t) == types.Double {
		return x
	}
	return bl.b.NewFPTrunc(x, t)
}

// ln2Hi42 has the 42 leading bits of ln 2, so k*ln2Hi42 is exact for |k| <
// 2^11; ln2Lo42 is the rest (Cody and Waite). ln2Hi32 and ln2Lo32 are the
// same for f32: 17 bits, exact for |k| < 2^7.
const (
	ln2Hi42 = 0x1.62e42fefa38p-1
	ln2Lo42 = math.Ln2 - ln2Hi42
	ln2Hi32 = 0x1.62e4p-1
	ln2Lo32 = math.Ln2 - ln2Hi32
)

// expm1Taylor are the Taylor coefficients 1/3!, 1/4!, ... of
// (e^r - 1 - r - r^2/2) / r^3.
var expm1Taylor = func() []float64 {
	c := make([]float64, 12)
	f := 6.0
	for i := range c {
		c[i] = 1 / f
		f *= float64(i + 4)
	}
	return c
}()

// expParts is e^v = 2^k * (1 + qh + ql) in f64 for v <= 0 (a NaN v
// gives a NaN qh), with kf = k as a float; k must stay within the range
// of pow2. With precise, qh + ql is within about 2^-57 of e^r - 1;
// without (f32 results computed in f64), ql is nil and qh is within
// 2^-31 relative.
//
// k = round(v / ln 2) by adding and subtracting roundMagic, r = v - k ln
// 2 in two steps (Cody and Waite), |r| <= 0.347, and e^r - 1 by its
// Taylor polynomial: degree 13 (truncation below 2^-57) or 8 (2^-31).
// For precise, r's rounding error, the rounding error of r^2 and of the
// sums are kept in ql.
func (f fp) expParts(v value.Value, precise bool) (kf, qh, ql value.Value) {
	magic := f.c(f.roundMagic())
	hi, lo, terms := ln2Hi42, ln2Lo42, 11
	if !precise {
		terms = 6
	}
	m := f.fma(v, f.c(1/math.Ln2), magic)
	kf = f.sub(m, magic)
	rh := f.fma(kf, f.c(-hi), v)
	if !precise {
		r := f.fma(kf, f.c(-lo), rh)
		p := f.poly(r, expm1Taylor[:terms])
		rr := f.mul(r, r)
		return kf, f.fma(rr, f.fma(r, p, f.c(0.5)), r), nil
	}
	rl := f.mul(kf, f.c(-lo))
	r := f.add(rh, rl)
	re := f.add(f.sub(rh, r), rl) // r + re = rh + rl
	hh := f.mul(r, r)
	hl := f.fma(r, r, f.neg(hh)) // r^2 = hh + hl
	half := f.mul(hh, f.c(0.5))
	p := f.poly(r, expm1Taylor[:terms])
	tail := f.fma(f.mul(hh, r), p, f.mul(hl, f.c(0.5)))
	w := f.add(half, tail) // |tail| < half
	we := f.add(f.sub(half, w), tail)
	qh = f.add(r, w) // |w| < |r|
	ql = f.add(f.add(f.sub(r, qh), w), we)
	ql = f.add(ql, f.fma(re, qh, re)) // e^(r+re) - 1 = q + re(1+q)
	return kf, qh, ql
}
