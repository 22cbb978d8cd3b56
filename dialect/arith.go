package dialect

import (
	"slices"
	"strconv"
	"strings"

	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/traits"
)

// The subset of MLIR's arith dialect tirc accepts, with mlir-opt-19's
// constraints, traits (in its order) and messages. arith ops do not
// broadcast: operands and result have one type (SameOperandsAndResultType),
// and the result type must equal the type inferred from operand #0.

// CmpIPredicates and CmpFPredicates are arith's predicate names; the
// attribute value is the index.
var (
	CmpIPredicates = []string{"eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"}
	CmpFPredicates = []string{"false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule", "une", "uno", "true"}
)

func arithBinary(name, summary string, k ir.Kernel, c Constraint, commutative bool, inherent string) *Op {
	var ts []*ir.Trait
	if commutative {
		ts = append(ts, traits.Commutative)
	}
	ts = append(ts, traits.SameOperandsAndResultType, traits.ElementwiseMappable, traits.Pure)
	return &Op{
		OpDef: ir.OpDef{
			Name: name, Summary: summary, Kernel: k, Format: sameTypeForm(2), Inherent: []string{inherent},
			Traits: ts,
			Verify: verifyInferredSameType,
		},
		Operands: []Arg{{"lhs", c, false}, {"rhs", c, false}},
		Results:  []Arg{{"result", c, false}},
	}
}

// verifyInferredSameType is MLIR's InferTypeOpInterface check for ops whose
// result type is operand #0's: two errors, as mlir-opt-19 prints them.
func verifyInferredSameType(op *ir.Op) *ir.Diagnostic {
	inferred := op.Operand(0).Type()
	if ir.TypeEqual(inferred, op.Result(0).Type()) {
		return nil
	}
	d := op.Errorf("inferred type(s) '%s' are incompatible with return type(s) of operation '%s'",
		ir.TypeString(inferred), ir.TypeString(op.Result(0).Type()))
	d.Also = append(d.Also, op.Errorf("failed to infer returned types"))
	return d
}

func arithCmp(name string, c Constraint, preds []string, inherent []string) *Op {
	desc := "allowed 64-bit signless integer cases: "
	for i := range preds {
		if i > 0 {
			desc += ", "
		}
		desc += strconv.Itoa(i)
	}
	n := int64(len(preds))
	return &Op{
		OpDef: ir.OpDef{
			Name: name, Summary: "lhs <predicate> rhs as i1, same shape", Kernel: ir.KernelCmp,
			Format: CmpForm(c), Predicates: preds, Inherent: inherent,
			// ODS checks the TypesMatchWith predicate with the type constraints,
			// before the SameTypeOperands and ElementwiseMappable traits.
			Traits: []*ir.Trait{
				predTrait("TypesMatchWith<lhs, result, i1 same shape>", func(op *ir.Op) *ir.Diagnostic {
					if !ir.TypeEqual(ir.CmpResultType(op.Operand(0).Type()), op.Result(0).Type()) {
						return op.Errorf("failed to verify that result type has i1 element type and same shape as operands")
					}
					return nil
				}),
				traits.SameTypeOperands, traits.ElementwiseMappable, traits.Pure,
			},
		},
		Operands: []Arg{{"lhs", c, false}, {"rhs", c, false}},
		Results:  []Arg{{"result", BoolLike, false}},
		Attrs: []AttrSpec{{Name: "predicate", Desc: desc, Check: func(a ir.Attr) bool {
			i, ok := a.(*ir.IntAttr)
			return ok && i.Type == ir.I64 && i.Value >= 0 && i.Value < n
		}}},
	}
}

// constantName is arith.constant's suggested result name, as MLIR's:
// %true/%false, %c42 (index), %c42_i32, otherwise %cst.
func constantName(op *ir.Op) string {
	a, ok := op.Attr("value").(*ir.IntAttr)
	if !ok {
		return "cst"
	}
	switch a.Type {
	case ir.I1:
		if a.Value != 0 {
			return "true"
		}
		return "false"
	case ir.Index:
		return "c" + strconv.FormatInt(a.Value, 10)
	}
	if a.Big != nil {
		return "c" + a.Big.String() + "_" + a.Type.String()
	}
	return "c" + strconv.FormatInt(a.Value, 10) + "_" + a.Type.String()
}

// ArithOps is the arith dialect's op table: every elementwise op of MLIR
// 19's arith, with its constraints, traits in MLIR's order, custom form
// and kernel; Sign says how the integer ops read their operands.
var ArithOps = []*Op{
	fastmath(arithBinary("arith.addf", "lhs + rhs (floats)", ir.KernelAdd, FloatLike, true, "fastmath")),
	fastmath(arithBinary("arith.subf", "lhs - rhs (floats)", ir.KernelSub, FloatLike, false, "fastmath")),
	fastmath(arithBinary("arith.mulf", "lhs * rhs (floats)", ir.KernelMul, FloatLike, true, "fastmath")),
	fastmath(arithBinary("arith.divf", "lhs / rhs (floats)", ir.KernelDiv, FloatLike, false, "fastmath")),
	fastmath(arithBinary("arith.remf", "fmod(lhs, rhs)", ir.KernelRem, FloatLike, false, "fastmath")),
	fastmath(arithBinary("arith.maximumf", "maximum, NaN propagates, -0 < +0", ir.KernelMax, FloatLike, true, "fastmath")),
	fastmath(arithBinary("arith.minimumf", "minimum, NaN propagates, -0 < +0", ir.KernelMin, FloatLike, true, "fastmath")),
	fastmath(arithBinary("arith.maxnumf", "IEEE maxNum: a NaN operand is ignored", ir.KernelMaxNum, FloatLike, true, "fastmath")),
	fastmath(arithBinary("arith.minnumf", "IEEE minNum: a NaN operand is ignored", ir.KernelMinNum, FloatLike, true, "fastmath")),
	overflow(arithBinary("arith.addi", "lhs + rhs, wrapping", ir.KernelAdd, SignlessIntegerLike, true, "overflowFlags")),
	overflow(arithBinary("arith.subi", "lhs - rhs, wrapping", ir.KernelSub, SignlessIntegerLike, false, "overflowFlags")),
	overflow(arithBinary("arith.muli", "lhs * rhs, wrapping", ir.KernelMul, SignlessIntegerLike, true, "overflowFlags")),
	arithBinary("arith.divsi", "signed division, truncating; x/0 and MIN/-1 are run-time errors", ir.KernelDiv, SignlessIntegerLike, false, "").sign(ir.Signed),
	arithBinary("arith.divui", "unsigned division; x/0 is a run-time error", ir.KernelDiv, SignlessIntegerLike, false, "").sign(ir.Unsigned),
	arithBinary("arith.remsi", "signed remainder (the sign of lhs)", ir.KernelRem, SignlessIntegerLike, false, "").sign(ir.Signed),
	arithBinary("arith.remui", "unsigned remainder", ir.KernelRem, SignlessIntegerLike, false, "").sign(ir.Unsigned),
	arithBinary("arith.ceildivsi", "signed division rounding toward +inf", ir.KernelCeilDiv, SignlessIntegerLike, false, "").sign(ir.Signed),
	arithBinary("arith.ceildivui", "unsigned division rounding up", ir.KernelCeilDiv, SignlessIntegerLike, false, "").sign(ir.Unsigned),
	arithBinary("arith.floordivsi", "signed division rounding toward -inf", ir.KernelFloorDiv, SignlessIntegerLike, false, "").sign(ir.Signed),
	overflow(arithBinary("arith.shli", "lhs << rhs; 0 when rhs >= the bit width", ir.KernelShl, SignlessIntegerLike, false, "overflowFlags")),
	arithBinary("arith.shrsi", "arithmetic lhs >> rhs; the sign when rhs >= the bit width", ir.KernelShr, SignlessIntegerLike, false, "").sign(ir.Signed),
	arithBinary("arith.shrui", "logical lhs >> rhs; 0 when rhs >= the bit width", ir.KernelShr, SignlessIntegerLike, false, "").sign(ir.Unsigned),
	arithBinary("arith.maxsi", "signed maximum", ir.KernelMax, SignlessIntegerLike, true, "").sign(ir.Signed),
	arithBinary("arith.maxui", "unsigned maximum", ir.KernelMax, SignlessIntegerLike, true, "").sign(ir.Unsigned),
	arithBinary("arith.minsi", "signed minimum", ir.KernelMin, SignlessIntegerLike, true, "").sign(ir.Signed),
	arithBinary("arith.minui", "unsigned minimum", ir.KernelMin, SignlessIntegerLike, true, "").sign(ir.Unsigned),
	arithBinary("arith.andi", "bitwise and", ir.KernelAnd, SignlessIntegerLike, true, ""),
	arithBinary("arith.ori", "bitwise or", ir.KernelOr, SignlessIntegerLike, true, ""),
	arithBinary("arith.xori", "bitwise xor", ir.KernelXor, SignlessIntegerLike, true, ""),
	{
		OpDef: ir.OpDef{
			Name: "arith.addui_extended", Summary: "(lhs + rhs wrapping, the unsigned carry as i1)",
			Kernel: ir.KernelAdd, Kernels: []ir.Kernel{ir.KernelAdd, ir.KernelAddCarry}, Sign: ir.Unsigned,
			Format: AddExtendedForm, ResultNames: []string{"sum", "overflow"},
			Traits: []*ir.Trait{allTypesMatch("lhs", "rhs", "sum"), traits.Commutative, traits.ElementwiseMappable, traits.Pure},
		},
		Operands: []Arg{{"lhs", SignlessIntegerLike, false}, {"rhs", SignlessIntegerLike, false}},
		Results:  []Arg{{"sum", SignlessIntegerLike, false}, {"overflow", BoolLike, false}},
	},
	mulExtended("arith.mulsi_extended", "(low, high) halves of the signed double-width lhs * rhs", ir.Signed),
	mulExtended("arith.mului_extended", "(low, high) halves of the unsigned double-width lhs * rhs", ir.Unsigned),
	fastmath(&Op{
		OpDef: ir.OpDef{
			Name: "arith.negf", Summary: "-x (floats)", Kernel: ir.KernelNeg, Format: sameTypeForm(1), Inherent: []string{"fastmath"},
			Traits: []*ir.Trait{traits.SameOperandsAndResultType, traits.ElementwiseMappable, traits.Pure},
			Verify: verifyInferredSameType,
		},
		Operands: []Arg{{"operand", FloatLike, false}},
		Results:  []Arg{{"result", FloatLike, false}},
	}).canon(foldInvolution),
	arithCast("arith.extf", "widen a float (exact)", FloatLike, FloatLike, ir.Signless, wider(isFloat, isFloat)).canon(foldExtChain),
	arithCast("arith.truncf", "narrow a float, rounding to nearest even", FloatLike, FloatLike, ir.Signless, narrower(isFloat, isFloat)).canon(foldTruncChain),
	arithCast("arith.extsi", "sign-extend an integer", SignlessFixedWidthIntegerLike, SignlessFixedWidthIntegerLike, ir.Signed, wider(isInt, isInt)).canon(foldExtChain),
	arithCast("arith.extui", "zero-extend an integer", SignlessFixedWidthIntegerLike, SignlessFixedWidthIntegerLike, ir.Unsigned, wider(isInt, isInt)).canon(foldExtChain),
	arithCast("arith.trunci", "keep the low bits of an integer", SignlessFixedWidthIntegerLike, SignlessFixedWidthIntegerLike, ir.Signless, narrower(isInt, isInt)).canon(foldTruncChain),
	arithCast("arith.sitofp", "signed integer to float, rounding to nearest even", SignlessFixedWidthIntegerLike, FloatLike, ir.Signed, kinds(isInt, isFloat)),
	arithCast("arith.uitofp", "unsigned integer to float, rounding to nearest even", SignlessFixedWidthIntegerLike, FloatLike, ir.Unsigned, kinds(isInt, isFloat)),
	arithCast("arith.fptosi", "float to signed integer, truncating (saturating, NaN -> 0)", FloatLike, SignlessFixedWidthIntegerLike, ir.Signed, kinds(isFloat, isInt)),
	arithCast("arith.fptoui", "float to unsigned integer, truncating (saturating, NaN -> 0)", FloatLike, SignlessFixedWidthIntegerLike, ir.Unsigned, kinds(isFloat, isInt)),
	arithCast("arith.index_cast", "index <-> integer, sign-extending or truncating", IndexCastLike, IndexCastLike, ir.Signed, indexCast).canon(foldRoundTrip),
	arithCast("arith.index_castui", "index <-> integer, zero-extending or truncating", IndexCastLike, IndexCastLike, ir.Unsigned, indexCast).canon(foldRoundTrip),
	arithCast("arith.bitcast", "the same bits in a type of the same width", BitcastLike, BitcastLike, ir.Signless, sameWidth).kernel(ir.KernelBitcast).canon(foldRoundTrip),
	arithCmp("arith.cmpi", SignlessIntegerLike, CmpIPredicates, []string{"predicate"}).canon(foldCmpSame),
	fastmath(arithCmp("arith.cmpf", FloatLike, CmpFPredicates, []string{"fastmath", "predicate"})),
	{
		OpDef: ir.OpDef{
			Name: "arith.select", Summary: "cond ? a : b (condition i1 or same shape)", Kernel: ir.KernelSelect, Format: SelectForm,
			// AllTypesMatch and BooleanConditionOrMatchingShape are ODS
			// predicates, checked before the ElementwiseMappable trait.
			Traits: []*ir.Trait{
				allTypesMatch("true_value", "false_value", "result"),
				// The predicate compares shapes; the op's verifier then
				// wants the i1 type of the result's shape and encoding.
				predTrait("BooleanConditionOrMatchingShape<condition, result>", func(op *ir.Op) *ir.Diagnostic {
					if c := op.Operand(0).Type(); c != ir.I1 && !ir.TypeEqual(withoutEncoding(c), withoutEncoding(ir.CmpResultType(op.Result(0).Type()))) {
						return op.Errorf("failed to verify that condition is signless i1 or has matching shape")
					}
					return nil
				}),
				traits.ElementwiseMappable, traits.Pure,
			},
			Verify: func(op *ir.Op) *ir.Diagnostic {
				c, want := op.Operand(0).Type(), ir.CmpResultType(op.Result(0).Type())
				if c != ir.I1 && !ir.TypeEqual(c, want) {
					return op.Errorf("expected condition type to have the same shape as the result type, expected '%s', but got '%s'", ir.TypeString(want), ir.TypeString(c))
				}
				return nil
			},
			Canonicalize: foldSelect,
		},
		Operands: []Arg{{"condition", BoolLike, false}, {"true_value", AnyType, false}, {"false_value", AnyType, false}},
		Results:  []Arg{{"result", AnyType, false}},
	},
	{
		OpDef: ir.OpDef{
			Name: "arith.constant", Summary: "the constant given by `value`", Format: ConstantForm, Inherent: []string{"value"},
			Traits:     []*ir.Trait{traits.ConstantLike, traits.Pure},
			ResultName: constantName,
			Verify: func(op *ir.Op) *ir.Diagnostic {
				if !ir.TypeEqual(ir.ConstantType(op.Attr("value")), op.Result(0).Type()) {
					return op.Errorf("failed to verify that all of {value, result} have same type")
				}
				if d := verifyScalableConstant(op); d != nil {
					return d
				}
				// As MLIR: a scalar integer only (tensor<2xsi8> passes).
				if e, ok := op.Result(0).Type().(*ir.Scalar); ok && e.IsInt() && !e.IsSignless() {
					return op.Errorf("integer return type must be signless")
				}
				return nil
			},
		},
		Results: []Arg{{"result", AnyType, false}},
		// A string is a typed attribute to MLIR (of type none), so
		// `{value = "xyz"} : () -> i32` fails the same-type check.
		Attrs: []AttrSpec{{Name: "value", Desc: "typed attribute", Check: func(a ir.Attr) bool {
			_, str := a.(ir.StringAttr)
			return str || ir.ConstantType(a) != nil
		}}},
	},
}

// The default values of arith's flag properties.
var (
	fastmathNone = ir.NamedAttr{Name: "fastmath", Value: &ir.OpaqueAttr{Text: "#arith.fastmath<none>"}}
	overflowNone = ir.NamedAttr{Name: "overflowFlags", Value: &ir.OpaqueAttr{Text: "#arith.overflow<none>"}}
)

func fastmath(r *Op) *Op { r.Defaults = []ir.NamedAttr{fastmathNone}; return r }
func overflow(r *Op) *Op { r.Defaults = []ir.NamedAttr{overflowNone}; return r }

// sign sets how the row's kernel reads integers.
func (r *Op) sign(s ir.Signedness) *Op { r.Sign = s; return r }

// kernel sets the row's kernel.
func (r *Op) kernel(k ir.Kernel) *Op { r.Kernel = k; return r }

// allTypesMatch is ODS's AllTypesMatch predicate over operands and
// results named as the row's Args.
func allTypesMatch(names ...string) *ir.Trait {
	msg := "failed to verify that all of {" + strings.Join(names, ", ") + "} have same type"
	return predTrait("AllTypesMatch<"+strings.Join(names, ", ")+">", func(op *ir.Op) *ir.Diagnostic {
		var first ir.Type
		for _, n := range names {
			t := namedType(op, n)
			if t == nil {
				continue
			}
			if first == nil {
				first = t
			} else if !ir.TypeEqual(t, first) {
				return op.Errorf("%s", msg)
			}
		}
		return nil
	})
}

// namedType is the type of the operand or result called name in op's row.
func namedType(op *ir.Op, name string) ir.Type {
	r := rowOf(op)
	if r == nil {
		return nil
	}
	for i, a := range r.Operands {
		if a.Name == name && i < op.NumOperands() {
			return op.Operand(i).Type()
		}
	}
	for i, a := range r.Results {
		if a.Name == name && i < op.NumResults() {
			return op.Result(i).Type()
		}
	}
	return nil
}

func mulExtended(name, summary string, sign ir.Signedness) *Op {
	return &Op{
		OpDef: ir.OpDef{
			Name: name, Summary: summary, Kernel: ir.KernelMul, Kernels: []ir.Kernel{ir.KernelMul, ir.KernelMulHigh}, Sign: sign,
			Format: MulExtendedForm, ResultNames: []string{"low", "high"},
			Traits: []*ir.Trait{allTypesMatch("lhs", "rhs", "low", "high"), traits.Commutative, traits.ElementwiseMappable, traits.Pure},
		},
		Operands: []Arg{{"lhs", SignlessIntegerLike, false}, {"rhs", SignlessIntegerLike, false}},
		Results:  []Arg{{"low", SignlessIntegerLike, false}, {"high", SignlessIntegerLike, false}},
	}
}

// arithCast is a cast row: MLIR's traits (SameInputOutputTensorDims is an
// ODS predicate, checked with the type constraints; then
// SameOperandsAndResultShape, the CastOpInterface's compatibility, and
// ElementwiseMappable) with the element types compatible as ok says.
func arithCast(name, summary string, from, to Constraint, sign ir.Signedness, ok func(from, to *ir.Scalar) bool) *Op {
	return &Op{
		OpDef: ir.OpDef{
			Name: name, Summary: summary, Kernel: ir.KernelCast, Sign: sign, Format: CastForm,
			Traits: []*ir.Trait{
				predTrait("SameInputOutputTensorDims", func(op *ir.Op) *ir.Diagnostic {
					if !slices.Equal(tensorDims(op.Operand(0).Type()), tensorDims(op.Result(0).Type())) {
						return op.Errorf("failed to verify that input and output have the same tensor dimensions")
					}
					return nil
				}),
				traits.SameOperandsAndResultShape,
				{Name: "CastOpInterface", Doc: "The operand's element type casts to the result's.", Verify: func(op *ir.Op) *ir.Diagnostic {
					in, out := op.Operand(0).Type(), op.Result(0).Type()
					a, b := elemOrMemRef(in), elemOrMemRef(out)
					// Tensor encodings must match, as MLIR's cast compatibility.
					if a == nil || b == nil || !ok(a, b) || !ir.AttrEqual(ir.Encoding(in), ir.Encoding(out)) {
						return op.Errorf("operand type '%s' and result type '%s' are cast incompatible", ir.TypeString(in), ir.TypeString(out))
					}
					return nil
				}},
				traits.ElementwiseMappable, traits.Pure,
			},
		},
		Operands: []Arg{{"in", from, false}},
		Results:  []Arg{{"out", to, false}},
	}
}

// tensorDims is a tensor's dimensions, or none for other types (MLIR's
// SameInputOutputTensorDims compares exactly these).
func tensorDims(t ir.Type) []int64 {
	if x, ok := t.(*ir.TensorType); ok && !x.Unranked {
		return x.Shape
	}
	return nil
}

// Element type rules of the casts (MLIR's areCastCompatible).
func kinds(from, to func(*ir.Scalar) bool) func(a, b *ir.Scalar) bool {
	return func(a, b *ir.Scalar) bool { return from(a) && to(b) && a != ir.Index && b != ir.Index }
}

func wider(from, to func(*ir.Scalar) bool) func(a, b *ir.Scalar) bool {
	return func(a, b *ir.Scalar) bool { return kinds(from, to)(a, b) && a.Bits() < b.Bits() }
}

func narrower(from, to func(*ir.Scalar) bool) func(a, b *ir.Scalar) bool {
	return func(a, b *ir.Scalar) bool { return kinds(from, to)(a, b) && a.Bits() > b.Bits() }
}

func indexCast(a, b *ir.Scalar) bool {
	return a.IsSignless() && b.IsSignless() && (a == ir.Index) != (b == ir.Index)
}

func sameWidth(a, b *ir.Scalar) bool {
	return a != ir.Index && b != ir.Index && a.Bits() == b.Bits()
}

// predTrait is an ODS predicate (PredOpTrait, TypesMatchWith, AllTypesMatch):
// MLIR checks it with the op's type constraints, so a row lists it before
// its other traits.
func predTrait(name string, verify func(op *ir.Op) *ir.Diagnostic) *ir.Trait {
	return &ir.Trait{Name: name, Doc: "ODS predicate " + name + ".", Verify: verify}
}

// withoutEncoding is t without its tensor encoding.
func withoutEncoding(t ir.Type) ir.Type {
	if x, ok := t.(*ir.TensorType); ok && x.Encoding != nil {
		y := *x
		y.Encoding = nil
		return &y
	}
	return t
}
