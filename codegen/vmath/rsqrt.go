package vmath

import (
	"math"

	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/value"
)

// vRsqrt is 1 / sqrt(x) within 1 ulp. f32 computes 1 / sqrt in f64 and
// rounds once (about 2^-52 off before that rounding). f64 corrects r0 = 1
// / s, s = sqrt(x), with one Newton step that knows s's rounding error
// exactly (x - s^2 by fma): 1 / sqrt(x) = r0 (1 + e), e = 1 - r0 s - r0
// sl to first order, sl = (x - s^2) / 2s. x below 2^-960 is scaled by
// 2^100 first, so that x - s^2 does not underflow. 0, negative, infinite
// and NaN x give r0 as IEEE division does: ±inf, NaN, 0, NaN.
func (bl *builder) vRsqrt(x value.Value) value.Value {
	t := x.Type()
	if !bl.vmath(t).f64 {
		v := bl.vmath(bl.widen(x).Type())
		return bl.narrow(v.div(v.c(1), v.sqrt(bl.widen(x))), t)
	}
	v := bl.vmath(t)
	tiny := v.cmp(enum.FPredOLT, x, v.c(0x1p-960))
	xs := v.sel(tiny, v.mul(x, v.c(0x1p100)), x)
	s := v.sqrt(xs)
	r0 := v.div(v.c(1), s)
	d := v.fma(v.neg(s), s, xs)
	sl := v.mul(d, v.mul(r0, v.c(0.5)))
	mr0 := v.neg(r0)
	e := v.fma(mr0, sl, v.fma(mr0, s, v.c(1)))
	r := v.fma(r0, e, r0)
	r = v.mul(r, v.sel(tiny, v.c(0x1p50), v.c(1)))
	finite := bl.b().NewAnd(v.cmp(enum.FPredOGT, x, v.c(0)), v.cmp(enum.FPredOLT, x, v.c(math.Inf(1))))
	return v.sel(finite, r, r0)
}
