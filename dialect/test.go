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
		Name: "test.broadcastable", Summary: "MLIR's test op with the Broadcastable trait",
		Operands: []Arg{{"inputs", AnyTensor, true}},
		Results:  []Arg{{"result", AnyTensor, false}},
		Traits:   []*ir.Trait{traits.Broadcastable},
	},
	{
		Name: "test.elementwise_mappable", Summary: "MLIR's test op with the ElementwiseMappable trait",
		Operands: []Arg{{"operands", AnyType, true}},
		Results:  []Arg{{"results", AnyType, true}},
		Traits:   []*ir.Trait{traits.ElementwiseMappable},
	},
	{
		Name: "test.same_operand_element_type", Summary: "MLIR's test op with SameOperandsElementType",
		Operands: []Arg{{"x", AnyType, false}, {"y", AnyType, false}},
		Results:  []Arg{{"res", AnyType, false}},
		Traits:   []*ir.Trait{traits.SameOperandsElementType},
	},
	{
		Name: "test.same_operand_and_result_element_type", Summary: "MLIR's test op with SameOperandsAndResultElementType",
		Operands: []Arg{{"operands", AnyType, true}},
		Results:  []Arg{{"results", AnyType, true}},
		Traits:   []*ir.Trait{traits.SameOperandsAndResultElementType},
	},
	{
		Name: "test.same_operand_shape", Summary: "MLIR's test op with SameOperandsShape",
		Operands: []Arg{{"operands", AnyShaped, true}},
		Traits:   []*ir.Trait{traits.SameOperandsShape},
	},
	{
		Name: "test.same_operand_and_result_shape", Summary: "MLIR's test op with SameOperandsAndResultShape",
		Operands: []Arg{{"operands", AnyShaped, true}},
		Results:  []Arg{{"results", AnyShaped, true}},
		Traits:   []*ir.Trait{traits.SameOperandsAndResultShape},
	},
	{
		Name: "test.same_operand_and_result_type", Summary: "MLIR's test op with SameOperandsAndResultType",
		Operands: []Arg{{"operands", AnyType, true}},
		Results:  []Arg{{"results", AnyType, true}},
		Traits:   []*ir.Trait{traits.SameOperandsAndResultType},
	},
	{
		Name: "test.op_commutative", Summary: "MLIR's test op with the Commutative trait",
		Operands: []Arg{{"op1", I32, false}, {"op2", I32, false}, {"op3", I32, false}, {"op4", I32, false}},
		Results:  []Arg{{"result", I32, false}},
		Traits:   []*ir.Trait{traits.Commutative},
	},
}
