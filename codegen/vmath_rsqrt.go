package codegen

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
	if !bl.fpOf(t).is64() {
		f := bl.fpOf(bl.widen(x).Type())
		return bl.narrow(f.div(f.c(1), f.sqrt(bl.widen(x))), t)
	}
	f := bl.fpOf(t)
	tiny := f.cmp(enum.FPredOLT, x, f.c(0x1p-960))
	xs := f.sel(tiny, f.mul(x, f.c(0x1p100)), x)
	s := f.sqrt(xs)
	r0 := f.div(f.c(1), s)
	d := f.fma(f.neg(s), s, xs)
	sl := f.mul(d, f.mul(r0, f.c(0.5)))
	mr0 := f.neg(r0)
	e := f.fma(mr0, sl, f.fma(mr0, s, f.c(1)))
	r := f.fma(r0, e, r0)
	r = f.mul(r, f.sel(tiny, f.c(0x1p50), f.c(1)))
	finite := bl.b.NewAnd(f.cmp(enum.FPredOGT, x, f.c(0)), f.cmp(enum.FPredOLT, x, f.c(math.Inf(1))))
	return f.sel(finite, r, r0)
}
