package asm

import "github.com/tirc/tirc/ir"

// Parsing of regions: `{ [^bb0(%a: T, ...):] ops [^bb1(...): ops ...] }`,
// in an op's generic form `"test.op"() ({...}, {...}) : () -> ()` and, through
// opParser.ParseRegion, in custom forms.
//
// Names follow MLIR's scoping: a region sees the values of the blocks
// around it (names defined inside end with the region, so a sibling region
// may define them again). As in MLIR, this holds for IsolatedFromAbove
// ops too (the verifier refuses their uses of outer values); only a form
// that asks for it (ParseIsolatedRegion, as func.func's body) starts a
// fresh name scope where outer names are undeclared.

// nameScope records the names defined in one region, to forget them when
// the region ends.
type nameScope struct {
	names [][]byte
}

// parseRegionList parses `({...}, {...})` after a generic op's operands
// and properties.
func (p *parser) parseRegionList() []*ir.Region {
	p.next() // (
	var rs []*ir.Region
	for !p.failed() {
		r := p.parseRegion(nil, false)
		if r == nil {
			return nil
		}
		rs = append(rs, r)
		if !p.consume(tComma) {
			break
		}
	}
	if !p.expect(tRParen, "expected ')' to end region list") {
		return nil
	}
	return rs
}

// parseRegion parses one region; args are the entry block's arguments
// when a custom form named them before the region.
func (p *parser) parseRegion(args []ir.Argument, isolated bool) *ir.Region {
	if !p.is(tLBrace) {
		p.failExpected("expected '{' to begin a region")
		return nil
	}
	if !p.enter() {
		return nil
	}
	defer p.leave()
	lbrace := p.tok
	p.next()
	r := &ir.Region{}
	if p.is(tRBrace) && len(args) == 0 {
		p.next()
		return r
	}
	restore := p.pushScope(isolated)
	p.parseRegionBody(r, args)
	restore()
	if p.failed() {
		return nil
	}
	if !p.is(tRBrace) {
		p.failAt(lbrace, "expected '}' to close this region")
		return nil
	}
	p.next()
	return r
}

// pushScope opens the name scope of a region and returns what closes it.
func (p *parser) pushScope(isolated bool) func() {
	if !isolated {
		p.scopes = append(p.scopes, nameScope{})
		return func() {
			s := p.scopes[len(p.scopes)-1]
			p.scopes = p.scopes[:len(p.scopes)-1]
			for _, n := range s.names {
				p.defs.del(n)
			}
		}
	}
	defs, fwd, seq, scopes := p.defs, p.fwd, p.fwdSeq, p.scopes
	p.defs, p.fwd, p.fwdSeq, p.scopes = newSSATable(0), nil, 0, nil
	return func() {
		if !p.failed() {
			p.finishFunc() // uses of names never defined in the region
		}
		p.defs, p.fwd, p.fwdSeq, p.scopes = defs, fwd, seq, scopes
	}
}

// parseRegionBody parses the blocks of a region up to its closing '}'.
func (p *parser) parseRegionBody(r *ir.Region, args []ir.Argument) {
	var cur *ir.Block
	if len(args) > 0 {
		cur = r.AddBlock()
		for _, a := range args {
			v := cur.AddArg(a.Type)
			v.Pos = a.Pos
			p.defineName([]byte(a.Name), a.Pos, []*ir.Value{v})
		}
	}
	p.labels = append(p.labels, map[string]*blockLabel{})
	defer p.endLabels(r)
	for first := true; !p.is(tRBrace) && !p.is(tEOF) && !p.failed(); first = false {
		if !p.is(tCaretIdent) {
			if cur == nil {
				cur = r.AddBlock()
			}
			p.parseOp(p.fn, cur)
			continue
		}
		if first && len(args) > 0 {
			p.failHere("invalid block name in region with named arguments")
			return
		}
		if cur = p.defineLabel(r); cur == nil {
			return
		}
		p.parseBlockHeader(cur)
	}
}

// parseBlockHeader parses `^name[(%a: T [loc], ...)]:` into b.
func (p *parser) parseBlockHeader(b *ir.Block) {
	b.Pos = p.pos()
	p.next()
	if p.consume(tLParen) {
		for !p.is(tRParen) && !p.failed() {
			nameTok := p.tok
			if !p.expect(tPercentIdent, "expected SSA operand") {
				return
			}
			p.expect(tColon, "expected ':' and type for SSA operand")
			t := p.parseType()
			p.parseOptionalLoc()
			if p.failed() {
				return
			}
			v := b.AddArg(t)
			v.Pos = p.posOf(nameTok)
			p.define(nameTok, []*ir.Value{v})
			if !p.more(tRParen, p.failExpected, "expected SSA operand") {
				break
			}
		}
		p.expect(tRParen, "expected ')' to end argument list")
	}
	p.expect(tColon, "expected ':' after block name")
}

// ParseArgument parses a region argument `%name : T` (or `%name` alone
// when withType is false: the caller sets Type).
func (a *opParser) ParseArgument(withType bool) (ir.Argument, bool) {
	if a.p.failed() {
		return ir.Argument{}, false
	}
	if !a.p.is(tPercentIdent) {
		a.ErrorExpected("expected SSA identifier")
		return ir.Argument{}, false
	}
	arg := ir.Argument{Pos: a.p.pos(), Name: string(a.p.text(a.p.tok))}
	a.p.next()
	if withType {
		arg.Type = a.ParseColonType("a type for the argument")
		if arg.Type == nil {
			return arg, false
		}
	}
	return arg, true
}

// ParseRegion parses a region `{ ... }` whose entry block takes args
// (named by the form before the region, so the region must not name its
// entry block again) and adds it to the op being built.
func (a *opParser) ParseRegion(args []ir.Argument) *ir.Region { return a.parseRegion(args, false) }

// ParseIsolatedRegion is ParseRegion for a region that starts a fresh
// name scope (MLIR's enableNameShadowing): names from outside are
// undeclared there and may be defined again.
func (a *opParser) ParseIsolatedRegion(args []ir.Argument) *ir.Region {
	return a.parseRegion(args, true)
}

func (a *opParser) parseRegion(args []ir.Argument, isolated bool) *ir.Region {
	if a.p.failed() {
		return nil
	}
	r := a.p.parseRegion(args, isolated)
	if r != nil {
		a.regions = append(a.regions, r)
	}
	return r
}

// AddRegion adds a region the form built itself (an empty optional
// region) to the op being built, after those parsed so far.
func (a *opParser) AddRegion(r *ir.Region) { a.regions = append(a.regions, r) }

// ParseOptionalRegion parses a region if a '{' is next; present reports
// whether there was one.
func (a *opParser) ParseOptionalRegion(args []ir.Argument) (r *ir.Region, present bool) {
	if !a.p.is(tLBrace) {
		return nil, false
	}
	return a.ParseRegion(args), true
}

// Region writes a region as MLIR's printRegion does: the entry block's
// label only when it has arguments and printEntryArgs is set, and each
// block's terminator only when printTerminators is set (forms whose
// terminator is implicit leave it out).
func (p *opPrinter) Region(r *ir.Region, printEntryArgs, printTerminators bool) {
	p.pr.region(r, printEntryArgs, printTerminators, false)
}

// Argument writes a region argument `%name: T`.
func (p *opPrinter) Argument(v *ir.Value) {
	p.pr.value(v)
	p.pr.str(": ")
	p.pr.typ(v.Type())
}
