package dialect

import (
	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/traits"
)

// tensor.empty, minimal: an uninitialised tensor for the outs of linalg
// ops (destination-passing style). Its elements are unspecified, so any
// value is right; it is a row on the loop description whose kernel
// converts a loop index, which codegen inlines into its consumer's nest
// and LLVM deletes when the consumer never reads it: no memory, no
// traffic. Dynamic sizes parse and verify but have no loop description
// (the tensor dialect's own lowering of tensor.empty replaces this row).

// TensorEmptyOps is the tensor.empty row.
var TensorEmptyOps = []*Op{
	{
		OpDef: ir.OpDef{
			Name: "tensor.empty", Summary: "an uninitialised tensor (its elements are unspecified)", Format: emptyForm,
			Kernel: ir.KernelCast, Sign: ir.Signed,
			Loops: emptyLoops, Traits: []*ir.Trait{traits.Pure},
			Verify: verifyEmpty,
		},
		Operands: []Arg{{"dynamicSizes", indexType, true}},
		Results:  []Arg{{"result", rankedTensor, false}},
	},
}

func verifyEmpty(op *ir.Op) *ir.Diagnostic {
	shape, _ := ir.Shape(op.Result(0).Type())
	if n := dynamicDims(shape); n != op.NumOperands() {
		return op.Errorf("incorrect number of dynamic sizes, has %d, expected %d", op.NumOperands(), n)
	}
	return nil
}

// emptyLoops is one parallel loop per dimension, the kernel reading loop
// 0's index; nil for rank 0 or dynamic sizes.
func emptyLoops(op *ir.Op) *ir.Loops {
	shape, ranked := ir.Shape(op.Result(0).Type())
	if !ranked || len(shape) == 0 || op.NumOperands() > 0 {
		return nil
	}
	m := make([]ir.DimMap, len(shape))
	for i := range m {
		m[i] = ir.Dim(i)
	}
	return &ir.Loops{Iter: make([]ir.IterKind, len(shape)), Operands: [][]ir.DimMap{}, Results: [][]ir.DimMap{m}, Indices: []int{0}}
}

// emptyForm is `(%d, ...) [attrs] : T`.
var emptyForm = &ir.Format{
	Name: "(%d, ...) : T",
	Parse: func(p *ir.OpParser) *ir.Op {
		if !p.Parse("(", "expected '('") || !p.ParseOptionalOperands() || !p.Parse(")", "expected ')'") {
			return nil
		}
		p.ParseOptionalAttrDict()
		t := p.ParseColonType("type")
		if t == nil {
			return nil
		}
		return p.Build(p.SameTypes(ir.Index, p.NumOperands()), []ir.Type{t})
	},
	Print: func(p *ir.OpPrinter, op *ir.Op) bool {
		p.Str("(")
		p.Operands(op.Operands())
		p.Str(")")
		p.OptionalAttrDict(op.Attrs)
		p.Str(" : ")
		p.Type(op.Result(0).Type())
		return true
	},
}
