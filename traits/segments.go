package traits

import (
	"fmt"

	"github.com/tirc/tirc/ir"
)

// AttrSizedOperandSegments: the op's operands form groups whose sizes its
// operandSegmentSizes attribute lists (MLIR's AttrSizedOperandSegments),
// with mlir-opt-19's messages. As MLIR 19 reads the attribute into a
// property of one i32 per group, an attribute of another type or length
// counts as all zeros.
func AttrSizedOperandSegments(groups int) *ir.Trait {
	return segmentsTrait("AttrSizedOperandSegments", "operandSegmentSizes", "operand", groups, (*ir.Op).NumOperands)
}

// AttrSizedResultSegments is AttrSizedOperandSegments for the results
// (resultSegmentSizes).
func AttrSizedResultSegments(groups int) *ir.Trait {
	return segmentsTrait("AttrSizedResultSegments", "resultSegmentSizes", "result", groups, (*ir.Op).NumResults)
}

func segmentsTrait(name, attr, what string, groups int, count func(*ir.Op) int) *ir.Trait {
	return &ir.Trait{
		Name: name,
		Doc:  fmt.Sprintf("The op's %ss form %d groups whose sizes the attribute %s lists.", what, groups, attr),
		Verify: func(op *ir.Op) *ir.Diagnostic {
			var sizes []int64
			if a, ok := op.Attr(attr).(*ir.DenseArrayAttr); ok && a.Elem == ir.I32 && len(a.Ints) == groups {
				sizes = a.Ints
			}
			total := int64(0)
			for _, s := range sizes {
				if s < 0 {
					return op.Errorf("'%s' attribute cannot have negative elements", attr)
				}
				total += s
			}
			if n := count(op); int64(n) != total {
				return op.Errorf("%s count (%d) does not match with the total size (%d) specified in attribute '%s'", what, n, total, attr)
			}
			return nil
		},
	}
}
