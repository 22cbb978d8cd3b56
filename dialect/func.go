package dialect

import (
	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/traits"
)

// The func dialect's ops. func.func itself is ir.Func (the parser and
// printer handle its syntax); these are the ops inside bodies.

// FuncOps is the func dialect's op table.
var FuncOps = []*Op{
	{
		OpDef: ir.OpDef{
			Name: "func.return", Summary: "return the operands from the function", Format: ReturnForm,
			Traits: []*ir.Trait{traits.HasParentFunc, traits.Terminator},
			Verify: verifyReturn,
		},
		Operands: []Arg{{"operands", AnyType, true}},
		Results:  []Arg{},
	},
	{
		OpDef: ir.OpDef{
			Name: "func.call", Summary: "call the function @callee", Format: CallForm, Inherent: []string{"callee"},
			Traits: []*ir.Trait{traits.Call},
			Verify: verifyCall,
		},
		Operands: []Arg{{"operands", AnyType, true}},
		Results:  []Arg{{"results", AnyType, true}},
		Attrs: []AttrSpec{{Name: "callee", Desc: "flat symbol reference attribute", Check: func(a ir.Attr) bool {
			_, ok := a.(ir.SymbolRefAttr)
			return ok
		}}},
	},
}

// verifyReturn checks the returned values against the function signature.
func verifyReturn(op *ir.Op) *ir.Diagnostic {
	f := op.Func()
	if op.NumOperands() != len(f.ResultTypes) {
		return op.Errorf("has %d operands, but enclosing function (@%s) returns %d", op.NumOperands(), f.Name, len(f.ResultTypes))
	}
	for i, v := range op.Operands() {
		if !ir.TypeEqual(v.Type(), f.ResultTypes[i]) {
			return op.EmitErrorf("type of return operand %d ('%s') doesn't match function result type ('%s') in function @%s",
				i, ir.TypeString(v.Type()), ir.TypeString(f.ResultTypes[i]), f.Name)
		}
	}
	return nil
}

// verifyCall checks the call against the callee's signature.
func verifyCall(op *ir.Op) *ir.Diagnostic {
	name := string(op.Attr("callee").(ir.SymbolRefAttr))
	var callee *ir.Func
	if f := op.Func(); f != nil && f.Module != nil {
		callee = f.Module.Lookup(name)
	}
	if callee == nil {
		return op.Errorf("'%s' does not reference a valid function", name)
	}
	if op.NumOperands() != len(callee.Args()) {
		return op.Errorf("incorrect number of operands for callee")
	}
	for i, v := range op.Operands() {
		if want := callee.Arg(i).Type(); !ir.TypeEqual(v.Type(), want) {
			return op.Errorf("operand type mismatch: expected operand type '%s', but provided '%s' for operand number %d",
				ir.TypeString(want), ir.TypeString(v.Type()), i)
		}
	}
	if op.NumResults() != len(callee.ResultTypes) {
		return op.Errorf("incorrect number of results for callee")
	}
	for i, r := range op.Results() {
		if !ir.TypeEqual(r.Type(), callee.ResultTypes[i]) {
			d := op.Errorf("result type mismatch at index %d", i)
			d.Note(op.Pos, "      op result types: %s", quotedTypes(op.ResultTypes()))
			d.Note(op.Pos, "function result types: %s", quotedTypes(callee.ResultTypes))
			return d
		}
	}
	return nil
}

func quotedTypes(ts []ir.Type) string {
	s := ""
	for i, t := range ts {
		if i > 0 {
			s += ", "
		}
		s += "'" + ir.TypeString(t) + "'"
	}
	return s
}
