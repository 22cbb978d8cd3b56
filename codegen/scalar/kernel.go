package scalar

import (
	"fmt"
	"math"

	llvm "github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"github.com/tirc/tirc/codegen/llconst"
	"github.com/tirc/tirc/ir"
)

// This file is the one place where each ir.Kernel becomes LLVM
// instructions. Kernels work on compute-type values, scalars or LLVM
// vectors alike (a vector-typed tir value, or nothing else): the loop-nest
// builder calls them per element, straight-line code per value.

// Result is a kernel's value plus, for integer div/rem, the lanes'
// run-time faults as i1 scalars (nil when impossible).
type Result struct {
	V            value.Value
	DivZero, Ovf value.Value
}

// emitKernel applies op's scalar semantics to args (compute types of the
// operands' element types ins) producing an element of type out.
func (bl B) EmitKernel(op *ir.Op, ins []*ir.Scalar, out *ir.Scalar, args []value.Value) (Result, error) {
	return bl.EmitKernelFor(op, 0, ins, out, args)
}

// emitKernelFor is emitKernel for result res of an op with several
// (each result has its own kernel over the same operands).
func (bl B) EmitKernelFor(op *ir.Op, res int, ins []*ir.Scalar, out *ir.Scalar, args []value.Value) (Result, error) {
	if op.Def.Kernel == ir.KernelRegion {
		return bl.RegionKernel(op, res, args) // region_kernel.go
	}
	if op.Def.KernelArgs != nil {
		// constant operands from the op's attributes, splatted like args[0]
		n := llconst.Lanes(args[0].Type())
		for _, a := range op.Def.KernelArgs(op) {
			var c constant.Constant
			switch a := a.(type) {
			case *ir.IntAttr:
				c = llconst.Int(ComputeType(a.Type), a.Value)
			case *ir.FloatAttr:
				c = llconst.Float(ComputeType(a.Type), ir.RoundFloat(a.Value, a.Type))
			default:
				return Result{}, fmt.Errorf("invalid kernel argument %v", a)
			}
			if n > 0 {
				c = llconst.Splat(c, n)
			}
			args = append(args[:len(args):len(args)], c)
			ins = append(ins[:len(ins):len(ins)], ir.ElementType(ir.ConstantType(a)))
		}
	}
	return bl.Kernel(op.Def.KernelOn(res, ins[0]), op, ins, out, args)
}

// kernel applies kernel k; op supplies the predicate of KernelCmp and the
// row's Sign (nil for the combining kernels of reductions). What the
// kernel's row says is derived here: its arity and domain, integer
// division (intDivRem), and the LLVM intrinsic computing it; the other
// kernels have their own IR (ownKernel).
func (bl B) Kernel(k ir.Kernel, op *ir.Op, ins []*ir.Scalar, out *ir.Scalar, args []value.Value) (Result, error) {
	e := ins[0]
	info := k.Info()
	switch {
	case info.Arity != len(args):
		return Result{}, fmt.Errorf("kernel '%v' takes %d operands, got %d", k, k.Arity(), len(args))
	case info.Domain&ir.DomainOf(e) == 0:
		return Result{}, fmt.Errorf("no lowering for kernel '%v' on '%s' elements", k, ir.TypeString(e))
	}
	unsigned := ReadsUnsigned(op, e)
	if info.IntDivision && !e.IsFloat() {
		return bl.IntDivRem(k, e, unsigned, args[0], args[1]), nil
	}
	var r value.Value
	if name := info.IntrinsicOn(e); name != "" {
		r = bl.RowIntrinsic(name, args)
	} else {
		var err error
		if r, err = bl.OwnKernel(k, op, e, out, unsigned, args); err != nil {
			return Result{}, err
		}
	}
	if out.Kind == ir.KindF16 || out.Kind == ir.KindBF16 {
		r = bl.Round16(r, out)
	}
	return Result{V: r}, nil
}

// rowIntrinsic calls the overloaded intrinsic a kernel's row names on
// args, all of args[0]'s type. The bit counts take LLVM's
// is_zero_poison flag, false: the width for 0.
func (bl B) RowIntrinsic(name string, args []value.Value) value.Value {
	t := args[0].Type()
	if name == "llvm.ctlz" || name == "llvm.cttz" {
		f := bl.Intrinsic(name+"."+TypeSuffix(t), t, t, types.I1)
		return bl.Call(f, args[0], constant.False)
	}
	return bl.CallIntrinsic(name, t, args...)
}

// ownKernel lowers the kernels that are more than their row's intrinsic:
// instructions, sequences, and the vector math of vmath_*.go.
func (bl B) OwnKernel(k ir.Kernel, op *ir.Op, e, out *ir.Scalar, unsigned bool, args []value.Value) (value.Value, error) {
	x := args[0]
	var y value.Value
	if len(args) > 1 {
		y = args[1]
	}
	n := llconst.Lanes(x.Type())
	b := bl.Block()
	switch k {
	case ir.KernelAdd, ir.KernelSub, ir.KernelMul, ir.KernelNeg:
		return bl.Ring(k, e, x, y), nil
	case ir.KernelDiv:
		return b.NewFDiv(x, y), nil
	case ir.KernelRem:
		return b.NewFRem(x, y), nil
	case ir.KernelFloorDiv, ir.KernelFloorRem:
		return bl.FloorDivMod(k, x, y), nil
	case ir.KernelMax, ir.KernelMin:
		return bl.MaxMin(k, e, unsigned, x, y), nil
	case ir.KernelMaxNum, ir.KernelMinNum:
		// IEEE maxNum/minNum: a NaN operand is ignored.
		mk := map[bool]ir.Kernel{true: ir.KernelMax, false: ir.KernelMin}[k == ir.KernelMaxNum]
		r := bl.MaxMin(mk, e, unsigned, x, y)
		r = b.NewSelect(b.NewFCmp(enum.FPredUNO, y, y), x, r)
		return b.NewSelect(b.NewFCmp(enum.FPredUNO, x, x), y, r), nil
	case ir.KernelClamp: // min(max(x, lo), hi)
		return bl.MaxMin(ir.KernelMin, e, unsigned, bl.MaxMin(ir.KernelMax, e, unsigned, x, y), args[2]), nil
	case ir.KernelAnd:
		return b.NewAnd(x, y), nil
	case ir.KernelOr:
		return b.NewOr(x, y), nil
	case ir.KernelXor:
		return b.NewXor(x, y), nil
	case ir.KernelNot:
		return b.NewXor(x, llconst.Int(x.Type(), -1)), nil
	case ir.KernelShl, ir.KernelShr:
		return bl.Shift(k, e, unsigned, x, y), nil
	case ir.KernelShrRound:
		return bl.ShrRound(e, unsigned, x, y, args[2]), nil
	case ir.KernelAddCarry: // the sum wrapped below an operand
		return b.NewICmp(enum.IPredULT, b.NewAdd(x, y), x), nil
	case ir.KernelMulHigh:
		return bl.MulHigh(e, unsigned, x, y), nil
	case ir.KernelMulShift:
		if e.IsFloat() {
			return b.NewFMul(x, y), nil
		}
		return bl.MulShift(e, out, unsigned, x, y, args[2]), nil
	case ir.KernelCmp:
		return bl.Compare(op, e, unsigned, x, y)
	case ir.KernelSelect:
		return b.NewSelect(x, y, args[2]), nil
	case ir.KernelAbs: // integers: the row names llvm.fabs for floats
		if unsigned { // and booleans
			return x, nil
		}
		neg := b.NewICmp(enum.IPredSLT, x, llconst.Int(x.Type(), 0))
		return b.NewSelect(neg, b.NewSub(llconst.Int(x.Type(), 0), x), x), nil
	case ir.KernelConvert:
		return bl.Convert(x, e, out, unsigned, n), nil
	case ir.KernelCast:
		return bl.Cast(x, e, out, unsigned, n), nil
	case ir.KernelCastRound: // floats to integers round to nearest, ties to even
		if e.IsFloat() && out.IsInt() && out != ir.I1 {
			x = bl.CallIntrinsic("llvm.roundeven", x.Type(), x)
		}
		return bl.Convert(x, e, out, unsigned, n), nil
	case ir.KernelBitcast:
		return bl.Bitcast(x, e, out, n), nil
	case ir.KernelIdentity:
		return x, nil
	}
	if r := bl.MathKernel(k, x, y); r != nil {
		return r, nil
	}
	return nil, fmt.Errorf("no lowering for kernel '%v'", k)
}

// mathKernel lowers the float functions computed by vector polynomials
// (vmath_*.go; f16 and bf16 compute in f32), or returns nil.
func (bl B) MathKernel(k ir.Kernel, x, y value.Value) value.Value {
	switch k {
	case ir.KernelPow:
		return bl.Math().Pow(x, y) // vmath_pow.go
	case ir.KernelExp, ir.KernelExp2, ir.KernelExpm1:
		return bl.Math().Exp(k, x) // vmath_exp.go
	case ir.KernelLog, ir.KernelLog2, ir.KernelLog10, ir.KernelLog1p:
		return bl.Math().Log(k, x) // vmath_log.go
	case ir.KernelSin, ir.KernelCos, ir.KernelTan:
		return bl.Math().Trig(k, x) // vmath_trig.go
	case ir.KernelErf:
		return bl.Math().Erf(x)
	case ir.KernelAtan:
		return bl.Math().Atan(x)
	case ir.KernelTanh:
		return bl.Math().Tanh(x)
	case ir.KernelAtan2:
		return bl.Math().Atan2(x, y)
	case ir.KernelRsqrt:
		return bl.Math().Rsqrt(x)
	case ir.KernelRecip:
		return bl.Block().NewFDiv(llconst.Float(x.Type(), 1), x)
	case ir.KernelSigmoid:
		return bl.Math().Sigmoid(x)
	}
	return nil
}

// ring is add, sub, mul and neg: the float instructions, the integer
// ones, and on i1 (modulo 2) xor, xor, and, and x itself.
func (bl B) Ring(k ir.Kernel, e *ir.Scalar, x, y value.Value) value.Value {
	b := bl.Block()
	switch {
	case e.IsFloat():
		switch k {
		case ir.KernelAdd:
			return b.NewFAdd(x, y)
		case ir.KernelSub:
			return b.NewFSub(x, y)
		case ir.KernelMul:
			return b.NewFMul(x, y)
		}
		return b.NewFNeg(x)
	case e == ir.I1:
		switch k {
		case ir.KernelAdd, ir.KernelSub:
			return b.NewXor(x, y)
		case ir.KernelMul:
			return b.NewAnd(x, y)
		}
		return x
	}
	switch k {
	case ir.KernelAdd:
		return b.NewAdd(x, y)
	case ir.KernelSub:
		return b.NewSub(x, y)
	case ir.KernelMul:
		return b.NewMul(x, y)
	}
	return b.NewSub(llconst.Int(x.Type(), 0), x)
}

// shrRound is TOSA's arithmetic_right_shift: x >> y by sign, plus the
// last bit shifted out when round is set and 0 < y <= width.
func (bl B) ShrRound(e *ir.Scalar, unsigned bool, x, y, round value.Value) value.Value {
	b := bl.Block()
	r := bl.Shift(ir.KernelShr, e, unsigned, x, y)
	t := x.Type()
	inRange := b.NewAnd(b.NewICmp(enum.IPredNE, y, llconst.Int(t, 0)), b.NewICmp(enum.IPredULE, y, llconst.Int(t, int64(e.Bits()))))
	amt := b.NewSelect(inRange, b.NewSub(y, llconst.Int(t, 1)), llconst.Int(t, 0))
	last := b.NewAnd(bl.Shift(ir.KernelShr, e, unsigned, x, amt), llconst.Int(t, 1))
	if !round.Type().Equal(inRange.Type()) { // a scalar flag for vector lanes
		round = llconst.Splat(round.(constant.Constant), llconst.Lanes(x.Type()))
	}
	return b.NewSelect(b.NewAnd(inRange, round), b.NewAdd(r, last), r)
}

// ReadsUnsigned reports whether op's kernel reads integers of type e as
// unsigned numbers: the op says so (arith.divui), or its element type does
// (ui types; i1, a boolean).
func ReadsUnsigned(op *ir.Op, e *ir.Scalar) bool {
	if op == nil { // a reduction's combining kernel: by the element type
		return e.Unsigned()
	}
	intSide := e
	if e.IsFloat() && op.NumResults() > 0 { // a conversion to an integer
		if r := ir.ElementType(op.Result(0).Type()); r != nil {
			intSide = r
		}
	}
	return op.Def.Sign == ir.Unsigned || (op.Def.Sign == ir.Signless && intSide.Unsigned())
}

// maxMin is max or min of x and y: integers by sign (booleans: max is or,
// min is and); floats NumPy's maximum/minimum, NaN propagating, -0 < +0.
func (bl B) MaxMin(k ir.Kernel, e *ir.Scalar, unsigned bool, x, y value.Value) value.Value {
	b := bl.Block()
	if !e.IsFloat() {
		pred := map[bool]enum.IPred{true: enum.IPredSGT, false: enum.IPredSLT}[k == ir.KernelMax]
		if unsigned {
			pred = map[bool]enum.IPred{true: enum.IPredUGT, false: enum.IPredULT}[k == ir.KernelMax]
		}
		return b.NewSelect(b.NewICmp(pred, x, y), x, y)
	}
	if !NotNaNConst(x) && !NotNaNConst(y) {
		// Two values: the whole sequence below, eleven instructions, is
		// a module-level helper inlined at every call (maxMinFunc).
		return b.NewCall(bl.MaxMinFunc(k, x.Type()), x, y)
	}
	return bl.MaxMinFloat(k, x, y)
}

// maxMinFloat is NumPy's maximum/minimum of floats x and y, NaN
// propagating, -0 < +0, written out.
func (bl B) MaxMinFloat(k ir.Kernel, x, y value.Value) value.Value {
	b := bl.Block()
	// NumPy maximum/minimum: NaN propagates (x+y is NaN then).
	pred := enum.FPredOGT
	if k == ir.KernelMin {
		pred = enum.FPredOLT
	}
	m := b.NewSelect(b.NewFCmp(pred, x, y), x, y)
	// Against a constant that is not NaN only the other operand can be
	// NaN; x + -0.0 is x (quieted), which LLVM folds, so the two selects
	// become one compare and select (W3's relu).
	var r value.Value
	if NotNaNConst(y) {
		r = b.NewSelect(b.NewFCmp(enum.FPredUNO, x, x), b.NewFAdd(x, llconst.Float(x.Type(), math.Copysign(0, -1))), m)
	} else if NotNaNConst(x) {
		r = b.NewSelect(b.NewFCmp(enum.FPredUNO, y, y), b.NewFAdd(y, llconst.Float(y.Type(), math.Copysign(0, -1))), m)
	} else {
		r = b.NewSelect(b.NewFCmp(enum.FPredUNO, x, y), b.NewFAdd(x, y), m)
	}
	if !ZeroSafe(k, x, y) {
		// Equal operands: -0 and +0 differ only in the sign bit; max is
		// +0 (and of the bits), min -0 (or), as arith.maximumf and
		// llvm.maximum.
		r = bl.ZeroFix(k, x, y, r)
	}
	return r
}

// shift is shl, or lshr/ashr by sign, with LLVM's poison for amounts of
// the bit width or more replaced by NumPy's values: 0, or the sign bit
// repeated for an arithmetic right shift.
func (bl B) Shift(k ir.Kernel, e *ir.Scalar, unsigned bool, x, y value.Value) value.Value {
	b := bl.Block()
	t := x.Type()
	width := llconst.Int(t, int64(e.Bits()))
	if e.Bits() == 1 {
		width = llconst.Int(t, 1) // i1's 1 is true: the only amount in range is 0
	}
	var big value.Value = b.NewICmp(enum.IPredUGE, y, width)
	if e.Bits() == 1 {
		big = y
	}
	if k == ir.KernelShr && !unsigned {
		if e.Bits() == 1 {
			return x // the sign bit is the value
		}
		amt := b.NewSelect(big, llconst.Int(t, int64(e.Bits()-1)), y)
		return b.NewAShr(x, amt)
	}
	amt := b.NewSelect(big, llconst.Int(t, 0), y)
	var v value.Value = b.NewShl(x, amt)
	if k == ir.KernelShr {
		v = b.NewLShr(x, amt)
	}
	return b.NewSelect(big, llconst.Int(t, 0), v)
}

// mulShift is TOSA's integer mul: the operands widened to 64 bits, their
// product, rounded down by shift bits when shift > 0 ((p + 2^(shift-1))
// >> shift; 128-bit arithmetic), truncated to out.
func (bl B) MulShift(e, out *ir.Scalar, unsigned bool, x, y, shift value.Value) value.Value {
	b := bl.Block()
	n := llconst.Lanes(x.Type())
	w := llconst.VecOf(types.I128, n)
	var xw, yw value.Value
	if unsigned {
		xw, yw = b.NewZExt(x, w), b.NewZExt(y, w)
	} else {
		xw, yw = b.NewSExt(x, w), b.NewSExt(y, w)
	}
	p := b.NewMul(xw, yw)
	s := b.NewSExt(shift, w)
	one := llconst.Int(w, 1)
	positive := b.NewICmp(enum.IPredSGT, s, llconst.Int(w, 0))
	sm1 := b.NewSelect(positive, b.NewSub(s, one), llconst.Int(w, 0))
	rounded := b.NewAShr(b.NewAdd(p, b.NewShl(one, sm1)), s)
	var v value.Value = b.NewSelect(positive, rounded, p)
	return b.NewTrunc(v, llconst.VecOf(ComputeType(out), n))
}

// mulHigh is the high half of the double-width product, by sign.
func (bl B) MulHigh(e *ir.Scalar, unsigned bool, x, y value.Value) value.Value {
	b := bl.Block()
	n := llconst.Lanes(x.Type())
	w := llconst.VecOf(types.NewInt(uint64(2*e.Bits())), n)
	var xw, yw value.Value
	if unsigned {
		xw, yw = b.NewZExt(x, w), b.NewZExt(y, w)
	} else {
		xw, yw = b.NewSExt(x, w), b.NewSExt(y, w)
	}
	return b.NewTrunc(b.NewLShr(b.NewMul(xw, yw), llconst.Int(w, int64(e.Bits()))), x.Type())
}

// intDivRem is sdiv/srem (udiv/urem when unsigned) that never traps: a
// zero divisor, or MIN / -1, is replaced by 1 and reported as a fault.
// floor_div and floor_rem then round toward -inf: when the remainder is
// not 0 and its sign is not the divisor's, q - 1 and r + y (unsigned
// numbers have no sign: floor is truncation); ceil_div rounds toward
// +inf: q + 1 when the remainder is not 0 and has the divisor's sign.
func (bl B) IntDivRem(k ir.Kernel, e *ir.Scalar, unsigned bool, x, y value.Value) Result {
	b := bl.Block()
	t := x.Type()
	rem := k == ir.KernelRem || k == ir.KernelFloorRem
	if unsigned && e != ir.I1 {
		zero := b.NewICmp(enum.IPredEQ, y, llconst.Int(t, 0))
		safe := b.NewSelect(zero, llconst.Int(t, 1), y)
		var v value.Value = b.NewUDiv(x, safe)
		switch {
		case rem:
			v = b.NewURem(x, safe)
		case k == ir.KernelCeilDiv:
			up := b.NewICmp(enum.IPredNE, b.NewURem(x, safe), llconst.Int(t, 0))
			v = b.NewSelect(up, b.NewAdd(v, llconst.Int(t, 1)), v)
		}
		return Result{V: v, DivZero: bl.AnyLane(zero)}
	}
	if e == ir.I1 { // x / true = x, x % true = 0
		zero := b.NewICmp(enum.IPredEQ, y, llconst.Int(t, 0))
		v := x
		if rem {
			v = llconst.Int(t, 0)
		}
		return Result{V: v, DivZero: bl.AnyLane(zero)}
	}
	zero := b.NewICmp(enum.IPredEQ, y, llconst.Int(t, 0))
	minV := int64(-1) << (e.Bits() - 1)
	ovf := b.NewAnd(b.NewICmp(enum.IPredEQ, x, llconst.Int(t, minV)), b.NewICmp(enum.IPredEQ, y, llconst.Int(t, -1)))
	safe := b.NewSelect(b.NewOr(zero, ovf), llconst.Int(t, 1), y)
	var v value.Value
	if !rem {
		v = b.NewSDiv(x, safe)
		switch k {
		case ir.KernelFloorDiv:
			v = b.NewSelect(bl.FloorFix(b.NewSRem(x, safe), y), b.NewSub(v, llconst.Int(t, 1)), v)
		case ir.KernelCeilDiv:
			r := b.NewSRem(x, safe)
			same := b.NewICmp(enum.IPredEQ, b.NewICmp(enum.IPredSLT, r, llconst.Int(t, 0)), b.NewICmp(enum.IPredSLT, y, llconst.Int(t, 0)))
			v = b.NewSelect(b.NewAnd(b.NewICmp(enum.IPredNE, r, llconst.Int(t, 0)), same), b.NewAdd(v, llconst.Int(t, 1)), v)
		}
	} else {
		v = b.NewSRem(x, safe)
		if k == ir.KernelFloorRem {
			v = b.NewSelect(bl.FloorFix(v, y), b.NewAdd(v, y), v)
		}
		// MIN % -1 is 0 (no fault: NumPy and C agree on the value).
		v = b.NewSelect(ovf, llconst.Int(t, 0), v)
		return Result{V: v, DivZero: bl.AnyLane(zero)}
	}
	return Result{V: v, DivZero: bl.AnyLane(zero), Ovf: bl.AnyLane(ovf)}
}

// floorFix is true where a truncated quotient must be rounded down: the
// remainder r is not 0 and its sign differs from the divisor y's.
func (bl B) FloorFix(r, y value.Value) value.Value {
	b := bl.Block()
	t := r.Type()
	differ := b.NewXor(b.NewICmp(enum.IPredSLT, r, llconst.Int(t, 0)), b.NewICmp(enum.IPredSLT, y, llconst.Int(t, 0)))
	return b.NewAnd(b.NewICmp(enum.IPredNE, r, llconst.Int(t, 0)), differ)
}

// floorDivMod is NumPy's npy_divmod on floats (floor_divide, remainder),
// branch-free in the compute type:
//
//	mod = fmod(a, b); if b == 0: return a / b, mod
//	div = (a - mod) / b
//	if mod != 0: if (b < 0) != (mod < 0): mod += b; div -= 1
//	else: mod = copysign(0, b)
//	if div != 0: q = floor(div); if div - q > 0.5: q += 1
//	else: q = copysign(0, a / b)
func (bl B) FloorDivMod(k ir.Kernel, x, y value.Value) value.Value {
	b := bl.Block()
	t := x.Type()
	zero, one := llconst.Float(t, 0), llconst.Float(t, 1)
	mod := b.NewFRem(x, y)
	quot := b.NewFDiv(x, y)
	byZero := b.NewFCmp(enum.FPredOEQ, y, zero)
	var div value.Value = b.NewFDiv(b.NewFSub(x, mod), y)
	modNZ := b.NewFCmp(enum.FPredUNE, mod, zero) // NaN counts as non-zero, as in C
	fix := b.NewAnd(modNZ, b.NewXor(b.NewFCmp(enum.FPredOLT, y, zero), b.NewFCmp(enum.FPredOLT, mod, zero)))
	if k == ir.KernelFloorRem {
		var m value.Value = b.NewSelect(fix, b.NewFAdd(mod, y), mod)
		m = b.NewSelect(modNZ, m, bl.CallIntrinsic("llvm.copysign", t, zero, y))
		return b.NewSelect(byZero, mod, m)
	}
	div = b.NewSelect(fix, b.NewFSub(div, one), div)
	fl := bl.CallIntrinsic("llvm.floor", t, div)
	fl = b.NewSelect(b.NewFCmp(enum.FPredOGT, b.NewFSub(div, fl), llconst.Float(t, 0.5)), b.NewFAdd(fl, one), fl)
	q := b.NewSelect(b.NewFCmp(enum.FPredUNE, div, zero), fl, bl.CallIntrinsic("llvm.copysign", t, zero, quot))
	return b.NewSelect(byZero, quot, q)
}

// anyLane reduces an i1 vector to "any lane set"; scalars pass through.
func (bl B) AnyLane(c value.Value) value.Value {
	n := llconst.Lanes(c.Type())
	if n == 0 {
		return c
	}
	bits := bl.Block().NewBitCast(c, types.NewInt(uint64(n)))
	return bl.Block().NewICmp(enum.IPredNE, bits, constant.NewInt(types.NewInt(uint64(n)), 0))
}

// compare lowers KernelCmp: tir.cmp (string predicate), arith.cmpi/cmpf
// (index), TOSA's fixed comparisons (ir.CmpPredicate).
func (bl B) Compare(op *ir.Op, e *ir.Scalar, unsigned bool, x, y value.Value) (value.Value, error) {
	b := bl.Block()
	pred, ok := ir.CmpPredicate(op)
	if !ok {
		return nil, fmt.Errorf("missing or invalid predicate")
	}
	if e.IsFloat() {
		fp := map[string]enum.FPred{
			"eq": enum.FPredOEQ, "ne": enum.FPredUNE, "lt": enum.FPredOLT, "le": enum.FPredOLE, "gt": enum.FPredOGT, "ge": enum.FPredOGE,
			"false": enum.FPredFalse, "oeq": enum.FPredOEQ, "ogt": enum.FPredOGT, "oge": enum.FPredOGE, "olt": enum.FPredOLT,
			"ole": enum.FPredOLE, "one": enum.FPredONE, "ord": enum.FPredORD, "ueq": enum.FPredUEQ, "ugt": enum.FPredUGT,
			"uge": enum.FPredUGE, "ult": enum.FPredULT, "ule": enum.FPredULE, "une": enum.FPredUNE, "uno": enum.FPredUNO,
			"true": enum.FPredTrue,
		}
		p, ok := fp[pred]
		if !ok {
			return nil, fmt.Errorf("unknown float predicate '%s'", pred)
		}
		return b.NewFCmp(p, x, y), nil
	}
	ip := map[string]enum.IPred{
		"eq": enum.IPredEQ, "ne": enum.IPredNE, "lt": enum.IPredSLT, "le": enum.IPredSLE, "gt": enum.IPredSGT, "ge": enum.IPredSGE,
		"slt": enum.IPredSLT, "sle": enum.IPredSLE, "sgt": enum.IPredSGT, "sge": enum.IPredSGE,
		"ult": enum.IPredULT, "ule": enum.IPredULE, "ugt": enum.IPredUGT, "uge": enum.IPredUGE,
	}
	p, ok := ip[pred]
	if !ok {
		return nil, fmt.Errorf("unknown integer predicate '%s'", pred)
	}
	if unsigned && len(pred) == 2 { // tir's lt..ge on unsigned values and booleans
		p = UnsignedOr(p)
	}
	return b.NewICmp(p, x, y), nil
}

// UnsignedOr maps a signed integer predicate to its unsigned twin.
func UnsignedOr(p enum.IPred) enum.IPred {
	switch p {
	case enum.IPredSLT:
		return enum.IPredULT
	case enum.IPredSLE:
		return enum.IPredULE
	case enum.IPredSGT:
		return enum.IPredUGT
	case enum.IPredSGE:
		return enum.IPredUGE
	}
	return p
}

// convert is tir.convert's per-element conversion (SPEC section 3), the
// integer side read as unsigned when unsigned is set.
func (bl B) Convert(x value.Value, from, to *ir.Scalar, unsigned bool, n int64) value.Value {
	b := bl.Block()
	tt := llconst.VecOf(ComputeType(to), n)
	switch {
	case to == ir.I1:
		if from.IsFloat() {
			return b.NewFCmp(enum.FPredUNE, x, llconst.Float(x.Type(), 0))
		}
		return b.NewICmp(enum.IPredNE, x, llconst.Int(x.Type(), 0))
	case from.IsFloat() && to.IsFloat():
		switch {
		case x.Type().Equal(tt):
			return x
		case ComputeType(from) == types.Double:
			return b.NewFPTrunc(x, tt)
		default:
			return b.NewFPExt(x, tt)
		}
	case from.IsFloat():
		sat := "llvm.fptosi.sat"
		if unsigned {
			sat = "llvm.fptoui.sat"
		}
		name := fmt.Sprintf("%s.%s.%s", sat, TypeSuffix(tt), TypeSuffix(x.Type()))
		return bl.Call(bl.Intrinsic(name, tt, x.Type()), x)
	case to.IsFloat():
		if unsigned {
			return b.NewUIToFP(x, tt)
		}
		return b.NewSIToFP(x, tt)
	}
	fb, tb := ComputeType(from).(*types.IntType).BitSize, ComputeType(to).(*types.IntType).BitSize
	switch {
	case fb == tb:
		return x
	case fb > tb:
		return b.NewTrunc(x, tt)
	case unsigned:
		return b.NewZExt(x, tt)
	}
	return b.NewSExt(x, tt)
}

// cast is arith's casts (see eval.Cast): as convert, except that an
// integer cast to i1 keeps the low bit and a float cast to i1 saturates.
func (bl B) Cast(x value.Value, from, to *ir.Scalar, unsigned bool, n int64) value.Value {
	if to != ir.I1 {
		return bl.Convert(x, from, to, unsigned, n)
	}
	tt := llconst.VecOf(types.I1, n)
	if !from.IsFloat() {
		if from == ir.I1 {
			return x
		}
		return bl.Block().NewTrunc(x, tt)
	}
	sat := "llvm.fptosi.sat"
	if unsigned {
		sat = "llvm.fptoui.sat"
	}
	name := fmt.Sprintf("%s.%s.%s", sat, TypeSuffix(tt), TypeSuffix(x.Type()))
	return bl.Call(bl.Intrinsic(name, tt, x.Type()), x)
}

// bitcast reinterprets the bits of x (compute type of from) as type to:
// f16 and bf16, computed as float, go through their bits.
func (bl B) Bitcast(x value.Value, from, to *ir.Scalar, n int64) value.Value {
	b := bl.Block()
	if from.Kind == ir.KindF16 || from.Kind == ir.KindBF16 {
		x = bl.ToStorage(x, from) // the i16 bits
	}
	st := llconst.VecOf(StorageType(to), n)
	if !x.Type().Equal(st) {
		x = b.NewBitCast(x, st)
	}
	if to.Kind == ir.KindF16 || to.Kind == ir.KindBF16 {
		return bl.FromStorage(x, to)
	}
	return x
}

// round16 rounds a float compute value to f16 or bf16 and back.
func (bl B) Round16(x value.Value, e *ir.Scalar) value.Value {
	n := llconst.Lanes(x.Type())
	if e.Kind == ir.KindF16 {
		return bl.FromF16(bl.ToF16(x), n)
	}
	return bl.FromBF16(bl.ToBF16(x), n)
}

// toBF16 rounds a float to bf16 bits (nearest even; NaN stays a quiet NaN).
func (bl B) ToBF16(x value.Value) value.Value {
	b := bl.Block()
	n := llconst.Lanes(x.Type())
	i32 := llconst.VecOf(types.I32, n)
	u := b.NewBitCast(x, i32)
	lsb := b.NewAnd(b.NewLShr(u, llconst.Int(i32, 16)), llconst.Int(i32, 1))
	rounded := b.NewAdd(b.NewAdd(u, llconst.Int(i32, 0x7fff)), lsb)
	isNaN := b.NewFCmp(enum.FPredUNO, x, x)
	nan := b.NewOr(u, llconst.Int(i32, 0x400000))
	bits := b.NewLShr(b.NewSelect(isNaN, nan, rounded), llconst.Int(i32, 16))
	return b.NewTrunc(bits, llconst.VecOf(types.I16, n))
}

// fromBF16 widens bf16 bits to float.
func (bl B) FromBF16(h value.Value, n int64) value.Value {
	b := bl.Block()
	i32 := llconst.VecOf(types.I32, n)
	return b.NewBitCast(b.NewShl(b.NewZExt(h, i32), llconst.Int(i32, 16)), llconst.VecOf(types.Float, n))
}

// f16 is converted with integer code rather than LLVM's half type: on
// x86 without F16C, clang-14 lowers half conversions to calls of
// compiler-rt's __gnu_h2f_ieee, which libgcc does not provide.

// toF16 rounds a float to IEEE half bits (nearest even; overflow to
// infinity, NaN stays a quiet NaN, subnormals rounded exactly).
func (bl B) ToF16(x value.Value) value.Value {
	b := bl.Block()
	n := llconst.Lanes(x.Type())
	i32 := llconst.VecOf(types.I32, n)
	c := func(v int64) value.Value { return llconst.Int(i32, v) }
	u := b.NewBitCast(x, i32)
	sign := b.NewAnd(u, c(-0x80000000))
	a := b.NewXor(u, sign) // |x| bits
	// Normal halves: rebias the exponent, round to nearest even on the
	// 13 dropped bits.
	odd := b.NewAnd(b.NewLShr(a, c(13)), c(1))
	norm := b.NewLShr(b.NewAdd(b.NewAdd(a, c(((15-127)<<23)+0xfff)), odd), c(13))
	// Subnormal halves: adding 0.5 aligns the mantissa so the FPU rounds.
	af := b.NewBitCast(a, llconst.VecOf(types.Float, n))
	sub := b.NewSub(b.NewBitCast(b.NewFAdd(af, llconst.Float(af.Type(), 0.5)), i32), c(0x3f000000))
	big := b.NewSelect(b.NewICmp(enum.IPredUGT, a, c(0x7f800000)), c(0x7e00), c(0x7c00))
	var r value.Value = b.NewSelect(b.NewICmp(enum.IPredULT, a, c(0x38800000)), sub, norm)
	r = b.NewSelect(b.NewICmp(enum.IPredUGE, a, c(0x47800000)), big, r)
	r = b.NewOr(r, b.NewLShr(sign, c(16)))
	return b.NewTrunc(r, llconst.VecOf(types.I16, n))
}

// fromF16 widens IEEE half bits to float (exact).
func (bl B) FromF16(h value.Value, n int64) value.Value {
	b := bl.Block()
	i32 := llconst.VecOf(types.I32, n)
	f32 := llconst.VecOf(types.Float, n)
	c := func(v int64) value.Value { return llconst.Int(i32, v) }
	w := b.NewZExt(h, i32)
	sign := b.NewShl(b.NewAnd(w, c(0x8000)), c(16))
	exp := b.NewAnd(b.NewLShr(w, c(10)), c(31))
	mant := b.NewAnd(w, c(1023))
	normal := b.NewOr(b.NewShl(b.NewAdd(exp, c(127-15)), c(23)), b.NewShl(mant, c(13)))
	special := b.NewOr(c(0x7f800000), b.NewShl(mant, c(13)))
	sub := b.NewBitCast(b.NewFMul(b.NewUIToFP(mant, f32), llconst.Float(f32, 1.0/(1<<24))), i32)
	var r value.Value = b.NewSelect(b.NewICmp(enum.IPredEQ, exp, c(0)), sub, normal)
	r = b.NewSelect(b.NewICmp(enum.IPredEQ, exp, c(31)), special, r)
	return b.NewBitCast(b.NewOr(r, sign), f32)
}

// load converts a stored element (or vector of them) to compute type.
func (bl B) FromStorage(v value.Value, e *ir.Scalar) value.Value {
	n := llconst.Lanes(v.Type())
	switch e.Kind {
	case ir.KindI1:
		return bl.Block().NewTrunc(v, llconst.VecOf(types.I1, n))
	case ir.KindF16:
		return bl.FromF16(v, n)
	case ir.KindBF16:
		return bl.FromBF16(v, n)
	}
	return v
}

// toStorage converts a compute value to its stored form.
func (bl B) ToStorage(v value.Value, e *ir.Scalar) value.Value {
	n := llconst.Lanes(v.Type())
	switch e.Kind {
	case ir.KindI1:
		return bl.Block().NewZExt(v, llconst.VecOf(types.I8, n))
	case ir.KindF16:
		return bl.ToF16(v)
	case ir.KindBF16:
		return bl.ToBF16(v)
	}
	return v
}

// callIntrinsic calls an overloaded float intrinsic (llvm.exp.f32, ...).
func (bl B) CallIntrinsic(base string, t types.Type, args ...value.Value) value.Value {
	ps := make([]types.Type, len(args))
	for i := range ps {
		ps[i] = t
	}
	return bl.Call(bl.Intrinsic(base+"."+TypeSuffix(t), t, ps...), args...)
}

func (bl B) Call(f *llvm.Func, args ...value.Value) value.Value {
	return bl.Block().NewCall(f, args...)
}

// TypeSuffix is LLVM's overloaded-intrinsic type suffix (f32, v4f32, i32).
func TypeSuffix(t types.Type) string {
	switch t := t.(type) {
	case *types.VectorType:
		return fmt.Sprintf("v%d%s", t.Len, TypeSuffix(t.ElemType))
	case *types.FloatType:
		switch t.Kind {
		case types.FloatKindHalf:
			return "f16"
		case types.FloatKindFloat:
			return "f32"
		}
		return "f64"
	case *types.IntType:
		return fmt.Sprintf("i%d", t.BitSize)
	}
	return t.String()
}

// ConstFloats returns the elements of a float constant or a vector of
// them, or nil when v is not one.
func ConstFloats(v value.Value) []*constant.Float {
	switch c := v.(type) {
	case *constant.Float:
		return []*constant.Float{c}
	case *constant.Vector:
		fs := make([]*constant.Float, len(c.Elems))
		for i, e := range c.Elems {
			f, ok := e.(*constant.Float)
			if !ok {
				return nil
			}
			fs[i] = f
		}
		return fs
	}
	return nil
}

// NotNaNConst reports whether v is a float constant (or a vector of them)
// none of whose elements is NaN.
func NotNaNConst(v value.Value) bool {
	fs := ConstFloats(v)
	for _, f := range fs {
		if f.NaN {
			return false
		}
	}
	return len(fs) > 0
}

// ZeroSafe reports whether the select in max/min already orders -0 below
// +0: when y (picked on equality) is a non-NaN constant whose zeros are
// the zero max/min must return, or x (never picked on equality) is one
// whose zeros are the other.
func ZeroSafe(k ir.Kernel, x, y value.Value) bool {
	wantNeg := k == ir.KernelMin // the zero max/min must return when -0 and +0 meet
	ok := func(v value.Value, onEqual bool) bool {
		if !NotNaNConst(v) {
			return false
		}
		for _, f := range ConstFloats(v) {
			if f.X.Sign() == 0 && f.X.Signbit() != (wantNeg == onEqual) {
				return false
			}
		}
		return true
	}
	return ok(y, true) || ok(x, false)
}

// zeroFix returns r, or for equal operands the and (max) / or (min) of
// their bits, which turns {-0, +0} into +0 / -0 and leaves other equal
// pairs alone.
func (bl B) ZeroFix(k ir.Kernel, x, y, r value.Value) value.Value {
	b := bl.Block()
	ft := x.Type()
	if vt, ok := ft.(*types.VectorType); ok {
		ft = vt.ElemType
	}
	var it types.Type = types.I64
	if ft.(*types.FloatType).Kind == types.FloatKindFloat {
		it = types.I32
	}
	if n := llconst.Lanes(x.Type()); n > 0 {
		it = types.NewVector(uint64(n), it)
	}
	xb, yb := b.NewBitCast(x, it), b.NewBitCast(y, it)
	var bits value.Value
	if k == ir.KernelMax {
		bits = b.NewAnd(xb, yb)
	} else {
		bits = b.NewOr(xb, yb)
	}
	return b.NewSelect(b.NewFCmp(enum.FPredOEQ, x, y), b.NewBitCast(bits, x.Type()), r)
}
