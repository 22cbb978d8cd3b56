package dialect

import (
	"fmt"

	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/traits"
)

// The scf dialect's structured control flow: scf.if, scf.for (with
// iter_args), scf.while and their terminators, verified with MLIR 19's
// messages and lowered by codegen (codegen/scf.go) and eval.

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
	{
		OpDef: ir.OpDef{
			Name: "scf.for", Summary: "run the body for lb, lb+step, ... below ub, carrying iter_args from one iteration to the next", Format: forForm,
			Regions: 1,
			Traits:  []*ir.Trait{traits.SingleBlockImplicitTerminator("scf.yield"), forRegions},
			Verify:  verifyFor,
		},
		Operands: []Arg{{"lowerBound", signlessOrIndex, false}, {"upperBound", signlessOrIndex, false}, {"step", signlessOrIndex, false}, {"initArgs", AnyType, true}},
		Results:  []Arg{{"results", AnyType, true}},
	},
	{
		OpDef: ir.OpDef{
			Name: "scf.while", Summary: "run the before region; while its condition holds, run the after region with the values it passes", Format: whileForm,
			Regions: 2,
			Traits:  []*ir.Trait{whileRegions},
			Verify:  verifyWhile,
		},
		Operands: []Arg{{"inits", AnyType, true}},
		Results:  []Arg{{"results", AnyType, true}},
	},
	{
		OpDef: ir.OpDef{
			Name: "scf.condition", Summary: "end scf.while's before region: continue with the args if the condition holds, else return them", Format: conditionForm,
			Traits: []*ir.Trait{traits.HasParent("scf.while"), traits.Terminator},
		},
		Operands: []Arg{{"condition", I1, false}, {"args", AnyType, true}},
	},
}

// signlessOrIndex is the constraint of scf.for's bounds and step.
var signlessOrIndex = Constraint{"signless integer or index", func(t ir.Type) bool {
	s, ok := t.(*ir.Scalar)
	return ok && s.IsSignless()
}}

// I1 is the constraint of a 1-bit signless integer (a condition).
var I1 = Constraint{"1-bit signless integer", func(t ir.Type) bool { return t == ir.I1 }}

// verifyIf checks that an if with results has an else region, and that
// each region yields the results' types.
func verifyIf(op *ir.Op) *ir.Diagnostic {
	for i, r := range op.Regions() {
		if !r.Empty() && len(r.Front().Args()) > 0 {
			return op.Errorf("region #%d should have no arguments", i)
		}
	}
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
		if d := edgeError(op, fmt.Sprintf("Region #%d", i), "parent results", y.Operands(), op.ResultTypes()); d != nil {
			return d
		}
	}
	return nil
}

// edgeError checks the values passed along one edge of an op's region
// control flow against the types its target takes, with MLIR 19's
// RegionBranchOpInterface messages (they begin with a blank: "'scf.if' op
// region control flow edge ...").
func edgeError(op *ir.Op, from, to string, src []*ir.Value, dst []ir.Type) *ir.Diagnostic {
	if len(src) != len(dst) {
		return op.Errorf(" region control flow edge from %s to %s: source has %d operands, but target successor needs %d", from, to, len(src), len(dst))
	}
	for k, v := range src {
		if !ir.TypeEqual(v.Type(), dst[k]) {
			return op.Errorf(" along control flow edge from %s to %s: source type #%d '%s' should match input type #%d '%s'",
				from, to, k, ir.TypeString(v.Type()), k, ir.TypeString(dst[k]))
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
		if op.NumRegions() != 2 || op.NumOperands() != 1 || op.Operand(0).Type() != ir.I1 {
			return false
		}
		for _, r := range op.Regions() {
			if r.NumBlocks() > 1 || !r.Empty() && (len(r.Front().Args()) > 0 || op.NumResults() == 0 && !emptyYield(r.Front())) {
				return false
			}
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
