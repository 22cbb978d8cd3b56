package dialect

import (
	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/traits"
)

// The math dialect's elementwise ops (MLIR 19's MathOps.td): each applies
// one scalar function to tensors, vectors or scalars of one type, with
// arith's traits (SameOperandsAndResultType, ElementwiseMappable), its
// inferred-type check and custom form (`math.exp %x fastmath<fast> : T`).
// Floats are computed by LLVM intrinsics or libm (codegen/kernel.go) and
// by Go's math in eval; the integer ops count bits.

// mathOp is the row of an op on n operands of one type.
func mathOp(name, summary string, k ir.Kernel, c Constraint, n int) *Op {
	r := &Op{
		OpDef: ir.OpDef{
			Name: name, Summary: summary, Kernel: k, Format: sameTypeForm(n),
			Traits: []*ir.Trait{traits.SameOperandsAndResultType, traits.ElementwiseMappable, traits.Pure},
			Verify: verifyInferredSameType,
		},
		Results: []Arg{{"result", c, false}},
	}
	for i := range n {
		r.Operands = append(r.Operands, Arg{[]string{"lhs", "rhs", "c"}[i], c, false})
	}
	if n == 1 {
		r.Operands[0].Name = "operand"
	}
	if c.Desc == FloatLike.Desc {
		r.Inherent = []string{"fastmath"}
		fastmath(r)
	}
	return r
}

// MathOps is the math dialect's op table.
var MathOps = []*Op{
	mathOp("math.absf", "|x|", ir.KernelAbs, FloatLike, 1),
	mathOp("math.absi", "|x|, signed; abs(MIN) wraps to MIN", ir.KernelAbs, SignlessIntegerLike, 1).sign(ir.Signed),
	mathOp("math.ceil", "x rounded toward +inf", ir.KernelCeil, FloatLike, 1),
	mathOp("math.floor", "x rounded toward -inf", ir.KernelFloor, FloatLike, 1),
	mathOp("math.round", "x rounded to nearest, ties away from zero", ir.KernelRound, FloatLike, 1),
	mathOp("math.roundeven", "x rounded to nearest, ties to even", ir.KernelRoundEven, FloatLike, 1),
	mathOp("math.trunc", "x rounded toward zero", ir.KernelTrunc, FloatLike, 1),
	mathOp("math.sqrt", "square root", ir.KernelSqrt, FloatLike, 1),
	mathOp("math.rsqrt", "1 / sqrt(x)", ir.KernelRsqrt, FloatLike, 1),
	mathOp("math.exp", "e^x", ir.KernelExp, FloatLike, 1),
	mathOp("math.exp2", "2^x", ir.KernelExp2, FloatLike, 1),
	mathOp("math.expm1", "e^x - 1, accurate near 0", ir.KernelExpm1, FloatLike, 1),
	mathOp("math.log", "natural logarithm", ir.KernelLog, FloatLike, 1),
	mathOp("math.log2", "base-2 logarithm", ir.KernelLog2, FloatLike, 1),
	mathOp("math.log10", "base-10 logarithm", ir.KernelLog10, FloatLike, 1),
	mathOp("math.log1p", "log(1 + x), accurate near 0", ir.KernelLog1p, FloatLike, 1),
	mathOp("math.sin", "sine", ir.KernelSin, FloatLike, 1),
	mathOp("math.cos", "cosine", ir.KernelCos, FloatLike, 1),
	mathOp("math.tan", "tangent", ir.KernelTan, FloatLike, 1),
	mathOp("math.tanh", "hyperbolic tangent", ir.KernelTanh, FloatLike, 1),
	mathOp("math.atan", "arc tangent", ir.KernelAtan, FloatLike, 1),
	mathOp("math.atan2", "arc tangent of lhs / rhs in the quadrant of (rhs, lhs)", ir.KernelAtan2, FloatLike, 2),
	mathOp("math.erf", "the error function", ir.KernelErf, FloatLike, 1),
	mathOp("math.powf", "lhs ** rhs", ir.KernelPow, FloatLike, 2),
	mathOp("math.fma", "a * b + c, rounded once", ir.KernelFma, FloatLike, 3),
	mathOp("math.copysign", "|lhs| with the sign of rhs", ir.KernelCopySign, FloatLike, 2),
	mathOp("math.ctlz", "leading zero bits (the width for 0)", ir.KernelCtlz, SignlessIntegerLike, 1),
	mathOp("math.cttz", "trailing zero bits (the width for 0)", ir.KernelCttz, SignlessIntegerLike, 1),
	mathOp("math.ctpop", "one bits", ir.KernelCtpop, SignlessIntegerLike, 1),
}
