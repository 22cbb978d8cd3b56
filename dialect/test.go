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
		Name: "test.parent", Summary: "MLIR's test op with a region, the parent test.child requires",
		Regions: 1,
	},
	{
		Name: "test.parent1", Summary: "MLIR's second parent op of test.child_with_parent_one_of",
		Regions: 1,
	},
	{
		Name: "test.child", Summary: "MLIR's test op with HasParent<test.parent>",
		Traits: []*ir.Trait{traits.HasParent("test.parent")},
	},
	{
		Name: "test.child_with_parent_one_of", Summary: "MLIR's test op with ParentOneOf<test.parent, test.parent1>",
		Traits: []*ir.Trait{traits.HasParent("test.parent", "test.parent1")},
	},
	{
		Name: "test.finish", Summary: "MLIR's test terminator",
		Traits: []*ir.Trait{traits.Terminator},
	},
	{
		Name: "test.SingleBlockImplicitTerminator", Summary: "MLIR's test op with SingleBlockImplicitTerminator<test.finish>",
		Regions: 1,
		Traits:  []*ir.Trait{traits.SingleBlockImplicitTerminator("test.finish")},
	},
	{
		Name: "test.graph_region", Summary: "MLIR's test op whose region is a graph region", Format: graphRegionForm,
		Regions: 1,
		Traits:  []*ir.Trait{traits.GraphRegion},
	},
	{
		Name: "test.single_no_terminator_op", Summary: "MLIR's test op with SingleBlock and NoTerminator", Format: noTerminatorForm,
		Regions: 1,
		Traits:  []*ir.Trait{traits.SingleBlock, traits.NoTerminator},
	},
	{
		Name: "test.ssacfg_region", Summary: "MLIR's test op with any number of SSACFG regions",
		Operands: []Arg{{"operands", AnyType, true}},
		Results:  []Arg{{"results", AnyType, true}},
		Regions:  -1,
	},
	{
		Name: "test.isolated_one_region_op", Summary: "MLIR's test op with an IsolatedFromAbove region",
		Operands: []Arg{{"operands", AnyType, true}},
		Regions:  1,
		Traits:   []*ir.Trait{traits.IsolatedFromAbove},
	},
	{
		Name: "test.attr_sized_operands", Summary: "MLIR's test op with AttrSizedOperandSegments (groups a, b, c, d)",
		Inherent: []string{"operandSegmentSizes"},
		Operands: []Arg{{"operands", I32, true}},
		Traits:   []*ir.Trait{traits.AttrSizedOperandSegments(4)},
	},
	{
		Name: "test.attr_sized_results", Summary: "MLIR's test op with AttrSizedResultSegments (groups a, b, c, d)",
		Inherent: []string{"resultSegmentSizes"},
		Results:  []Arg{{"results", I32, true}},
		Traits:   []*ir.Trait{traits.AttrSizedResultSegments(4)},
	},
	{
		Name: "test.result_type_with_trait", Summary: "MLIR's test op whose result type must have TestTypeTrait",
		Results: []Arg{{"result", AnyType, false}},
		Verify: func(op *ir.Op) *ir.Diagnostic {
			if t, ok := op.Result(0).Type().(*ir.OpaqueType); !ok || t.Text != "!test.test_type_with_trait" {
				return op.Errorf("result type should have trait 'TestTypeTrait'")
			}
			return nil
		},
	},
	{
		Name: "test.attr_with_trait", Summary: "MLIR's test op whose attribute must have TestAttrTrait",
		Inherent: []string{"attr"},
		Attrs:    []AttrSpec{{Name: "attr", Desc: "any attribute"}},
		Verify: func(op *ir.Op) *ir.Diagnostic {
			if a, ok := op.Attr("attr").(*ir.OpaqueAttr); !ok || a.Text != "#test.attr_with_trait" {
				return op.Errorf("'attr' attribute should have trait 'TestAttrTrait'")
			}
			return nil
		},
	},
	{
		Name: "test.symbol", Summary: "MLIR's test op with the Symbol trait",
		Inherent: []string{"sym_name", "sym_visibility"},
		Attrs: []AttrSpec{
			{Name: "sym_name", Desc: "string attribute", Check: isString},
			{Name: "sym_visibility", Desc: "string attribute", Optional: true}, // checked by symbolVisibility
		},
		Traits: []*ir.Trait{symbolVisibility},
	},
	{
		Name: "test.symbol_scope", Summary: "MLIR's test op with the SymbolTable trait",
		Regions: 1,
		Traits:  []*ir.Trait{traits.SingleBlockImplicitTerminator("test.finish")},
	},
	{
		Name: "test.op_commutative", Summary: "MLIR's test op with the Commutative trait",
		Operands: []Arg{{"op1", I32, false}, {"op2", I32, false}, {"op3", I32, false}, {"op4", I32, false}},
		Results:  []Arg{{"result", I32, false}},
		Traits:   []*ir.Trait{traits.Commutative},
	},
}

// graphRegionForm is test.graph_region's `attr-dict-with-keyword $region`.
var graphRegionForm = &ir.Format{
	Name: "[attributes {...}] { region }",
	Parse: func(p *ir.OpParser) *ir.Op {
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
	Print: func(p *ir.OpPrinter, op *ir.Op) bool {
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
	Parse: func(p *ir.OpParser) *ir.Op {
		p.ParseOptionalAttrDict()
		if !p.Parse(":", "expected ':'") || p.ParseRegion(nil) == nil {
			return nil
		}
		return p.Build(nil, nil)
	},
	Print: func(p *ir.OpPrinter, op *ir.Op) bool {
		if op.NumRegions() != 1 || op.NumOperands() != 0 || op.NumResults() != 0 {
			return false
		}
		p.OptionalAttrDict(op.Attrs)
		p.Str(" : ")
		p.Region(op.Region(0), true, true)
		return true
	},
}
