package dialect

import (
	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/traits"
)

// TensorOps is the tensor dialect subset: tensor.cast only.
var TensorOps = []*Op{
	{
		Name: "tensor.cast", Summary: "view a tensor with a more or less static type of the same element type",
		Format:     CastForm,
		Operands:   []Arg{{"source", AnyTensor, false}},
		Results:    []Arg{{"dest", AnyTensor, false}},
		ResultName: func(*ir.Op) string { return "cast" },
		Traits:     []*ir.Trait{traits.Pure},
		Verify: func(op *ir.Op) *ir.Diagnostic {
			from, to := op.Operand(0).Type(), op.Result(0).Type()
			if !CastCompatible(from, to) {
				return op.Errorf("operand type '%s' and result type '%s' are cast incompatible", ir.TypeString(from), ir.TypeString(to))
			}
			return nil
		},
		Infer: func(op *ir.Op) []ir.Type {
			// The cast's result is at least as static as its source.
			from, fr := ir.Shape(op.Operand(0).Type())
			to, tr := ir.Shape(op.Result(0).Type())
			if !fr {
				return nil
			}
			if !tr {
				return []ir.Type{ir.WithShape(op.Result(0).Type(), from)}
			}
			if j, ok := traits.JoinShapes(from, to); ok {
				return []ir.Type{ir.WithShape(op.Result(0).Type(), j)}
			}
			return nil
		},
	},
}

// CastCompatible is tensor.cast's rule: same element type and compatible
// shapes (unranked is compatible with any rank).
func CastCompatible(from, to ir.Type) bool {
	return ir.ElementType(from) == ir.ElementType(to) && ir.CompatibleShapeOf(from, to)
}
