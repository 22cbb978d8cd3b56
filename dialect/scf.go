package dialect

import (
	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/traits"
)

// The scf dialect's structured control flow, so far for verification and
// printing only: codegen refuses ops with regions.

// ScfOps is the scf dialect's op table.
var ScfOps = []*Op{
	{
		OpDef: ir.OpDef{
			Name: "scf.if", Summary: "run the then region if the condition holds, else the else region", Format: ifForm,
			Regions: 2,
			Traits:  []*ir.Trait{traits.SingleBlockImplicitTerminator("scf.yield")},
			Verify:  verifyIf,
		},
		Operands: []Arg{{"condition", I1, false}},
		Results:  []Arg{{"results", AnyType, true}},
	},
	{
		OpDef: ir.OpDef{
			Name: "scf.yield", Summary: "end a region of an scf op, handing it the operands", Format: yieldForm,
			Traits: []*ir.Trait{traits.HasParent("scf.execute_region", "scf.for", "scf.if", "scf.index_switch", "scf.while"), traits.Terminator},
		},
		Operands: []Arg{{"results", AnyType, true}},
	},
}

// I1 is the constraint of a 1-bit signless integer (a condition).
var I1 = Constraint{"1-bit signless integer", func(t ir.Type) bool { return t == ir.I1 }}

// verifyIf checks that an if with results has an else region, and that
// each region yields the results' types (the messages begin with a blank,
// as mlir-opt-19's: "'scf.if' op  region control flow edge ...").
func verifyIf(op *ir.Op) *ir.Diagnostic {
	if op.NumResults() > 0 && op.Region(1).Empty() {
		return op.Errorf("must have an else block if defining values")
	}
	for i, r := range op.Regions() {
		if r.Empty() {
			continue
		}
		y := r.Front().Last()
		if y == nil || y.Name != "scf.yield" {
			continue // SingleBlockImplicitTerminator reports it
		}
		if y.NumOperands() != op.NumResults() {
			return op.Errorf(" region control flow edge from Region #%d to parent results: source has %d operands, but target successor needs %d", i, y.NumOperands(), op.NumResults())
		}
		for k, v := range y.Operands() {
			if !ir.TypeEqual(v.Type(), op.Result(k).Type()) {
				return op.Errorf(" along control flow edge from Region #%d to parent results: source type #%d '%s' should match input type #%d '%s'",
					i, k, ir.TypeString(v.Type()), k, ir.TypeString(op.Result(k).Type()))
			}
		}
	}
	return nil
}

// ifForm is `scf.if %cond [-> (T, ...)] { then } [else { else }] [attrs]`;
// a region's scf.yield is left out when the if has no results.
var ifForm = &ir.Format{
	Name: "%cond [-> (T, ...)] { ... } [else { ... }]",
	Parse: func(p ir.OpParser) *ir.Op {
		if !p.ParseOperand() {
			return nil
		}
		var results []ir.Type
		if p.ParseOptional("->") {
			if p.ParseOptional("(") {
				if !p.At(")") {
					results = p.ParseTypeList()
				}
				if !p.Parse(")", "expected ')'") {
					return nil
				}
			} else if t := p.ParseType(); t != nil {
				results = []ir.Type{t}
			}
		}
		then := p.ParseRegion(nil)
		if then == nil {
			return nil
		}
		ir.EnsureTerminator(then, "scf.yield", p.OpPos())
		els := ir.NewRegion()
		if p.ParseOptionalKeyword("else") {
			if els = p.ParseRegion(nil); els == nil {
				return nil
			}
			ir.EnsureTerminator(els, "scf.yield", p.OpPos())
		} else {
			p.AddRegion(els)
		}
		p.ParseOptionalAttrDict()
		return p.Build([]ir.Type{ir.I1}, results)
	},
	Print: func(p ir.OpPrinter, op *ir.Op) bool {
		if op.NumRegions() != 2 || op.NumOperands() != 1 {
			return false
		}
		p.Str(" ")
		p.Operand(op.Operand(0))
		if op.NumResults() > 0 {
			p.Str(" -> (")
			p.Types(op.ResultTypes())
			p.Str(")")
		}
		terms := op.NumResults() > 0
		p.Str(" ")
		p.Region(op.Region(0), false, terms)
		if !op.Region(1).Empty() {
			p.Str(" else ")
			p.Region(op.Region(1), false, terms)
		}
		p.OptionalAttrDict(op.Attrs)
		return true
	},
}

// yieldForm is `scf.yield [%v, ... : T, ...]`.
var yieldForm = &ir.Format{
	Name: "[%v, ... : T, ...]",
	Parse: func(p ir.OpParser) *ir.Op {
		p.ParseOptionalAttrDict()
		if !p.ParseOptionalOperands() {
			return nil
		}
		var types []ir.Type
		if p.NumOperands() > 0 {
			if !p.Parse(":", "expected ':'") {
				return nil
			}
			types = p.ParseTypeList()
		}
		return p.Build(types, nil)
	},
	Print: func(p ir.OpPrinter, op *ir.Op) bool {
		p.OptionalAttrDict(op.Attrs)
		if op.NumOperands() > 0 {
			p.Str(" ")
			p.Operands(op.Operands())
			p.Str(" : ")
			p.OperandTypes(op)
		}
		return true
	},
}
