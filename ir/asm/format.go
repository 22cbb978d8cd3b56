package asm

import "github.com/tirc/tirc/ir"

// This file connects the parser and printer to the ops' own assembly forms
// (OpDef.Format, written with the API of asm.go).

// parseCustomOp parses an op written in custom form, e.g.
// `arith.addf %a, %b : tensor<4xf32>` or `return %x : tensor<4xf32>`.
func (p *parser) parseCustomOp() *ir.Op {
	nameTok := p.tok
	word := p.intern(p.text(nameTok))
	name := word
	if !containsDot(name) {
		// the default dialect inside a function
		var buf [64]byte
		name = p.intern(append(append(buf[:0], "func."...), word...))
	}
	def := ir.LookupOp(name)
	if def == nil {
		if word == "func.func" || word == "module" {
			p.failAt(nameTok, "'%s' is only allowed at the top level", word)
			return nil
		}
		if word != name { // mlir-opt names the default dialect it tried
			p.failAt(nameTok, "custom op '%s' is unknown (tried '%s' as well)", word, name)
		} else {
			p.failAt(nameTok, "custom op '%s' is unknown", word)
		}
		if s := ir.SuggestOpName(name); s != "" && p.err != nil {
			p.err.Fix = "did you mean '" + s + "'?"
		}
		return nil
	}
	if def.Format == nil || def.Format.Parse == nil {
		p.failAt(nameTok, "'%s' has no custom assembly form; write it in generic form: \"%s\"(...) : (...) -> ...", name, name)
		return nil
	}
	p.next()
	a := &p.asm
	if p.asmBusy { // an op in a region of an op being parsed
		a = &opParser{}
	}
	busy := p.asmBusy
	p.asmBusy = true
	a.reset(p, def.Name, def, p.posOf(nameTok))
	op := def.Format.Parse(a)
	p.asmBusy = busy
	if p.failed() {
		return nil
	}
	if op == nil {
		p.failAt(p.tok, "internal error: the custom form of '%s' built no op", name)
	}
	return op
}

func containsDot(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == '.' {
			return true
		}
	}
	return false
}

// custom prints op in its custom form, its name first (without the
// default dialect's prefix inside a function, as MLIR prints `return`);
// false means the op has no custom form or does not fit it, and nothing
// is written.
func (pr *printer) custom(op *ir.Op) bool {
	if op.Def == nil || op.Def.Format == nil || op.Def.Format.Print == nil {
		return false
	}
	for _, v := range op.Operands() {
		if v == nil {
			return false
		}
	}
	for _, r := range op.Results() {
		if r.Type() == nil {
			return false
		}
	}
	mark := len(pr.buf)
	name := op.Name
	if ir.DialectOf(name) == "func" {
		name = name[len("func."):]
	}
	pr.str(name)
	pr.asm.pr = pr
	if !op.Def.Format.Print(&pr.asm, op) {
		pr.buf = pr.buf[:mark]
		return false
	}
	return true
}
