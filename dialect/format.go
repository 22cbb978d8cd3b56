package dialect

import (
	"slices"
	"strings"

	"github.com/tirc/tirc/ir"
)

// The custom assembly forms of the ops, written with ir's OpParser and
// OpPrinter, each form's parser and printer side by side so they stay
// inverse. A row names its form in its Format field; an op that does not
// fit its form (broken IR) prints in generic form.

// SameTypeForm is `op %a, %b [fastmath<..>] [overflow<..>] [{attrs}] : T`,
// operands and results all of type T (arith.addf, arith.negf).
var SameTypeForm = &ir.Format{
	Name:  "%a, %b : T",
	Parse: func(p ir.OpParser) *ir.Op { return parseSameType(p, -1) },
	Print: printSameType,
}

// sameTypeForm is SameTypeForm for an op of n operands: as MLIR's
// generated parsers, it reads exactly n and then expects ':'
// (`arith.addf %a, %a, %a : f32` is "expected ':'").
func sameTypeForm(n int) *ir.Format {
	return &ir.Format{
		Name:  SameTypeForm.Name,
		Parse: func(p ir.OpParser) *ir.Op { return parseSameType(p, n) },
		Print: func(p ir.OpPrinter, op *ir.Op) bool { return op.NumOperands() == n && printSameType(p, op) },
	}
}

// parseSameType parses SameTypeForm with n operands, or any number when n
// is negative.
func parseSameType(p ir.OpParser, n int) *ir.Op {
	if n < 0 {
		p.ParseOperands()
	}
	for i := 0; i < n; i++ {
		if i > 0 && !p.Parse(",", "expected ','") {
			return nil
		}
		p.ParseOperand()
	}
	parseFlags(p)
	p.ParseOptionalAttrDict()
	t := p.ParseColonType("the type of '{op}'")
	if t == nil {
		return nil
	}
	return p.Build(p.SameTypes(t, p.NumOperands()), []ir.Type{t})
}

func printSameType(p ir.OpPrinter, op *ir.Op) bool {
	if op.NumResults() != 1 || op.NumOperands() == 0 {
		return false
	}
	t := op.Result(0).Type()
	for _, v := range op.Operands() {
		if !ir.TypeEqual(v.Type(), t) {
			return false
		}
	}
	p.Str(" ")
	p.Operands(op.Operands())
	if !printFlags(p, op) {
		return false
	}
	p.Str(" : ")
	p.Type(t)
	return true
}

// The optional flag clauses of arith ops, kept as opaque attributes
// (#arith.fastmath<fast>, #arith.overflow<nsw>) under these names; the
// default value (none) is not printed.
var flagClauses = []struct{ attr, keyword string }{
	{"fastmath", "fastmath"},
	{"overflowFlags", "overflow"},
}

func parseFlags(p ir.OpParser) {
	for _, c := range flagClauses {
		if text, ok := p.ParseOptionalAngleKeyword(c.keyword); ok {
			if c.keyword == "fastmath" {
				text = canonFastmath(text)
			}
			p.SetAttr(c.attr, &ir.OpaqueAttr{Text: "#arith." + text})
		}
	}
}

// fastmathFlags are arith's fast-math flags in the order MLIR prints them.
var fastmathFlags = []string{"reassoc", "nnan", "ninf", "nsz", "arcp", "contract", "afn"}

// canonFastmath spells `fastmath<...>` as MLIR prints it: the flags in
// their order, all of them as `fast`, none as `none`
// (`fastmath<reassoc,nnan,ninf,nsz,arcp,contract,afn>` is
// `fastmath<fast>`). Text with an unknown flag is kept as written.
func canonFastmath(text string) string {
	inner := strings.TrimSuffix(strings.TrimPrefix(text, "fastmath<"), ">")
	set := map[string]bool{}
	for _, f := range strings.Split(inner, ",") {
		switch f = strings.TrimSpace(f); {
		case f == "fast":
			for _, g := range fastmathFlags {
				set[g] = true
			}
		case f == "none":
		case slices.Contains(fastmathFlags, f):
			set[f] = true
		default:
			return text
		}
	}
	var on []string
	for _, f := range fastmathFlags {
		if set[f] {
			on = append(on, f)
		}
	}
	switch len(on) {
	case 0:
		return "fastmath<none>"
	case len(fastmathFlags):
		return "fastmath<fast>"
	}
	return "fastmath<" + strings.Join(on, ",") + ">"
}

// printFlags prints the flag clauses; false when op has another attribute
// (the form has no room for it) or a flag attribute of another shape.
func printFlags(p ir.OpPrinter, op *ir.Op) bool {
	var texts [2]string
	for _, na := range op.Attrs {
		i := 0
		for i < len(flagClauses) && flagClauses[i].attr != na.Name {
			i++
		}
		if i == len(flagClauses) {
			return false
		}
		o, ok := na.Value.(*ir.OpaqueAttr)
		prefix := "#arith." + flagClauses[i].keyword + "<"
		if !ok || !strings.HasPrefix(o.Text, prefix) {
			return false
		}
		texts[i] = o.Text[len("#arith."):]
	}
	for i, t := range texts {
		if t != "" && t != flagClauses[i].keyword+"<none>" {
			p.Str(" ")
			p.Str(t)
		}
	}
	return true
}

// CastForm is `op %x [{attrs}] : T1 to T2` (tensor.cast, arith.extf).
var CastForm = &ir.Format{
	Name: "%x : T1 to T2",
	Parse: func(p ir.OpParser) *ir.Op {
		p.ParseOperand()
		p.ParseOptionalAttrDict()
		from := p.ParseColonType("the source type of '{op}'")
		if from == nil {
			return nil
		}
		if !p.ParseOptionalKeyword("to") {
			p.Errorf("expected 'to' and the result type of '%s'", p.Name())
			return nil
		}
		to := p.ParseType()
		if to == nil {
			return nil
		}
		return p.Build([]ir.Type{from}, []ir.Type{to})
	},
	Print: func(p ir.OpPrinter, op *ir.Op) bool {
		if op.NumResults() != 1 || op.NumOperands() != 1 {
			return false
		}
		p.Str(" ")
		p.Operand(op.Operand(0))
		p.OptionalAttrDict(op.Attrs)
		p.Str(" : ")
		p.Type(op.Operand(0).Type())
		p.Str(" to ")
		p.Type(op.Result(0).Type())
		return true
	},
}

// ConstantForm is `op [{attrs}] value`, the result type being the
// value's (arith.constant 1.0 : f32).
var ConstantForm = &ir.Format{
	Name: "value",
	Parse: func(p ir.OpParser) *ir.Op {
		p.ParseOptionalAttrDict()
		at := p.Pos()
		v := p.ParseAttr()
		if v == nil {
			return nil
		}
		t := ir.ConstantType(v)
		if t == nil {
			p.ErrorAt(at, "'%s' needs a typed value such as 1.0 : f32 or dense<...> : tensor<...>", p.Name())
			return nil
		}
		p.SetAttr("value", v)
		return p.Build(nil, []ir.Type{t})
	},
	Print: func(p ir.OpPrinter, op *ir.Op) bool {
		if op.NumResults() != 1 || op.NumOperands() != 0 {
			return false
		}
		v := op.Attr("value")
		if v == nil || !ir.TypeEqual(ir.ConstantType(v), op.Result(0).Type()) {
			return false
		}
		p.OptionalAttrDict(op.Attrs, "value") // `arith.constant {attrs} 43 : index`, as MLIR
		p.Str(" ")
		p.Attr(v)
		return true
	},
}

// CallForm is `op @callee(%a, ...) [{attrs}] : (T, ...) -> R` (func.call).
var CallForm = &ir.Format{
	Name: "@callee(%a) : (T) -> R",
	Parse: func(p ir.OpParser) *ir.Op {
		callee, ok := p.ParseSymbol("expected the callee like @f after '{op}'")
		if !ok || !p.Parse("(", "expected '(' to begin the call arguments") {
			return nil
		}
		p.ParseOptionalOperands()
		if !p.Parse(")", "expected ')' to end the call arguments") {
			return nil
		}
		p.ParseOptionalAttrDict()
		if !p.Parse(":", "expected ':' and the callee's function type") {
			return nil
		}
		ins, outs, ok := p.ParseFunctionalType()
		if !ok {
			return nil
		}
		p.SetAttr("callee", ir.SymbolRefAttr(callee))
		return p.Build(ins, outs)
	},
	Print: func(p ir.OpPrinter, op *ir.Op) bool {
		callee, ok := op.Attr("callee").(ir.SymbolRefAttr)
		if !ok || len(op.Attrs) != 1 {
			return false
		}
		p.Str(" ")
		p.Attr(callee)
		p.Str("(")
		p.Operands(op.Operands())
		p.Str(") : ")
		p.FunctionalType(op)
		return true
	},
}

// ReturnForm is `op [%a, ... : T, ...]` (func.return).
var ReturnForm = &ir.Format{
	Name: "%a, %b : T1, T2",
	Parse: func(p ir.OpParser) *ir.Op {
		p.ParseOptionalAttrDict()
		p.ParseOptionalOperands()
		var ins []ir.Type
		if n := p.NumOperands(); n > 0 {
			if !p.Parse(":", "expected ':' and the types of the returned values") {
				return nil
			}
			at := p.Pos()
			if ins = p.ParseTypeList(); ins == nil {
				return nil
			}
			if len(ins) != n {
				p.ErrorAt(at, "expected %d type%s for the returned values but had %d", n, plural(n), len(ins))
				return nil
			}
		}
		return p.Build(ins, nil)
	},
	Print: func(p ir.OpPrinter, op *ir.Op) bool {
		if op.NumResults() != 0 || len(op.Attrs) != 0 {
			return false
		}
		if op.NumOperands() > 0 {
			p.Str(" ")
			p.Operands(op.Operands())
			p.Str(" : ")
			p.Types(op.OperandTypes())
		}
		return true
	},
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// CmpForm is `op pred, %a, %b [{attrs}] : T` with the result i1-shaped
// like T and pred one of the row's Predicates, stored as the index in an
// i64 `predicate` attribute (arith.cmpi, arith.cmpf). The result type is
// inferred from T, so T is checked against the lhs constraint c while
// parsing, as MLIR does ("custom op 'arith.cmpi' 'lhs' must be ...").
func CmpForm(c Constraint) *ir.Format {
	return &ir.Format{
		Name:  cmpFormName,
		Parse: func(p ir.OpParser) *ir.Op { return parseCmp(p, c) },
		Print: func(p ir.OpPrinter, op *ir.Op) bool {
			// what the parser refuses prints in generic form
			if c.Match != nil && op.NumOperands() > 0 && !c.Match(op.Operand(0).Type()) {
				return false
			}
			return printCmp(p, op)
		},
	}
}

const cmpFormName = "pred, %a, %b : T"

func parseCmp(p ir.OpParser, c Constraint) *ir.Op {
	preds := p.Def().Predicates
	at := p.Pos()
	// MLIR's message for a missing or unknown enum keyword.
	const msg = "custom op '{op}' expected string or keyword containing one of the following enum values for attribute 'predicate' [%s]"
	pred, ok := p.ParseKeywordOrString()
	if !ok {
		p.Errorf(msg, strings.Join(preds, ", "))
		return nil
	}
	idx := slices.Index(preds, pred)
	if idx < 0 {
		p.ErrorAt(at, msg, strings.Join(preds, ", "))
		return nil
	}
	if !p.Parse(",", "expected ',' after the predicate") {
		return nil
	}
	p.ParseOperands()
	parseFlags(p)
	p.ParseOptionalAttrDict()
	t := p.ParseColonType("the operand type of '{op}'")
	if t == nil {
		return nil
	}
	if c.Match != nil && !c.Match(t) {
		p.ErrorAt(p.OpPos(), "custom op '{op}' 'lhs' must be %s, but got '%s'", c.Desc, ir.TypeString(t))
		return nil
	}
	p.SetAttr("predicate", ir.Int(int64(idx)))
	return p.Build(p.SameTypes(t, p.NumOperands()), []ir.Type{ir.CmpResultType(t)})
}

func printCmp(p ir.OpPrinter, op *ir.Op) bool {
	preds := op.Def.Predicates
	pred, ok := op.Attr("predicate").(*ir.IntAttr)
	if !ok || pred.Type != ir.I64 || pred.Value < 0 || int(pred.Value) >= len(preds) ||
		op.NumResults() != 1 || op.NumOperands() == 0 {
		return false
	}
	flags := ""
	for _, na := range op.Attrs {
		text := na.Value.String()
		switch {
		case na.Name == "predicate":
		case na.Name == "fastmath" && strings.HasPrefix(text, "#arith.fastmath<"):
			if text != "#arith.fastmath<none>" {
				flags = " " + strings.TrimPrefix(text, "#arith.")
			}
		default:
			return false
		}
	}
	t := op.Operand(0).Type()
	for _, v := range op.Operands() {
		if !ir.TypeEqual(v.Type(), t) {
			return false
		}
	}
	if !ir.TypeEqual(op.Result(0).Type(), ir.CmpResultType(t)) {
		return false
	}
	p.Str(" ")
	p.Str(preds[pred.Value])
	p.Str(", ")
	p.Operands(op.Operands())
	p.Str(flags)
	p.Str(" : ")
	p.Type(t)
	return true
}

// SelectForm is `op %c, %a, %b [{attrs}] : T` (i1 condition) or
// `: C, T` (arith.select).
var SelectForm = &ir.Format{
	Name: "%c, %a, %b : T",
	Parse: func(p ir.OpParser) *ir.Op {
		p.ParseOperands()
		if p.Failed() {
			return nil
		}
		if n := p.NumOperands(); n != 3 {
			p.Errorf("'%s' takes 3 operands (condition, true value, false value), found %d", p.Name(), n)
			return nil
		}
		p.ParseOptionalAttrDict()
		t := p.ParseColonType("the types of '{op}'")
		var cond ir.Type = ir.I1
		if p.ParseOptional(",") {
			cond, t = t, p.ParseType()
		}
		if t == nil {
			return nil
		}
		return p.Build([]ir.Type{cond, t, t}, []ir.Type{t})
	},
	Print: func(p ir.OpPrinter, op *ir.Op) bool {
		if op.NumOperands() != 3 || op.NumResults() != 1 || len(op.Attrs) != 0 {
			return false
		}
		t := op.Result(0).Type()
		if !ir.TypeEqual(op.Operand(1).Type(), t) || !ir.TypeEqual(op.Operand(2).Type(), t) {
			return false
		}
		p.Str(" ")
		p.Operands(op.Operands())
		p.Str(" : ")
		if c := op.Operand(0).Type(); c != ir.I1 {
			p.Type(c)
			p.Str(", ")
		}
		p.Type(t)
		return true
	},
}

// FunctionalTypeForm is `op %a, %b [{attrs}] : (T1, T2) -> R` printed
// with the functional type always, as mlir-opt-19 prints TOSA's ops
// (`tosa.exp %x : (tensor<4xf32>) -> tensor<4xf32>`); it parses as
// FunctionalForm.
var FunctionalTypeForm = &ir.Format{
	Name:  "%a, %b : (T1, T2) -> R",
	Parse: parseFunctional,
	Print: func(p ir.OpPrinter, op *ir.Op) bool { return printFunctional(p, op, false) },
}

// FunctionalForm is `op %a, %b [{attrs}] : (T1, T2) -> R`, MLIR's
// `operands attr-dict : functional-type(operands, results)` (tir's and
// TOSA's ops). A single type `: T` is accepted for all operands and the
// result alike, and printed so for an op with one operand whose type is
// the result's (`tir.exp %x : tensor<4xf32>`).
var FunctionalForm = &ir.Format{
	Name:  "%a, %b : (T1, T2) -> R",
	Parse: parseFunctional,
	Print: func(p ir.OpPrinter, op *ir.Op) bool { return printFunctional(p, op, true) },
}

func parseFunctional(p ir.OpParser) *ir.Op {
	p.ParseOptionalOperands()
	p.ParseOptionalAttrDict()
	if !p.Parse(":", "expected ':' and the types of '{op}'") {
		return nil
	}
	if !p.At("(") {
		t := p.ParseType()
		if t == nil {
			return nil
		}
		return p.Build(p.SameTypes(t, p.NumOperands()), []ir.Type{t})
	}
	ins, outs, ok := p.ParseFunctionalType()
	if !ok {
		return nil
	}
	return p.Build(ins, outs)
}

// printFunctional prints the functional form; short prints `: T` for an
// op with one operand of its result's type.
func printFunctional(p ir.OpPrinter, op *ir.Op, short bool) bool {
	if op.NumOperands() > 0 {
		p.Str(" ")
		p.Operands(op.Operands())
	}
	p.OptionalAttrDict(op.Attrs)
	p.Str(" : ")
	if short && op.NumOperands() == 1 && op.NumResults() == 1 && ir.TypeEqual(op.Operand(0).Type(), op.Result(0).Type()) {
		p.Type(op.Result(0).Type())
		return true
	}
	p.FunctionalType(op)
	return true
}

// AddExtendedForm is `op %a, %b [{attrs}] : T, C`: two operands and the
// sum of type T, the carry of type C (arith.addui_extended).
var AddExtendedForm = &ir.Format{
	Name: "%a, %b : T, C",
	Parse: func(p ir.OpParser) *ir.Op {
		p.ParseOperands()
		p.ParseOptionalAttrDict()
		t := p.ParseColonType("the types of '{op}'")
		if t == nil || !p.Parse(",", "expected ',' and the type of the overflow result of '{op}'") {
			return nil
		}
		c := p.ParseType()
		if c == nil {
			return nil
		}
		return p.Build(p.SameTypes(t, p.NumOperands()), []ir.Type{t, c})
	},
	Print: func(p ir.OpPrinter, op *ir.Op) bool {
		if op.NumOperands() != 2 || op.NumResults() != 2 || len(op.Attrs) != 0 {
			return false
		}
		t := op.Result(0).Type()
		if !ir.TypeEqual(op.Operand(0).Type(), t) || !ir.TypeEqual(op.Operand(1).Type(), t) {
			return false
		}
		p.Str(" ")
		p.Operands(op.Operands())
		p.Str(" : ")
		p.Type(t)
		p.Str(", ")
		p.Type(op.Result(1).Type())
		return true
	},
}

// MulExtendedForm is `op %a, %b [{attrs}] : T`: operands and both results
// of type T (arith.mulsi_extended, arith.mului_extended).
var MulExtendedForm = &ir.Format{
	Name: "%a, %b : T",
	Parse: func(p ir.OpParser) *ir.Op {
		p.ParseOperands()
		p.ParseOptionalAttrDict()
		t := p.ParseColonType("the type of '{op}'")
		if t == nil {
			return nil
		}
		return p.Build(p.SameTypes(t, p.NumOperands()), []ir.Type{t, t})
	},
	Print: func(p ir.OpPrinter, op *ir.Op) bool {
		if op.NumOperands() != 2 || op.NumResults() != 2 || len(op.Attrs) != 0 {
			return false
		}
		t := op.Result(0).Type()
		for _, v := range append(op.Operands(), op.Results()...) {
			if !ir.TypeEqual(v.Type(), t) {
				return false
			}
		}
		p.Str(" ")
		p.Operands(op.Operands())
		p.OptionalAttrDict(op.Attrs)
		p.Str(" : ")
		p.Type(t)
		return true
	},
}
