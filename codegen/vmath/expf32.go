package vmath

import (
	"math"

	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"github.com/tirc/tirc/codegen/llconst"
)

// expF32 is e^x for f32 values (a scalar or a vector), without a libm
// call, so it vectorizes: llvm.exp on a vector becomes one expf call per
// lane, which made softmax as slow as its exp calls (W6).
//
// It computes in f32 with fused multiply-adds (llvm.fma: one rounding on
// every target, so the bits do not depend on the machine, and no
// fast-math flag is used): x clamped to [-104, 89] (beyond, the result is
// 0 or inf anyway; NaN passes the ordered compares unchanged);
// k = round(x / ln 2) by adding and subtracting 1.5*2^23; r = x - k ln 2
// in two steps (Cody and Waite: ln 2 as an f32 head and tail), |r| <=
// 0.347; e^r by its Taylor polynomial of degree 7 (truncation below
// 6e-9 relative, Horner with fma); then times 2^k, as two powers of two
// 2^(k>>1) and 2^(k-(k>>1)), each in range, built in the exponent bits
// (k from the rounded sum's mantissa: no fptosi, which is poison on NaN).
// The first product is exact, so a subnormal result is rounded once. The
// result is within 1 ulp of e^x (test/native's exp accuracy test checks
// every 61st f32 of the range against a correctly rounded reference).
// In f32, so that a vector holds twice the lanes of an f64 computation.
// f16 and bf16 compute in f32 and share it.
func (bl *builder) expF32(x value.Value) value.Value {
	v := bl.vmath(llconst.VecOf(types.Float, llconst.Lanes(x.Type())))
	d := v.clamp(x, -104, 89)
	magic := v.c(v.magic())
	m := v.fma(d, v.c(1/math.Ln2), magic)
	k := v.sub(m, magic)
	ln2hi := float64(float32(math.Ln2))
	r := v.fma(k, v.c(-ln2hi), d)
	r = v.fma(k, v.c(-(math.Ln2 - ln2hi)), r)
	p := v.horner(r, 1, 1, 1.0/2, 1.0/6, 1.0/24, 1.0/120, 1.0/720, 1.0/5040)
	return v.scale2(p, bl.b().NewSub(v.bits(m), v.bits(magic)))
}
