package dialect

import (
	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/traits"
)

// The cf dialect's unconditional branch, between the blocks of a region
// (verified and printed; codegen lowers scf's regions only, not branches).

// CfOps is the cf dialect's op table.
var CfOps = []*Op{
	{
		OpDef: ir.OpDef{
			Name: "cf.br", Summary: "branch to the successor, passing the operands as its arguments", Format: brForm,
			Traits: []*ir.Trait{traits.Terminator},
			Verify: verifyBr,
		},
		Operands: []Arg{{"destOperands", AnyType, true}},
	},
}

// verifyBr checks the branch against its successor's arguments.
func verifyBr(op *ir.Op) *ir.Diagnostic {
	if op.NumSuccessors() != 1 {
		return op.Errorf("requires 1 successor but found %d", op.NumSuccessors())
	}
	dest := op.Successors()[0]
	if n := len(dest.Args()); n != op.NumOperands() {
		return op.EmitErrorf("branch has %d operands for successor #0, but target block has %d", op.NumOperands(), n)
	}
	for i, v := range op.Operands() {
		if want := dest.Arg(i).Type(); !ir.TypeEqual(v.Type(), want) {
			return op.Errorf("type mismatch for bb argument #%d of successor #0", i)
		}
	}
	return nil
}

// brForm is `cf.br ^bb1[(%v, ... : T, ...)]`.
var brForm = &ir.Format{
	Name: "^bb[(%v, ... : T, ...)]",
	Parse: func(p ir.OpParser) *ir.Op {
		if !p.ParseSuccessor() {
			return nil
		}
		var types []ir.Type
		if p.ParseOptional("(") {
			if !p.ParseOperands() || !p.Parse(":", "expected ':'") {
				return nil
			}
			types = p.ParseTypeList()
			if !p.Parse(")", "expected ')'") {
				return nil
			}
		}
		p.ParseOptionalAttrDict()
		return p.Build(types, nil)
	},
	Print: func(p ir.OpPrinter, op *ir.Op) bool {
		if op.NumSuccessors() != 1 {
			return false
		}
		p.Str(" ")
		p.Successor(op.Successors()[0])
		if op.NumOperands() > 0 {
			p.Str("(")
			p.Operands(op.Operands())
			p.Str(" : ")
			p.OperandTypes(op)
			p.Str(")")
		}
		p.OptionalAttrDict(op.Attrs)
		return true
	},
}
