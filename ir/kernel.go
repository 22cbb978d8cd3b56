package ir

import (
	"fmt"
	"math"
)

// Kernel is the scalar function an elementwise op applies to each element.
// Constant folding, the reference evaluator and codegen each implement every
// kernel once; an op row only names its kernel (and, where integers are
// read one way or the other, its Sign). A new dialect reuses these; one
// with new scalar semantics adds a kernel here, a row in kernelInfo, its
// functions in eval's table (eval/kernels.go) and, unless its row's
// intrinsic computes it, a case in codegen/scalar.
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

// KernelRegion is the kernel of an op whose body region computes each
// element (linalg.generic: the block's arguments are one element per
// operand, its terminator yields the results' elements). It has no row
// in the table of scalar kernels: eval and codegen run the body's own
// ops (eval/region_kernel.go, codegen/region_kernel.go).
const KernelRegion Kernel = numKernels

var regionKernelInfo = KernelInfo{Name: "region", Arity: -1, Domain: DomainAll, Cost: 1}

// KernelInfo is one kernel's row: everything about a kernel that is data.
// Its implementations are its row of eval's function table
// (eval/kernels.go) and, unless the row's intrinsic computes it, a case
// of codegen's switch for kernels with their own IR (codegen/scalar).
type KernelInfo struct {
	Name string
	// Arity is the number of operands the kernel reads (-1: any
	// number, at least one).
	Arity int
	// Domain is the element kinds the kernel computes on (for select:
	// of its two values; for conversions: of the operand).
	Domain Domain
	// IntDivision: on integers a zero divisor (and MIN / -1 for the
	// signed quotients) is a run-time fault.
	IntDivision bool
	// Cost is the rough price of one element, in simple instructions
	// (a libm call counts 100): codegen recomputes a cheap value in each
	// user's loop nest instead of storing it.
	Cost int
	// Libm is C's math-library function computing the kernel on double
	// ("exp"); float takes its f variant (LibmName). It is what an LLVM
	// intrinsic becomes where the target has no instruction for it (so
	// Cost counts it), and the reference a C driver would call.
	Libm string
	// Intrinsic and IntIntrinsic are the overloaded LLVM intrinsics
	// ("llvm.sqrt", "llvm.ctpop") computing the kernel on floats and on
	// integers, operands in order, when one does (KernelInfo.Intrinsic).
	Intrinsic, IntIntrinsic string
	// Identity is the value x with x op v = v for every v, the result of
	// an empty reduction combining with the kernel (StartNone: there is
	// none, and an empty extent is an error); Start is the accumulator's
	// first value: the identity, or for max and min the value every
	// element beats.
	Identity, Start Start
}

// Domain is a set of element kinds.
type Domain uint8

// The element kinds of a Domain; DomainInts and DomainAll are shorthands.
const (
	DomainFloat Domain = 1 << iota // f16, bf16, f32, f64
	DomainInt                      // integers wider than i1, index
	DomainBool                     // i1
	DomainInts  = DomainInt | DomainBool
	DomainAll   = DomainFloat | DomainInts
)

// DomainOf is the kind of element type e.
func DomainOf(e *Scalar) Domain {
	switch {
	case e.IsFloat():
		return DomainFloat
	case e == I1:
		return DomainBool
	}
	return DomainInt
}

// Start is a reduction's value that depends on the kernel (and, for the
// extremes, on the element type).
type Start uint8

// The values of Start.
const (
	StartNone    Start = iota
	StartZero          // 0, false
	StartOne           // 1, true
	StartLowest        // -inf, the type's minimum (0 when unsigned; false)
	StartHighest       // +inf, the type's maximum (all ones when unsigned; true)
)

// Int is s in integer type e, as WrapInt holds its values.
func (s Start) Int(e *Scalar) int64 {
	switch {
	case s == StartOne:
		return 1
	case s == StartLowest && !e.Unsigned():
		return -1 << (e.Bits() - 1)
	case s == StartHighest && !e.Unsigned():
		return int64(uint64(1)<<(e.Bits()-1) - 1)
	case s == StartHighest:
		return WrapInt(-1, e) // all ones
	}
	return 0
}

// Float is s in a float type.
func (s Start) Float() float64 {
	switch s {
	case StartOne:
		return 1
	case StartLowest:
		return math.Inf(-1)
	case StartHighest:
		return math.Inf(1)
	}
	return 0
}

// kernelInfo holds the rows, one per kernel. Costs above 1: the
// divisions and square roots cost 2; vector polynomials of tens of
// instructions (codegen's vmath_*.go) cost 10 and more, above the
// recompute bound, so they are stored once rather than recomputed;
// roundeven is a libm call on CPUs without SSE4.1.
var kernelInfo = [numKernels]KernelInfo{
	KernelNone:      {Name: "none", Cost: 1},
	KernelAdd:       {Name: "add", Arity: 2, Domain: DomainAll, Cost: 1, Identity: StartZero, Start: StartZero},
	KernelSub:       {Name: "sub", Arity: 2, Domain: DomainAll, Cost: 1},
	KernelMul:       {Name: "mul", Arity: 2, Domain: DomainAll, Cost: 1, Identity: StartOne, Start: StartOne},
	KernelDiv:       {Name: "div", Arity: 2, Domain: DomainAll, IntDivision: true, Cost: 2},
	KernelRem:       {Name: "rem", Arity: 2, Domain: DomainAll, IntDivision: true, Cost: 2, Libm: "fmod"},
	KernelPow:       {Name: "pow", Arity: 2, Domain: DomainFloat, Cost: 20, Libm: "pow"},
	KernelMax:       {Name: "max", Arity: 2, Domain: DomainAll, Cost: 1, Start: StartLowest},
	KernelMin:       {Name: "min", Arity: 2, Domain: DomainAll, Cost: 1, Start: StartHighest},
	KernelAnd:       {Name: "and", Arity: 2, Domain: DomainInts, Cost: 1, Identity: StartOne, Start: StartOne},
	KernelOr:        {Name: "or", Arity: 2, Domain: DomainInts, Cost: 1, Identity: StartZero, Start: StartZero},
	KernelXor:       {Name: "xor", Arity: 2, Domain: DomainInts, Cost: 1, Identity: StartZero, Start: StartZero},
	KernelCmp:       {Name: "cmp", Arity: 2, Domain: DomainAll, Cost: 1},
	KernelSelect:    {Name: "select", Arity: 3, Domain: DomainAll, Cost: 1},
	KernelNeg:       {Name: "neg", Arity: 1, Domain: DomainAll, Cost: 1},
	KernelAbs:       {Name: "abs", Arity: 1, Domain: DomainAll, Cost: 1, Libm: "fabs", Intrinsic: "llvm.fabs"},
	KernelExp:       {Name: "exp", Arity: 1, Domain: DomainFloat, Cost: 4, Libm: "exp"},
	KernelLog:       {Name: "log", Arity: 1, Domain: DomainFloat, Cost: 10, Libm: "log"},
	KernelSqrt:      {Name: "sqrt", Arity: 1, Domain: DomainFloat, Cost: 2, Libm: "sqrt", Intrinsic: "llvm.sqrt"},
	KernelTanh:      {Name: "tanh", Arity: 1, Domain: DomainFloat, Cost: 10, Libm: "tanh"},
	KernelConvert:   {Name: "convert", Arity: 1, Domain: DomainAll, Cost: 1},
	KernelIdentity:  {Name: "identity", Arity: 1, Domain: DomainAll, Cost: 0},
	KernelFloorDiv:  {Name: "floor_div", Arity: 2, Domain: DomainAll, IntDivision: true, Cost: 2},
	KernelFloorRem:  {Name: "floor_rem", Arity: 2, Domain: DomainAll, IntDivision: true, Cost: 2},
	KernelCeilDiv:   {Name: "ceil_div", Arity: 2, Domain: DomainInts, IntDivision: true, Cost: 2},
	KernelShl:       {Name: "shl", Arity: 2, Domain: DomainInts, Cost: 1},
	KernelShr:       {Name: "shr", Arity: 2, Domain: DomainInts, Cost: 1},
	KernelAddCarry:  {Name: "add_carry", Arity: 2, Domain: DomainInts, Cost: 1},
	KernelMulHigh:   {Name: "mul_high", Arity: 2, Domain: DomainInts, Cost: 1},
	KernelMaxNum:    {Name: "maxnum", Arity: 2, Domain: DomainFloat, Cost: 1, Libm: "fmax"},
	KernelMinNum:    {Name: "minnum", Arity: 2, Domain: DomainFloat, Cost: 1, Libm: "fmin"},
	KernelCast:      {Name: "cast", Arity: 1, Domain: DomainAll, Cost: 1},
	KernelBitcast:   {Name: "bitcast", Arity: 1, Domain: DomainAll, Cost: 1},
	KernelCeil:      {Name: "ceil", Arity: 1, Domain: DomainFloat, Cost: 1, Libm: "ceil", Intrinsic: "llvm.ceil"},
	KernelFloor:     {Name: "floor", Arity: 1, Domain: DomainFloat, Cost: 1, Libm: "floor", Intrinsic: "llvm.floor"},
	KernelRound:     {Name: "round", Arity: 1, Domain: DomainFloat, Cost: 1, Libm: "round", Intrinsic: "llvm.round"},
	KernelRoundEven: {Name: "roundeven", Arity: 1, Domain: DomainFloat, Cost: 100, Libm: "roundeven", Intrinsic: "llvm.roundeven"},
	KernelTrunc:     {Name: "trunc", Arity: 1, Domain: DomainFloat, Cost: 1, Libm: "trunc", Intrinsic: "llvm.trunc"},
	KernelRsqrt:     {Name: "rsqrt", Arity: 1, Domain: DomainFloat, Cost: 2},
	KernelExp2:      {Name: "exp2", Arity: 1, Domain: DomainFloat, Cost: 10, Libm: "exp2"},
	KernelExpm1:     {Name: "expm1", Arity: 1, Domain: DomainFloat, Cost: 10, Libm: "expm1"},
	KernelLog2:      {Name: "log2", Arity: 1, Domain: DomainFloat, Cost: 10, Libm: "log2"},
	KernelLog10:     {Name: "log10", Arity: 1, Domain: DomainFloat, Cost: 10, Libm: "log10"},
	KernelLog1p:     {Name: "log1p", Arity: 1, Domain: DomainFloat, Cost: 10, Libm: "log1p"},
	KernelSin:       {Name: "sin", Arity: 1, Domain: DomainFloat, Cost: 12, Libm: "sin"},
	KernelCos:       {Name: "cos", Arity: 1, Domain: DomainFloat, Cost: 12, Libm: "cos"},
	KernelTan:       {Name: "tan", Arity: 1, Domain: DomainFloat, Cost: 14, Libm: "tan"},
	KernelAtan:      {Name: "atan", Arity: 1, Domain: DomainFloat, Cost: 12, Libm: "atan"},
	KernelAtan2:     {Name: "atan2", Arity: 2, Domain: DomainFloat, Cost: 16, Libm: "atan2"},
	KernelErf:       {Name: "erf", Arity: 1, Domain: DomainFloat, Cost: 12, Libm: "erf"},
	KernelFma:       {Name: "fma", Arity: 3, Domain: DomainFloat, Cost: 1, Libm: "fma", Intrinsic: "llvm.fma"},
	KernelCopySign:  {Name: "copysign", Arity: 2, Domain: DomainFloat, Cost: 1, Libm: "copysign", Intrinsic: "llvm.copysign"},
	KernelCtlz:      {Name: "ctlz", Arity: 1, Domain: DomainInts, Cost: 1, IntIntrinsic: "llvm.ctlz"},
	KernelCttz:      {Name: "cttz", Arity: 1, Domain: DomainInts, Cost: 1, IntIntrinsic: "llvm.cttz"},
	KernelCtpop:     {Name: "ctpop", Arity: 1, Domain: DomainInts, Cost: 1, IntIntrinsic: "llvm.ctpop"},
	KernelRecip:     {Name: "recip", Arity: 1, Domain: DomainFloat, Cost: 2},
	KernelSigmoid:   {Name: "sigmoid", Arity: 1, Domain: DomainFloat, Cost: 6},
	KernelNot:       {Name: "not", Arity: 1, Domain: DomainInts, Cost: 1},
	KernelClamp:     {Name: "clamp", Arity: 3, Domain: DomainAll, Cost: 1},
	KernelMulShift:  {Name: "mul_shift", Arity: 3, Domain: DomainAll, Cost: 1},
	KernelShrRound:  {Name: "shr_round", Arity: 3, Domain: DomainInts, Cost: 1},
	KernelCastRound: {Name: "cast_round", Arity: 1, Domain: DomainAll, Cost: 1},
	KernelProduct:   {Name: "product", Arity: -1, Domain: DomainAll, Cost: 1},
}

// IntrinsicOn is the LLVM intrinsic computing the kernel on elements of type e,
// or "".
func (i KernelInfo) IntrinsicOn(e *Scalar) string {
	if e.IsFloat() {
		return i.Intrinsic
	}
	return i.IntIntrinsic
}

// LibmName is C's function computing k on elements of float type e: the
// row's Libm, with the f suffix for types computed in float (f32, f16,
// bf16); "" when there is none.
func (i KernelInfo) LibmName(e *Scalar) string {
	if i.Libm == "" || e == F64 {
		return i.Libm
	}
	return i.Libm + "f"
}

// KernelDomainError is "" when every kernel of op computes on its element
// type, else why not (after "'op' op "). Most ops' verifiers keep the
// other kind out; TOSA's (as MLIR 19's) do not (tosa.exp of i32
// verifies), so eval and codegen check here.
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
		if k == KernelNone || k.Info().Domain&DomainOf(e) != 0 {
			continue
		}
		if e.IsFloat() {
			return fmt.Sprintf("computes %s on integers only, but got '%s' elements", k, TypeString(e))
		}
		return fmt.Sprintf("computes %s on floating-point elements only, but got '%s' elements", k, TypeString(e))
	}
	return ""
}

// Info returns the kernel's description.
func (k Kernel) Info() KernelInfo {
	if k < numKernels {
		return kernelInfo[k]
	}
	if k == KernelRegion {
		return regionKernelInfo
	}
	return KernelInfo{Name: fmt.Sprintf("kernel(%d)", int(k))}
}

// Kernels returns every kernel but KernelNone, in order.
func Kernels() []Kernel {
	ks := make([]Kernel, 0, numKernels-1)
	for k := KernelNone + 1; k < numKernels; k++ {
		ks = append(ks, k)
	}
	return ks
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
