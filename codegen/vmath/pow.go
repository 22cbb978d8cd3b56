package vmath

import (
	"math"

	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/value"

	"github.com/tirc/tirc/codegen/llconst"
)

// powKernel lowers powf (x**y) on compute-type values: e^(y log|x|) with
// log|x| a double-double (log.go) times y as a double-double, whose
// exponential takes the low part into its reduced argument
// (exp.go); f32 computes 2^(y log2|x|) in plain f64, log without a
// table (logM). Then the
// special cases of C99 F.9.4.4: pow(x, ±0) = 1 and pow(1, y) = 1 even
// for NaN, pow(-1, ±inf) = 1, NaN for a finite x < 0 and a finite
// non-integer y, the sign of x for an odd integer y.
func (bl *builder) powKernel(x, y value.Value) value.Value {
	v := bl.vmath(x.Type())
	f32 := !v.f64
	w := v
	if f32 {
		x, y, w = v.ext(x), v.ext(y), v.as64()
	}
	ax := w.abs(x)
	var r value.Value
	if f32 { // 2^(y log2|x|) in plain f64: |y log2|x|| <= 150 before 0 or inf
		kf, lm := w.logM(ax)
		l := w.fma(lm, w.c(invLn2DD[0]), kf)
		l = w.sel(w.cmp(enum.FPredOEQ, ax, w.c(0)), w.c(math.Inf(-1)), l)
		l = w.sel(w.cmp(enum.FPredOEQ, ax, w.inf()), w.inf(), l)
		r = w.exp2For32(w.mul(y, l))
	} else {
		lh, ll := w.logDD(ax, 9)
		lh = w.sel(w.cmp(enum.FPredOEQ, ax, w.c(0)), w.c(math.Inf(-1)), lh)
		lh = w.sel(w.cmp(enum.FPredOEQ, ax, w.inf()), w.inf(), lh)
		zh, zl := w.twoProd(y, lh)
		zl = w.fma(y, ll, zl)
		// beyond the range the exponential clamps to, the low part is
		// moot (and NaN when zh is infinite)
		zl = w.sel(w.cmp(enum.FPredOLT, w.abs(zh), w.c(1e4)), zl, w.c(0))
		r = w.expDD(zh, zl)
	}
	r = w.powSpecials(x, y, ax, r)
	if f32 {
		r = v.trunc(r)
	}
	return r
}

// expDD is e^(zh + zl), |zl| below an ulp of zh.
func (v *vm) expDD(zh, zl value.Value) value.Value {
	d := v.clamp(zh, -760, 720)
	_, ki, rh, rl := v.expReduce(d)
	// rh + (rl + zl), renormalized
	rh, rl = v.fastTwoSum(rh, v.add(rl, zl))
	sh, sl := v.expm1Reduced(rh, rl, expDegree)
	return v.expFinish(ki, sh, sl, false)
}

// powSpecials applies pow's sign and special cases to r = |x|**y.
func (v *vm) powSpecials(x, y, ax, r value.Value) value.Value {
	b := v.bl.b()
	tr := v.bl.callIntrinsic("llvm.trunc", v.ft, y)
	isInt := v.cmp(enum.FPredOEQ, tr, y) // true for ±inf
	half := v.mul(y, v.c(0.5))
	odd := v.and(isInt, v.cmp(enum.FPredONE, v.bl.callIntrinsic("llvm.trunc", v.ft, half), half))
	neg := b.NewICmp(enum.IPredSLT, v.bits(x), v.ci(0))
	r = v.sel(v.and(odd, neg), v.neg(r), r)
	finiteNeg := v.and(v.cmp(enum.FPredOLT, x, v.c(0)), v.cmp(enum.FPredOGT, x, v.c(math.Inf(-1))))
	finiteY := v.cmp(enum.FPredOLT, v.abs(y), v.inf())
	r = v.sel(v.and(finiteNeg, v.and(finiteY, b.NewXor(isInt, llconst.Int(isInt.Type(), 1)))), v.nan(), r)
	r = v.sel(v.cmp(enum.FPredUNO, x, y), v.nan(), r)
	one := v.or(v.cmp(enum.FPredOEQ, y, v.c(0)), v.cmp(enum.FPredOEQ, x, v.c(1)))
	one = v.or(one, v.and(v.cmp(enum.FPredOEQ, ax, v.c(1)), v.cmp(enum.FPredOEQ, v.abs(y), v.inf())))
	return v.sel(one, v.c(1), r)
}

// exp2For32 is 2^t in f64 for a result rounded to f32 (relative error
// near 2^-50): t clamped to [-160, 140] (0 and inf in f32 beyond), k =
// round(t), r = t - k exact, 2^r by its Taylor polynomial of degree 10.
func (v *vm) exp2For32(t value.Value) value.Value {
	d := v.clamp(t, -160, 140)
	k, ki := v.roundInt(d)
	cs := make([]float64, 11)
	c := 1.0
	for i := range cs {
		cs[i] = c
		c *= math.Ln2 / float64(i+1)
	}
	return v.mul(v.horner(v.sub(d, k), cs...), v.pow2(ki))
}
