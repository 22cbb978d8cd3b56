package dialect

import (
	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/traits"
)

// A tensor.empty left unused once the linalg ops are expanded
// (ir.Expand) goes; one still used has contents no op defines.
func init() {
	ir.RegisterExpansion("tensor.empty", func(op *ir.Op) *ir.Diagnostic {
		if op.Result(0).HasUses() {
			return op.Errorf("has uses other than the init of a linalg op: its contents are undefined, and tirc does not lower it")
		}
		op.Erase()
		return nil
	})
}

// TensorEmptyOps holds tensor.empty for the linalg named ops' `outs`
// (SPEC 3e). NOTE for the merge: this is the named-ops branch's minimal
// row; the tensor dialect's own tensor.empty (dialect/tensor*.go)
// supersedes it, and then this file goes.
var TensorEmptyOps = []*Op{
	{
		OpDef: ir.OpDef{
			Name: "tensor.empty", Summary: "a tensor of unspecified contents (linalg's `outs`); one index operand per dynamic size",
			Format: EmptyForm,
			Traits: []*ir.Trait{traits.Pure},
			Verify: func(op *ir.Op) *ir.Diagnostic {
				s, _ := ir.Shape(op.Result(0).Type())
				if n := dynamicDims(s); n != op.NumOperands() {
					return op.Errorf("incorrect number of dynamic sizes, has %d, expected %d", op.NumOperands(), n)
				}
				return nil
			},
		},
		Operands: []Arg{{"dynamicSizes", indexType, true}},
		Results:  []Arg{{"result", rankedTensor, false}},
	},
}

// EmptyForm is tensor.empty's `(%n, ...) [{attrs}] : T`.
var EmptyForm = &ir.Format{
	Name: "(%sizes) : T",
	Parse: func(p *ir.OpParser) *ir.Op {
		if !p.Parse("(", "expected '('") || !p.ParseOptionalOperands() || !p.Parse(")", "expected ')'") || !p.ParseOptionalAttrDict() {
			return nil
		}
		t := p.ParseColonType("the result type of '{op}'")
		if t == nil {
			return nil
		}
		return p.Build(p.SameTypes(ir.Index, p.NumOperands()), []ir.Type{t})
	},
	Print: func(p *ir.OpPrinter, op *ir.Op) bool {
		if op.NumResults() != 1 {
			return false
		}
		p.Str("(")
		p.Operands(op.Operands())
		p.Str(")")
		p.OptionalAttrDict(op.Attrs)
		p.Str(" : ")
		p.Type(op.Result(0).Type())
		return true
	},
}
