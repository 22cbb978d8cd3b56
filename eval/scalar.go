package eval

import (
	"cmp"
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
	f := kernelFuncOf(k)
	if k.Arity() < 0 && f.num != nil { // variadic: the operands as given
		return f.num(p, args)
	}
	if len(p.Consts) > 0 && len(args)+len(p.Consts) == k.Arity() {
		args = append(args[:len(args):len(args)], p.Consts...)
	}
	switch {
	case e == nil || len(args) != k.Arity():
		return Num{}, ErrBadKernel
	case f.num != nil:
		return f.num(p, args)
	case e.IsFloat() && f.float != nil:
		var x [3]float64
		for i, a := range args {
			x[i] = a.Float
		}
		return Num{Float: Round(f.float(floats{a: x[0], b: x[1], c: x[2], e: e}), e)}, nil
	case !e.IsFloat() && f.int != nil:
		var x [3]int64
		for i, a := range args {
			x[i] = a.Int
		}
		v, err := intKernel(k, e, p.unsigned(), x[0], x[1], x[2])
		return Num{Int: ir.WrapInt(v, e)}, err
	}
	return Num{}, ErrBadKernel
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
		return compareFloat(pred, x.Float, y.Float)
	}
	return compareInt(pred, e.Bits(), unsigned, x.Int, y.Int)
}

func compareFloat(pred string, a, b float64) (bool, error) {
	unordered := math.IsNaN(a) || math.IsNaN(b)
	switch pred {
	case "false":
		return false, nil
	case "true":
		return true, nil
	case "ord":
		return !unordered, nil
	case "uno":
		return unordered, nil
	}
	rel := pred
	if len(pred) == 3 && (pred[0] == 'o' || pred[0] == 'u') {
		rel = pred[1:]
	}
	r, err := holds(rel, cmp.Compare(a, b))
	switch {
	case err != nil:
		return false, err
	case unordered:
		// Go's comparisons are ordered except !=; unordered
		// predicates (u*, and tir's ne) are true for NaN.
		return pred == "ne" || pred == "une" || (len(pred) == 3 && pred[0] == 'u'), nil
	}
	return r, nil
}

func compareInt(pred string, bits int, unsigned bool, a, b int64) (bool, error) {
	if unsigned && len(pred) == 2 && pred != "eq" && pred != "ne" { // tir's order of unsigned values
		pred = "u" + pred
	}
	switch {
	case len(pred) == 2:
		return holds(pred, cmp.Compare(a, b))
	case len(pred) != 3 || pred[1:] == "eq" || pred[1:] == "ne":
		return false, ErrBadPredicate
	case pred[0] == 's':
		if bits == 1 {
			a, b = -a, -b // MLIR's signed i1: true is -1
		}
		return holds(pred[1:], cmp.Compare(a, b))
	case pred[0] == 'u':
		ua, ub := uint64(a), uint64(b)
		if bits < 64 {
			mask := uint64(1)<<bits - 1
			ua, ub = ua&mask, ub&mask
		}
		return holds(pred[1:], cmp.Compare(ua, ub))
	}
	return false, ErrBadPredicate
}

// holds reports whether ordering c (cmp.Compare's -1, 0 or 1) satisfies
// relation rel: eq, ne, lt, le, gt or ge.
func holds(rel string, c int) (bool, error) {
	switch rel {
	case "eq":
		return c == 0, nil
	case "ne":
		return c != 0, nil
	case "lt":
		return c < 0, nil
	case "le":
		return c <= 0, nil
	case "gt":
		return c > 0, nil
	case "ge":
		return c >= 0, nil
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
