package eval

import (
	"math"
	mathbits "math/bits"

	"github.com/tirc/tirc/ir"
)

// kernelFunc is the evaluator's half of a kernel's row (ir/kernel.go):
// how Scalar computes it. num computes from whole elements, on any
// element type (conversions, select, compare, and kernels whose result
// type is not their operands'); otherwise float computes the kernel on
// floats and int on integers, one for each part of the row's Domain.
type kernelFunc struct {
	num   func(p Params, args []Num) (Num, error)
	float func(x floats) float64
	int   func(x ints) (int64, error)
}

// floats are a float kernel's operands (as float64) and their type.
type floats struct {
	a, b, c float64
	e       *ir.Scalar
}

// ints are an integer kernel's operands: a and b read as the kernel's
// sign says (signed: sign-extended, an i1 true is -1; unsigned: as held),
// ua and ub their unsigned values (zero-extended from e's width), c the
// third operand as held.
type ints struct {
	e        *ir.Scalar
	unsigned bool
	a, b, c  int64
	ua, ub   uint64
}

// kernelFuncs is indexed by kernel; a kernel without a function for an
// element kind is ErrBadKernel there.
var kernelFuncs = [...]kernelFunc{
	ir.KernelIdentity:  {num: func(_ Params, args []Num) (Num, error) { return args[0], nil }},
	ir.KernelConvert:   {num: toResult(func(p Params, x Num) Num { return convert(x, p.Elem, p.Result, p.Sign) })},
	ir.KernelCast:      {num: toResult(func(p Params, x Num) Num { return Cast(x, p.Elem, p.Result, p.Sign) })},
	ir.KernelCastRound: {num: toResult(castRound)},
	ir.KernelBitcast:   {num: bitcastNum},
	ir.KernelSelect:    {num: selectNum},
	ir.KernelCmp:       {num: compareNum},
	ir.KernelMulShift:  {num: mulShift},
	ir.KernelProduct:   {num: product},

	ir.KernelAdd: {float: func(x floats) float64 { return x.a + x.b }, int: func(x ints) (int64, error) { return x.a + x.b, nil }},
	ir.KernelSub: {float: func(x floats) float64 { return x.a - x.b }, int: func(x ints) (int64, error) { return x.a - x.b, nil }},
	ir.KernelMul: {float: func(x floats) float64 { return x.a * x.b }, int: func(x ints) (int64, error) { return x.a * x.b, nil }},
	ir.KernelNeg: {float: func(x floats) float64 { return -x.a }, int: func(x ints) (int64, error) { return -x.a, nil }},
	ir.KernelAbs: {float: f1(math.Abs), int: intAbs},
	ir.KernelMax: {float: func(x floats) float64 { return maxMin(ir.KernelMax, x.a, x.b) }, int: intMax},
	ir.KernelMin: {float: func(x floats) float64 { return maxMin(ir.KernelMin, x.a, x.b) }, int: intMin},
	ir.KernelClamp: {float: func(x floats) float64 { return maxMin(ir.KernelMin, maxMin(ir.KernelMax, x.a, x.b), x.c) },
		int: intClamp},
	ir.KernelDiv:      {float: func(x floats) float64 { return x.a / x.b }, int: divide(ir.KernelDiv)},
	ir.KernelRem:      {float: f2(math.Mod), int: divide(ir.KernelRem)},
	ir.KernelFloorDiv: {float: floorDiv(false), int: divide(ir.KernelFloorDiv)},
	ir.KernelFloorRem: {float: floorDiv(true), int: divide(ir.KernelFloorRem)},
	ir.KernelCeilDiv:  {int: divide(ir.KernelCeilDiv)},
	ir.KernelPow:      {float: f2(math.Pow), int: intPow},

	ir.KernelMaxNum:    {float: func(x floats) float64 { return maxMinNum(ir.KernelMaxNum, x.a, x.b) }},
	ir.KernelMinNum:    {float: func(x floats) float64 { return maxMinNum(ir.KernelMinNum, x.a, x.b) }},
	ir.KernelExp:       {float: f1(math.Exp)},
	ir.KernelLog:       {float: f1(math.Log)},
	ir.KernelSqrt:      {float: f1(math.Sqrt)},
	ir.KernelTanh:      {float: f1(math.Tanh)},
	ir.KernelCeil:      {float: f1(math.Ceil)},
	ir.KernelFloor:     {float: f1(math.Floor)},
	ir.KernelRound:     {float: f1(math.Round)}, // ties away from zero, as C's round
	ir.KernelRoundEven: {float: f1(math.RoundToEven)},
	ir.KernelTrunc:     {float: f1(math.Trunc)},
	ir.KernelRsqrt:     {float: func(x floats) float64 { return 1 / math.Sqrt(x.a) }},
	ir.KernelRecip:     {float: func(x floats) float64 { return 1 / x.a }},
	ir.KernelExp2:      {float: f1(math.Exp2)},
	ir.KernelExpm1:     {float: f1(math.Expm1)},
	ir.KernelLog2:      {float: f1(math.Log2)},
	ir.KernelLog10:     {float: f1(math.Log10)},
	ir.KernelLog1p:     {float: f1(math.Log1p)},
	ir.KernelSin:       {float: f1(math.Sin)},
	ir.KernelCos:       {float: f1(math.Cos)},
	ir.KernelTan:       {float: f1(math.Tan)},
	ir.KernelAtan:      {float: f1(math.Atan)},
	ir.KernelAtan2:     {float: f2(math.Atan2)},
	ir.KernelErf:       {float: f1(math.Erf)},
	ir.KernelSigmoid:   {float: func(x floats) float64 { return 1 / (1 + math.Exp(-x.a)) }},
	ir.KernelFma:       {float: func(x floats) float64 { return math.FMA(x.a, x.b, x.c) }},
	ir.KernelCopySign:  {float: f2(math.Copysign)},

	ir.KernelAnd:      {int: func(x ints) (int64, error) { return x.a & x.b, nil }},
	ir.KernelOr:       {int: func(x ints) (int64, error) { return x.a | x.b, nil }},
	ir.KernelXor:      {int: func(x ints) (int64, error) { return x.a ^ x.b, nil }},
	ir.KernelNot:      {int: func(x ints) (int64, error) { return ^x.a, nil }},
	ir.KernelShl:      {int: shl},
	ir.KernelShr:      {int: shr},
	ir.KernelShrRound: {int: shrRound},
	ir.KernelAddCarry: {int: func(x ints) (int64, error) { return boolNum(addCarry(x.a, x.b, x.e)).Int, nil }},
	ir.KernelMulHigh:  {int: func(x ints) (int64, error) { return mulHigh(x.a, x.b, x.e, x.unsigned), nil }},
	ir.KernelCtlz:     {int: func(x ints) (int64, error) { return int64(mathbits.LeadingZeros64(x.ua) - (64 - x.e.Bits())), nil }},
	ir.KernelCttz:     {int: func(x ints) (int64, error) { return int64(min(mathbits.TrailingZeros64(x.ua), x.e.Bits())), nil }},
	ir.KernelCtpop:    {int: func(x ints) (int64, error) { return int64(mathbits.OnesCount64(x.ua)), nil }},
}

// kernelFuncOf is k's row of kernelFuncs (empty past its end).
func kernelFuncOf(k ir.Kernel) kernelFunc {
	if int(k) < len(kernelFuncs) {
		return kernelFuncs[k]
	}
	return kernelFunc{}
}

// f1 and f2 are the float kernels of Go's math functions.
func f1(f func(float64) float64) func(floats) float64 {
	return func(x floats) float64 { return f(x.a) }
}

func f2(f func(a, b float64) float64) func(floats) float64 {
	return func(x floats) float64 { return f(x.a, x.b) }
}

// toResult is a conversion's num: it needs the result type.
func toResult(f func(p Params, x Num) Num) func(Params, []Num) (Num, error) {
	return func(p Params, args []Num) (Num, error) {
		if p.Result == nil {
			return Num{}, ErrBadKernel
		}
		return f(p, args[0]), nil
	}
}

// castRound is KernelCastRound: convert, with floats rounded to integers
// first, ties to even.
func castRound(p Params, x Num) Num {
	if p.Elem.IsFloat() && p.Result.IsInt() && p.Result != ir.I1 {
		x.Float = math.RoundToEven(x.Float)
	}
	return convert(x, p.Elem, p.Result, p.Sign)
}

func bitcastNum(p Params, args []Num) (Num, error) {
	if p.Result == nil {
		return Num{}, ErrBadKernel
	}
	return bitcast(args[0], p.Elem, p.Result)
}

func selectNum(_ Params, args []Num) (Num, error) {
	if args[0].Int != 0 {
		return args[1], nil
	}
	return args[2], nil
}

func compareNum(p Params, args []Num) (Num, error) {
	b, err := compare(p.Pred, p.Elem, p.unsigned(), args[0], args[1])
	return boolNum(b), err
}

// mulShift is KernelMulShift. Integers compute in the result type (i8 *
// i8 may give i32), floats have no shift.
func mulShift(p Params, args []Num) (Num, error) {
	e := p.Elem
	if e.IsFloat() {
		return Num{Float: Round(args[0].Float*args[1].Float, e)}, nil
	}
	a, b := extend(args[0].Int, e, p.unsigned()), extend(args[1].Int, e, p.unsigned())
	prod := a * b
	if shift := args[2].Int; shift > 0 && shift < 63 {
		hi, lo := mathbits.Mul64(uint64(a), uint64(b))
		if a < 0 {
			hi -= uint64(b)
		}
		if b < 0 {
			hi -= uint64(a)
		}
		// (a*b + 2^(shift-1)) >> shift on the 128-bit product.
		lo2, carry := mathbits.Add64(lo, 1<<(shift-1), 0)
		hi += carry
		prod = int64(hi<<(64-shift) | lo2>>shift)
	}
	return Num{Int: ir.WrapInt(prod, p.Result)}, nil
}

// maxMin is NumPy's maximum (KernelMax) or minimum of floats: NaN
// propagates, -0 < +0.
func maxMin(k ir.Kernel, a, b float64) float64 {
	// NaN first: Go's math.Max(NaN, +Inf) is +Inf, NumPy's maximum NaN.
	if math.IsNaN(a) || math.IsNaN(b) {
		return math.NaN()
	}
	if k == ir.KernelMax {
		return math.Max(a, b) // +0 > -0
	}
	return math.Min(a, b)
}

// maxMinNum is IEEE maxNum (KernelMaxNum) or minNum: a NaN operand is
// ignored (NumPy's fmax).
func maxMinNum(k ir.Kernel, a, b float64) float64 {
	switch {
	case math.IsNaN(a):
		return b
	case math.IsNaN(b):
		return a
	case k == ir.KernelMaxNum:
		return math.Max(a, b)
	}
	return math.Min(a, b)
}

// floorDiv is NumPy's floor_divide (or remainder, when rem) of floats, in
// the type NumPy computes in: float32 for f32, f16, bf16.
func floorDiv(rem bool) func(floats) float64 {
	return func(x floats) float64 {
		q, r := floorDivMod(x.a, x.b, x.e != ir.F64)
		if rem {
			return r
		}
		return q
	}
}

// intKernel computes an integer kernel on values held as ir.WrapInt holds
// them; unsigned reads them as unsigned numbers of e's width (a signless
// -1 : i8 is 255). The result is not wrapped to e.
func intKernel(k ir.Kernel, e *ir.Scalar, unsigned bool, a, b, c int64) (int64, error) {
	if f := kernelFuncOf(k).int; f != nil {
		return f(newInts(e, unsigned, a, b, c))
	}
	return 0, ErrBadKernel
}

// newInts reads operands held as ir.WrapInt holds them.
func newInts(e *ir.Scalar, unsigned bool, a, b, c int64) ints {
	x := ints{e: e, unsigned: unsigned, a: a, b: b, c: c}
	x.ua, x.ub = uint64(extend(a, e, true)), uint64(extend(b, e, true))
	if !unsigned { // read signed: an i1 true is -1 (MLIR's signed i1), a ui value its bits
		x.a, x.b = extend(a, e, false), extend(b, e, false)
	}
	return x
}

func intMax(x ints) (int64, error) {
	if x.unsigned {
		return int64(max(x.ua, x.ub)), nil
	}
	return max(x.a, x.b), nil
}

func intMin(x ints) (int64, error) {
	if x.unsigned {
		return int64(min(x.ua, x.ub)), nil
	}
	return min(x.a, x.b), nil
}

// intClamp is min(max(a, b), c).
func intClamp(x ints) (int64, error) {
	lo, _ := intMax(x)
	return intMin(newInts(x.e, x.unsigned, lo, x.c, 0))
}

func intAbs(x ints) (int64, error) {
	if x.a < 0 && !x.unsigned {
		return -x.a, nil // abs(MIN) wraps to MIN
	}
	return x.a, nil
}

// divide is the integer quotient or remainder k: div and rem truncate
// toward zero (C), floor_div and floor_rem round toward -inf, ceil_div
// toward +inf; a zero divisor and MIN / -1 are faults; MIN % -1 is 0.
func divide(k ir.Kernel) func(ints) (int64, error) {
	rem := k == ir.KernelRem || k == ir.KernelFloorRem
	floor := k == ir.KernelFloorDiv || k == ir.KernelFloorRem
	return func(x ints) (int64, error) {
		a, b := x.a, x.b
		if b == 0 {
			return 0, ErrDivByZero
		}
		if x.unsigned { // no sign: floor is truncation
			switch {
			case rem:
				return int64(x.ua % x.ub), nil
			case k == ir.KernelCeilDiv && x.ua%x.ub != 0:
				return int64(x.ua/x.ub + 1), nil
			}
			return int64(x.ua / x.ub), nil
		}
		if b == -1 && a == minInt(x.e) && x.e.Bits() > 1 {
			if rem {
				return 0, nil // the exact remainder; NumPy's too (srem would be UB)
			}
			return 0, ErrDivOverflow
		}
		q, r := a/b, a%b // Go truncates toward zero, as C, sdiv and srem
		switch {
		case floor && r != 0 && (r < 0) != (b < 0):
			q, r = q-1, r+b // toward -inf: the remainder takes the divisor's sign
		case k == ir.KernelCeilDiv && r != 0 && (r < 0) == (b < 0):
			q++ // toward +inf
		}
		if rem {
			return r, nil
		}
		return q, nil
	}
}

// intPow is a ** b, wrapping like repeated multiplication; a negative
// power is a fault except of 1 and -1.
func intPow(x ints) (int64, error) {
	a, b := x.a, x.b
	if b < 0 {
		switch a {
		case 1:
			return 1, nil
		case -1:
			if b%2 == 0 {
				return 1, nil
			}
			return -1, nil
		}
		return 0, ErrNegativePow
	}
	r := int64(1)
	for ; b > 0; b >>= 1 {
		if b&1 == 1 {
			r *= a
		}
		a *= a
	}
	return r, nil
}

// shl and shr read the amount as unsigned; shifting by the width or more
// gives 0, or the sign for an arithmetic right shift (NumPy's shifts).
func shl(x ints) (int64, error) {
	if x.ub >= uint64(x.e.Bits()) {
		return 0, nil
	}
	return x.a << x.ub, nil
}

func shr(x ints) (int64, error) {
	switch {
	case x.unsigned && x.ub >= uint64(x.e.Bits()):
		return 0, nil
	case x.unsigned:
		return int64(x.ua >> x.ub), nil
	}
	return extend(x.a, x.e, false) >> min(x.ub, 63), nil
}

// shrRound is shr plus, when c (round) is set, the last bit shifted out.
func shrRound(x ints) (int64, error) {
	v, _ := shr(x)
	if amt := x.ub; x.c != 0 && amt > 0 && amt <= uint64(x.e.Bits()) {
		last, _ := shr(newInts(x.e, x.unsigned, x.a, ir.WrapInt(int64(amt-1), x.e), 0))
		v += last & 1
	}
	return v, nil
}
