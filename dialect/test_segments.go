package dialect

import "github.com/tirc/tirc/ir"

// SegmentOps are MLIR's test ops with AttrSizedOperandSegments and
// AttrSizedResultSegments (TestOps.td): four groups a, b, c (exactly one)
// and d, whose sizes operandSegmentSizes / resultSegmentSizes give as an
// array<i32: ...>, so that IR/traits.mlir's segment-size tests run
// unchanged. They are verify-only.
var SegmentOps = []*Op{
	{
		OpDef: ir.OpDef{
			Name: "test.attr_sized_operands", Summary: "MLIR's test op with AttrSizedOperandSegments",
			Inherent: []string{"operandSegmentSizes"},
			Traits:   []*ir.Trait{segmentSizes("operand", "operandSegmentSizes")},
		},
		Operands: []Arg{{"a", I32, true}},
	},
	{
		OpDef: ir.OpDef{
			Name: "test.attr_sized_results", Summary: "MLIR's test op with AttrSizedResultSegments",
			Inherent: []string{"resultSegmentSizes"},
			Traits:   []*ir.Trait{segmentSizes("result", "resultSegmentSizes")},
		},
		Results: []Arg{{"a", I32, true}},
	},
}

// segmentGroups is the number of operand (result) groups of SegmentOps.
const segmentGroups = 4

// segmentSizes is MLIR's AttrSized{Operand,Result}Segments check: an
// attribute that is not an array<i32> of one size per group counts as
// absent (total 0), as mlir-opt-19's property conversion makes it.
func segmentSizes(what, attr string) *ir.Trait {
	return &ir.Trait{
		Name: "AttrSized" + map[string]string{"operand": "Operand", "result": "Result"}[what] + "Segments",
		Doc:  "The op's " + what + "s fall into groups whose sizes the " + attr + " attribute gives.",
		Verify: func(op *ir.Op) *ir.Diagnostic {
			total := int64(0)
			if a, ok := op.Attr(attr).(*ir.DenseArrayAttr); ok && a.Elem == ir.I32 && a.Len() == segmentGroups {
				for _, n := range a.Ints {
					if n < 0 {
						return op.Errorf("'%s' attribute cannot have negative elements", attr)
					}
					total += n
				}
			}
			count := op.NumOperands()
			if what == "result" {
				count = op.NumResults()
			}
			if int64(count) != total {
				return op.Errorf("%s count (%d) does not match with the total size (%d) specified in attribute '%s'", what, count, total, attr)
			}
			return nil
		},
	}
}
