package vmath

import (
	"math"
	"math/big"
	"sync"

	llvm "github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"github.com/tirc/tirc/codegen/llconst"
	"github.com/tirc/tirc/ir"
)

// The logarithms (log, log2, log10, log1p) and pow's first step, in f64,
// with a table of 256 entries and no division (after ARM's
// optimized-routines): x = 2^k z, z in [0.6875, 1.375) (so that x near 1
// has k = 0), split by the top 8 bits of z's mantissa; for each interval
// invc is 1/c, c its middle, rounded to 9 significant bits (1 on both
// sides of 1), so that r = z*invc - 1 is exact in one fma (|r| < 2^-8,
// a multiple of 2^-61); then
//
//	log x = k ln2 + log(1/invc) + log1p(r)
//
// with log(1/invc) tabulated as a double-double and log1p(r) = r - r^2/2
// (exact as a double-double) + r^3 p(r). The sum is a double-double with
// a relative error near 2^-68: log rounds it once, log2 and log10 scale
// it by 1/ln2 or 1/ln10 as double-doubles, pow multiplies it by y. f32
// results compute in f64 without the table and in plain f64 (logM).

const (
	logTableBits = 8
	logOff       = 0x3fe6000000000000 // bits of 0.6875
)

// logTable holds invc, then the high and the low parts of -log(invc), for
// each of the 256 intervals.
var logTable = sync.OnceValue(func() [3][1 << logTableBits]float64 {
	var t [3][1 << logTableBits]float64
	for i := range 1 << logTableBits {
		lo := math.Float64frombits(logOff + uint64(i)<<(52-logTableBits))
		hi := math.Float64frombits(logOff + uint64(i+1)<<(52-logTableBits))
		invc := 1.0
		if lo != 1 && hi != 1 {
			f, e := math.Frexp(2 / (lo + hi))
			invc = math.Ldexp(math.Round(f*512)/512, e)
		}
		l := bigLn(invc)
		l.Neg(l)
		t[0][i] = invc
		t[1][i], t[2][i] = ddOf(l)
	}
	return t
})

// Double-double constants: ln 2, 1/ln 2, 1/ln 10.
var ln2DD, invLn2DD, invLn10DD = func() ([2]float64, [2]float64, [2]float64) {
	ln2, ln10 := bigLn(2), bigLn(10)
	inv := func(x *big.Float) *big.Float { return new(big.Float).SetPrec(bigPrec).Quo(big.NewFloat(1), x) }
	a, b := ddOf(ln2)
	c, d := ddOf(inv(ln2))
	e, f := ddOf(inv(ln10))
	return [2]float64{a, b}, [2]float64{c, d}, [2]float64{e, f}
}()

const bigPrec = 200

// bigLn is ln x (x > 0) to bigPrec bits: e ln2 + 2 atanh((m-1)/(m+1)).
func bigLn(x float64) *big.Float {
	nf := func(v float64) *big.Float { return new(big.Float).SetPrec(bigPrec).SetFloat64(v) }
	atanh2 := func(m *big.Float) *big.Float { // 2 atanh((m-1)/(m+1)), m in [1, 2]
		z := new(big.Float).SetPrec(bigPrec).Quo(new(big.Float).Sub(m, nf(1)), new(big.Float).Add(m, nf(1)))
		z2 := new(big.Float).SetPrec(bigPrec).Mul(z, z)
		sum, term := nf(0), new(big.Float).SetPrec(bigPrec).Set(z)
		for k := 1; k < 400; k += 2 {
			sum.Add(sum, new(big.Float).SetPrec(bigPrec).Quo(term, nf(float64(k))))
			term.Mul(term, z2)
		}
		return sum.Mul(sum, nf(2))
	}
	f, e := math.Frexp(x)
	r := atanh2(nf(2 * f))
	return r.Add(r, new(big.Float).SetPrec(bigPrec).Mul(atanh2(nf(2)), nf(float64(e-1))))
}

// ddOf splits x into the nearest float64 and the nearest float64 to the
// rest.
func ddOf(x *big.Float) (hi, lo float64) {
	hi, _ = x.Float64()
	lo, _ = new(big.Float).SetPrec(bigPrec).Sub(x, new(big.Float).SetFloat64(hi)).Float64()
	return hi, lo
}

// logTableGlobal is the module's copy of logTable, [768 x double],
// defined on first use.
func (mc module) logTableGlobal() *llvm.Global {
	const name = "tirc.vmath.log"
	return mc.Table(name, func() *llvm.Global {
		t := logTable()
		var cs []constant.Constant
		for _, col := range t {
			for _, x := range col {
				cs = append(cs, constant.NewFloat(types.Double, x))
			}
		}
		arr := constant.NewArray(types.NewArray(uint64(len(cs)), types.Double), cs...)
		g := llvm.NewGlobalDef(mc.Symbol(name), arr)
		g.Linkage = enum.LinkagePrivate
		g.Immutable = true
		g.UnnamedAddr = enum.UnnamedAddrUnnamedAddr
		g.Align = 64
		mc.DefineGlobal(g)
		return g
	})
}

// load reads element idx (an i64, or a vector of them for a vector
// value) of the f64 array global g.
func (v *vm) load(g *llvm.Global, idx value.Value) value.Value {
	b := v.bl.b()
	at := g.ContentType
	one := func(i value.Value) value.Value {
		p := b.NewGetElementPtr(at, g, llconst.I64(0), i)
		p.InBounds = true
		return b.NewLoad(types.Double, p)
	}
	n := llconst.Lanes(idx.Type())
	if n == 0 {
		return one(idx)
	}
	var acc value.Value = constant.NewUndef(types.NewVector(uint64(n), types.Double))
	for i := int64(0); i < n; i++ {
		acc = b.NewInsertElement(acc, one(b.NewExtractElement(idx, llconst.I32(i))), llconst.I32(i))
	}
	return acc
}

// i64From converts a small integer of the bits' type (f64) to a float
// without sitofp (scalarized on AVX2): through the magic number.
func (v *vm) i64From(k value.Value) value.Value {
	return v.sub(v.fromBits(v.bl.b().NewAdd(k, v.bits(v.c(v.magic())))), v.c(v.magic()))
}

// logDD is log x as a double-double for f64 x > 0 finite (anything else
// gives garbage the caller replaces); degree is that of log1p(r)'s
// polynomial (9 for f64 results, 5 for f32 ones).
func (v *vm) logDD(x value.Value, degree int) (hi, lo value.Value) {
	b := v.bl.b()
	sub := v.cmp(enum.FPredOLT, x, v.c(0x1p-1022))
	xs := v.sel(sub, v.mul(x, v.c(0x1p52)), x)
	ix := v.bits(xs)
	tmp := b.NewSub(ix, v.ci(logOff))
	var k value.Value = b.NewAShr(tmp, v.ci(52))
	k = b.NewAdd(k, v.bl.b().NewSelect(sub, v.ci(-52), v.ci(0)))
	i := b.NewAnd(b.NewLShr(tmp, v.ci(52-logTableBits)), v.ci(1<<logTableBits-1))
	z := v.fromBits(b.NewSub(ix, b.NewAnd(tmp, v.ci(-1<<52))))
	g := v.bl.mod().logTableGlobal()
	invc := v.load(g, i)
	th := v.load(g, b.NewAdd(i, v.ci(1<<logTableBits)))
	tl := v.load(g, b.NewAdd(i, v.ci(2<<logTableBits)))
	r := v.fma(z, invc, v.c(-1)) // exact
	kf := v.i64From(k)
	cs := make([]float64, 0, degree)
	for j := 3; j <= degree; j++ {
		sign := 1.0
		if j%2 == 0 {
			sign = -1
		}
		cs = append(cs, sign/float64(j))
	}
	r2, r2l := v.twoProd(r, r)
	p := v.mul(v.mul(r2, r), v.horner(r, cs...))
	s1, e1 := v.twoSum(v.mul(kf, v.c(ln2Hi)), th)
	s2, e2 := v.twoSum(s1, r)
	s3, e3 := v.twoSum(s2, v.mul(r2, v.c(-0.5)))
	tail := v.add(v.add(v.add(e1, e2), v.add(e3, v.fma(kf, v.c(ln2Lo), tl))), v.fma(r2l, v.c(-0.5), p))
	return v.fastTwoSum(s3, tail)
}

// logKernel lowers log, log2, log10 and log1p on a compute-type value:
// f32 in f64 (log32).
func (bl *builder) logKernel(k ir.Kernel, x value.Value) value.Value {
	v := bl.vmath(x.Type())
	if !v.f64 {
		return v.trunc(v.as64().log32(k, v.ext(x)))
	}
	arg := x // the argument of log
	var ul value.Value
	if k == ir.KernelLog1p {
		arg, ul = v.twoSum(v.c(1), x)
	}
	hi, lo := v.logDD(arg, 9)
	if ul != nil {
		lo = v.add(lo, v.div(ul, arg))
	}
	var r value.Value
	switch k {
	case ir.KernelLog2:
		r = v.mulDD(hi, lo, invLn2DD)
	case ir.KernelLog10:
		r = v.mulDD(hi, lo, invLn10DD)
	default:
		r = v.add(hi, lo)
	}
	return v.logSpecials(k, x, arg, r)
}

// logSpecials applies log's special values to r, the log of arg (x, or
// 1 + x for log1p): log(0) = -inf, log(inf) = inf, log(x < 0) = NaN,
// log1p(±0) = ±0.
func (v *vm) logSpecials(k ir.Kernel, x, arg, r value.Value) value.Value {
	r = v.sel(v.cmp(enum.FPredOEQ, arg, v.c(0)), v.c(math.Inf(-1)), r)
	r = v.sel(v.cmp(enum.FPredOEQ, arg, v.inf()), v.inf(), r)
	r = v.sel(v.cmp(enum.FPredULT, arg, v.c(0)), v.nan(), r)
	if k == ir.KernelLog1p {
		r = v.sel(v.cmp(enum.FPredOEQ, x, v.c(0)), x, r)
	}
	return r
}

// logM is x = 2^k m, m in [sqrt(1/2), sqrt 2), and log m, for f64 x > 0
// finite and normal, with a relative error near 2^-40 (for f32 results,
// with no table): f = m - 1, s = f/(2+f), log m = 2 atanh s, its odd
// series to s^15 (|s| <= 0.172).
func (v *vm) logM(x value.Value) (kf, lm value.Value) {
	b := v.bl.b()
	ix := v.bits(x)
	k := b.NewAShr(b.NewSub(ix, v.ci(0x3fe6a09e667f3bcd)), v.ci(52))
	m := v.fromBits(b.NewSub(ix, b.NewShl(k, v.ci(52))))
	f := v.sub(m, v.c(1))
	s := v.div(f, v.add(f, v.c(2)))
	cs := make([]float64, 8)
	for i := range cs {
		cs[i] = 2 / float64(2*i+1)
	}
	return v.i64From(k), v.mul(s, v.horner(v.mul(s, s), cs...))
}

// log32 is log, log2, log10 or log1p of f64 x for an f32 result.
func (v *vm) log32(k ir.Kernel, x value.Value) value.Value {
	arg := x
	var corr value.Value // log1p: the rounding error of 1 + x, over 1 + x
	if k == ir.KernelLog1p {
		arg = v.add(v.c(1), x)
		corr = v.div(v.sub(x, v.sub(arg, v.c(1))), arg)
	}
	kf, lm := v.logM(arg)
	if corr != nil {
		lm = v.add(lm, corr)
	}
	var r value.Value
	switch k {
	case ir.KernelLog2:
		r = v.fma(lm, v.c(invLn2DD[0]), kf)
	case ir.KernelLog10:
		r = v.fma(kf, v.c(math.Log10(2)), v.mul(lm, v.c(invLn10DD[0])))
	default:
		r = v.fma(kf, v.c(math.Ln2), lm)
	}
	return v.logSpecials(k, x, arg, r)
}

// mulDD is (hi + lo) * (c[0] + c[1]) rounded once.
func (v *vm) mulDD(hi, lo value.Value, c [2]float64) value.Value {
	ph, pl := v.twoProd(hi, v.c(c[0]))
	return v.add(ph, v.add(pl, v.fma(lo, v.c(c[0]), v.mul(hi, v.c(c[1])))))
}
