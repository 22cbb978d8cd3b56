package ir

import (
	"fmt"
	"slices"
)

// Kernel is the scalar function an elementwise op applies to each element.
// Constant folding, the reference evaluator and codegen each implement every
// kernel once; an op row only names its kernel (and, where integers are
// read one way or the other, its Sign). A new dialect reuses these; one
// with new scalar semantics adds a kernel here and its implementation in
// eval/scalar.go and codegen/kernel.go.
type Kernel uint8

// The kernels (NumPy's semantics for numbers; see SPEC section 3). The
// comment of each says what it computes; "by sign" means signed or
// unsigned as the op's Sign (or its element type) says.
const (
	KernelNone    Kernel = iota
	KernelAdd            // x + y; integers wrap
	KernelSub            // x - y
	KernelMul            // x * y
	KernelDiv            // x / y; integers truncate (by sign); x/0, MIN/-1 fault
	KernelRem            // C's % and fmod: the sign of x (by sign)
	KernelPow            // x ** y
	KernelMax            // maximum (by sign); floats: NaN propagates, -0 < +0
	KernelMin            // minimum
	KernelAnd            // x & y (logic on i1)
	KernelOr             // x | y
	KernelXor            // x ^ y
	KernelCmp            // the `predicate` attribute's comparison, as i1
	KernelSelect         // c ? x : y
	KernelNeg            // -x
	KernelAbs            // |x|; abs(MIN) wraps; the identity when unsigned
	KernelExp            // e^x
	KernelLog            // natural log
	KernelSqrt           // square root
	KernelTanh           // hyperbolic tangent
	KernelConvert        // NumPy's astype: x != 0 to i1, saturating float->int
	// KernelIdentity is the operand's element unchanged: the kernel of
	// data-movement ops (broadcast_in_dim) and of reductions, whose
	// combining step is their Reduce kind.
	KernelIdentity
	// KernelFloorDiv and KernelFloorRem are NumPy's floor_divide (//)
	// and remainder (%): the quotient rounded toward -inf, the remainder
	// with the divisor's sign.
	KernelFloorDiv
	KernelFloorRem
	KernelCeilDiv  // x / y rounded toward +inf (by sign); faults as div
	KernelShl      // x << y; 0 when y >= the bit width (y read unsigned)
	KernelShr      // x >> y, arithmetic or logical by sign; beyond the width: sign fill or 0
	KernelAddCarry // the carry of unsigned x + y, as i1 (addui_extended's overflow)
	KernelMulHigh  // the high half of the double-width x * y (by sign)
	KernelMaxNum   // IEEE maxNum: a NaN operand is ignored; -0 < +0
	KernelMinNum   // IEEE minNum
	KernelCast     // LLVM's casts (by sign): ext/trunc, int<->float (saturating), to i1 truncates
	KernelBitcast  // the same bits in another type of the same width
	KernelCeil     // rounded toward +inf
	KernelFloor    // rounded toward -inf
	KernelRound    // rounded to nearest, ties away from zero
	KernelRoundEven
	KernelTrunc // rounded toward zero
	KernelRsqrt // 1 / sqrt(x)
	KernelExp2
	KernelExpm1
	KernelLog2
	KernelLog10
	KernelLog1p
	KernelSin
	KernelCos
	KernelTan
	KernelAtan
	KernelAtan2    // atan2(x, y)
	KernelErf      // the error function
	KernelFma      // x * y + z, rounded once
	KernelCopySign // |x| with the sign of y
	KernelCtlz     // leading zero bits (the width for 0)
	KernelCttz     // trailing zero bits (the width for 0)
	KernelCtpop    // one bits
	KernelRecip    // 1 / x
	KernelSigmoid  // 1 / (1 + e^-x)
	KernelNot      // ^x (logic not on i1)
	KernelClamp    // min(max(x, lo), hi) with lo and hi operands (TOSA's clamp: bounds from attributes)
	// KernelMulShift is TOSA's mul: x * y in the result type; integers
	// with shift > 0 give the rounded high part of the 64-bit product,
	// (x*y + 2^(shift-1)) >> shift.
	KernelMulShift
	// KernelShrRound is TOSA's arithmetic_right_shift: x >> y (by sign),
	// plus the last bit shifted out when round is set.
	KernelShrRound
	// KernelCastRound is TOSA's cast: as convert, but floats round to the
	// nearest integer, ties to even, before saturating.
	KernelCastRound
	// KernelProduct is the product of any number of operands (one: the
	// operand itself), each minus its zero point when the row's
	// KernelArgs give them (one per operand): einsum's term, and
	// tosa.matmul's (a - a_zp) * (b - b_zp). Its Arity is -1 (variadic).
	KernelProduct
	numKernels
)

// KernelInfo describes a kernel.
type KernelInfo struct {
	Name string
	// Arity is the number of operands the kernel reads (-1: any
	// number, at least one).
	Arity int
	// IntDivision: on integers a zero divisor (and MIN / -1 for the
	// signed quotients) is a run-time fault.
	IntDivision bool
	// Cost is the rough price of one element, in simple instructions
	// (a libm call counts 100): codegen recomputes a cheap value in each
	// user's loop nest instead of storing it.
	Cost int
}

var kernelInfo = [numKernels]KernelInfo{
	KernelNone: {"none", 0, false, 1}, KernelAdd: {"add", 2, false, 1}, KernelSub: {"sub", 2, false, 1},
	KernelMul: {"mul", 2, false, 1}, KernelDiv: {"div", 2, true, 1}, KernelRem: {"rem", 2, true, 1},
	KernelPow: {"pow", 2, false, 1}, KernelMax: {"max", 2, false, 1}, KernelMin: {"min", 2, false, 1},
	KernelAnd: {"and", 2, false, 1}, KernelOr: {"or", 2, false, 1}, KernelXor: {"xor", 2, false, 1},
	KernelCmp: {"cmp", 2, false, 1}, KernelSelect: {"select", 3, false, 1}, KernelNeg: {"neg", 1, false, 1},
	KernelAbs: {"abs", 1, false, 1}, KernelExp: {"exp", 1, false, 1}, KernelLog: {"log", 1, false, 1},
	KernelSqrt: {"sqrt", 1, false, 1}, KernelTanh: {"tanh", 1, false, 1}, KernelConvert: {"convert", 1, false, 1},
	KernelIdentity: {"identity", 1, false, 1}, KernelFloorDiv: {"floor_div", 2, true, 1},
	KernelFloorRem: {"floor_rem", 2, true, 1}, KernelCeilDiv: {"ceil_div", 2, true, 1},
	KernelShl: {"shl", 2, false, 1}, KernelShr: {"shr", 2, false, 1}, KernelAddCarry: {"add_carry", 2, false, 1},
	KernelMulHigh: {"mul_high", 2, false, 1}, KernelMaxNum: {"maxnum", 2, false, 1}, KernelMinNum: {"minnum", 2, false, 1},
	KernelCast: {"cast", 1, false, 1}, KernelBitcast: {"bitcast", 1, false, 1}, KernelCeil: {"ceil", 1, false, 1},
	KernelFloor: {"floor", 1, false, 1}, KernelRound: {"round", 1, false, 1}, KernelRoundEven: {"roundeven", 1, false, 1},
	KernelTrunc: {"trunc", 1, false, 1}, KernelRsqrt: {"rsqrt", 1, false, 1}, KernelExp2: {"exp2", 1, false, 1},
	KernelExpm1: {"expm1", 1, false, 1}, KernelLog2: {"log2", 1, false, 1}, KernelLog10: {"log10", 1, false, 1},
	KernelLog1p: {"log1p", 1, false, 1}, KernelSin: {"sin", 1, false, 1}, KernelCos: {"cos", 1, false, 1},
	KernelTan: {"tan", 1, false, 1}, KernelAtan: {"atan", 1, false, 1}, KernelAtan2: {"atan2", 2, false, 1},
	KernelErf: {"erf", 1, false, 1}, KernelFma: {"fma", 3, false, 1}, KernelCopySign: {"copysign", 2, false, 1},
	KernelCtlz: {"ctlz", 1, false, 1}, KernelCttz: {"cttz", 1, false, 1}, KernelCtpop: {"ctpop", 1, false, 1},
	KernelRecip: {"recip", 1, false, 1}, KernelSigmoid: {"sigmoid", 1, false, 1}, KernelNot: {"not", 1, false, 1},
	KernelClamp: {"clamp", 3, false, 1}, KernelMulShift: {"mul_shift", 3, false, 1},
	KernelShrRound: {"shr_round", 3, false, 1}, KernelCastRound: {"cast_round", 1, false, 1},
	KernelProduct: {"product", -1, false, 1},
}

// kernelCosts are the kernels whose Cost is not 1.
var kernelCosts = map[Kernel]int{
	KernelIdentity: 0, KernelDiv: 2, KernelRem: 2, KernelSqrt: 2, KernelFloorDiv: 2, KernelFloorRem: 2,
	KernelCeilDiv: 2, KernelRsqrt: 2, KernelRecip: 2, KernelExp: 4, KernelSigmoid: 6,
	// vector polynomials of tens of instructions (codegen's vmath_*.go):
	// above the recompute bound, so stored once rather than recomputed
	KernelLog: 10, KernelTanh: 10, KernelExp2: 10, KernelExpm1: 10, KernelLog2: 10, KernelLog10: 10,
	KernelLog1p: 10, KernelSin: 12, KernelCos: 12, KernelTan: 14, KernelAtan: 12, KernelErf: 12,
	KernelAtan2: 16, KernelPow: 20,
	// a libm call on CPUs without SSE4.1
	KernelRoundEven: 100,
}

// floatKernels and intKernels are the kernels defined on one kind of
// element only. Most ops' verifiers keep the other kind out; TOSA's (as
// MLIR 19's) do not (tosa.exp of i32 verifies), so eval and codegen check
// with KernelDomainError.
var (
	floatKernels = []Kernel{KernelPow, KernelExp, KernelLog, KernelSqrt, KernelTanh, KernelMaxNum, KernelMinNum,
		KernelCeil, KernelFloor, KernelRound, KernelRoundEven, KernelTrunc, KernelRsqrt, KernelExp2, KernelExpm1,
		KernelLog2, KernelLog10, KernelLog1p, KernelSin, KernelCos, KernelTan, KernelAtan, KernelAtan2, KernelErf,
		KernelFma, KernelCopySign, KernelRecip, KernelSigmoid}
	intKernels = []Kernel{KernelAnd, KernelOr, KernelXor, KernelNot, KernelShl, KernelShr, KernelShrRound,
		KernelCeilDiv, KernelAddCarry, KernelMulHigh, KernelCtlz, KernelCttz, KernelCtpop}
)

// KernelDomainError is "" when every kernel of op computes on its element
// type, else why not (after "'op' op ").
func KernelDomainError(op *Op) string {
	if op.Def == nil || op.NumOperands() == 0 {
		return ""
	}
	e := ElementType(op.Operand(0).Type())
	if op.Def.Kernel == KernelSelect {
		e = ElementType(op.Operand(op.NumOperands() - 1).Type())
	}
	if e == nil {
		return ""
	}
	for r := range op.NumResults() {
		k := op.Def.KernelOf(r)
		switch {
		case e.IsFloat() && slices.Contains(intKernels, k):
			return fmt.Sprintf("computes %s on integers only, but got '%s' elements", k, TypeString(e))
		case !e.IsFloat() && slices.Contains(floatKernels, k):
			return fmt.Sprintf("computes %s on floating-point elements only, but got '%s' elements", k, TypeString(e))
		}
	}
	return ""
}

func init() {
	for k, c := range kernelCosts {
		kernelInfo[k].Cost = c
	}
}

// Info returns the kernel's description.
func (k Kernel) Info() KernelInfo {
	if k < numKernels {
		return kernelInfo[k]
	}
	return KernelInfo{Name: fmt.Sprintf("kernel(%d)", int(k))}
}

// Arity is the number of operands the kernel reads; -1 for any number
// (KernelProduct).
func (k Kernel) Arity() int { return k.Info().Arity }

// IntDivision reports whether k divides: on integers a zero divisor (and
// MIN / -1 for the signed quotients) is a run-time fault.
func (k Kernel) IntDivision() bool { return k.Info().IntDivision }

func (k Kernel) String() string { return k.Info().Name }

// OnBool is k on NumPy booleans (i1 elements of an op whose row says
// Logical, and every reduction): add is logical or and mul logical and,
// as NumPy and StableHLO define them; other kernels are unchanged. Without
// Logical (arith, LLVM), i1 arithmetic wraps modulo 2: add is xor.
func (k Kernel) OnBool() Kernel {
	switch k {
	case KernelAdd:
		return KernelOr
	case KernelMul:
		return KernelAnd
	}
	return k
}
