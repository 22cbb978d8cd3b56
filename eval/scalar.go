package eval

import (
	"errors"
	"math"
	"math/big"
	mathbits "math/bits"

	"github.com/tirc/tirc/ir"
)

// Num is one element of a tensor: integers in Int as ir.WrapInt holds
// them (sign-extended from their width; unsigned types zero-extended, a
// ui64 as its bits; i1 as 0 or 1); floats in Float, already rounded to
// their type.
type Num struct {
	Int   int64
	Float float64
}

// Params is what a kernel needs besides its operands.
type Params struct {
	// Elem is the operand element type (for select: of the two values).
	Elem *ir.Scalar
	// Result is the result element type (convert's target; i1 for cmp).
	Result *ir.Scalar
	// Pred is the comparison of KernelCmp: tir's names (eq ne lt le gt
	// ge) or arith's (slt, ult, oeq, une, ...).
	Pred string
	// Consts are constant operands read after the op's own (the row's
	// KernelArgs: TOSA clamp's bounds, mul's shift).
	Consts []Num
	// Sign is how integer operands are read where the operation cares
	// (division, order, conversion): Signed or Unsigned as the op says
	// (arith.divsi, arith.divui), or Signless: by the element type (ui
	// types and i1 unsigned, the others signed).
	Sign ir.Signedness
}

// unsigned reports whether the kernel reads integers as unsigned.
func (p Params) unsigned() bool {
	return p.Sign == ir.Unsigned || (p.Sign == ir.Signless && p.Elem.Unsigned())
}

// The scalar faults: Op reports them as RuntimeErrors, folding leaves the
// op alone.
var (
	ErrDivByZero    = errors.New("integer division by zero")
	ErrDivOverflow  = errors.New("integer division overflow (MIN / -1)")
	ErrNegativePow  = errors.New("integer to a negative power")
	ErrBadKernel    = errors.New("kernel does not apply to this element type")
	ErrBadPredicate = errors.New("unknown comparison predicate")
)

// Scalar applies kernel k to one element of each operand: the single
// definition of every elementwise operation's numbers (SPEC section 3).
//
//   - Integers are two's complement of the element width and wrap; div
//     and rem truncate toward zero (C), floor_div and floor_rem round
//     toward -inf (NumPy's // and %); a zero divisor and MIN / -1 are
//     faults (ErrDivByZero, ErrDivOverflow), never values; MIN % -1 is 0.
//   - Float floor_div and floor_rem are NumPy's floor_divide and
//     remainder (npy_divmod).
//   - Floats are IEEE in the element type: each result is computed
//     exactly or in float64 and rounded once to f32/f16/bf16; rem is
//     fmod; max/min propagate NaN and order -0 below +0.
//   - i1 is a boolean 0/1: and/or/xor are logic, max/min/cmp order
//     false < true (NumPy); add/sub/mul wrap modulo 2 (LLVM's i1); the
//     callers pass tir's or and and instead (OpDef.KernelOn).
//   - Unsigned integers (ui types, or an op that says so) divide, order
//     and compare as unsigned numbers; abs is the identity.
//   - convert: see Convert.
func Scalar(k ir.Kernel, p Params, args ...Num) (Num, error) {
	e := p.Elem
	if k == ir.KernelProduct {
		return product(p, args)
	}
	if len(p.Consts) > 0 && len(args)+len(p.Consts) == k.Arity() {
		args = append(args[:len(args):len(args)], p.Consts...)
	}
	if e == nil || len(args) != k.Arity() {
		return Num{}, ErrBadKernel
	}
	switch k {
	case ir.KernelIdentity:
		return args[0], nil
	case ir.KernelConvert, ir.KernelCast, ir.KernelBitcast, ir.KernelCastRound:
		if p.Result == nil {
			return Num{}, ErrBadKernel
		}
		switch k {
		case ir.KernelConvert:
			return convert(args[0], e, p.Result, p.Sign), nil
		case ir.KernelCastRound: // round floats to integers, ties to even
			x := args[0]
			if e.IsFloat() && p.Result.IsInt() && p.Result != ir.I1 {
				x.Float = math.RoundToEven(x.Float)
			}
			return convert(x, e, p.Result, p.Sign), nil
		case ir.KernelCast:
			return Cast(args[0], e, p.Result, p.Sign), nil
		}
		return bitcast(args[0], e, p.Result)
	case ir.KernelSelect:
		if args[0].Int != 0 {
			return args[1], nil
		}
		return args[2], nil
	case ir.KernelCmp:
		b, err := compare(p.Pred, e, p.unsigned(), args[0], args[1])
		return boolNum(b), err
	case ir.KernelAddCarry:
		if e.IsFloat() {
			return Num{}, ErrBadKernel
		}
		return boolNum(addCarry(args[0].Int, args[1].Int, e)), nil
	}
	if e.IsFloat() {
		var x [3]float64
		for i, a := range args {
			x[i] = a.Float
		}
		if k == ir.KernelFloorDiv || k == ir.KernelFloorRem {
			// In the type NumPy computes in: float32 for f32, f16, bf16.
			q, r := floorDivMod(x[0], x[1], e != ir.F64)
			if k == ir.KernelFloorRem {
				q = r
			}
			return Num{Float: Round(q, e)}, nil
		}
		v, err := floatKernel(k, x[0], x[1], x[2])
		return Num{Float: Round(v, e)}, err
	}
	var x [3]int64
	for i, a := range args {
		x[i] = a.Int
	}
	switch k {
	case ir.KernelClamp:
		lo, _ := intKernel(ir.KernelMax, e, p.unsigned(), x[0], x[1])
		v, _ := intKernel(ir.KernelMin, e, p.unsigned(), lo, x[2])
		return Num{Int: ir.WrapInt(v, e)}, nil
	case ir.KernelMulShift: // in the result type (i8 * i8 may give i32)
		r := p.Result
		a, b := extend(x[0], e, p.unsigned()), extend(x[1], e, p.unsigned())
		prod := a * b
		if shift := x[2]; shift > 0 && shift < 63 {
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
		return Num{Int: ir.WrapInt(prod, r)}, nil
	case ir.KernelShrRound:
		v, _ := intKernel(ir.KernelShr, e, p.unsigned(), x[0], x[1])
		if amt := uint64(extend(x[1], e, true)); x[2] != 0 && amt > 0 && amt <= uint64(e.Bits()) {
			last, _ := intKernel(ir.KernelShr, e, p.unsigned(), x[0], ir.WrapInt(int64(amt-1), e))
			v += last & 1
		}
		return Num{Int: ir.WrapInt(v, e)}, nil
	}
	v, err := intKernel(k, e, p.unsigned(), x[0], x[1])
	return Num{Int: ir.WrapInt(v, e)}, err
}

func floatKernel(k ir.Kernel, a, b, c float64) (float64, error) {
	switch k {
	case ir.KernelAdd:
		return a + b, nil
	case ir.KernelSub:
		return a - b, nil
	case ir.KernelMul:
		return a * b, nil
	case ir.KernelDiv:
		return a / b, nil
	case ir.KernelRem:
		return math.Mod(a, b), nil
	case ir.KernelPow:
		return math.Pow(a, b), nil
	case ir.KernelMax, ir.KernelMin:
		// NaN first: Go's math.Max(NaN, +Inf) is +Inf, NumPy's maximum NaN.
		if math.IsNaN(a) || math.IsNaN(b) {
			return math.NaN(), nil
		}
		if k == ir.KernelMax {
			return math.Max(a, b), nil // +0 > -0
		}
		return math.Min(a, b), nil
	case ir.KernelMaxNum, ir.KernelMinNum:
		// IEEE maxNum/minNum: a NaN operand is ignored (NumPy's fmax).
		switch {
		case math.IsNaN(a):
			return b, nil
		case math.IsNaN(b):
			return a, nil
		case k == ir.KernelMaxNum:
			return math.Max(a, b), nil
		}
		return math.Min(a, b), nil
	case ir.KernelMulShift: // floats have no shift
		return a * b, nil
	case ir.KernelClamp: // min(max(x, lo), hi), NaN propagating
		lo, _ := floatKernel(ir.KernelMax, a, b, 0)
		return floatKernel(ir.KernelMin, lo, c, 0)
	case ir.KernelNeg:
		return -a, nil
	case ir.KernelAbs:
		return math.Abs(a), nil
	case ir.KernelExp:
		return math.Exp(a), nil
	case ir.KernelLog:
		return math.Log(a), nil
	case ir.KernelSqrt:
		return math.Sqrt(a), nil
	case ir.KernelTanh:
		return math.Tanh(a), nil
	case ir.KernelCeil:
		return math.Ceil(a), nil
	case ir.KernelFloor:
		return math.Floor(a), nil
	case ir.KernelRound:
		return math.Round(a), nil // ties away from zero, as C's round
	case ir.KernelRoundEven:
		return math.RoundToEven(a), nil
	case ir.KernelTrunc:
		return math.Trunc(a), nil
	case ir.KernelRsqrt:
		return 1 / math.Sqrt(a), nil
	case ir.KernelRecip:
		return 1 / a, nil
	case ir.KernelExp2:
		return math.Exp2(a), nil
	case ir.KernelExpm1:
		return math.Expm1(a), nil
	case ir.KernelLog2:
		return math.Log2(a), nil
	case ir.KernelLog10:
		return math.Log10(a), nil
	case ir.KernelLog1p:
		return math.Log1p(a), nil
	case ir.KernelSin:
		return math.Sin(a), nil
	case ir.KernelCos:
		return math.Cos(a), nil
	case ir.KernelTan:
		return math.Tan(a), nil
	case ir.KernelAtan:
		return math.Atan(a), nil
	case ir.KernelAtan2:
		return math.Atan2(a, b), nil
	case ir.KernelErf:
		return math.Erf(a), nil
	case ir.KernelSigmoid:
		return 1 / (1 + math.Exp(-a)), nil
	case ir.KernelFma:
		return math.FMA(a, b, c), nil
	case ir.KernelCopySign:
		return math.Copysign(a, b), nil
	}
	return 0, ErrBadKernel
}

// floorDivMod is NumPy's npy_divmod for floats: floor_divide and
// remainder (the remainder has the divisor's sign, and q*b + r == a as
// nearly as rounding allows), in float32 arithmetic when single (as
// npy_divmodf). A zero divisor gives a/b and fmod's NaN.
func floorDivMod(a, b float64, single bool) (q, r float64) {
	rnd := func(x float64) float64 {
		if single {
			return float64(float32(x))
		}
		return x
	}
	mod := math.Mod(a, b) // exact: representable in the operands' type
	if b == 0 {
		return rnd(a / b), mod
	}
	div := rnd(rnd(a-mod) / b)
	if mod != 0 {
		if (b < 0) != (mod < 0) {
			mod = rnd(mod + b)
			div = rnd(div - 1)
		}
	} else {
		mod = math.Copysign(0, b)
	}
	if div != 0 {
		q = math.Floor(div)
		if rnd(div-q) > 0.5 {
			q = rnd(q + 1)
		}
	} else {
		q = math.Copysign(0, a/b)
	}
	return q, mod
}

// minInt is the smallest value of integer type e (0 for i1, a boolean).
func minInt(e *ir.Scalar) int64 {
	if e.Bits() == 1 {
		return 0
	}
	return -1 << (e.Bits() - 1)
}

// intKernel computes an integer kernel on values held as ir.WrapInt holds
// them; unsigned reads them as unsigned numbers of e's width (a signless
// -1 : i8 is 255).
func intKernel(k ir.Kernel, e *ir.Scalar, unsigned bool, a, b int64) (int64, error) {
	bits := e.Bits()
	ua, ub := uint64(extend(a, e, true)), uint64(extend(b, e, true))
	if !unsigned { // read signed: an i1 true is -1 (MLIR's signed i1), a ui value its bits
		a, b = extend(a, e, false), extend(b, e, false)
	}
	switch k {
	case ir.KernelAdd:
		return a + b, nil
	case ir.KernelSub:
		return a - b, nil
	case ir.KernelMul:
		return a * b, nil
	case ir.KernelDiv, ir.KernelRem, ir.KernelFloorDiv, ir.KernelFloorRem, ir.KernelCeilDiv:
		if b == 0 {
			return 0, ErrDivByZero
		}
		rem := k == ir.KernelRem || k == ir.KernelFloorRem
		if unsigned { // no sign: floor is truncation
			switch {
			case rem:
				return int64(ua % ub), nil
			case k == ir.KernelCeilDiv && ua%ub != 0:
				return int64(ua/ub + 1), nil
			}
			return int64(ua / ub), nil
		}
		if b == -1 && a == minInt(e) && bits > 1 {
			if rem {
				return 0, nil // the exact remainder; NumPy's too (srem would be UB)
			}
			return 0, ErrDivOverflow
		}
		q, r := a/b, a%b // Go truncates toward zero, as C, sdiv and srem
		switch {
		case (k == ir.KernelFloorDiv || k == ir.KernelFloorRem) && r != 0 && (r < 0) != (b < 0):
			q, r = q-1, r+b // toward -inf: the remainder takes the divisor's sign
		case k == ir.KernelCeilDiv && r != 0 && (r < 0) == (b < 0):
			q++ // toward +inf
		}
		if rem {
			return r, nil
		}
		return q, nil
	case ir.KernelPow:
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
		for ; b > 0; b >>= 1 { // wraps like repeated multiplication
			if b&1 == 1 {
				r *= a
			}
			a *= a
		}
		return r, nil
	case ir.KernelMax:
		if unsigned {
			return int64(max(ua, ub)), nil
		}
		return max(a, b), nil
	case ir.KernelMin:
		if unsigned {
			return int64(min(ua, ub)), nil
		}
		return min(a, b), nil
	case ir.KernelAnd:
		return a & b, nil
	case ir.KernelOr:
		return a | b, nil
	case ir.KernelXor:
		return a ^ b, nil
	case ir.KernelNot:
		return ^a, nil
	case ir.KernelNeg:
		return -a, nil
	case ir.KernelAbs:
		if a < 0 && !unsigned {
			return -a, nil // abs(MIN) wraps to MIN
		}
		return a, nil
	case ir.KernelShl, ir.KernelShr:
		// The amount is unsigned; shifting by the width or more gives 0,
		// or the sign for an arithmetic right shift (NumPy's shifts).
		switch {
		case k == ir.KernelShl && ub >= uint64(bits):
			return 0, nil
		case k == ir.KernelShl:
			return a << ub, nil
		case unsigned && ub >= uint64(bits):
			return 0, nil
		case unsigned:
			return int64(ua >> ub), nil
		}
		return extend(a, e, false) >> min(ub, 63), nil
	case ir.KernelMulHigh:
		return mulHigh(a, b, e, unsigned), nil
	case ir.KernelCtlz:
		return int64(mathbits.LeadingZeros64(ua) - (64 - bits)), nil
	case ir.KernelCttz:
		return int64(min(mathbits.TrailingZeros64(ua), bits)), nil
	case ir.KernelCtpop:
		return int64(mathbits.OnesCount64(ua)), nil
	}
	return 0, ErrBadKernel
}

// mulHigh is the high half of the double-width product of a and b, of
// e's width, read signed or unsigned.
func mulHigh(a, b int64, e *ir.Scalar, unsigned bool) int64 {
	bits := e.Bits()
	x, y := extend(a, e, unsigned), extend(b, e, unsigned)
	if bits < 64 {
		if unsigned {
			return int64(uint64(x) * uint64(y) >> bits)
		}
		return x * y >> bits // exact: at most 2*32 bits
	}
	hi, _ := mathbits.Mul64(uint64(x), uint64(y))
	if !unsigned { // the signed high half from the unsigned one
		if x < 0 {
			hi -= uint64(y)
		}
		if y < 0 {
			hi -= uint64(x)
		}
	}
	return int64(hi)
}

// addCarry reports whether the unsigned sum of a and b overflows e's width.
func addCarry(a, b int64, e *ir.Scalar) bool {
	ua, ub := uint64(extend(a, e, true)), uint64(extend(b, e, true))
	if e.Bits() == 64 {
		_, carry := mathbits.Add64(ua, ub, 0)
		return carry == 1
	}
	return (ua+ub)>>e.Bits() != 0
}

// compare evaluates a predicate. tir's eq..ge are signed for integers (i1
// as false < true) and ordered for floats, except ne, which is unordered
// (true for NaN, as NumPy's !=). arith's names are MLIR's: s*/u* for
// integers (i1 signed: true is -1), o*/u*/ord/uno/true/false for floats.
func compare(pred string, e *ir.Scalar, unsigned bool, x, y Num) (bool, error) {
	if e.IsFloat() {
		a, b := x.Float, y.Float
		unordered := math.IsNaN(a) || math.IsNaN(b)
		var r bool
		switch pred {
		case "false":
			return false, nil
		case "true":
			return true, nil
		case "ord":
			return !unordered, nil
		case "uno":
			return unordered, nil
		case "eq", "oeq", "ueq":
			r = a == b
		case "ne", "one", "une":
			r = a != b
		case "lt", "olt", "ult":
			r = a < b
		case "le", "ole", "ule":
			r = a <= b
		case "gt", "ogt", "ugt":
			r = a > b
		case "ge", "oge", "uge":
			r = a >= b
		default:
			return false, ErrBadPredicate
		}
		if unordered {
			// Go's comparisons are ordered except !=; unordered
			// predicates (u*, and tir's ne) are true for NaN.
			return pred == "ne" || pred == "une" || (len(pred) == 3 && pred[0] == 'u'), nil
		}
		return r, nil
	}
	a, b := x.Int, y.Int
	bits := e.Bits()
	if unsigned && len(pred) == 2 && pred != "eq" && pred != "ne" { // tir's order of unsigned values
		pred = "u" + pred
	}
	switch pred {
	case "eq":
		return a == b, nil
	case "ne":
		return a != b, nil
	case "lt":
		return a < b, nil
	case "le":
		return a <= b, nil
	case "gt":
		return a > b, nil
	case "ge":
		return a >= b, nil
	}
	if len(pred) == 3 && (pred[0] == 's' || pred[0] == 'u') {
		if pred[0] == 's' && bits == 1 {
			a, b = -a, -b // MLIR's signed i1: true is -1
		}
		if pred[0] == 'u' {
			ua, ub := uint64(a), uint64(b)
			if bits < 64 {
				mask := uint64(1)<<bits - 1
				ua, ub = ua&mask, ub&mask
			}
			switch pred[1:] {
			case "lt":
				return ua < ub, nil
			case "le":
				return ua <= ub, nil
			case "gt":
				return ua > ub, nil
			case "ge":
				return ua >= ub, nil
			}
		} else {
			switch pred[1:] {
			case "lt":
				return a < b, nil
			case "le":
				return a <= b, nil
			case "gt":
				return a > b, nil
			case "ge":
				return a >= b, nil
			}
		}
	}
	return false, ErrBadPredicate
}

// Convert converts one element from type from to type to (tir.convert):
//
//   - anything -> i1 is x != 0 (NumPy's astype(bool); NaN is true);
//   - float -> integer truncates toward zero and saturates at the
//     integer range, NaN -> 0 (LLVM's fptosi.sat, fptoui.sat for ui);
//   - integer -> float rounds to nearest even (i1 is 0 or 1, ui values
//     are unsigned);
//   - integer -> integer truncates, or extends: sign-extends signed and
//     signless sources, zero-extends ui sources and i1;
//   - float -> float rounds to nearest even, once.
func Convert(x Num, from, to *ir.Scalar) Num { return convert(x, from, to, ir.Signless) }

// convert is Convert with the integer side read as sign says (Signless:
// by its type), as arith's casts choose (extsi/extui, fptosi/fptoui).
func convert(x Num, from, to *ir.Scalar, sign ir.Signedness) Num {
	if to == ir.I1 {
		if from.IsFloat() {
			return boolNum(x.Float != 0)
		}
		return boolNum(x.Int != 0)
	}
	intSide := from
	if from.IsFloat() {
		intSide = to
	}
	unsigned := sign == ir.Unsigned || (sign == ir.Signless && intSide.Unsigned())
	switch {
	case from.IsFloat() && to.IsFloat():
		return Num{Float: Round(x.Float, to)}
	case from.IsFloat():
		return Num{Int: saturate(x.Float, to, unsigned)}
	case to.IsFloat():
		return Num{Float: intToFloat(extend(x.Int, from, unsigned), to, unsigned)}
	}
	return Num{Int: ir.WrapInt(extend(x.Int, from, unsigned), to)}
}

// Cast is arith's casts (extf, truncf, extsi, extui, trunci, sitofp,
// uitofp, fptosi, fptoui, index_cast, index_castui), LLVM's instructions
// read as sign says: as Convert, except that a cast to i1 keeps the low
// bit (trunci) and a float to i1 saturates like any integer (true is -1
// when signed). Out of range float-to-integer casts, poison in LLVM,
// saturate as fptosi.sat/fptoui.sat do.
func Cast(x Num, from, to *ir.Scalar, sign ir.Signedness) Num {
	if to != ir.I1 {
		return convert(x, from, to, sign)
	}
	if !from.IsFloat() {
		return Num{Int: ir.WrapInt(x.Int, to)}
	}
	v := math.Trunc(x.Float)
	switch {
	case math.IsNaN(v):
		return Num{}
	case sign == ir.Unsigned:
		return boolNum(v >= 1)
	}
	return boolNum(v <= -1)
}

// bitcast reinterprets the bits of x (of type from) as type to, of the
// same width.
func bitcast(x Num, from, to *ir.Scalar) (Num, error) {
	if from.Bits() != to.Bits() {
		return Num{}, ErrBadKernel
	}
	var bits uint64
	switch from {
	case ir.F64:
		bits = math.Float64bits(x.Float)
	case ir.F32:
		bits = uint64(math.Float32bits(float32(x.Float)))
	case ir.F16:
		bits = uint64(ir.F32ToF16(float32(x.Float)))
	case ir.BF16:
		bits = uint64(ir.F32ToBF16(float32(x.Float)))
	default:
		bits = uint64(x.Int)
	}
	switch to {
	case ir.F64:
		return Num{Float: math.Float64frombits(bits)}, nil
	case ir.F32:
		return Num{Float: float64(math.Float32frombits(uint32(bits)))}, nil
	case ir.F16:
		return Num{Float: float64(ir.F16ToF32(uint16(bits)))}, nil
	case ir.BF16:
		return Num{Float: float64(ir.BF16ToF32(uint16(bits)))}, nil
	}
	return Num{Int: ir.WrapInt(int64(bits), to)}, nil
}

// extend returns the value of an integer of type from as a signed
// (sign-extended, i1 true is -1) or unsigned (zero-extended) number.
func extend(v int64, from *ir.Scalar, unsigned bool) int64 {
	bits := from.Bits()
	switch {
	case bits == 64:
		return v
	case unsigned:
		return v & (1<<bits - 1)
	}
	return v << (64 - bits) >> (64 - bits)
}

func boolNum(b bool) Num {
	if b {
		return Num{Int: 1}
	}
	return Num{}
}

// saturate is fptosi.sat (fptoui.sat when unsigned): truncate toward
// zero, clamp to the range of integer type t, NaN -> 0; the result is held
// as t holds its values (ir.WrapInt).
func saturate(v float64, t *ir.Scalar, unsigned bool) int64 {
	if math.IsNaN(v) {
		return 0
	}
	v = math.Trunc(v)
	if unsigned {
		hiExclusive := math.Ldexp(1, t.Bits()) // 2^bits, exact
		switch {
		case v <= 0:
			return 0
		case v >= hiExclusive:
			return ir.WrapInt(-1, t) // all ones
		case v >= 1<<63:
			return int64(uint64(v))
		}
		return ir.WrapInt(int64(v), t)
	}
	lo := float64(minInt(t))
	hiExclusive := -lo // 2^(bits-1), exact in float64
	switch {
	case v <= lo:
		return ir.WrapInt(minInt(t), t)
	case v >= hiExclusive:
		return ir.WrapInt(-minInt(t)-1, t) // MaxInt; for i64 -MIN-1 wraps to MaxInt64
	}
	return ir.WrapInt(int64(v), t)
}

// intToFloat rounds an integer (signed, or unsigned: the bits of a
// uint64) to the nearest value of float type t, with a single rounding
// (int64 -> float64 -> f16 could round twice).
func intToFloat(v int64, t *ir.Scalar, unsigned bool) float64 {
	switch {
	case t == ir.F64 && unsigned:
		return float64(uint64(v))
	case t == ir.F64:
		return float64(v)
	case t == ir.F32 && unsigned:
		return float64(float32(uint64(v)))
	case t == ir.F32:
		return float64(float32(v)) // Go converts with one rounding
	}
	prec := uint(11)
	if t == ir.BF16 {
		prec = 8
	}
	b := new(big.Float).SetMode(big.ToNearestEven).SetPrec(prec)
	if unsigned {
		b.SetUint64(uint64(v))
	} else {
		b.SetInt64(v)
	}
	f, _ := b.Float64()
	if t == ir.F16 && math.Abs(f) > 65504 {
		return math.Copysign(math.Inf(1), f)
	}
	return f
}

// Round rounds v to the nearest value of float type t, ties to even, with
// one rounding: float64 -> f16 and -> bf16 go through a float32 rounded to
// odd, which cannot produce a double-rounding error (24 >= 2*11+2 bits).
// Integer types return v.
func Round(v float64, t *ir.Scalar) float64 { return ir.RoundFloat(v, t) }

// product is KernelProduct: the product of args, each minus its zero
// point (p.Consts, one per operand when given), in p.Elem.
func product(p Params, args []Num) (Num, error) {
	e := p.Elem
	if e == nil || len(args) == 0 || (len(p.Consts) > 0 && len(p.Consts) != len(args)) {
		return Num{}, ErrBadKernel
	}
	if e.IsFloat() {
		v := 1.0
		for i, a := range args {
			x := a.Float
			if p.Consts != nil {
				x -= p.Consts[i].Float
			}
			v *= x
		}
		return Num{Float: Round(v, e)}, nil
	}
	v := int64(1)
	for i, a := range args {
		x := a.Int
		if p.Consts != nil {
			x = ir.WrapInt(x-p.Consts[i].Int, e)
		}
		v = ir.WrapInt(v*x, e)
	}
	return Num{Int: v}, nil
}
