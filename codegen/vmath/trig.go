package vmath

import (
	"fmt"
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

// sin, cos and tan without libm calls, so that they vectorize.
//
// f64: the argument is reduced to x = k*pi/2 + r, |r| <= ~pi/4, r as a
// double-double (hi + lo), and fdlibm's kernels, which take r's tail and
// are below 1 ulp, give sin(r), cos(r) or tan(r), picked by k mod 4.
// f32 (and f16, bf16) compute in f64, where an f32 is exact: sin and cos
// reduce by pi and evaluate one Taylor polynomial (sinCosF32); tan
// reduces by pi/2 and divides FreeBSD's float kernels of sin and cos
// (polynomials in f64 within 2^-34). Either is within 0.501 ulp and
// almost always correctly rounded.
//
// The reduction is Cody and Waite's with fma for |x| <= 2^30 (pi/2 in
// three doubles; exact but for ~2^-129 absolute, against |r| >= 2^-61
// for every double), branch-free in the vector. When a lane is beyond
// (but finite), a rare branch reduces every lane of the vector with
// tirc.rem_pio2 (Payne and Hanek: the bits of 2/pi that matter at x's
// exponent, from a table), a helper defined once per module, and keeps
// its result for those lanes. NaN and inf stay on the fast path, where
// they become NaN.
//
// Only fmul, fadd, fdiv and llvm.fma, without fast-math flags: the bits
// are the same on every CPU.

// trigFastMax bounds |x| for the Cody-Waite reduction.
const trigFastMax = 0x1p30

// trigTable holds pi/2 as three doubles (P1 + P2 + P3, each the rounding
// of what the previous leave) and the bits of 2/pi as 64-bit words, the
// most significant first, after one zero word (so that a window may
// start before the binary point).
type trigTable struct {
	pio2  [3]float64
	words [20]uint64
}

// trigConsts computes the table from pi (Machin's formula in fixed point
// with 1400 bits; 2/pi needs 1216).
var trigConsts = sync.OnceValue(func() trigTable {
	const prec = 1400
	one := new(big.Int).Lsh(big.NewInt(1), prec)
	atanInv := func(x int64) *big.Int { // atan(1/x) * 2^prec
		sum, term := new(big.Int), new(big.Int).Quo(one, big.NewInt(x))
		x2 := big.NewInt(x * x)
		for k := int64(0); term.Sign() != 0; k++ {
			t := new(big.Int).Quo(term, big.NewInt(2*k+1))
			if k%2 == 0 {
				sum.Add(sum, t)
			} else {
				sum.Sub(sum, t)
			}
			term.Quo(term, x2)
		}
		return sum
	}
	pi := new(big.Int).Sub(new(big.Int).Mul(big.NewInt(16), atanInv(5)), new(big.Int).Mul(big.NewInt(4), atanInv(239)))
	var t trigTable
	rest := new(big.Float).SetPrec(prec).SetMantExp(new(big.Float).SetPrec(prec).SetInt(pi), -prec-1)
	for i := range t.pio2 {
		t.pio2[i], _ = rest.Float64()
		rest.Sub(rest, new(big.Float).SetFloat64(t.pio2[i]))
	}
	const bits = 64 * (len(t.words) - 1)
	w := new(big.Int).Quo(new(big.Int).Lsh(big.NewInt(2), uint(bits+prec)), pi) // 2/pi * 2^bits
	mask := new(big.Int).SetUint64(math.MaxUint64)
	for i := len(t.words) - 1; i >= 1; i-- {
		t.words[i] = new(big.Int).And(w, mask).Uint64()
		w.Rsh(w, 64)
	}
	return t
})

// trig is sin, cos or tan (k) of x, an f32 or f64 value or vector. A
// scalar calls the module's tirc.<k>.<type> (Emitter.Vectorizable), which the
// loop vectorizer widens to its vector variants: the rare branch to the
// helper would keep it from vectorizing the code inline.
func (bl *builder) trig(k ir.Kernel, x value.Value) value.Value {
	if llconst.Lanes(x.Type()) == 0 {
		return bl.e.Vectorizable(k.String(), x, func(e Emitter, x value.Value) value.Value { return (&builder{e}).trigInline(k, x) })
	}
	return bl.trigInline(k, x)
}

// trigInline is trig computed in place.
func (bl *builder) trigInline(k ir.Kernel, x value.Value) value.Value {
	b := bl.b()
	n := llconst.Lanes(x.Type())
	f32 := elemType(x.Type()) == types.Float
	if f32 && k != ir.KernelTan {
		return bl.sinCosF32(k, x)
	}
	d := x
	if f32 {
		d = b.NewFPExt(x, llconst.VecOf(types.Double, n))
	}
	hi, lo, q := bl.reducePio2(d, !f32)
	b = bl.b() // the reduction may have branched
	it := llconst.VecOf(types.I64, n)
	if k == ir.KernelCos { // cos x = sin(x + pi/2)
		q = b.NewAdd(q, llconst.Int(it, 1))
	}
	odd := b.NewICmp(enum.IPredNE, b.NewAnd(q, llconst.Int(it, 1)), llconst.Int(it, 0))
	var r value.Value
	switch {
	case f32: // tan
		s, c := bl.sinF64Short(hi), bl.cosF64Short(hi)
		r = b.NewFDiv(b.NewSelect(odd, b.NewFNeg(c), s), b.NewSelect(odd, s, c))
	case k == ir.KernelTan:
		r = bl.tanF64(hi, lo, odd)
	default:
		s, c := bl.sinF64(hi, lo), bl.cosF64(hi, lo)
		// sin, cos, -sin, -cos for k mod 4 = 0, 1, 2, 3: the sign from
		// bit 1 of k, moved to the sign bit.
		v := b.NewBitCast(b.NewSelect(odd, c, s), it)
		sign := b.NewShl(b.NewAnd(q, llconst.Int(it, 2)), llconst.Int(it, 62))
		r = b.NewBitCast(b.NewXor(v, sign), d.Type())
	}
	if f32 {
		r = b.NewFPTrunc(r, x.Type())
	}
	if k != ir.KernelCos { // sin and tan of -0 are -0
		r = b.NewSelect(b.NewFCmp(enum.FPredOEQ, x, llconst.Float(x.Type(), 0)), x, r)
	}
	return r
}

// elemType is the element type of a vector type, or t.
func elemType(t types.Type) types.Type {
	if vt, ok := t.(*types.VectorType); ok {
		return vt.ElemType
	}
	return t
}

// reducePio2 returns hi + lo = d - k*pi/2 and q, whose low two bits are
// k mod 4, for f64 values d (a scalar or vector): Cody and Waite's
// reduction, with the helper's for the lanes beyond trigFastMax. Without
// tail (f32 arguments, whose results need far less than a double), lo
// is nil and hi is d - k*(P1 + P2 + P3) by three fmas.
func (bl *builder) reducePio2(d value.Value, tail bool) (hi, lo, q value.Value) {
	b := bl.b()
	n := llconst.Lanes(d.Type())
	ft, it := d.Type(), llconst.VecOf(types.I64, n)
	v := bl.vmath(ft)
	p := trigConsts().pio2
	// k = round(d * 2/pi) by adding and subtracting 1.5*2^52; the sum's
	// low mantissa bits are k + 2^51.
	const magic = 0x1.8p52
	m := v.fma(d, v.c(2/math.Pi), v.c(magic))
	k := v.sub(m, v.c(magic))
	r1 := v.fma(k, v.c(-p[0]), d) // exact
	if tail {
		w := v.mul(k, v.c(p[1]))
		wl := v.fma(k, v.c(p[1]), v.neg(w)) // k*P2 = w + wl exactly
		t, te := v.twoSum(r1, v.neg(w))
		l := v.fma(k, v.c(-p[2]), v.sub(te, wl))
		hi, lo = v.fastTwoSum(t, l)
	} else {
		hi = v.fma(k, v.c(-p[2]), v.fma(k, v.c(-p[1]), r1))
	}
	q = b.NewBitCast(m, it)
	if !tail {
		parts := bl.hugeBranch(d, []value.Value{hi, q}, func() []value.Value {
			shi, _, sq := bl.remPio2Lanes(d)
			return []value.Value{shi, sq}
		})
		return parts[0], nil, parts[1]
	}
	parts := bl.hugeBranch(d, []value.Value{hi, lo, q}, func() []value.Value {
		shi, slo, sq := bl.remPio2Lanes(d)
		return []value.Value{shi, slo, sq}
	})
	return parts[0], parts[1], parts[2]
}

// hugeBranch returns fast, or for the finite lanes of d beyond
// trigFastMax what slow computes, in a block taken only when d has such
// a lane.
func (bl *builder) hugeBranch(d value.Value, fast []value.Value, slow func() []value.Value) []value.Value {
	b := bl.b()
	n := llconst.Lanes(d.Type())
	ft := d.Type()
	ad := bl.callIntrinsic("llvm.fabs", ft, d)
	huge := b.NewAnd(b.NewFCmp(enum.FPredOGT, ad, llconst.Float(ft, trigFastMax)), b.NewFCmp(enum.FPredOLT, ad, llconst.Float(ft, math.Inf(1))))
	anyHuge := value.Value(huge)
	if n > 0 {
		anyHuge = b.NewICmp(enum.IPredNE, b.NewBitCast(huge, types.NewInt(uint64(n))), constant.NewInt(types.NewInt(uint64(n)), 0))
	}
	pre, sb, cont := bl.b(), bl.e.NewBlock("trig.huge"), bl.e.NewBlock("trig.reduced")
	pre.NewCondBr(anyHuge, sb, cont)
	bl.e.SetBlock(sb)
	var vs []value.Value
	bl.e.Nested(func() { vs = slow() }) // nothing made in the branch dominates what follows
	out := make([]value.Value, len(fast))
	for i, f := range fast {
		sel := bl.b().NewSelect(huge, vs[i], f)
		out[i] = cont.NewPhi(llvm.NewIncoming(f, pre), llvm.NewIncoming(sel, bl.b()))
	}
	bl.b().NewBr(cont)
	bl.e.SetBlock(cont)
	return out
}

// remPio2Lanes is tirc.rem_pio2 of every lane of d: a call of it on a
// scalar, of tirc.rem_pio2.v<N> on a vector (out of line, so that the
// vector's fast path keeps its registers).
func (bl *builder) remPio2Lanes(d value.Value) (hi, lo, q value.Value) {
	b := bl.b()
	var r value.Value
	if llconst.Lanes(d.Type()) == 0 {
		r = b.NewCall(bl.mod().remPio2Func(), d)
	} else {
		r = b.NewCall(bl.mod().remPio2VecFunc(d.Type()), d)
	}
	return b.NewExtractValue(r, 0), b.NewExtractValue(r, 1), b.NewExtractValue(r, 2)
}

// remPio2VecFunc defines (once per vector type t) `{t, t, <N x i64>}
// tirc.rem_pio2.v<N>(t x)`: tirc.rem_pio2 of each lane.
func (mc module) remPio2VecFunc(t types.Type) *llvm.Func {
	n := llconst.Lanes(t)
	name := fmt.Sprintf("tirc.rem_pio2.v%d", n)
	if f := mc.Helper(name); f != nil {
		return f
	}
	one := mc.remPio2Func()
	qt := types.NewVector(uint64(n), types.I64)
	res := types.NewStruct(t, t, qt)
	x := llvm.NewParam("x", t)
	f, e := mc.NewFunc(name, res, []llvm.FuncAttribute{enum.FuncAttrCold, enum.FuncAttrNoInline}, x)
	b := e.Block()
	parts := []value.Value{constant.NewUndef(t.(*types.VectorType)), constant.NewUndef(t.(*types.VectorType)), constant.NewUndef(qt)}
	for i := int64(0); i < n; i++ {
		r := b.NewCall(one, b.NewExtractElement(x, llconst.I32(i)))
		for j := range parts {
			parts[j] = b.NewInsertElement(parts[j], b.NewExtractValue(r, uint64(j)), llconst.I32(i))
		}
	}
	var out value.Value = constant.NewUndef(res)
	for j, v := range parts {
		out = b.NewInsertValue(out, v, uint64(j))
	}
	b.NewRet(out)
	mc.PublishHelper(name, f)
	e.End()
	return f
}

// sinF64Short is sin(x) for |x| <= ~pi/4 within 2^-37.5 relative
// (FreeBSD's __kernel_sindf): the f32 results.
func (bl *builder) sinF64Short(x value.Value) value.Value {
	v := bl.vmath(x.Type())
	z := v.mul(x, x)
	w := v.mul(z, z)
	s := v.mul(z, x)
	r := v.horner(z, -0x1a00f9e2cae774p-65, 0x16cd878c3b46a7p-71)
	head := v.add(x, v.mul(s, v.horner(z, -0x15555554cbac77p-55, 0x111110896efbb2p-59)))
	return v.add(head, v.mul(v.mul(s, w), r))
}

// cosF64Short is cos(x) for |x| <= ~pi/4 within 2^-34.1 (FreeBSD's
// __kernel_cosdf).
func (bl *builder) cosF64Short(x value.Value) value.Value {
	v := bl.vmath(x.Type())
	z := v.mul(x, x)
	w := v.mul(z, z)
	r := v.horner(z, -0x16c087e80f1e27p-62, 0x199342e0ee5069p-68)
	head := v.add(v.add(v.c(1), v.mul(z, v.c(-0x1ffffffd0c5e81p-54))), v.mul(w, v.c(0x155553e1053a42p-57)))
	return v.add(head, v.mul(v.mul(w, z), r))
}

// sinF64 is sin(x + y) for |x| <= ~pi/4, |y| <= ulp(x)/2 (fdlibm's
// __kernel_sin with a tail): below 1 ulp.
func (bl *builder) sinF64(x, y value.Value) value.Value {
	v := bl.vmath(x.Type())
	z := v.mul(x, x)
	w := v.mul(z, z)
	r := v.add(v.horner(z, 8.33333333332248946124e-03, -1.98412698298579493134e-04, 2.75573137070700676789e-06),
		v.mul(v.mul(z, w), v.horner(z, -2.50507602534068634195e-08, 1.58969099521155010221e-10)))
	zx := v.mul(z, x)
	// x - ((z*(y/2 - zx*r) - y) - zx*S1)
	in := v.sub(v.mul(z, v.sub(v.mul(v.c(0.5), y), v.mul(zx, r))), y)
	return v.sub(x, v.sub(in, v.mul(zx, v.c(-1.66666666666666324348e-01))))
}

// cosF64 is cos(x + y) (fdlibm's __kernel_cos): below 1 ulp.
func (bl *builder) cosF64(x, y value.Value) value.Value {
	v := bl.vmath(x.Type())
	z := v.mul(x, x)
	w := v.mul(z, z)
	r := v.add(v.mul(z, v.horner(z, 4.16666666666666019037e-02, -1.38888888888741095749e-03, 2.48015872894767294178e-05)),
		v.mul(v.mul(w, w), v.horner(z, -2.75573143513906633035e-07, 2.08757232129817482790e-09, -1.13596475577881948265e-11)))
	hz := v.mul(v.c(0.5), z)
	w1 := v.sub(v.c(1), hz)
	// w1 + (((1 - w1) - hz) + (z*r - x*y))
	corr := v.add(v.sub(v.sub(v.c(1), w1), hz), v.sub(v.mul(z, r), v.mul(x, y)))
	return v.add(w1, corr)
}

// tanF64 is tan(x + y), or -1/tan(x + y) where odd, for |x| <= ~pi/4
// (fdlibm's __kernel_tan, both of its branches computed and selected):
// below 1 ulp. From |x| >= 0.6744 it computes tan(pi/4 - |x|) and turns
// it into the result by an identity, since tan's polynomial converges
// slowly near pi/4.
func (bl *builder) tanF64(x, y, odd value.Value) value.Value {
	b := bl.b()
	t := x.Type()
	it := llconst.VecOf(types.I64, llconst.Lanes(t))
	v := bl.vmath(t)
	c := v.c
	T := [...]float64{
		3.33333333333334091986e-01, 1.33333333333201242699e-01, 5.39682539762260521377e-02,
		2.18694882948595424599e-02, 8.86323982359930005737e-03, 3.59207910759131235356e-03,
		1.45620945432529025516e-03, 5.88041240820264096874e-04, 2.46463134818469906812e-04,
		7.81794442939557092300e-05, 7.14072491382608190305e-05, -1.85586374855275456654e-05,
		2.59073051863633712884e-05,
	}
	const pio4, pio4lo = 7.85398163397448278999e-01, 3.06161699786838301793e-17
	big := b.NewFCmp(enum.FPredOGE, bl.callIntrinsic("llvm.fabs", t, x), c(math.Float64frombits(0x3FE5942800000000)))
	neg := b.NewFCmp(enum.FPredOLT, x, c(0))
	flip := b.NewAnd(big, neg)
	xa, ya := b.NewSelect(flip, b.NewFNeg(x), x), b.NewSelect(flip, b.NewFNeg(y), y)
	x = b.NewSelect(big, b.NewFAdd(b.NewFSub(c(pio4), xa), b.NewFSub(c(pio4lo), ya)), x)
	y = b.NewSelect(big, c(0), y)
	z := b.NewFMul(x, x)
	w := value.Value(b.NewFMul(z, z))
	r := v.horner(w, T[1], T[3], T[5], T[7], T[9], T[11])
	q := b.NewFMul(z, v.horner(w, T[2], T[4], T[6], T[8], T[10], T[12]))
	s := b.NewFMul(z, x)
	r = b.NewFAdd(y, b.NewFMul(z, b.NewFAdd(b.NewFMul(s, b.NewFAdd(r, q)), y)))
	r = b.NewFAdd(r, b.NewFMul(c(T[0]), s))
	w = b.NewFAdd(x, r)
	// One division serves both branches that need one: w*w/(w + iy) near
	// pi/4, -1/w where odd.
	iy := b.NewSelect(odd, c(-1), c(1))
	a := b.NewFDiv(b.NewSelect(big, b.NewFMul(w, w), c(-1)), b.NewSelect(big, b.NewFAdd(w, iy), w))
	// Near pi/4: sign * (iy - 2*(x - (w*w/(w + iy) - r))).
	nearRes := value.Value(b.NewFSub(iy, b.NewFMul(c(2), b.NewFSub(x, b.NewFSub(a, r)))))
	nearRes = b.NewSelect(neg, b.NewFNeg(nearRes), nearRes)
	// -1/(x + r) accurately: with the low halves of w and of a = -1/w
	// zeroed, their products are exact.
	high := func(v value.Value) value.Value {
		return b.NewBitCast(b.NewAnd(b.NewBitCast(v, it), llconst.Int(it, -1<<32)), t)
	}
	zh := high(w)
	vv := b.NewFSub(r, b.NewFSub(zh, x))
	th := high(a)
	ss := b.NewFAdd(c(1), b.NewFMul(th, zh))
	inv := b.NewFAdd(th, b.NewFMul(a, b.NewFAdd(ss, b.NewFMul(th, vv))))
	return b.NewSelect(big, nearRes, b.NewSelect(odd, inv, w))
}

// remPio2Func defines, once per module, `{double, double, i64}
// tirc.rem_pio2(double x)`: hi + lo = |x| - k*pi/2 with the sign of x,
// and k (mod 4 matters), for finite |x| >= 2^-30 or so (Payne and
// Hanek). With x = M*2^e (M of 53 bits), the bits of 2/pi of weight
// 2^(1-e) and above make M*2^e*bits a multiple of 4 and are skipped;
// the next 192 bits W give x*2/pi mod 4 = M*W*2^-190 mod 4 within
// 2^-138, computed in 128-bit integers: its top 128 bits hold k in 2
// bits and the fraction in 126, which becomes a double-double times pi/2.
func (mc module) remPio2Func() *llvm.Func {
	const name = "tirc.rem_pio2"
	if f := mc.Helper(name); f != nil {
		return f
	}
	tab := trigConsts()
	cs := make([]constant.Constant, len(tab.words))
	for i, w := range tab.words {
		cs[i] = constant.NewInt(types.I64, int64(w))
	}
	arr := constant.NewArray(types.NewArray(uint64(len(cs)), types.I64), cs...)
	g := llvm.NewGlobalDef(mc.Symbol("tirc.two_over_pi"), arr)
	g.Linkage = enum.LinkagePrivate
	g.Immutable = true
	g.UnnamedAddr = enum.UnnamedAddrUnnamedAddr
	mc.DefineGlobal(g)

	x := llvm.NewParam("x", types.Double)
	res := types.NewStruct(types.Double, types.Double, types.I64)
	f, e := mc.NewFunc(name, res, []llvm.FuncAttribute{enum.FuncAttrCold}, x)
	bl := &builder{e}
	b := e.Block()
	i128 := types.NewInt(128)
	c128 := func(v int64) value.Value { return constant.NewInt(i128, v) }
	bits := b.NewBitCast(x, types.I64)
	exp := b.NewAnd(b.NewLShr(bits, llconst.I64(52)), llconst.I64(0x7ff))
	mant := b.NewOr(b.NewAnd(bits, llconst.I64(1<<52-1)), llconst.I64(1<<52))
	// The window starts at bit e - 2 of 2/pi (e = exp - 1075), after the
	// table's zero word; clamped into the table for lanes too small to
	// be asked (their result is not used).
	s := value.Value(b.NewSub(exp, llconst.I64(1075-62)))
	s = b.NewSelect(b.NewICmp(enum.IPredSLT, s, llconst.I64(0)), llconst.I64(0), s)
	j, sh := b.NewLShr(s, llconst.I64(6)), b.NewAnd(s, llconst.I64(63))
	word := func(i int64) value.Value {
		p := b.NewGetElementPtr(arr.Typ, g, llconst.I64(0), b.NewAdd(j, llconst.I64(i)))
		p.InBounds = true
		return b.NewLoad(types.I64, p)
	}
	t0, t1, t2, t3 := word(0), word(1), word(2), word(3)
	fshl := mc.Intrinsic("llvm.fshl.i64", types.I64, types.I64, types.I64, types.I64)
	w0, w1, w2 := b.NewCall(fshl, t0, t1, sh), b.NewCall(fshl, t1, t2, sh), b.NewCall(fshl, t2, t3, sh)
	// P = M*W mod 2^192; A, its top 128 bits.
	m128 := b.NewZExt(mant, i128)
	lo := b.NewMul(m128, b.NewZExt(w2, i128))
	mid := b.NewAdd(b.NewLShr(lo, c128(64)), b.NewMul(m128, b.NewZExt(w1, i128)))
	top := b.NewAdd(b.NewMul(mant, w0), b.NewTrunc(b.NewLShr(mid, c128(64)), types.I64))
	a := b.NewOr(b.NewShl(b.NewZExt(top, i128), c128(64)), b.NewZExt(b.NewTrunc(mid, types.I64), i128))
	// k = round(A / 2^126); the fraction, A*4 mod 2^128 as a signed
	// number, is in [-1/2, 1/2) in units of 2^-128.
	k := b.NewLShr(b.NewAdd(b.NewTrunc(b.NewLShr(a, c128(125)), types.I64), llconst.I64(1)), llconst.I64(1))
	frac := b.NewShl(a, c128(2))
	fneg := b.NewICmp(enum.IPredSLT, frac, c128(0))
	u := b.NewSelect(fneg, b.NewSub(c128(0), frac), frac)
	lz := value.Value(b.NewCall(mc.Intrinsic("llvm.ctlz.i128", i128, i128, types.I1), u, constant.False))
	lz = b.NewSelect(b.NewICmp(enum.IPredUGT, lz, c128(127)), c128(127), lz)
	v := b.NewShl(u, lz)
	// The top 106 bits of the normalized fraction, as two doubles.
	pow2 := func(n value.Value) value.Value {
		return b.NewBitCast(b.NewShl(b.NewAdd(n, llconst.I64(1023)), llconst.I64(52)), types.Double)
	}
	lz64 := b.NewTrunc(lz, types.I64)
	part := func(v value.Value, scale int64) value.Value {
		n := b.NewSIToFP(b.NewTrunc(b.NewLShr(v, c128(75)), types.I64), types.Double)
		return b.NewFMul(n, pow2(b.NewSub(llconst.I64(scale), lz64)))
	}
	fh, fl := part(v, -53), part(b.NewShl(v, c128(53)), -106)
	// Times pi/2 as a double-double.
	p := tab.pio2
	rh := b.NewFMul(fh, constant.NewFloat(types.Double, p[0]))
	re := bl.callIntrinsic("llvm.fma", types.Double, fh, constant.NewFloat(types.Double, p[0]), b.NewFNeg(rh))
	rl := b.NewFAdd(re, b.NewFAdd(b.NewFMul(fh, constant.NewFloat(types.Double, p[1])), b.NewFMul(fl, constant.NewFloat(types.Double, p[0]))))
	h, l := bl.vmath(types.Double).fastTwoSum(rh, rl)
	xneg := b.NewICmp(enum.IPredSLT, bits, llconst.I64(0))
	flip := b.NewXor(xneg, fneg)
	h = b.NewSelect(flip, b.NewFNeg(h), h)
	l = b.NewSelect(flip, b.NewFNeg(l), l)
	kk := b.NewSelect(xneg, b.NewSub(llconst.I64(0), k), k)
	var out value.Value = constant.NewUndef(res)
	for i, v := range []value.Value{h, l, kk} {
		out = b.NewInsertValue(out, v, uint64(i))
	}
	b.NewRet(out)
	mc.PublishHelper(name, f)
	e.End()
	return f
}

// sinCosF32 is sin or cos (k) of f32 values x, computed in f64 with one
// polynomial: x = k*pi + r, |r| <= ~pi/2, sin x = (-1)^k sin r; cos x =
// sin(x + pi/2), so x = (k + 1/2)*pi + r and cos x = (-1)^(k+1) sin r. r
// is exact but for ~2^-53 relative (Cody and Waite with pi in three
// doubles and fma), and sin r is its Taylor polynomial of degree 15,
// within 6e-12 relative on |r| <= pi/2: the f32 result is within 0.501
// ulp and half the work of sin and cos polynomials picked by quadrant.
// The lanes beyond trigFastMax come from the helper's reduction by
// pi/2, moved to this form.
func (bl *builder) sinCosF32(k ir.Kernel, x value.Value) value.Value {
	b := bl.b()
	n := llconst.Lanes(x.Type())
	ft, it := llconst.VecOf(types.Double, n), llconst.VecOf(types.I64, n)
	v := bl.vmath(ft)
	d := b.NewFPExt(x, ft)
	p := trigConsts().pio2
	const magic = 0x1.8p52
	// par is an integer whose parity says the sign: the low mantissa
	// bits of the rounding sum are k + 2^51.
	var m, par value.Value
	if k == ir.KernelSin {
		sum := v.fma(d, v.c(1/math.Pi), v.c(magic))
		m, par = v.sub(sum, v.c(magic)), b.NewBitCast(sum, it)
	} else {
		sum := v.add(v.fma(d, v.c(1/math.Pi), v.c(-0.5)), v.c(magic))
		m = v.add(v.sub(sum, v.c(magic)), v.c(0.5))
		par = b.NewAdd(b.NewBitCast(sum, it), llconst.Int(it, 1))
	}
	r := v.fma(m, v.c(-2*p[2]), v.fma(m, v.c(-2*p[1]), v.fma(m, v.c(-2*p[0]), d)))
	parts := bl.hugeBranch(d, []value.Value{r, par}, func() []value.Value {
		// x = q*pi/2 + h; for odd q, h -+ pi/2 with the sign of h, so that
		// |r| <= pi/2 and k = (q +- 1)/2.
		h, _, q := bl.remPio2Lanes(d)
		sb := bl.b()
		if k == ir.KernelCos {
			q = sb.NewAdd(q, llconst.Int(it, 1))
		}
		odd := sb.NewICmp(enum.IPredNE, sb.NewAnd(q, llconst.Int(it, 1)), llconst.Int(it, 0))
		neg := sb.NewFCmp(enum.FPredOLT, h, v.c(0))
		adj := sb.NewSelect(odd, sb.NewSelect(neg, llconst.Int(it, -1), llconst.Int(it, 1)), llconst.Int(it, 0))
		shift := sb.NewSelect(odd, sb.NewSelect(neg, v.c(p[0]), v.c(-p[0])), v.c(0))
		return []value.Value{sb.NewFAdd(h, shift), sb.NewAShr(sb.NewAdd(q, adj), llconst.Int(it, 1))}
	})
	b = bl.b()
	r, par = parts[0], parts[1]
	z := v.mul(r, r)
	// sin r = r + r*z*(-1/3! + z*(1/5! - ...)), Taylor to r^15.
	coef := []float64{-1.0 / 6, 1.0 / 120, -1.0 / 5040, 1.0 / 362880, -1.0 / 39916800, 1.0 / 6227020800, -1.0 / 1307674368000}
	s := v.fma(v.mul(r, z), v.horner(z, coef...), r)
	sign := b.NewShl(b.NewAnd(par, llconst.Int(it, 1)), llconst.Int(it, 63))
	res := value.Value(b.NewFPTrunc(b.NewBitCast(b.NewXor(b.NewBitCast(s, it), sign), ft), x.Type()))
	if k == ir.KernelSin { // sin -0 = -0
		res = b.NewSelect(b.NewFCmp(enum.FPredOEQ, x, llconst.Float(x.Type(), 0)), x, res)
	}
	return res
}
