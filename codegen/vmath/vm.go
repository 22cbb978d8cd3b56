package vmath

import (
	"math"

	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"github.com/tirc/tirc/codegen/llconst"
)

// This file has the building blocks of the vectorizable math kernels
// (the other files): straight-line code on a float type, a scalar or a vector,
// with no branch and no libm call, so that the loop vectorizer widens the
// loop around it. Every multiply-add is llvm.fma (one rounding on every
// target, with no fast-math flag), so the bits do not depend on the CPU.
//
// f64 results are computed in f64 with the error-free transformations
// that keep them within 1 ulp (a sum or product split into a rounded
// value and its exact error with fma). Most f32 results (and f16/bf16,
// which compute in f32) are computed in f64 with shorter polynomials and
// rounded once from a value about 2^-30 relative off, which is within 1
// ulp and almost always correctly rounded; exp, exp2 and tanh, whose
// speed matters most, compute in f32 instead, at twice the lanes.

// vm emits vector-math code of one float type (scalar or n lanes) and the
// integer type of its bits.
type vm struct {
	bl     *builder
	ft, it types.Type
	f64    bool
}

// vmath returns the emitter for values of float type t (f32 or f64, or a
// vector of them).
func (bl *builder) vmath(t types.Type) *vm {
	n := llconst.Lanes(t)
	elem := t
	if n > 0 {
		elem = t.(*types.VectorType).ElemType
	}
	if elem == types.Double {
		return &vm{bl: bl, ft: t, it: llconst.VecOf(types.I64, n), f64: true}
	}
	return &vm{bl: bl, ft: t, it: llconst.VecOf(types.I32, n)}
}

// as64 is the f64 emitter of the same number of lanes.
func (v *vm) as64() *vm { return v.bl.vmath(llconst.VecOf(types.Double, llconst.Lanes(v.ft))) }

// c is the float constant x (rounded to the type), splatted.
func (v *vm) c(x float64) value.Value {
	if !v.f64 {
		x = float64(float32(x))
	}
	return llconst.Float(v.ft, x)
}

// ci is the integer constant x of the bits' type, splatted.
func (v *vm) ci(x int64) value.Value { return llconst.Int(v.it, x) }

func (v *vm) fma(a, b, c value.Value) value.Value {
	return v.bl.callIntrinsic("llvm.fma", v.ft, a, b, c)
}
func (v *vm) add(a, b value.Value) value.Value { return v.bl.b().NewFAdd(a, b) }
func (v *vm) sub(a, b value.Value) value.Value { return v.bl.b().NewFSub(a, b) }
func (v *vm) mul(a, b value.Value) value.Value { return v.bl.b().NewFMul(a, b) }
func (v *vm) div(a, b value.Value) value.Value { return v.bl.b().NewFDiv(a, b) }
func (v *vm) neg(a value.Value) value.Value    { return v.bl.b().NewFNeg(a) }
func (v *vm) abs(a value.Value) value.Value    { return v.bl.callIntrinsic("llvm.fabs", v.ft, a) }
func (v *vm) sqrt(a value.Value) value.Value   { return v.bl.callIntrinsic("llvm.sqrt", v.ft, a) }

// copysign is |a| with the sign bit of s.
func (v *vm) copysign(a, s value.Value) value.Value {
	return v.bl.callIntrinsic("llvm.copysign", v.ft, a, s)
}

// sel is cond ? a : b.
func (v *vm) sel(cond, a, b value.Value) value.Value { return v.bl.b().NewSelect(cond, a, b) }

// cmp compares floats: the ordered predicates are false when either side
// is NaN, enum.FPredUNO and the U predicates true.
func (v *vm) cmp(p enum.FPred, a, b value.Value) value.Value { return v.bl.b().NewFCmp(p, a, b) }

func (v *vm) or(a, b value.Value) value.Value  { return v.bl.b().NewOr(a, b) }
func (v *vm) and(a, b value.Value) value.Value { return v.bl.b().NewAnd(a, b) }

func (v *vm) bits(a value.Value) value.Value     { return v.bl.b().NewBitCast(a, v.it) }
func (v *vm) fromBits(i value.Value) value.Value { return v.bl.b().NewBitCast(i, v.ft) }

// horner is cs[0] + x*(cs[1] + x*(...)) with fmas.
func (v *vm) horner(x value.Value, cs ...float64) value.Value {
	p := v.c(cs[len(cs)-1])
	for i := len(cs) - 2; i >= 0; i-- {
		p = v.fma(p, x, v.c(cs[i]))
	}
	return p
}

// twoSum is s + e = a + b exactly, s the rounded sum (Knuth).
func (v *vm) twoSum(a, b value.Value) (s, e value.Value) {
	s = v.add(a, b)
	bb := v.sub(s, a)
	e = v.add(v.sub(a, v.sub(s, bb)), v.sub(b, bb))
	return s, e
}

// fastTwoSum is twoSum for |a| >= |b| (or a == 0).
func (v *vm) fastTwoSum(a, b value.Value) (s, e value.Value) {
	s = v.add(a, b)
	return s, v.sub(b, v.sub(s, a))
}

// twoProd is p + e = a*b exactly (barring underflow).
func (v *vm) twoProd(a, b value.Value) (p, e value.Value) {
	p = v.mul(a, b)
	return p, v.fma(a, b, v.neg(p))
}

// magic is 1.5 * 2^(mantissa bits): adding it rounds to an integer (to
// nearest, ties to even) whose value sits in the low bits of the sum.
func (v *vm) magic() float64 {
	if v.f64 {
		return 0x1.8p52
	}
	return 0x1.8p23
}

// roundInt rounds x (|x| < 2^(mantissa bits - 1)) to the nearest integer,
// as a float and as an integer of the bits' type, without fptosi (poison
// on NaN): from the low bits of x + magic.
func (v *vm) roundInt(x value.Value) (k, ki value.Value) {
	m := v.add(x, v.c(v.magic()))
	k = v.sub(m, v.c(v.magic()))
	ki = v.bl.b().NewSub(v.bits(m), v.bits(v.c(v.magic())))
	return k, ki
}

// mantBits and bias describe the float type's encoding.
func (v *vm) mantBits() int64 {
	if v.f64 {
		return 52
	}
	return 23
}

func (v *vm) bias() int64 {
	if v.f64 {
		return 1023
	}
	return 127
}

// pow2f is 2^k for an integer-valued float k in the normal range: k's
// bits come from the low bits of k + magic (as in roundInt), then pow2.
func (v *vm) pow2f(k value.Value) value.Value {
	m := v.c(v.magic())
	return v.pow2(v.bl.b().NewSub(v.bits(v.add(k, m)), v.bits(m)))
}

// pow2 is 2^k for integers k in the normal exponent range, built in the
// exponent bits.
func (v *vm) pow2(k value.Value) value.Value {
	b := v.bl.b()
	return v.fromBits(b.NewShl(b.NewAdd(k, v.ci(v.bias())), v.ci(v.mantBits())))
}

// scale2 is x * 2^k for |k| up to about twice the exponent range, as two
// in-range powers of two: the first product is exact when x is near 1, so
// a subnormal result is rounded once.
func (v *vm) scale2(x, k value.Value) value.Value {
	b := v.bl.b()
	k1 := b.NewAShr(k, v.ci(1))
	k2 := b.NewSub(k, k1)
	return v.mul(v.mul(x, v.pow2(k1)), v.pow2(k2))
}

// minC is x limited to at most hi; NaN passes the ordered compare
// unchanged.
func (v *vm) minC(x value.Value, hi float64) value.Value {
	return v.sel(v.cmp(enum.FPredOGT, x, v.c(hi)), v.c(hi), x)
}

// clamp limits x to [lo, hi]; NaN passes the ordered compares unchanged.
func (v *vm) clamp(x value.Value, lo, hi float64) value.Value {
	x = v.minC(x, hi)
	return v.sel(v.cmp(enum.FPredOLT, x, v.c(lo)), v.c(lo), x)
}

// widen converts an f32 compute value to f64 (identity on f64); narrow
// rounds back to t.
func (bl *builder) widen(x value.Value) value.Value {
	if elemType(x.Type()) == types.Double {
		return x
	}
	return bl.b().NewFPExt(x, llconst.VecOf(types.Double, llconst.Lanes(x.Type())))
}

func (bl *builder) narrow(x value.Value, t types.Type) value.Value {
	if elemType(t) == types.Double {
		return x
	}
	return bl.b().NewFPTrunc(x, t)
}

// ext and trunc convert between f32 and f64 of the same lanes.
func (v *vm) ext(x value.Value) value.Value {
	return v.bl.b().NewFPExt(x, llconst.VecOf(types.Double, llconst.Lanes(v.ft)))
}

func (v *vm) trunc(x value.Value) value.Value {
	return v.bl.b().NewFPTrunc(x, llconst.VecOf(types.Float, llconst.Lanes(v.ft)))
}

// inf is +infinity.
func (v *vm) inf() value.Value { return v.c(math.Inf(1)) }

// nan is a quiet NaN.
func (v *vm) nan() value.Value { return v.c(math.NaN()) }
