package dialect

import (
	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/traits"
)

// The tir dialect: broadcasting tensor ops, the project's own. They print
// in short forms (`tir.add %a, %b : (T1, T2) -> R`, `tir.exp %x : T`,
// `tir.constant dense<1.0> : tensor<4xf32>`); mlir-opt does not know them,
// so -mlir-print-op-generic is the form to hand to it.

// CmpPredicates are the predicates of tir.cmp (signed for integers;
// ordered for floats except "ne", which is true for NaN as NumPy's !=).
var CmpPredicates = []string{"eq", "ne", "lt", "le", "gt", "ge"}

var predDesc, predCheck = oneOfStrings(CmpPredicates...)

var broadcastDimsAttr = AttrSpec{
	Name: traits.BroadcastDimsAttr, Desc: "i64 dense array attribute", Check: I64ArrayAttr, Optional: true,
}

// binary returns the row of a broadcasting binary op.
func binary(name, summary string, k ir.Kernel, operand Constraint, commutative bool) *Op {
	ts := []*ir.Trait{traits.Broadcastable}
	if commutative {
		ts = append(ts, traits.Commutative)
	}
	ts = append(ts, traits.SameOperandsElementType, traits.Pure)
	return &Op{
		OpDef: ir.OpDef{
			Name: name, Summary: summary, Kernel: k, Format: FunctionalForm,
			Traits:  ts,
			Verify:  resultElemIsOperandElem,
			Logical: true,
		},
		Operands: []Arg{{"lhs", operand, false}, {"rhs", operand, false}},
		Results:  []Arg{{"result", TensorOrVector, false}},
		Attrs:    []AttrSpec{broadcastDimsAttr},
	}
}

// unary returns the row of an elementwise unary op.
func unary(name, summary string, k ir.Kernel, operand Constraint) *Op {
	return &Op{
		OpDef: ir.OpDef{
			Name: name, Summary: summary, Kernel: k, Format: FunctionalForm,
			Traits: []*ir.Trait{traits.ElementwiseMappable, traits.SameOperandsAndResultShape, traits.Pure},
			Verify: resultElemIsOperandElem,
		},
		Operands: []Arg{{"operand", operand, false}},
		Results:  []Arg{{"result", TensorOrVector, false}},
	}
}

// aka sets the aliases of a row: NumPy's and XLA's names for the op.
func aka(op *Op, aliases ...string) *Op {
	op.Aliases = aliases
	return op
}

// resultElemIsOperandElem: arithmetic keeps the element type.
func resultElemIsOperandElem(op *ir.Op) *ir.Diagnostic {
	want := ir.ElementType(op.Operand(op.NumOperands() - 1).Type())
	if got := ir.ElementType(op.Result(0).Type()); got != want {
		return op.Errorf("result element type '%s' must match the operand element type '%s'", ir.TypeString(got), ir.TypeString(want))
	}
	return nil
}

// noBooleans rejects i1 operands of an op NumPy refuses on booleans
// (subtract, negative: a TypeError there), naming what to use instead.
func noBooleans(what, instead string) func(op *ir.Op) *ir.Diagnostic {
	return func(op *ir.Op) *ir.Diagnostic {
		if ir.ElementType(op.Operand(0).Type()) == ir.I1 {
			return op.Errorf("%s is not defined on booleans (i1 operands), as in NumPy; use %s instead", what, instead)
		}
		return resultElemIsOperandElem(op)
	}
}

// verifyWith sets a row's verifier.
func verifyWith(op *Op, v func(op *ir.Op) *ir.Diagnostic) *Op {
	op.Verify = v
	return op
}

// TirOps is the tir dialect's op table.
var TirOps = []*Op{
	binary("tir.add", "lhs + rhs, broadcast; integers wrap; logical or on i1", ir.KernelAdd, TensorOrVector, true),
	aka(binary("tir.mul", "lhs * rhs, broadcast; integers wrap; logical and on i1", ir.KernelMul, TensorOrVector, true), "multiply"),
	aka(binary("tir.max", "maximum(lhs, rhs), broadcast; NaN propagates", ir.KernelMax, TensorOrVector, true), "maximum"),
	aka(binary("tir.min", "minimum(lhs, rhs), broadcast; NaN propagates", ir.KernelMin, TensorOrVector, true), "minimum"),
	aka(binary("tir.and", "lhs & rhs (logical and on i1), broadcast", ir.KernelAnd, IntTensorOrVector, true), "logical_and", "bitwise_and"),
	aka(binary("tir.or", "lhs | rhs (logical or on i1), broadcast", ir.KernelOr, IntTensorOrVector, true), "logical_or", "bitwise_or"),
	aka(binary("tir.xor", "lhs ^ rhs (logical xor on i1), broadcast", ir.KernelXor, IntTensorOrVector, true), "logical_xor", "bitwise_xor"),
	verifyWith(aka(binary("tir.sub", "lhs - rhs, broadcast; integers wrap; not on i1", ir.KernelSub, TensorOrVector, false), "subtract", "minus"),
		noBooleans("subtraction", "tir.xor")),
	aka(binary("tir.div", "lhs / rhs, broadcast; integers truncate toward zero, x/0 and MIN/-1 are run-time errors", ir.KernelDiv, TensorOrVector, false), "divide"),
	aka(binary("tir.rem", "remainder with the sign of lhs (C's %, fmod), broadcast", ir.KernelRem, TensorOrVector, false), "fmod"),
	aka(binary("tir.floor_div", "lhs // rhs rounded toward -inf (NumPy's floor_divide), broadcast; integer x//0 and MIN//-1 are run-time errors", ir.KernelFloorDiv, TensorOrVector, false), "floor_divide"),
	aka(binary("tir.floor_rem", "remainder with the sign of rhs (NumPy's remainder, Python's %), broadcast; integer x%0 is a run-time error", ir.KernelFloorRem, TensorOrVector, false), "remainder", "mod"),
	aka(binary("tir.pow", "lhs ** rhs, broadcast (floats)", ir.KernelPow, FloatTensorOrVector, false), "power"),
	{
		OpDef: ir.OpDef{
			Name: "tir.cmp", Summary: "lhs <predicate> rhs as i1, broadcast", Kernel: ir.KernelCmp, Format: FunctionalForm,
			Aliases: []string{"compare", "equal", "not_equal", "less", "less_equal", "greater", "greater_equal"},
			Traits:  []*ir.Trait{traits.Broadcastable, traits.SameOperandsElementType, traits.Pure},
		},
		Operands: []Arg{{"lhs", TensorOrVector, false}, {"rhs", TensorOrVector, false}},
		Results:  []Arg{{"result", BoolTensorOrVector, false}},
		Attrs:    []AttrSpec{{Name: "predicate", Desc: predDesc, Check: predCheck}, broadcastDimsAttr},
	},
	{
		OpDef: ir.OpDef{
			Name: "tir.select", Summary: "cond ? a : b per element, broadcast", Kernel: ir.KernelSelect, Format: FunctionalForm,
			Aliases: []string{"where"},
			Traits:  []*ir.Trait{traits.Broadcastable, traits.Pure},
			Verify:  verifySelect,
		},
		Operands: []Arg{{"cond", BoolTensorOrVector, false}, {"a", TensorOrVector, false}, {"b", TensorOrVector, false}},
		Results:  []Arg{{"result", TensorOrVector, false}},
	},
	verifyWith(aka(unary("tir.neg", "-x; integers wrap; not on i1", ir.KernelNeg, TensorOrVector), "negative", "negate"),
		noBooleans("negation", "tir.xor with true")),
	aka(unary("tir.abs", "|x|; abs(MIN) wraps to MIN", ir.KernelAbs, TensorOrVector), "absolute"),
	unary("tir.exp", "e^x", ir.KernelExp, FloatTensorOrVector),
	unary("tir.log", "natural logarithm", ir.KernelLog, FloatTensorOrVector),
	unary("tir.sqrt", "square root", ir.KernelSqrt, FloatTensorOrVector),
	unary("tir.tanh", "hyperbolic tangent", ir.KernelTanh, FloatTensorOrVector),
	{
		OpDef: ir.OpDef{
			Name: "tir.convert", Summary: "element type conversion (float->int truncates and saturates, NaN->0; x->i1 is x != 0)",
			Kernel: ir.KernelConvert, Format: FunctionalForm,
			Aliases: []string{"astype", "cast", "convert_element_type"},
			Traits:  []*ir.Trait{traits.ElementwiseMappable, traits.SameOperandsAndResultShape, traits.Pure},
		},
		Operands: []Arg{{"operand", TensorOrVector, false}},
		Results:  []Arg{{"result", TensorOrVector, false}},
	},
	{
		OpDef: ir.OpDef{
			Name: "tir.broadcast_in_dim", Summary: "XLA explicit broadcast: operand dim i goes to result dim broadcast_dimensions[i]",
			Format:  FunctionalForm,
			Aliases: []string{"broadcast_to"},
			Kernel:  ir.KernelIdentity,
			Traits:  []*ir.Trait{traits.SameOperandsAndResultElementType, traits.Pure},
			Verify:  verifyBroadcastInDim,
			Infer:   traits.InferFromLoops,
			Loops:   broadcastInDimLoops,
		},
		Operands: []Arg{{"operand", TensorOrVector, false}},
		Results:  []Arg{{"result", TensorOrVector, false}},
		Attrs:    []AttrSpec{{Name: traits.BroadcastDimsAttr, Desc: "i64 dense array attribute", Check: I64ArrayAttr}},
	},
	{
		OpDef: ir.OpDef{
			Name: "tir.constant", Summary: "the constant tensor given by `value`", Format: ConstantForm,
			Aliases: []string{"const"},
			Traits:  []*ir.Trait{traits.ConstantLike, traits.Pure},
			Verify:  verifyConstantType,
		},
		Results: []Arg{{"result", TensorOrVector, false}},
		Attrs:   []AttrSpec{{Name: "value", Desc: "dense elements attribute", Check: isDense}},
	},
}

func isDense(a ir.Attr) bool { _, ok := a.(*ir.DenseAttr); return ok }

func verifySelect(op *ir.Op) *ir.Diagnostic {
	a, b := ir.ElementType(op.Operand(1).Type()), ir.ElementType(op.Operand(2).Type())
	if a != b {
		return op.Errorf("requires the same element type for both values, but got '%s' and '%s'", ir.TypeString(a), ir.TypeString(b))
	}
	return resultElemIsOperandElem(op)
}

// verifyConstantType: the value attribute has exactly the result type.
func verifyConstantType(op *ir.Op) *ir.Diagnostic {
	vt := ir.ConstantType(op.Attr("value"))
	if !ir.TypeEqual(vt, op.Result(0).Type()) {
		return op.Errorf("value type '%s' does not match result type '%s'", ir.TypeString(vt), ir.TypeString(op.Result(0).Type()))
	}
	return nil
}

func verifyBroadcastInDim(op *ir.Op) *ir.Diagnostic {
	in, out := op.Operand(0).Type(), op.Result(0).Type()
	if isTensor(in) != isTensor(out) {
		return op.Errorf("operand and result must both be tensors or both be vectors, but got '%s' and '%s'", ir.TypeString(in), ir.TypeString(out))
	}
	inShape, inRanked := ir.Shape(in)
	outShape, outRanked := ir.Shape(out)
	if !inRanked || !outRanked {
		return op.Errorf("requires ranked operand and result types, but got '%s' and '%s'", ir.TypeString(in), ir.TypeString(out))
	}
	dims, _, _ := traits.BroadcastDims(op)
	if msg := traits.BroadcastInDimError(inShape, outShape, dims); msg != "" {
		return op.Errorf("%s", msg)
	}
	return nil
}

// broadcastInDimLoops: one parallel loop per result dimension; operand
// dimension i reads loop broadcast_dimensions[i], with size equal to it
// or 1 (stride 0).
func broadcastInDimLoops(op *ir.Op) *ir.Loops {
	in, inRanked := ir.Shape(op.Operand(0).Type())
	out, outRanked := ir.Shape(op.Result(0).Type())
	dims, _, valid := traits.BroadcastDims(op)
	if !inRanked || !outRanked || !valid || len(dims) != len(in) {
		return nil
	}
	l := &ir.Loops{Iter: make([]ir.IterKind, len(out)), Operands: [][]ir.DimMap{make([]ir.DimMap, len(in))}, Results: [][]ir.DimMap{make([]ir.DimMap, len(out))}}
	seen := make([]bool, len(out))
	for i, d := range dims {
		if d < 0 || d >= int64(len(out)) || seen[d] {
			return nil
		}
		seen[d] = true
		l.Operands[0][i] = ir.BroadcastDim(int(d))
	}
	for d := range out {
		l.Results[0][d] = ir.Dim(d)
	}
	return l
}
