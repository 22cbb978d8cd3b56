package dialect

import (
	"strconv"

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
		Name: name, Summary: summary, Kernel: k, Format: SameTypeForm, Inherent: []string{inherent},
		Operands: []Arg{{"lhs", c, false}, {"rhs", c, false}},
		Results:  []Arg{{"result", c, false}},
		Traits:   ts,
		Verify:   verifyInferredSameType,
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
		Name: name, Summary: "lhs <predicate> rhs as i1, same shape", Kernel: ir.KernelCmp,
		Format: CmpForm(c), Predicates: preds, Inherent: inherent,
		Operands: []Arg{{"lhs", c, false}, {"rhs", c, false}},
		Results:  []Arg{{"result", BoolLike, false}},
		Attrs: []AttrSpec{{Name: "predicate", Desc: desc, Check: func(a ir.Attr) bool {
			i, ok := a.(*ir.IntAttr)
			return ok && i.Type == ir.I64 && i.Value >= 0 && i.Value < n
		}}},
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
	return "c" + strconv.FormatInt(a.Value, 10) + "_" + a.Type.String()
}

// ArithOps is the arith subset's op table.
var ArithOps = []*Op{
	arithBinary("arith.addf", "lhs + rhs (floats)", ir.KernelAdd, FloatLike, true, "fastmath"),
	arithBinary("arith.subf", "lhs - rhs (floats)", ir.KernelSub, FloatLike, false, "fastmath"),
	arithBinary("arith.mulf", "lhs * rhs (floats)", ir.KernelMul, FloatLike, true, "fastmath"),
	arithBinary("arith.divf", "lhs / rhs (floats)", ir.KernelDiv, FloatLike, false, "fastmath"),
	arithBinary("arith.remf", "fmod(lhs, rhs)", ir.KernelRem, FloatLike, false, "fastmath"),
	arithBinary("arith.maximumf", "maximum, NaN propagates", ir.KernelMax, FloatLike, true, "fastmath"),
	arithBinary("arith.minimumf", "minimum, NaN propagates", ir.KernelMin, FloatLike, true, "fastmath"),
	arithBinary("arith.addi", "lhs + rhs, wrapping", ir.KernelAdd, SignlessIntegerLike, true, "overflowFlags"),
	arithBinary("arith.subi", "lhs - rhs, wrapping", ir.KernelSub, SignlessIntegerLike, false, "overflowFlags"),
	arithBinary("arith.muli", "lhs * rhs, wrapping", ir.KernelMul, SignlessIntegerLike, true, "overflowFlags"),
	arithBinary("arith.divsi", "signed division, truncating", ir.KernelDiv, SignlessIntegerLike, false, ""),
	arithBinary("arith.remsi", "signed remainder", ir.KernelRem, SignlessIntegerLike, false, ""),
	arithBinary("arith.maxsi", "signed maximum", ir.KernelMax, SignlessIntegerLike, true, ""),
	arithBinary("arith.minsi", "signed minimum", ir.KernelMin, SignlessIntegerLike, true, ""),
	arithBinary("arith.andi", "bitwise and", ir.KernelAnd, SignlessIntegerLike, true, ""),
	arithBinary("arith.ori", "bitwise or", ir.KernelOr, SignlessIntegerLike, true, ""),
	arithBinary("arith.xori", "bitwise xor", ir.KernelXor, SignlessIntegerLike, true, ""),
	{
		Name: "arith.negf", Summary: "-x (floats)", Kernel: ir.KernelNeg, Format: SameTypeForm, Inherent: []string{"fastmath"},
		Operands: []Arg{{"operand", FloatLike, false}},
		Results:  []Arg{{"result", FloatLike, false}},
		Traits:   []*ir.Trait{traits.SameOperandsAndResultType, traits.ElementwiseMappable, traits.Pure},
		Verify:   verifyInferredSameType,
	},
	arithCmp("arith.cmpi", SignlessIntegerLike, CmpIPredicates, []string{"predicate"}),
	arithCmp("arith.cmpf", FloatLike, CmpFPredicates, []string{"fastmath", "predicate"}),
	{
		Name: "arith.select", Summary: "cond ? a : b (condition i1 or same shape)", Kernel: ir.KernelSelect, Format: SelectForm,
		Operands: []Arg{{"condition", BoolLike, false}, {"true_value", AnyType, false}, {"false_value", AnyType, false}},
		Results:  []Arg{{"result", AnyType, false}},
		// AllTypesMatch and BooleanConditionOrMatchingShape are ODS
		// predicates, checked before the ElementwiseMappable trait.
		Traits: []*ir.Trait{
			predTrait("AllTypesMatch<true_value, false_value, result>", func(op *ir.Op) *ir.Diagnostic {
				t := op.Result(0).Type()
				if !ir.TypeEqual(op.Operand(1).Type(), t) || !ir.TypeEqual(op.Operand(2).Type(), t) {
					return op.Errorf("failed to verify that all of {true_value, false_value, result} have same type")
				}
				return nil
			}),
			predTrait("BooleanConditionOrMatchingShape<condition, result>", func(op *ir.Op) *ir.Diagnostic {
				if c := op.Operand(0).Type(); c != ir.I1 && !ir.TypeEqual(c, ir.CmpResultType(op.Result(0).Type())) {
					return op.Errorf("failed to verify that condition is signless i1 or has matching shape")
				}
				return nil
			}),
			traits.ElementwiseMappable, traits.Pure,
		},
	},
	{
		Name: "arith.constant", Summary: "the constant given by `value`", Format: ConstantForm, Inherent: []string{"value"},
		Results:    []Arg{{"result", AnyType, false}},
		Attrs:      []AttrSpec{{Name: "value", Desc: "typed attribute", Check: func(a ir.Attr) bool { return ir.ConstantType(a) != nil }}},
		Traits:     []*ir.Trait{traits.ConstantLike, traits.Pure},
		ResultName: constantName,
		Verify: func(op *ir.Op) *ir.Diagnostic {
			if !ir.TypeEqual(ir.ConstantType(op.Attr("value")), op.Result(0).Type()) {
				return op.Errorf("failed to verify that all of {value, result} have same type")
			}
			// As MLIR: a scalar integer only (tensor<2xsi8> passes).
			if e, ok := op.Result(0).Type().(*ir.Scalar); ok && e.IsInt() && !e.IsSignless() {
				return op.Errorf("integer return type must be signless")
			}
			return nil
		},
	},
}

// predTrait is an ODS predicate (PredOpTrait, TypesMatchWith, AllTypesMatch):
// MLIR checks it with the op's type constraints, so a row lists it before
// its other traits.
func predTrait(name string, verify func(op *ir.Op) *ir.Diagnostic) *ir.Trait {
	return &ir.Trait{Name: name, Doc: "ODS predicate " + name + ".", Verify: verify}
}
