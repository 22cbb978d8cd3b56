package ir

import (
	"strings"
)

// This file holds the custom assembly forms (Format) of the MLIR ops tirc
// knows: each form's parser and printer side by side, so they stay inverse.
// An op that does not fit its form (broken IR) prints in generic form.

// parseCustomOp parses an op written in custom form, e.g.
// `arith.addf %a, %b : tensor<4xf32>` or `return %x : tensor<4xf32>`.
func (p *parser) parseCustomOp() *Op {
	nameTok := p.tok
	word := string(p.text(nameTok))
	name := word
	if !strings.Contains(name, ".") {
		name = "func." + name // the default dialect inside a function
	}
	def := LookupOp(name)
	if def == nil {
		if word == "func.func" || word == "module" {
			p.failAt(nameTok, "'%s' is only allowed at the top level", word)
			return nil
		}
		p.failAt(nameTok, "custom op '%s' is unknown", word)
		if s := SuggestOpName(name); s != "" && p.err != nil {
			p.err.Fix = "did you mean '" + s + "'?"
		}
		return nil
	}
	if def.Format == FormatGeneric {
		p.failAt(nameTok, "'%s' has no custom assembly form; write it in generic form: \"%s\"(...) : (...) -> ...", name, name)
		return nil
	}
	p.next()
	pos := p.posOf(nameTok)
	switch def.Format {
	case FormatSameType:
		return p.parseSameTypeForm(name, def, pos)
	case FormatCast:
		return p.parseCastForm(name, def, pos)
	case FormatConstant:
		return p.parseConstantForm(name, def, pos)
	case FormatCall:
		return p.parseCallForm(name, def, pos)
	case FormatReturn:
		return p.parseReturnForm(name, def, pos)
	case FormatCmp:
		return p.parseCmpForm(name, def, pos)
	case FormatSelect:
		return p.parseSelectForm(name, def, pos)
	}
	p.failAt(nameTok, "internal error: unknown assembly format for '%s'", name)
	return nil
}

// parseOperandRefs parses a comma-separated list of at least one value.
func (p *parser) parseOperandRefs() []valueRef {
	var refs []valueRef
	for {
		r, ok := p.parseValueRef()
		if !ok {
			return nil
		}
		refs = append(refs, r)
		if !p.consume(tComma) {
			return refs
		}
	}
}

// parseOptionalAttrDict parses `{...}` if present, merging into attrs.
func (p *parser) parseOptionalAttrDict(attrs *Attrs) {
	if p.is(tLBrace) {
		for _, na := range p.parseAttrDict() {
			attrs.Set(na.Name, na.Value)
		}
	}
}

// parseFastmath parses arith's optional `fastmath<flags>` clause.
func (p *parser) parseFastmath(attrs *Attrs) {
	if !p.isKeyword("fastmath") {
		return
	}
	kw := p.tok
	p.next()
	if !p.is(tLess) || p.tok.start != kw.end {
		p.failExpected("expected '<' after 'fastmath'")
		return
	}
	start := p.tok.start
	end := p.skipAngleGroup()
	if !p.failed() {
		attrs.Set("fastmath", &OpaqueAttr{Text: "#arith.fastmath" + string(p.src.Data[start:end])})
	}
}

// FormatSameType: `op %a, %b [fastmath<..>] [{attrs}] : T`.
func (p *parser) parseSameTypeForm(name string, def *OpDef, pos Pos) *Op {
	refs := p.parseOperandRefs()
	var attrs Attrs
	p.parseFastmath(&attrs)
	p.parseOptionalAttrDict(&attrs)
	if !p.expect(tColon, "expected ':' and the type of '"+name+"'") {
		return nil
	}
	t := p.parseType()
	if t == nil || p.failed() {
		return nil
	}
	ins := make([]Type, len(refs))
	for i := range ins {
		ins[i] = t
	}
	op := p.newOp(name, def, pos, refs, ins, []Type{t})
	if op != nil {
		op.Attrs = attrs
	}
	return op
}

func (pr *printer) printSameTypeForm(op *Op) bool {
	if len(op.results) != 1 || len(op.operands) == 0 {
		return false
	}
	t := op.results[0].typ
	for _, v := range op.operands {
		if v == nil || !TypeEqual(v.typ, t) {
			return false
		}
	}
	var fm string
	for _, na := range op.Attrs {
		if na.Name != "fastmath" {
			return false
		}
		o, ok := na.Value.(*OpaqueAttr)
		if !ok || !strings.HasPrefix(o.Text, "#arith.fastmath<") {
			return false
		}
		fm = o.Text[len("#arith."):]
	}
	pr.str(op.Name)
	pr.str(" ")
	pr.valueList(op.operands)
	if fm != "" && fm != "fastmath<none>" {
		pr.str(" ")
		pr.str(fm)
	}
	pr.str(" : ")
	pr.typ(t)
	return true
}

// FormatCast: `op %x [{attrs}] : T1 to T2`.
func (p *parser) parseCastForm(name string, def *OpDef, pos Pos) *Op {
	ref, ok := p.parseValueRef()
	if !ok {
		return nil
	}
	var attrs Attrs
	p.parseOptionalAttrDict(&attrs)
	if !p.expect(tColon, "expected ':' and the source type of '"+name+"'") {
		return nil
	}
	from := p.parseType()
	if p.failed() {
		return nil
	}
	if !p.isKeyword("to") {
		p.failAt(p.tok, "expected 'to' and the result type of '%s'", name)
		return nil
	}
	p.next()
	to := p.parseType()
	if p.failed() {
		return nil
	}
	op := p.newOp(name, def, pos, []valueRef{ref}, []Type{from}, []Type{to})
	if op != nil {
		op.Attrs = attrs
	}
	return op
}

func (pr *printer) printCastForm(op *Op) bool {
	if len(op.results) != 1 || len(op.operands) != 1 || op.operands[0] == nil || len(op.Attrs) > 0 {
		return false
	}
	pr.str(op.Name)
	pr.str(" ")
	pr.value(op.operands[0])
	pr.str(" : ")
	pr.typ(op.operands[0].typ)
	pr.str(" to ")
	pr.typ(op.results[0].typ)
	return true
}

// ConstantType returns the type of a constant's value attribute, or nil.
func ConstantType(a Attr) Type {
	switch x := a.(type) {
	case *IntAttr:
		return x.Type
	case *FloatAttr:
		return x.Type
	case *DenseAttr:
		return x.Type
	}
	return nil
}

// FormatConstant: `op [{attrs}] value`, the result type being the value's.
func (p *parser) parseConstantForm(name string, def *OpDef, pos Pos) *Op {
	var attrs Attrs
	p.parseOptionalAttrDict(&attrs)
	valTok := p.tok
	v := p.parseAttr()
	if p.failed() {
		return nil
	}
	t := ConstantType(v)
	if t == nil {
		p.failAt(valTok, "'%s' needs a typed value such as 1.0 : f32 or dense<...> : tensor<...>", name)
		return nil
	}
	attrs.Set("value", v)
	op := p.newOp(name, def, pos, nil, nil, []Type{t})
	if op != nil {
		op.Attrs = attrs
	}
	return op
}

func (pr *printer) printConstantForm(op *Op) bool {
	if len(op.results) != 1 || len(op.operands) != 0 || len(op.Attrs) != 1 {
		return false
	}
	v := op.Attrs.Get("value")
	if v == nil || !TypeEqual(ConstantType(v), op.results[0].typ) {
		return false
	}
	pr.str(op.Name)
	pr.str(" ")
	pr.attr(v)
	return true
}

// FormatCall: `op @callee(%a, ...) [{attrs}] : (T, ...) -> R`.
func (p *parser) parseCallForm(name string, def *OpDef, pos Pos) *Op {
	if !p.is(tAtIdent) {
		p.failExpected("expected the callee like @f after '%s'", name)
		return nil
	}
	callee := p.symbolName(p.tok)
	p.next()
	if !p.expect(tLParen, "expected '(' to begin the call arguments") {
		return nil
	}
	var refs []valueRef
	if !p.is(tRParen) {
		refs = p.parseOperandRefs()
	}
	if !p.expect(tRParen, "expected ')' to end the call arguments") {
		return nil
	}
	var attrs Attrs
	p.parseOptionalAttrDict(&attrs)
	ins, outs, ok := p.parseOpFuncType(len(refs), "expected ':' and the callee's function type")
	if !ok {
		return nil
	}
	attrs.Set("callee", SymbolRefAttr(callee))
	op := p.newOp(name, def, pos, refs, ins, outs)
	if op != nil {
		op.Attrs = attrs
	}
	return op
}

func (pr *printer) printCallForm(op *Op) bool {
	callee, ok := op.Attrs.Get("callee").(SymbolRefAttr)
	if !ok || len(op.Attrs) != 1 {
		return false
	}
	for _, v := range op.operands {
		if v == nil {
			return false
		}
	}
	if op.Name == "func.call" {
		pr.str("call ")
	} else {
		pr.str(op.Name)
		pr.str(" ")
	}
	pr.attr(callee)
	pr.str("(")
	pr.valueList(op.operands)
	pr.str(") : (")
	pr.typeList(op.OperandTypes())
	pr.str(") -> ")
	pr.results(op.ResultTypes())
	return true
}

// FormatReturn: `op [%a, ... : T, ...]`.
func (p *parser) parseReturnForm(name string, def *OpDef, pos Pos) *Op {
	var attrs Attrs
	p.parseOptionalAttrDict(&attrs)
	var refs []valueRef
	var ins []Type
	if p.is(tPercentIdent) {
		refs = p.parseOperandRefs()
		if !p.expect(tColon, "expected ':' and the types of the returned values") {
			return nil
		}
		typePos := p.tok
		for {
			ins = append(ins, p.parseType())
			if p.failed() {
				return nil
			}
			if !p.consume(tComma) {
				break
			}
		}
		if len(ins) != len(refs) {
			p.failAt(typePos, "expected %d type%s for the returned values but had %d", len(refs), plural(len(refs)), len(ins))
			return nil
		}
	}
	op := p.newOp(name, def, pos, refs, ins, nil)
	if op != nil {
		op.Attrs = attrs
	}
	return op
}

func (pr *printer) printReturnForm(op *Op) bool {
	if len(op.results) != 0 || len(op.Attrs) != 0 {
		return false
	}
	for _, v := range op.operands {
		if v == nil {
			return false
		}
	}
	if op.Name == "func.return" {
		pr.str("return")
	} else {
		pr.str(op.Name)
	}
	if len(op.operands) > 0 {
		pr.str(" ")
		pr.valueList(op.operands)
		pr.str(" : ")
		pr.typeList(op.OperandTypes())
	}
	return true
}

// CmpResultType is the result type of a comparison of values of type t:
// i1 with t's shape.
func CmpResultType(t Type) Type { return WithElem(t, I1) }

// FormatCmp: `op pred, %a, %b [{attrs}] : T`.
func (p *parser) parseCmpForm(name string, def *OpDef, pos Pos) *Op {
	predTok := p.tok
	var pred string
	switch p.tok.kind {
	case tBareIdent:
		pred = p.tokText()
	case tString:
		raw := p.text(p.tok)
		pred = unquote(raw[1 : len(raw)-1])
	default:
		p.failAt(p.tok, "expected a predicate (%s) after '%s'", strings.Join(def.Predicates, ", "), name)
		return nil
	}
	idx := -1
	for i, s := range def.Predicates {
		if s == pred {
			idx = i
		}
	}
	if idx < 0 {
		p.failAt(predTok, "unknown predicate '%s' for '%s': expected one of %s", pred, name, strings.Join(def.Predicates, ", "))
		return nil
	}
	p.next()
	if !p.expect(tComma, "expected ',' after the predicate") {
		return nil
	}
	refs := p.parseOperandRefs()
	var attrs Attrs
	p.parseFastmath(&attrs)
	p.parseOptionalAttrDict(&attrs)
	if !p.expect(tColon, "expected ':' and the operand type of '"+name+"'") {
		return nil
	}
	t := p.parseType()
	if p.failed() {
		return nil
	}
	attrs.Set("predicate", Int(int64(idx)))
	ins := make([]Type, len(refs))
	for i := range ins {
		ins[i] = t
	}
	op := p.newOp(name, def, pos, refs, ins, []Type{CmpResultType(t)})
	if op != nil {
		op.Attrs = attrs
	}
	return op
}

func (pr *printer) printCmpForm(op *Op) bool {
	pred, ok := op.Attrs.Get("predicate").(*IntAttr)
	if !ok || pred.Type != I64 || pred.Value < 0 || int(pred.Value) >= len(op.Def.Predicates) ||
		len(op.results) != 1 || len(op.operands) == 0 {
		return false
	}
	for _, na := range op.Attrs {
		if na.Name != "predicate" && !(na.Name == "fastmath" && na.Value.String() == "#arith.fastmath<none>") {
			return false
		}
	}
	t := op.operands[0]
	for _, v := range op.operands {
		if v == nil || !TypeEqual(v.typ, t.typ) {
			return false
		}
	}
	if !TypeEqual(op.results[0].typ, CmpResultType(t.typ)) {
		return false
	}
	pr.str(op.Name)
	pr.str(" ")
	pr.str(op.Def.Predicates[pred.Value])
	pr.str(", ")
	pr.valueList(op.operands)
	pr.str(" : ")
	pr.typ(t.typ)
	return true
}

// FormatSelect: `op %c, %a, %b [{attrs}] : T` (i1 condition) or `: C, T`.
func (p *parser) parseSelectForm(name string, def *OpDef, pos Pos) *Op {
	refs := p.parseOperandRefs()
	if p.failed() {
		return nil
	}
	if len(refs) != 3 {
		p.failAt(p.tok, "'%s' takes 3 operands (condition, true value, false value), found %d", name, len(refs))
		return nil
	}
	var attrs Attrs
	p.parseOptionalAttrDict(&attrs)
	if !p.expect(tColon, "expected ':' and the types of '"+name+"'") {
		return nil
	}
	t := p.parseType()
	var cond Type = I1
	if p.consume(tComma) {
		cond, t = t, p.parseType()
	}
	if p.failed() {
		return nil
	}
	op := p.newOp(name, def, pos, refs, []Type{cond, t, t}, []Type{t})
	if op != nil {
		op.Attrs = attrs
	}
	return op
}

func (pr *printer) printSelectForm(op *Op) bool {
	if len(op.operands) != 3 || len(op.results) != 1 || len(op.Attrs) != 0 {
		return false
	}
	for _, v := range op.operands {
		if v == nil {
			return false
		}
	}
	t := op.results[0].typ
	if !TypeEqual(op.operands[1].typ, t) || !TypeEqual(op.operands[2].typ, t) {
		return false
	}
	pr.str(op.Name)
	pr.str(" ")
	pr.valueList(op.operands)
	pr.str(" : ")
	if c := op.operands[0].typ; c != I1 {
		pr.typ(c)
		pr.str(", ")
	}
	pr.typ(t)
	return true
}

// custom prints op in its custom form; false means it does not fit.
func (pr *printer) custom(op *Op) bool {
	switch op.Def.Format {
	case FormatSameType:
		return pr.printSameTypeForm(op)
	case FormatCast:
		return pr.printCastForm(op)
	case FormatConstant:
		return pr.printConstantForm(op)
	case FormatCall:
		return pr.printCallForm(op)
	case FormatReturn:
		return pr.printReturnForm(op)
	case FormatCmp:
		return pr.printCmpForm(op)
	case FormatSelect:
		return pr.printSelectForm(op)
	}
	return false
}
