package dialect

import (
	"github.com/tirc/tirc/ir"
)

// scf.for, scf.while and scf.condition: verifiers with MLIR 19's messages
// (ForOp::verify, LoopLikeOpInterface, WhileOp::verify and the
// RegionBranchOpInterface edges) and the custom forms mlir-opt-19 prints.

// verifyFor checks the bounds' types and the count of loop-carried values,
// before the body is verified (MLIR's ODS constraints and ForOp::verify).
func verifyFor(op *ir.Op) *ir.Diagnostic {
	if op.NumOperands() < 3 {
		return op.Errorf("expected 3 or more operands, but found %d", op.NumOperands())
	}
	t := op.Operand(0).Type()
	if !ir.TypeEqual(op.Operand(1).Type(), t) || !ir.TypeEqual(op.Operand(2).Type(), t) {
		return op.Errorf("failed to verify that all of {lowerBound, upperBound, step} have same type")
	}
	if r := op.Region(0); r.NumBlocks() != 1 {
		return op.Errorf("region #0 ('region') failed to verify constraint: region with 1 blocks")
	}
	if op.NumOperands()-3 != op.NumResults() {
		return op.Errorf("mismatch in number of loop-carried values and defined values")
	}
	return nil
}

// forRegions checks the body once verified: LoopLikeOpInterface's counts
// and types of inits, region iter_args, yielded values and results, then
// ForOp::verifyRegions' induction variable.
var forRegions = &ir.Trait{
	Name: "LoopLikeOpInterface",
	Doc:  "The loop's inits, region iter_args, yielded values and results agree in number and type.",
	VerifyRegion: func(op *ir.Op) *ir.Diagnostic {
		body := op.Region(0).Front()
		inits := op.Operands()[3:]
		var args []*ir.Value
		if len(body.Args()) > 0 {
			args = body.Args()[1:]
		}
		var yielded []*ir.Value
		if y := body.Last(); y != nil && y.Name == "scf.yield" {
			yielded = y.Operands()
		}
		if len(inits) != len(args) {
			return op.Errorf("different number of inits and region iter_args: %d != %d", len(inits), len(args))
		}
		if len(yielded) > 0 && len(args) != len(yielded) {
			return op.Errorf("different number of region iter_args and yielded values: %d != %d", len(args), len(yielded))
		}
		if op.NumResults() != len(args) {
			return op.Errorf("different number of loop results and region iter_args: %d != %d", op.NumResults(), len(args))
		}
		for i, a := range args {
			if !ir.TypeEqual(inits[i].Type(), a.Type()) {
				return op.Errorf("%d-th init and %d-th region iter_arg have different type: '%s' != '%s'", i, i, ir.TypeString(inits[i].Type()), ir.TypeString(a.Type()))
			}
			if len(yielded) > 0 && !ir.TypeEqual(a.Type(), yielded[i].Type()) {
				return op.Errorf("%d-th region iter_arg and %d-th yielded value have different type: '%s' != '%s'", i, i, ir.TypeString(a.Type()), ir.TypeString(yielded[i].Type()))
			}
		}
		for i, a := range args {
			if !ir.TypeEqual(a.Type(), op.Result(i).Type()) {
				// MLIR 19 names every such mismatch the 0-th.
				return op.Errorf("0-th region iter_arg and 0-th loop result have different type: '%s' != '%s'", ir.TypeString(a.Type()), ir.TypeString(op.Result(i).Type()))
			}
		}
		if len(body.Args()) == 0 || !ir.TypeEqual(body.Arg(0).Type(), op.Operand(0).Type()) {
			return op.Errorf("expected induction variable to be same type as bounds and step")
		}
		return nil
	},
}

// forForm is `scf.for %iv = %lb to %ub step %step [iter_args(%a = %init,
// ...) -> (T, ...)] [: type] { body } [attrs]`; the body's scf.yield is
// left out when the loop carries nothing.
var forForm = &ir.Format{
	Name: "%iv = %lb to %ub step %step [iter_args(%a = %v, ...) -> (T, ...)] [: T] { ... }",
	Parse: func(p ir.OpParser) *ir.Op {
		iv, ok := p.ParseArgument(false)
		if !ok || !p.Parse("=", "expected '='") || !p.ParseOperand() || !parseKeyword(p, "to") ||
			!p.ParseOperand() || !parseKeyword(p, "step") || !p.ParseOperand() {
			return nil
		}
		args := []ir.Argument{iv}
		var results []ir.Type
		if p.ParseOptionalKeyword("iter_args") {
			inner, ok := parseAssignments(p)
			if !ok || !p.Parse("->", "expected '->'") {
				return nil
			}
			args = append(args, inner...)
			if results = parseTypesMaybeParens(p); results == nil && p.Failed() {
				return nil
			}
		}
		if len(args) != len(results)+1 {
			p.ErrorAt(p.OpPos(), "mismatch in number of loop-carried values and defined values")
			return nil
		}
		t := ir.Type(ir.Index)
		if p.ParseOptional(":") {
			if t = p.ParseType(); t == nil {
				return nil
			}
		}
		args[0].Type = t
		for i := range results {
			args[i+1].Type = results[i]
		}
		body := p.ParseRegion(args)
		if body == nil {
			return nil
		}
		ir.EnsureTerminator(body, "scf.yield", p.OpPos())
		p.ParseOptionalAttrDict()
		return p.Build(append([]ir.Type{t, t, t}, results...), results)
	},
	Print: func(p ir.OpPrinter, op *ir.Op) bool {
		if !forPrintable(op) {
			return false
		}
		body := op.Region(0).Front()
		p.Str(" ")
		p.Operand(body.Arg(0))
		p.Str(" = ")
		p.Operand(op.Operand(0))
		p.Str(" to ")
		p.Operand(op.Operand(1))
		p.Str(" step ")
		p.Operand(op.Operand(2))
		inits := op.Operands()[3:]
		printAssignments(p, " iter_args", body.Args()[1:], inits)
		if len(inits) > 0 {
			p.Str(" -> (")
			p.Types(op.ResultTypes())
			p.Str(")")
		}
		p.Str(" ")
		if t := body.Arg(0).Type(); t != ir.Index {
			p.Str(" : ")
			p.Type(t)
			p.Str(" ")
		}
		p.Region(op.Region(0), false, len(inits) > 0)
		p.OptionalAttrDict(op.Attrs)
		return true
	},
}

// forPrintable reports whether the custom form of scf.for reads back as
// op: one typed value per bound and iter_arg, the yield implicit only
// when it carries nothing. (Other ops print in the generic form, as
// unverified IR may.)
func forPrintable(op *ir.Op) bool {
	if op.NumOperands() < 3 || op.NumRegions() != 1 || op.Region(0).NumBlocks() != 1 {
		return false
	}
	body := op.Region(0).Front()
	if len(body.Args()) != op.NumOperands()-2 || op.NumResults() != op.NumOperands()-3 {
		return false
	}
	for i := range 3 {
		if !ir.TypeEqual(op.Operand(i).Type(), body.Arg(0).Type()) {
			return false
		}
	}
	for k, r := range op.Results() {
		if !ir.TypeEqual(r.Type(), op.Operand(3+k).Type()) || !ir.TypeEqual(r.Type(), body.Arg(1+k).Type()) {
			return false
		}
	}
	return op.NumResults() > 0 || emptyYield(body)
}

// emptyYield reports whether b ends with an scf.yield of nothing, which
// a custom form may leave out.
func emptyYield(b *ir.Block) bool {
	y := b.Last()
	return y != nil && y.Name == "scf.yield" && y.NumOperands() == 0 && len(y.Attrs) == 0
}

// parseKeyword parses the bare word kw or fails with MLIR's message.
func parseKeyword(p ir.OpParser, kw string) bool {
	if p.ParseOptionalKeyword(kw) {
		return true
	}
	p.ErrorExpected("expected '%s'", kw)
	return false
}

// parseAssignments parses `(%a = %v, ...)`: the region arguments (typed
// later by the caller) and their initial values as operands.
func parseAssignments(p ir.OpParser) ([]ir.Argument, bool) {
	if !p.Parse("(", "expected '('") {
		return nil, false
	}
	var args []ir.Argument
	for !p.At(")") {
		a, ok := p.ParseArgument(false)
		if !ok || !p.Parse("=", "expected '='") || !p.ParseOperand() {
			return nil, false
		}
		args = append(args, a)
		if !p.ParseOptional(",") {
			break
		}
	}
	return args, p.Parse(")", "expected ')'")
}

// printAssignments writes `<prefix>(%a = %v, ...)`, nothing when empty.
func printAssignments(p ir.OpPrinter, prefix string, args, inits []*ir.Value) {
	if len(inits) == 0 {
		return
	}
	p.Str(prefix)
	p.Str("(")
	for i, a := range args {
		if i > 0 {
			p.Str(", ")
		}
		p.Operand(a)
		p.Str(" = ")
		p.Operand(inits[i])
	}
	p.Str(")")
}

// parseTypesMaybeParens parses `T` or `(T, ...)` (nil for `()`).
func parseTypesMaybeParens(p ir.OpParser) []ir.Type {
	if !p.ParseOptional("(") {
		if t := p.ParseType(); t != nil {
			return []ir.Type{t}
		}
		return nil
	}
	var ts []ir.Type
	if !p.At(")") {
		ts = p.ParseTypeList()
	}
	if !p.Parse(")", "expected ')'") {
		return nil
	}
	return ts
}

// whileRegionNames are the names of scf.while's regions in its messages.
var whileRegionNames = [2]string{"before", "after"}

// verifyWhile checks the shape of both regions and their terminators
// (MLIR's region constraints and WhileOp::verify).
func verifyWhile(op *ir.Op) *ir.Diagnostic {
	for i, r := range op.Regions() {
		if r.NumBlocks() != 1 {
			return op.Errorf("region #%d ('%s') failed to verify constraint: region with 1 blocks", i, whileRegionNames[i])
		}
	}
	for _, r := range op.Regions() {
		if r.Front().Empty() {
			return op.Errorf("expects a non-empty block")
		}
	}
	terms := [2]string{"scf.condition", "scf.yield"}
	for i, r := range op.Regions() {
		if last := r.Front().Last(); last.Name != terms[i] {
			d := op.Errorf("expects the '%s' region to terminate with '%s'", whileRegionNames[i], terms[i])
			d.Note(last.Pos, "terminator here")
			return d
		}
	}
	return nil
}

// whileRegions checks the values passed along each edge of the loop:
// into the before region, from it to the results and to the after region,
// and from the after region back.
var whileRegions = &ir.Trait{
	Name: "RegionBranchOpInterface",
	Doc:  "The values passed along each edge between the op and its regions match the types the target takes.",
	VerifyRegion: func(op *ir.Op) *ir.Diagnostic {
		before, after := op.Region(0).Front(), op.Region(1).Front()
		cond, yield := before.Last(), after.Last()
		if d := edgeError(op, "parent operands", "Region #0", op.Operands(), argTypes(before)); d != nil {
			return d
		}
		if cond.NumOperands() < 1 {
			return nil
		}
		args := cond.Operands()[1:]
		if d := edgeError(op, "Region #0", "parent results", args, op.ResultTypes()); d != nil {
			return d
		}
		if d := edgeError(op, "Region #0", "Region #1", args, argTypes(after)); d != nil {
			return d
		}
		return edgeError(op, "Region #1", "Region #0", yield.Operands(), argTypes(before))
	},
}

func argTypes(b *ir.Block) []ir.Type {
	ts := make([]ir.Type, len(b.Args()))
	for i, a := range b.Args() {
		ts[i] = a.Type()
	}
	return ts
}

// whileForm is `scf.while [(%a = %v, ...)] : (T, ...) -> R { before } do
// { after } [attributes {...}]`.
var whileForm = &ir.Format{
	Name: "[(%a = %v, ...)] : (T, ...) -> R { ... } do { ... }",
	Parse: func(p ir.OpParser) *ir.Op {
		var args []ir.Argument
		if p.At("(") {
			var ok bool
			if args, ok = parseAssignments(p); !ok {
				return nil
			}
		}
		at := p.Pos()
		t := p.ParseColonType("a function type")
		if t == nil {
			return nil
		}
		ft, ok := t.(*ir.FuncType)
		if !ok {
			p.ErrorAt(at, "invalid kind of type specified: expected builtin.function, but found '%s'", ir.TypeString(t))
			return nil
		}
		if len(ft.Inputs) != len(args) {
			p.ErrorAt(at, "expected as many input types as operands (expected %d got %d)", len(args), len(ft.Inputs))
			return nil
		}
		for i := range args {
			args[i].Type = ft.Inputs[i]
		}
		if p.ParseRegion(args) == nil || !parseKeyword(p, "do") || p.ParseRegion(nil) == nil {
			return nil
		}
		if p.ParseOptionalKeyword("attributes") && !p.At("{") {
			p.ErrorExpected("expected '{'")
			return nil
		}
		p.ParseOptionalAttrDict()
		return p.Build(ft.Inputs, ft.Results)
	},
	Print: func(p ir.OpPrinter, op *ir.Op) bool {
		if op.NumRegions() != 2 || op.Region(0).NumBlocks() != 1 || op.Region(1).NumBlocks() != 1 || len(op.Region(0).Front().Args()) != op.NumOperands() ||
			op.Region(0).Front().Empty() || op.Region(1).Front().Empty() {
			return false
		}
		for i, v := range op.Operands() {
			if !ir.TypeEqual(v.Type(), op.Region(0).Front().Arg(i).Type()) {
				return false
			}
		}
		printAssignments(p, " ", op.Region(0).Front().Args(), op.Operands())
		p.Str(" : ")
		p.FunctionalType(op)
		p.Str(" ")
		p.Region(op.Region(0), false, true)
		p.Str(" do ")
		p.Region(op.Region(1), true, true)
		if len(op.Attrs) > 0 {
			p.Str(" attributes")
			p.OptionalAttrDict(op.Attrs)
		}
		return true
	},
}

// conditionForm is `scf.condition(%cond) [attrs] [%v, ... : T, ...]`.
var conditionForm = &ir.Format{
	Name: "(%cond) [%v, ... : T, ...]",
	Parse: func(p ir.OpParser) *ir.Op {
		if !p.Parse("(", "expected '('") || !p.ParseOperand() || !p.Parse(")", "expected ')'") {
			return nil
		}
		p.ParseOptionalAttrDict()
		if !p.ParseOptionalOperands() {
			return nil
		}
		types := []ir.Type{ir.I1}
		if p.NumOperands() > 1 {
			if !p.Parse(":", "expected ':'") {
				return nil
			}
			types = append(types, p.ParseTypeList()...)
		}
		return p.Build(types, nil)
	},
	Print: func(p ir.OpPrinter, op *ir.Op) bool {
		if op.NumOperands() < 1 || op.Operand(0).Type() != ir.I1 {
			return false
		}
		p.Str("(")
		p.Operand(op.Operand(0))
		p.Str(")")
		p.OptionalAttrDict(op.Attrs)
		if op.NumOperands() > 1 {
			p.Str(" ")
			p.Operands(op.Operands()[1:])
			p.Str(" : ")
			for i, v := range op.Operands()[1:] {
				if i > 0 {
					p.Str(", ")
				}
				p.Type(v.Type())
			}
		}
		return true
	},
}
