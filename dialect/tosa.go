package dialect

import (
	"slices"

	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/traits"
)

// The TOSA dialect's elementwise, comparison, select, cast, clamp, const
// and reduce ops, as MLIR 19 defines them (TosaOps.td): tensors only
// ("tensor of number values": signless and unsigned integers, floats),
// NumPy-style broadcasting of equal-rank operands (Broadcastable, plus
// SameOperandsAndResultRank: the TOSA specification's rule, which
// mlir-opt-19 does not check), and the custom form mlir-opt-19 prints:
// `tosa.add %a, %b : (T1, T2) -> R`, attributes in the attr-dict. The
// arithmetic is the kernels of arith and math; TOSA adds a rounding
// multiply (mul's shift), a rounding arithmetic shift, clamp with bounds
// from attributes, and a cast that rounds floats to nearest even.

// TOSA's type constraints, with MLIR 19's descriptions.
var (
	tosaNumber = func(e *ir.Scalar) bool { return e.IsFloat() || (e.IsInt() && !e.IsSigned() && e != ir.Index) }
	// TosaTensor is MLIR's Tosa_Tensor: tensor of number values.
	TosaTensor       = Constraint{"tensor of number values", func(t ir.Type) bool { return isTensor(t) && elemIs(t, tosaNumber) }}
	TosaBool         = Constraint{"tensor of 1-bit signless integer values", func(t ir.Type) bool { return isTensor(t) && elemIs(t, isBool) }}
	TosaInt32        = Constraint{"tensor of 32-bit signless integer values", func(t ir.Type) bool { return isTensor(t) && elemIs(t, func(e *ir.Scalar) bool { return e == ir.I32 }) }}
	TosaRankedTensor = Constraint{"ranked tensor of number values", func(t ir.Type) bool { return ir.IsRankedTensor(t) && elemIs(t, tosaNumber) }}
	TosaFloat        = Constraint{"tensor of floating-point values", func(t ir.Type) bool { return isTensor(t) && elemIs(t, isFloat) }}
	i32Attr          = func(a ir.Attr) bool { i, ok := a.(*ir.IntAttr); return ok && i.Type == ir.I32 }
	i8Attr           = func(a ir.Attr) bool { i, ok := a.(*ir.IntAttr); return ok && i.Type == ir.I8 }
	floatAttr        = func(a ir.Attr) bool { _, ok := a.(*ir.FloatAttr); return ok }
	boolAttr         = func(a ir.Attr) bool { i, ok := a.(*ir.IntAttr); return ok && i.Type == ir.I1 }
	// tosaBroadcast is MLIR 19's broadcast check, then tirc's equal ranks
	// (SPEC 3c), then the Broadcastable trait tirc lowers (which then
	// agrees). Rows put it after their element-type traits, as MLIR 19's
	// ops list ResultsBroadcastableShape after theirs.
	tosaBroadcast = []*ir.Trait{tosaResultsBroadcastable, traits.SameOperandsAndResultRank, traits.Broadcastable}
)

// tosaResultsBroadcastable is MLIR 19's ResultsBroadcastableShape: the
// ranked operands broadcast, and the result's trailing dims are
// compatible with their shape (mlir-opt-19 allows more leading result
// dims, which SameOperandsAndResultRank then refuses).
var tosaResultsBroadcastable = &ir.Trait{
	Name: "ResultsBroadcastableShape",
	Doc:  "The ranked operands broadcast; the result's trailing dims are compatible with their shape.",
	Verify: func(op *ir.Op) *ir.Diagnostic {
		inferred, ranked, ok := traits.InferResultShape(op.OperandTypes())
		if !ok {
			return op.Errorf("operands don't have broadcast-compatible shapes")
		}
		if !ranked {
			return nil
		}
		return traits.ResultCheck(op, inferred, op.Result(0).Type(), true)
	},
}

// tosaBinary is the row of an elementwise binary op.
func tosaBinary(name, summary string, k ir.Kernel, c Constraint, commutative, sameElem bool) *Op {
	var ts []*ir.Trait
	if commutative {
		ts = append(ts, traits.Commutative)
	}
	if sameElem {
		ts = append(ts, traits.SameOperandsAndResultElementType)
	}
	ts = append(append(ts, tosaBroadcast...), traits.Pure)
	return &Op{
		OpDef: ir.OpDef{
			Name: name, Summary: summary, Kernel: k, Format: FunctionalTypeForm,
			Traits: ts,
		},
		Operands: []Arg{{"input1", c, false}, {"input2", c, false}},
		Results:  []Arg{{"output", c, false}},
	}
}

// tosaUnary is the row of an elementwise unary op.
func tosaUnary(name, summary string, k ir.Kernel, c Constraint, sameElem bool) *Op {
	var ts []*ir.Trait
	if sameElem {
		ts = append(ts, traits.SameOperandsAndResultElementType)
	}
	ts = append(append(ts, tosaBroadcast...), traits.Pure)
	return &Op{
		OpDef: ir.OpDef{
			Name: name, Summary: summary, Kernel: k, Format: FunctionalTypeForm,
			Traits: ts,
		},
		Operands: []Arg{{"input1", c, false}},
		Results:  []Arg{{"output", c, false}},
	}
}

// tosaCompare is the row of a comparison: pred is its one predicate.
func tosaCompare(name, summary, pred string, commutative bool) *Op {
	r := tosaBinary(name, summary, ir.KernelCmp, TosaTensor, commutative, false)
	r.Results = []Arg{{"output", TosaBool, false}}
	r.Predicates = []string{pred}
	var ts []*ir.Trait
	if commutative {
		ts = append(ts, traits.Commutative)
	}
	r.Traits = append(append(append(ts, traits.SameOperandsElementType), tosaBroadcast...), traits.Pure)
	return r
}

// tosaReduction is the row of a reduce_* op: `axis` is reduced and kept as
// size 1 (TOSA's reductions keep their dims), on the reductions'
// machinery (ir.Reduce kinds, ir.Loops).
func tosaReduction(name, summary string, kind ir.Reduce) *Op {
	return &Op{
		OpDef: ir.OpDef{
			Name: name, Summary: summary, Kernel: ir.KernelIdentity, Reduce: kind, Format: FunctionalTypeForm,
			Inherent: []string{"axis"},
			Traits:   []*ir.Trait{traits.Pure},
			Verify:   verifyTosaReduction,
			Infer:    traits.InferFromLoops,
			Loops: func(op *ir.Op) *ir.Loops {
				a, ok := op.Attr("axis").(*ir.IntAttr)
				if !ok {
					return nil
				}
				in, ranked := ir.Shape(op.Operand(0).Type())
				if !ranked {
					return nil
				}
				return reductionLoopsOf(op, tosaReducedDims(in, a.Value), true)
			},
		},
		Operands: []Arg{{"input", TosaTensor, false}},
		Results:  []Arg{{"output", TosaTensor, false}},
		Attrs:    []AttrSpec{{Name: "axis", Desc: "32-bit signless integer attribute", Check: i32Attr}},
	}
}

// verifyTosaReduction is MLIR 19's check of TOSA reductions (its
// messages, in its order), then the inferred type's, then tirc's check of
// a static empty extent for max/min (which have no identity).
func verifyTosaReduction(op *ir.Op) *ir.Diagnostic {
	in, out := op.Operand(0).Type(), op.Result(0).Type()
	axis := op.Attr("axis").(*ir.IntAttr).Value
	if axis < 0 {
		return op.Errorf("reduce axis must not be negative")
	}
	// rank 0 with axis 0 is allowed: the reduction of a scalar is itself
	inShape, inRanked := ir.Shape(in)
	if inRanked && axis >= int64(len(inShape)) && !(axis == 0 && len(inShape) == 0) {
		return op.Errorf("expect input tensor rank (%d) to be larger than reduce axis (%d)", len(inShape), axis)
	}
	outShape, outRanked := ir.Shape(out)
	if outRanked {
		if inRanked && len(outShape) != len(inShape) {
			return op.Errorf("expect output tensor rank to be equal to input tensor rank")
		}
		if axis >= int64(len(outShape)) && !(axis == 0 && len(outShape) == 0) {
			return op.Errorf("expect output tensor rank (%d) to be larger than reduce axis (%d)", len(outShape), axis)
		}
		if len(outShape) != 0 && outShape[axis] >= 0 && outShape[axis] != 1 {
			return op.Errorf("expect reduced dimension size to be 1, got %d", outShape[axis])
		}
	}
	// unranked where the axis is not a dim (unranked, rank 0), as MLIR 19's
	var inferred ir.Type = ir.UnrankedTensor(ir.ElementType(in))
	if inRanked && axis < int64(len(inShape)) {
		inferred = &ir.TensorType{Shape: tosaReducedShape(inShape, axis), Elem: ir.ElementType(in)}
	}
	if ir.ElementType(in) != ir.ElementType(out) || (inRanked && outRanked && !ir.CompatibleShapes(tosaReducedShape(inShape, axis), outShape)) {
		d := op.Errorf("inferred type(s) '%s' are incompatible with return type(s) of operation '%s'", ir.TypeString(inferred), ir.TypeString(out))
		d.Also = append(d.Also, op.Errorf("failed to infer returned types"))
		return d
	}
	if inRanked {
		if d := emptyReductionError(op, inShape, tosaReducedDims(inShape, axis)); d != nil {
			return d
		}
	}
	// mlir-opt-19 takes any number; the TOSA specification and MLIR's
	// lowering (TosaToLinalg) only booleans, so tirc has no numbers'
	// reduce_all/any to compute.
	if k := op.Def.Reduce; (k == ir.ReduceAll || k == ir.ReduceAny) && ir.ElementType(in) != ir.I1 {
		return op.Errorf("operand #0 must be %s, but got '%s'", TosaBool.Desc, ir.TypeString(in))
	}
	return nil
}

// tosaReducedDims are the dims a TOSA reduction over axis reduces: none
// for a rank-0 operand (whose reduction is itself).
func tosaReducedDims(shape []int64, axis int64) []int64 {
	if len(shape) == 0 {
		return nil
	}
	return []int64{axis}
}

// tosaReducedShape is shape with axis set to 1.
func tosaReducedShape(shape []int64, axis int64) []int64 {
	return ReducedShape(shape, tosaReducedDims(shape, axis), true)
}

// tosaReshapeShape is MLIR 19's check of tosa.reshape's new_shape against
// its types (messages and order), then the inferred type's.
var tosaReshapeShape = &ir.Trait{
	Name: "TosaReshapeShape",
	Doc:  "new_shape has the result's rank and static sizes, at most one -1, and the input's element count.",
	Verify: func(op *ir.Op) *ir.Diagnostic {
		ns := op.Attr("new_shape").(*ir.DenseArrayAttr).Ints
		in, inRanked := ir.Shape(op.Operand(0).Type())
		out, _ := ir.Shape(op.Result(0).Type())
		if len(ns) != len(out) {
			return op.Errorf("new shape does not match result rank")
		}
		for i, d := range ns {
			if d != -1 && out[i] >= 0 && d != out[i] {
				return op.Errorf("new shape is inconsistent with result shape")
			}
		}
		n, static := ir.NumElements(in)
		static = static && inRanked
		if static {
			if m, ok := ir.NumElements(out); ok && m != n {
				return op.Errorf("cannot reshape %d elements into %d", n, m)
			}
			p, all := int64(1), true
			for _, d := range ns {
				p *= d
				all = all && d >= 0
			}
			if (all && p != n) || (!all && p > n) {
				return op.Errorf("cannot reshape %d elements into %d", n, p)
			}
		}
		if i := slices.Index(ns, -1); i >= 0 && slices.Contains(ns[i+1:], -1) {
			return op.Errorf("expected at most one target dimension to be -1")
		}
		inferred := slices.Clone(ns) // -1 is '?' unless the count decides it
		if i := slices.Index(ns, -1); i >= 0 && static {
			rest := int64(1)
			for j, d := range ns {
				if j != i {
					rest *= d
				}
			}
			if rest != 0 {
				inferred[i] = n / rest
			}
		}
		if ir.ElementType(op.Operand(0).Type()) != ir.ElementType(op.Result(0).Type()) || !ir.CompatibleShapes(inferred, out) {
			d := op.Errorf("inferred type(s) '%s' are incompatible with return type(s) of operation '%s'",
				ir.TypeString(&ir.TensorType{Shape: inferred, Elem: ir.ElementType(op.Operand(0).Type())}), ir.TypeString(op.Result(0).Type()))
			d.Also = append(d.Also, op.Errorf("failed to infer returned types"))
			return d
		}
		return nil
	},
}

// verifyTosaClamp is MLIR 19's check: one element type in and out, and
// float bounds of one type, the element type or a wider one.
func verifyTosaClamp(op *ir.Op) *ir.Diagnostic {
	e, r := ir.ElementType(op.Operand(0).Type()), ir.ElementType(op.Result(0).Type())
	if e != r {
		return op.Errorf("input/output element types are incompatible.")
	}
	if e.IsFloat() {
		lo, hi := op.Attr("min_fp").(*ir.FloatAttr).Type, op.Attr("max_fp").(*ir.FloatAttr).Type
		if lo != hi || (hi != e && hi.Bits() <= e.Bits()) {
			return op.Errorf("min/max attributes types are incompatible with input/output element types.")
		}
	}
	return nil
}

// tosaClampBounds are clamp's bounds from its attributes, in the operand's
// element type: min_fp/max_fp for floats, min_int/max_int for integers.
func tosaClampBounds(op *ir.Op) []ir.Attr {
	e := ir.ElementType(op.Operand(0).Type())
	if e == nil {
		return nil
	}
	if e.IsFloat() {
		lo, ok1 := op.Attr("min_fp").(*ir.FloatAttr)
		hi, ok2 := op.Attr("max_fp").(*ir.FloatAttr)
		if !ok1 || !ok2 {
			return nil
		}
		return []ir.Attr{&ir.FloatAttr{Value: ir.RoundFloat(lo.Value, e), Type: e}, &ir.FloatAttr{Value: ir.RoundFloat(hi.Value, e), Type: e}}
	}
	lo, ok1 := op.Attr("min_int").(*ir.IntAttr)
	hi, ok2 := op.Attr("max_int").(*ir.IntAttr)
	if !ok1 || !ok2 {
		return nil
	}
	// The bounds saturate to e's range, so clamping never wraps.
	sat := func(v int64) *ir.IntAttr {
		if e.IsUnsigned() {
			if v < 0 {
				v = 0
			}
			if e.Bits() < 64 && v > 1<<e.Bits()-1 {
				v = 1<<e.Bits() - 1
			}
			return ir.TypedInt(v, e)
		}
		if e.Bits() < 64 {
			v = max(min(v, 1<<(e.Bits()-1)-1), -1<<(e.Bits()-1))
		}
		return ir.TypedInt(v, e)
	}
	return []ir.Attr{sat(lo.Value), sat(hi.Value)}
}

// TosaOps is the TOSA table.
var TosaOps = []*Op{
	tosaBinary("tosa.add", "input1 + input2, broadcast; integers wrap", ir.KernelAdd, TosaTensor, true, true),
	tosaBinary("tosa.sub", "input1 - input2, broadcast; integers wrap", ir.KernelSub, TosaTensor, false, true),
	tosaMul,
	tosaBinary("tosa.pow", "input1 ** input2, broadcast", ir.KernelPow, TosaTensor, false, true),
	tosaBinary("tosa.maximum", "maximum, broadcast; NaN propagates", ir.KernelMax, TosaTensor, true, true),
	tosaBinary("tosa.minimum", "minimum, broadcast; NaN propagates", ir.KernelMin, TosaTensor, true, true),
	tosaBinary("tosa.bitwise_and", "input1 & input2, broadcast", ir.KernelAnd, TosaTensor, true, true),
	tosaBinary("tosa.bitwise_or", "input1 | input2, broadcast", ir.KernelOr, TosaTensor, true, true),
	tosaBinary("tosa.bitwise_xor", "input1 ^ input2, broadcast", ir.KernelXor, TosaTensor, true, true),
	tosaBinary("tosa.logical_and", "input1 and input2, broadcast", ir.KernelAnd, TosaBool, true, true),
	tosaBinary("tosa.logical_or", "input1 or input2, broadcast", ir.KernelOr, TosaBool, true, true),
	tosaBinary("tosa.logical_xor", "input1 xor input2, broadcast", ir.KernelXor, TosaBool, true, true),
	tosaShr,
	tosaBinary("tosa.logical_left_shift", "input1 << input2, broadcast; 0 beyond the bit width", ir.KernelShl, TosaTensor, false, true),
	tosaBinary("tosa.logical_right_shift", "logical input1 >> input2, broadcast; 0 beyond the bit width", ir.KernelShr, TosaTensor, false, true).sign(ir.Unsigned),
	tosaBinary("tosa.int_div", "input1 / input2 truncated, broadcast; x/0 and MIN/-1 are run-time errors", ir.KernelDiv, TosaInt32, false, true).sign(ir.Signed),
	tosaCompare("tosa.equal", "input1 == input2 as i1, broadcast", "eq", true),
	tosaCompare("tosa.greater", "input1 > input2 as i1, broadcast", "gt", false),
	tosaCompare("tosa.greater_equal", "input1 >= input2 as i1, broadcast", "ge", false),
	tosaUnary("tosa.abs", "|x|", ir.KernelAbs, TosaTensor, true),
	tosaUnary("tosa.bitwise_not", "~x", ir.KernelNot, TosaTensor, true),
	tosaUnary("tosa.ceil", "x rounded toward +inf", ir.KernelCeil, TosaTensor, true),
	tosaUnary("tosa.clz", "leading zero bits", ir.KernelCtlz, TosaTensor, true),
	tosaUnary("tosa.exp", "e^x", ir.KernelExp, TosaTensor, true),
	tosaUnary("tosa.floor", "x rounded toward -inf", ir.KernelFloor, TosaTensor, true),
	tosaUnary("tosa.log", "natural logarithm", ir.KernelLog, TosaTensor, true),
	tosaUnary("tosa.logical_not", "not x", ir.KernelNot, TosaBool, true),
	tosaUnary("tosa.negate", "-x; integers wrap", ir.KernelNeg, TosaTensor, true),
	tosaUnary("tosa.reciprocal", "1 / x", ir.KernelRecip, TosaTensor, true),
	tosaUnary("tosa.rsqrt", "1 / sqrt(x)", ir.KernelRsqrt, TosaTensor, true),
	tosaUnary("tosa.sigmoid", "1 / (1 + e^-x)", ir.KernelSigmoid, TosaTensor, false),
	tosaUnary("tosa.tanh", "hyperbolic tangent", ir.KernelTanh, TosaTensor, true),
	tosaUnary("tosa.erf", "the error function", ir.KernelErf, TosaTensor, false),
	tosaUnary("tosa.sin", "sine", ir.KernelSin, TosaFloat, true),
	tosaUnary("tosa.cos", "cosine", ir.KernelCos, TosaFloat, true),
	{
		OpDef: ir.OpDef{
			Name: "tosa.select", Summary: "input1 ? input2 : input3 per element, broadcast", Kernel: ir.KernelSelect, Format: FunctionalTypeForm,
			Traits: append(append([]*ir.Trait{}, tosaBroadcast...), traits.Pure),
		},
		Operands: []Arg{{"pred", TosaBool, false}, {"on_true", TosaTensor, false}, {"on_false", TosaTensor, false}},
		Results:  []Arg{{"output", TosaTensor, false}},
	},
	{
		OpDef: ir.OpDef{
			Name: "tosa.cast", Summary: "element type conversion: float to integer rounds to nearest even and saturates, to bool is x != 0",
			Kernel: ir.KernelCastRound, Format: FunctionalTypeForm,
			// mlir-opt-19 checks no shape; tirc's cast keeps its operand's
			// (test/dialect/tosa-beyond-mlir.mlir): Broadcastable's check.
			Traits: []*ir.Trait{traits.Broadcastable, traits.SameOperandsAndResultRank, traits.Pure},
		},
		Operands: []Arg{{"input", TosaTensor, false}},
		Results:  []Arg{{"output", TosaTensor, false}},
	},
	{
		OpDef: ir.OpDef{
			Name: "tosa.clamp", Summary: "min(max(x, min_*), max_*): the float or integer bounds by the element type",
			Kernel: ir.KernelClamp, KernelArgs: tosaClampBounds, Format: FunctionalTypeForm,
			Inherent: []string{"max_fp", "max_int", "min_fp", "min_int"},
			// MLIR 19 checks the bounds after the shapes, tirc the ranks last
			Traits: []*ir.Trait{tosaResultsBroadcastable, {Name: "TosaClampTypes", Doc: "MLIR 19's element types of tosa.clamp.", Verify: verifyTosaClamp},
				traits.SameOperandsAndResultRank, traits.Broadcastable, traits.Pure},
		},
		Operands: []Arg{{"input", TosaTensor, false}},
		Results:  []Arg{{"output", TosaTensor, false}},
		Attrs: []AttrSpec{
			{Name: "min_int", Desc: "64-bit signless integer attribute", Check: i64Attr},
			{Name: "max_int", Desc: "64-bit signless integer attribute", Check: i64Attr},
			{Name: "min_fp", Desc: "arbitrary float attribute", Check: floatAttr},
			{Name: "max_fp", Desc: "arbitrary float attribute", Check: floatAttr},
		},
	},
	{
		OpDef: ir.OpDef{
			Name: "tosa.const", Summary: "the constant given by `value`", Inherent: []string{"value"},
			Traits: []*ir.Trait{traits.ConstantLike, traits.Pure},
			Verify: func(op *ir.Op) *ir.Diagnostic {
				vs, _ := ir.Shape(ir.ConstantType(op.Attr("value")))
				rs, ranked := ir.Shape(op.Result(0).Type())
				if !ranked || !slices.Equal(vs, rs) {
					return op.Errorf("failed to verify that all of {value, output} have same shape")
				}
				return verifyConstantType(op) // tirc: the element types too
			},
		},
		Results: []Arg{{"output", TosaTensor, false}},
		Attrs:   []AttrSpec{{Name: "value", Desc: "constant vector/tensor attribute", Check: isDense}},
	},
	{
		OpDef: ir.OpDef{
			Name: "tosa.reshape", Summary: "the input's elements in row-major order in new_shape (-1: the count decides)",
			Format: FunctionalTypeForm, Inherent: []string{"new_shape"},
			// MLIR 19's checks first, then the Reshape trait's (codegen and
			// eval lower the trait: a reshape is a view, as tir.reshape's)
			Traits: []*ir.Trait{tosaReshapeShape, traits.Reshape, traits.Pure},
		},
		Operands: []Arg{{"input1", TosaTensor, false}},
		Results:  []Arg{{"output", TosaRankedTensor, false}},
		Attrs:    []AttrSpec{{Name: "new_shape", Desc: "i64 dense array attribute", Check: I64ArrayAttr}},
	},
	tosaReduction("tosa.reduce_all", "logical and over axis, kept as size 1", ir.ReduceAll),
	tosaReduction("tosa.reduce_any", "logical or over axis, kept as size 1", ir.ReduceAny),
	tosaReduction("tosa.reduce_max", "maximum over axis, kept as size 1; NaN propagates", ir.ReduceMax),
	tosaReduction("tosa.reduce_min", "minimum over axis, kept as size 1; NaN propagates", ir.ReduceMin),
	tosaReduction("tosa.reduce_prod", "product over axis, kept as size 1", ir.ReduceProd),
	tosaReduction("tosa.reduce_sum", "sum over axis, kept as size 1", ir.ReduceSum),
}

// tosaMul is input1 * input2 with mul's `shift`: integers then round the
// 64-bit product's high part (TOSA's rounding multiply); i8 and i16
// operands may give an i32 result.
var tosaMul = &Op{
	OpDef: ir.OpDef{
		Name: "tosa.mul", Summary: "input1 * input2, broadcast; integers: (a*b + 2^(shift-1)) >> shift when shift > 0",
		Kernel: ir.KernelMulShift, KernelArgs: func(op *ir.Op) []ir.Attr {
			s, ok := op.Attr("shift").(*ir.IntAttr)
			if !ok {
				return nil
			}
			return []ir.Attr{ir.TypedInt(s.Value, ir.I8)}
		},
		Format:   FunctionalTypeForm,
		Inherent: []string{"shift"},
		// MLIR 19 checks the element types before the shapes
		Traits: append(append([]*ir.Trait{traits.Commutative, {Name: "TosaMulTypes", Doc: "MLIR 19's element types of tosa.mul.", Verify: verifyTosaMul}},
			tosaBroadcast...), traits.Pure),
	},
	Operands: []Arg{{"input1", TosaTensor, false}, {"input2", TosaTensor, false}},
	Results:  []Arg{{"output", TosaTensor, false}},
	Attrs:    []AttrSpec{{Name: "shift", Desc: "8-bit signless integer attribute", Check: i8Attr}},
}

// verifyTosaMul is MLIR 19's check: an integer result takes two operands
// of one type no wider than it (i8 * i8 may give i16 or i32); any other
// result type is the operands' type.
func verifyTosaMul(op *ir.Op) *ir.Diagnostic {
	a, b, r := ir.ElementType(op.Operand(0).Type()), ir.ElementType(op.Operand(1).Type()), ir.ElementType(op.Result(0).Type())
	if r.IsInt() {
		if a != b {
			return op.Errorf("requires the same element type for all operands")
		}
		if !a.IsInt() || a.Bits() > r.Bits() { // mlir-opt-19 says so for float operands too
			return op.Errorf("invalid data type size for operands or result")
		}
		return nil
	}
	if a != r || b != r {
		return op.Errorf("requires the same element type for all operands and results")
	}
	return nil
}

// tosaShr is the arithmetic right shift, rounding when `round` is set.
var tosaShr = &Op{
	OpDef: ir.OpDef{
		Name: "tosa.arithmetic_right_shift", Summary: "input1 >> input2 arithmetic, broadcast; round adds the last bit shifted out",
		Kernel: ir.KernelShrRound, Sign: ir.Signed, KernelArgs: func(op *ir.Op) []ir.Attr {
			r, ok := op.Attr("round").(*ir.IntAttr)
			if !ok {
				return nil
			}
			return []ir.Attr{ir.Bool(r.Value != 0)}
		},
		Format:   FunctionalTypeForm,
		Inherent: []string{"round"},
		Traits:   append(append([]*ir.Trait{traits.SameOperandsAndResultElementType}, tosaBroadcast...), traits.Pure),
	},
	Operands: []Arg{{"input1", TosaTensor, false}, {"input2", TosaTensor, false}},
	Results:  []Arg{{"output", TosaTensor, false}},
	Attrs:    []AttrSpec{{Name: "round", Desc: "bool attribute", Check: boolAttr}},
}
