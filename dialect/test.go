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
			Name: "test.parent", Summary: "MLIR's test op with a region, the parent test.child requires",
			Regions: 1,
		},
	},
	{
		OpDef: ir.OpDef{
			Name: "test.parent1", Summary: "MLIR's second parent op of test.child_with_parent_one_of",
			Regions: 1,
		},
	},
	{
		OpDef: ir.OpDef{
			Name: "test.child", Summary: "MLIR's test op with HasParent<test.parent>",
			Traits: []*ir.Trait{traits.HasParent("test.parent")},
		},
	},
	{
		OpDef: ir.OpDef{
			Name: "test.child_with_parent_one_of", Summary: "MLIR's test op with ParentOneOf<test.parent, test.parent1>",
			Traits: []*ir.Trait{traits.HasParent("test.parent", "test.parent1")},
		},
	},
	{
		OpDef: ir.OpDef{
			Name: "test.finish", Summary: "MLIR's test terminator",
			Traits: []*ir.Trait{traits.Terminator},
		},
	},
	{
		OpDef: ir.OpDef{
			Name: "test.SingleBlockImplicitTerminator", Summary: "MLIR's test op with SingleBlockImplicitTerminator<test.finish>",
			Regions: 1,
			Traits:  []*ir.Trait{traits.SingleBlockImplicitTerminator("test.finish")},
		},
	},
	{
		OpDef: ir.OpDef{
			Name: "test.graph_region", Summary: "MLIR's test op whose region is a graph region", Format: graphRegionForm,
			Regions: 1,
			Traits:  []*ir.Trait{traits.GraphRegion},
		},
	},
	{
		OpDef: ir.OpDef{
			Name: "test.single_no_terminator_op", Summary: "MLIR's test op with SingleBlock and NoTerminator", Format: noTerminatorForm,
			Regions: 1,
			Traits:  []*ir.Trait{traits.SingleBlock, traits.NoTerminator},
		},
	},
	{
		OpDef: ir.OpDef{
			Name: "test.ssacfg_region", Summary: "MLIR's test op with any number of SSACFG regions",
			Regions: -1,
		},
		Operands: []Arg{{"operands", AnyType, true}},
		Results:  []Arg{{"results", AnyType, true}},
	},
	{
		OpDef: ir.OpDef{
			Name: "test.isolated_one_region_op", Summary: "MLIR's test op with an IsolatedFromAbove region",
			Regions: 1,
			Traits:  []*ir.Trait{traits.IsolatedFromAbove},
		},
		Operands: []Arg{{"operands", AnyType, true}},
	},
	{
		OpDef: ir.OpDef{
			Name: "test.attr_sized_operands", Summary: "MLIR's test op with AttrSizedOperandSegments (groups a, b, c, d)",
			Inherent: []string{"operandSegmentSizes"},
			Traits:   []*ir.Trait{traits.AttrSizedOperandSegments(4)},
		},
		Operands: []Arg{{"operands", I32, true}},
	},
	{
		OpDef: ir.OpDef{
			Name: "test.attr_sized_results", Summary: "MLIR's test op with AttrSizedResultSegments (groups a, b, c, d)",
			Inherent: []string{"resultSegmentSizes"},
			Traits:   []*ir.Trait{traits.AttrSizedResultSegments(4)},
		},
		Results: []Arg{{"results", I32, true}},
	},
	{
		OpDef: ir.OpDef{
			Name: "test.result_type_with_trait", Summary: "MLIR's test op whose result type must have TestTypeTrait",
			Verify: func(op *ir.Op) *ir.Diagnostic {
				if t, ok := op.Result(0).Type().(*ir.OpaqueType); !ok || t.Text != "!test.test_type_with_trait" {
					return op.Errorf("result type should have trait 'TestTypeTrait'")
				}
				return nil
			},
		},
		Results: []Arg{{"result", AnyType, false}},
	},
	{
		OpDef: ir.OpDef{
			Name: "test.attr_with_trait", Summary: "MLIR's test op whose attribute must have TestAttrTrait",
			Inherent: []string{"attr"},
			Verify: func(op *ir.Op) *ir.Diagnostic {
				if a, ok := op.Attr("attr").(*ir.OpaqueAttr); !ok || a.Text != "#test.attr_with_trait" {
					return op.Errorf("'attr' attribute should have trait 'TestAttrTrait'")
				}
				return nil
			},
		},
		Attrs: []AttrSpec{{Name: "attr", Desc: "any attribute"}},
	},
	{
		OpDef: ir.OpDef{
			Name: "test.symbol", Summary: "MLIR's test op with the Symbol trait",
			Inherent: []string{"sym_name", "sym_visibility"},
			Traits:   []*ir.Trait{symbolVisibility},
		},
		Attrs: []AttrSpec{
			{Name: "sym_name", Desc: "string attribute", Check: isString},
			{Name: "sym_visibility", Desc: "string attribute", Optional: true}, // checked by symbolVisibility
		},
	},
	{
		OpDef: ir.OpDef{
			Name: "test.symbol_scope", Summary: "MLIR's test op with the SymbolTable trait",
			Regions: 1,
			Traits:  []*ir.Trait{traits.SingleBlockImplicitTerminator("test.finish")},
		},
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

// graphRegionForm is test.graph_region's `attr-dict-with-keyword $region`.
var graphRegionForm = &ir.Format{
	Name: "[attributes {...}] { region }",
	Parse: func(p ir.OpParser) *ir.Op {
		if p.ParseOptionalKeyword("attributes") {
			if !p.At("{") {
				p.ErrorExpected("expected '{' after 'attributes'")
				return nil
			}
			p.ParseOptionalAttrDict()
		}
		if p.ParseRegion(nil) == nil {
			return nil
		}
		return p.Build(nil, nil)
	},
	Print: func(p ir.OpPrinter, op *ir.Op) bool {
		if op.NumRegions() != 1 || op.NumOperands() != 0 || op.NumResults() != 0 {
			return false
		}
		if len(op.Attrs) > 0 {
			p.Str(" attributes")
			p.OptionalAttrDict(op.Attrs)
		}
		p.Str(" ")
		p.Region(op.Region(0), true, true)
		return true
	},
}

func isString(a ir.Attr) bool { _, ok := a.(ir.StringAttr); return ok }

// symbolVisibility checks a Symbol's sym_visibility before anything else,
// with mlir-opt-19's messages: a unit attribute is refused when MLIR 19
// reads the attributes into properties, another string when the Symbol
// trait verifies it.
var symbolVisibility = &ir.Trait{
	Name: "Symbol",
	Doc:  "The op defines a symbol: a sym_name, and a sym_visibility of public, private or nested.",
	Verify: func(op *ir.Op) *ir.Diagnostic {
		switch v := op.Attr("sym_visibility").(type) {
		case ir.UnitAttr:
			return op.EmitErrorf("invalid properties %s for op %s: Invalid attribute `sym_visibility` in property conversion: unit",
				ir.DictAttr(op.Attrs).String(), op.Name)
		case ir.StringAttr:
			if v != "public" && v != "private" && v != "nested" {
				return op.Errorf("visibility expected to be one of [\"public\", \"private\", \"nested\"], but got \"%s\"", string(v))
			}
		}
		return nil
	},
}

// noTerminatorForm is test.single_no_terminator_op's `attr-dict : $region`.
var noTerminatorForm = &ir.Format{
	Name: "[{attrs}] : { region }",
	Parse: func(p ir.OpParser) *ir.Op {
		p.ParseOptionalAttrDict()
		if !p.Parse(":", "expected ':'") || p.ParseRegion(nil) == nil {
			return nil
		}
		return p.Build(nil, nil)
	},
	Print: func(p ir.OpPrinter, op *ir.Op) bool {
		if op.NumRegions() != 1 || op.NumOperands() != 0 || op.NumResults() != 0 {
			return false
		}
		p.OptionalAttrDict(op.Attrs)
		p.Str(" : ")
		p.Region(op.Region(0), true, true)
		return true
	},
}
