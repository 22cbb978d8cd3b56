package dialect

import (
	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/traits"
)

// TestOps are MLIR's test-dialect trait ops (mlir/test/lib/Dialect/Test/
// TestOps.td), with the operand counts, type constraints and traits MLIR
// gives them, so that MLIR's own trait tests run through tirc unchanged.
// They are verify-only: nothing lowers them.
var TestOps = []*Op{
	{
		OpDef: ir.OpDef{
			Name: "test.broadcastable", Summary: "MLIR's test op with the Broadcastable trait",
			Traits: []*ir.Trait{traits.Broadcastable},
		},
		Operands: []Arg{{"inputs", AnyTensor, true}},
		Results:  []Arg{{"result", AnyTensor, false}},
	},
	{
		OpDef: ir.OpDef{
			Name: "test.elementwise_mappable", Summary: "MLIR's test op with the ElementwiseMappable trait",
			Traits: []*ir.Trait{traits.ElementwiseMappable},
		},
		Operands: []Arg{{"operands", AnyType, true}},
		Results:  []Arg{{"results", AnyType, true}},
	},
	{
		OpDef: ir.OpDef{
			Name: "test.same_operand_element_type", Summary: "MLIR's test op with SameOperandsElementType",
			Traits: []*ir.Trait{traits.SameOperandsElementType},
		},
		Operands: []Arg{{"x", AnyType, false}, {"y", AnyType, false}},
		Results:  []Arg{{"res", AnyType, false}},
	},
	{
		OpDef: ir.OpDef{
			Name: "test.same_operand_and_result_element_type", Summary: "MLIR's test op with SameOperandsAndResultElementType",
			Traits: []*ir.Trait{traits.SameOperandsAndResultElementType},
		},
		Operands: []Arg{{"operands", AnyType, true}},
		Results:  []Arg{{"results", AnyType, true}},
	},
	{
		OpDef: ir.OpDef{
			Name: "test.same_operand_shape", Summary: "MLIR's test op with SameOperandsShape",
			Traits: []*ir.Trait{traits.SameOperandsShape},
		},
		Operands: []Arg{{"operands", AnyShaped, true}},
	},
	{
		OpDef: ir.OpDef{
			Name: "test.same_operand_and_result_shape", Summary: "MLIR's test op with SameOperandsAndResultShape",
			Traits: []*ir.Trait{traits.SameOperandsAndResultShape},
		},
		Operands: []Arg{{"operands", AnyShaped, true}},
		Results:  []Arg{{"results", AnyShaped, true}},
	},
	{
		OpDef: ir.OpDef{
			Name: "test.same_operand_and_result_type", Summary: "MLIR's test op with SameOperandsAndResultType",
			Traits: []*ir.Trait{traits.SameOperandsAndResultType},
		},
		Operands: []Arg{{"operands", AnyType, true}},
		Results:  []Arg{{"results", AnyType, true}},
	},
	{
		OpDef: ir.OpDef{
			Name: "test.op_commutative", Summary: "MLIR's test op with the Commutative trait",
			Traits: []*ir.Trait{traits.Commutative},
		},
		Operands: []Arg{{"op1", I32, false}, {"op2", I32, false}, {"op3", I32, false}, {"op4", I32, false}},
		Results:  []Arg{{"result", I32, false}},
	},
}
