package codegen

import (
	"math"

	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
)

// expF32 is e^x for f32 values (a scalar or a vector), without a libm
// call, so it vectorizes: llvm.exp on a vector becomes one expf call per
// lane, which made softmax as slow as its exp calls (W6).
//
// It computes in f64, where the usual reduction is exact enough to need no
// extra care: x clamped to [-104, 90] (beyond, f32's result is 0 or inf
// anyway; NaN passes the ordered compares unchanged), k = round(x / ln 2)
// by adding and subtracting 1.5*2^52, r = x - k ln 2 with |r| <= 0.347,
// e^r by its Taylor polynomial of degree 8 (relative error below 2e-10),
// then 2^k built in the exponent bits (k from the rounded sum's mantissa:
// no fptosi, which is poison on NaN) and one rounding to f32. The result is
// within 0.501 ulp of e^x: the correctly rounded f32 except where e^x lies
// within 2e-10 of a rounding tie. No fast-math flag is used, so the bits
// do not depend on the target. f16 and bf16 compute in f32 and share it.
func (bl *builder) expF32(x value.Value) value.Value {
	b := bl.b
	n := lanes(x.Type())
	dt := vecOf(types.Double, n)
	it := vecOf(types.I64, n)
	c := func(v float64) value.Value { return floatConst(dt, v) }
	d := value.Value(b.NewFPExt(x, dt))
	d = b.NewSelect(b.NewFCmp(enum.FPredOGT, d, c(90)), c(90), d)
	d = b.NewSelect(b.NewFCmp(enum.FPredOLT, d, c(-104)), c(-104), d)
	const magic = 0x1.8p52
	m := b.NewFAdd(b.NewFMul(d, c(1/math.Ln2)), c(magic))
	k := b.NewFSub(m, c(magic))
	r := b.NewFSub(d, b.NewFMul(k, c(math.Ln2)))
	// Horner: 1 + r(1 + r(1/2 + r(1/6 + ... + r/8!)))
	coef := []float64{1, 1, 1.0 / 2, 1.0 / 6, 1.0 / 24, 1.0 / 120, 1.0 / 720, 1.0 / 5040, 1.0 / 40320}
	p := c(coef[len(coef)-1])
	for i := len(coef) - 2; i >= 0; i-- {
		p = b.NewFAdd(b.NewFMul(p, r), c(coef[i]))
	}
	ki := b.NewSub(b.NewBitCast(m, it), b.NewBitCast(c(magic), it))
	scale := b.NewBitCast(b.NewShl(b.NewAdd(ki, intConst(it, 1023)), intConst(it, 52)), dt)
	return b.NewFPTrunc(b.NewFMul(p, scale), vecOf(types.Float, n))
}
