package asm

import (
	"strconv"

	"github.com/tirc/tirc/ir"
)

// blockLabel is a label of the region being parsed: its block, whether
// the block was written yet, and the first use.
type blockLabel struct {
	b       *ir.Block
	defined bool
	use     ir.Pos
}

// defineLabel adds the block of the label at the current token to r (the
// one a branch made earlier, if any).
func (p *parser) defineLabel(r *ir.Region) *ir.Block {
	name := p.tokText()
	tab := p.labels[len(p.labels)-1]
	l := tab[name]
	switch {
	case l == nil:
		l = &blockLabel{b: &ir.Block{}}
		tab[name] = l
	case l.defined:
		p.failHere("redefinition of block '%s'", name)
		return nil
	}
	l.defined = true
	r.AppendBlock(l.b)
	return l.b
}

// endLabels reports a branch to a label the region never defined.
func (p *parser) endLabels(r *ir.Region) {
	tab := p.labels[len(p.labels)-1]
	p.labels = p.labels[:len(p.labels)-1]
	if p.failed() {
		return
	}
	var first *blockLabel
	var name string
	for n, l := range tab {
		if !l.defined && (first == nil || l.use.Before(first.use)) {
			first, name = l, n
		}
	}
	if first != nil {
		p.fail(first.use, "reference to an undefined block '%s'", name)
	}
}

// parseSuccessor parses `^name` and returns its block (defined later if
// not yet).
func (p *parser) parseSuccessor() *ir.Block {
	if !p.is(tCaretIdent) {
		p.failExpected("expected block name")
		return nil
	}
	if len(p.labels) == 0 {
		p.failHere("tirc supports single-block functions: branches are allowed in regions of ops only")
		return nil
	}
	tab := p.labels[len(p.labels)-1]
	name := p.tokText()
	l := tab[name]
	if l == nil {
		l = &blockLabel{b: &ir.Block{}, use: p.pos()}
		tab[name] = l
	}
	p.next()
	return l.b
}

// parseSuccessorList parses `[^bb1, ^bb2]` of a generic op.
func (p *parser) parseSuccessorList() []*ir.Block {
	p.next()
	var bs []*ir.Block
	for !p.failed() {
		b := p.parseSuccessor()
		if b == nil {
			return nil
		}
		bs = append(bs, b)
		if !p.consume(tComma) {
			break
		}
	}
	if !p.expect(tRSquare, "expected ']' to end the successor list") {
		return nil
	}
	return bs
}

// ParseSuccessor parses a successor `^name` of the op being built.
func (a *opParser) ParseSuccessor() bool {
	if a.p.failed() {
		return false
	}
	b := a.p.parseSuccessor()
	if b != nil {
		a.succs = append(a.succs, b)
	}
	return b != nil
}

// Successor writes a successor `^bbN`.
func (p *opPrinter) Successor(b *ir.Block) { p.pr.blockName(b) }

func (pr *printer) blockName(b *ir.Block) {
	pr.str("^bb")
	pr.buf = strconv.AppendInt(pr.buf, int64(b.Index()), 10)
}
