package vmath

import (
	"math/big"

	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/value"
)

// erf from Taylor series whose coefficients are computed here in 256-bit
// floats, so no fitted constants: at 0 for |x| < 3/4 (odd, so relative
// accuracy holds down to the subnormals), and at the integers c = 1..6
// (1..4 for f32 results) for |x| in [c - 1/2, c + 1/2) (from 3/4 for c = 1), the center chosen
// per lane by selects. |x| is clamped to 6 (erf rounds to 1 beyond 5.93
// in f64, 3.92 in f32). f32 results compute in f64 with fewer terms.

// erfTerms are the numbers of terms of the series at the integers (the
// truncation error below 2^-60 in f64, 2^-34 for f32 results) and at 0.
const (
	erfTerms64, erfTerms32         = 26, 17
	erfZeroTerms64, erfZeroTerms32 = 16, 10
)

// erfSeries are the series: erfSeries.at[c-1][n] is the n-th Taylor
// coefficient of erf at c (at0Lo[c-1] the rest of erf(c) beyond the
// f64 at[c-1][0]), and erfSeries.zero[n] that of erf(x) / x in
// x^2 at 0, (2/√π) (-1)^n / (n! (2n+1)), whose leading term 2/√π is
// split into zero0Hi + zero[0].
var erfSeries = func() (s struct {
	at      [6][]float64
	at0Lo   [6]float64
	zero    []float64
	zero0Hi float64
}) {
	const prec = 256
	nf := func(v float64) *big.Float { return new(big.Float).SetPrec(prec).SetFloat64(v) }
	twoOverSqrtPi := new(big.Float).SetPrec(prec).Sqrt(bigPi)
	twoOverSqrtPi.Quo(nf(2), twoOverSqrtPi)
	fact := nf(1)
	for n := range erfZeroTerms64 {
		if n > 0 {
			fact.Mul(fact, nf(float64(n)))
		}
		v := new(big.Float).SetPrec(prec).Quo(twoOverSqrtPi, fact)
		v.Quo(v, nf(float64((2*n+1)*(1-2*(n%2)))))
		f, _ := v.Float64()
		s.zero = append(s.zero, f)
	}
	s.zero0Hi = s.zero[0]
	lo, _ := new(big.Float).SetPrec(prec).Sub(twoOverSqrtPi, nf(s.zero0Hi)).Float64()
	s.zero[0] = lo
	for ci := range s.at {
		c := nf(float64(ci + 1))
		// erf(c) = (2/√π) e^-c² Σ 2^n c^(2n+1) / (2n+1)!!, positive terms
		ec2 := bigExp(new(big.Float).SetPrec(prec).Mul(c, c))
		g := new(big.Float).SetPrec(prec).Quo(twoOverSqrtPi, ec2) // (2/√π) e^-c²
		sum, term := nf(0), new(big.Float).SetPrec(prec).Set(c)
		for n := 0; n < 400; n++ {
			sum.Add(sum, term)
			term.Mul(term, new(big.Float).SetPrec(prec).Mul(c, c))
			term.Mul(term, nf(2))
			term.Quo(term, nf(float64(2*n+3)))
		}
		sum.Mul(sum, g)
		a0, _ := sum.Float64()
		a0lo, _ := sum.Sub(sum, nf(a0)).Float64()
		s.at0Lo[ci] = a0lo
		co := []float64{a0}
		// erf^(n)(c) = g (-1)^(n-1) H_(n-1)(c), H the physicists' Hermite
		// polynomials: H_(m+1) = 2c H_m - 2m H_(m-1).
		hPrev, h := nf(0), nf(1)
		fact := nf(1)
		for n := 1; n < erfTerms64; n++ {
			fact.Mul(fact, nf(float64(n)))
			v := new(big.Float).SetPrec(prec).Mul(g, h)
			v.Quo(v, fact)
			if n%2 == 0 {
				v.Neg(v)
			}
			f, _ := v.Float64()
			co = append(co, f)
			next := new(big.Float).SetPrec(prec).Mul(c, h)
			next.Mul(next, nf(2))
			next.Sub(next, new(big.Float).SetPrec(prec).Mul(hPrev, nf(float64(2*(n-1)))))
			hPrev, h = h, next
		}
		s.at[ci] = co
	}
	return s
}()

// bigExp is e^x for 0 <= x <= 64 in 256-bit floats: its Taylor series at
// x / 64, raised to the 64th power.
func bigExp(x *big.Float) *big.Float {
	const prec = 256
	r := new(big.Float).SetPrec(prec).Quo(x, big.NewFloat(64))
	sum, term := new(big.Float).SetPrec(prec).SetInt64(1), new(big.Float).SetPrec(prec).SetInt64(1)
	for n := 1; n < 80; n++ {
		term.Mul(term, r)
		term.Quo(term, big.NewFloat(float64(n)))
		sum.Add(sum, term)
	}
	for range 6 {
		sum.Mul(sum, sum)
	}
	return sum
}

// vErf is erf x, odd: ±0 stays ±0, ±inf gives ±1, NaN stays NaN.
func (bl *builder) vErf(x value.Value) value.Value {
	t := x.Type()
	xd := bl.widen(x)
	v := bl.vmath(xd.Type())
	precise := v.ft == t
	terms, zeroTerms, centers := erfTerms64, erfZeroTerms64, 6
	if !precise {
		terms, zeroTerms, centers = erfTerms32, erfZeroTerms32, 4
	}
	a := v.minC(v.abs(xd), float64(centers))
	// |x| < 3/4: x (2/√π + x^2 P(x^2)), 2/√π as zero0Hi + zero[0]
	z := erfSeries.zero
	small := v.fma(a, v.c(erfSeries.zero0Hi), v.mul(a, v.fma(v.mul(a, a), v.horner(v.mul(a, a), z[1:zeroTerms]...), v.c(z[0]))))
	// else the series at c = round(|x|) in 1..centers, d = |x| - c exact
	c := v.bl.callIntrinsic("llvm.floor", v.ft, v.add(a, v.c(0.5)))
	c = v.sel(v.cmp(enum.FPredOLT, c, v.c(1)), v.c(1), c)
	d := v.sub(a, c)
	var is []value.Value // is[k]: c == k+1
	for k := 1; k < centers; k++ {
		is = append(is, v.cmp(enum.FPredOEQ, c, v.c(float64(k+1))))
	}
	pick := func(at func(k int) float64) value.Value {
		pv := v.c(at(0))
		for k := 1; k < centers; k++ {
			pv = v.sel(is[k-1], v.c(at(k)), pv)
		}
		return pv
	}
	coef := func(n int) value.Value { return pick(func(k int) float64 { return erfSeries.at[k][n] }) }
	p := coef(terms - 1)
	for n := terms - 2; n >= 1; n-- {
		p = v.fma(p, d, coef(n))
	}
	// erf(c) as a rounded value plus the rest: one rounding at the end
	p = v.add(coef(0), v.fma(p, d, pick(func(k int) float64 { return erfSeries.at0Lo[k] })))
	r := v.sel(v.cmp(enum.FPredOLT, a, v.c(0.75)), small, p)
	return bl.narrow(v.copysign(r, xd), t)
}
