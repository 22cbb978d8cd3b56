package ir

import "strconv"

// Block successors: a terminator may branch to other blocks of its region
// (`cf.br ^bb1`, generic `"cf.br"()[^bb1] : () -> ()`). Labels are per
// region; a label may be used before its block is written.

// blockLabel is a label of the region being parsed: its block, whether
// the block was written yet, and the first use.
type blockLabel struct {
	b       *Block
	defined bool
	use     Pos
}

// Successors returns the blocks op branches to.
func (op *Op) Successors() []*Block { return op.succs }

// NumSuccessors is the number of successors.
func (op *Op) NumSuccessors() int { return len(op.succs) }

// SetSuccessors replaces the successor list.
func (op *Op) SetSuccessors(bs []*Block) { op.succs = bs }

// Predecessors returns the blocks of b's region whose terminator
// branches to b, in region order (each once).
func (b *Block) Predecessors() []*Block {
	var preds []*Block
	if b.region == nil {
		return nil
	}
	for _, p := range b.region.blocks {
		if p.last == nil {
			continue
		}
		for _, s := range p.last.succs {
			if s == b {
				preds = append(preds, p)
				break
			}
		}
	}
	return preds
}

// Index is b's position in its region (^bbN prints it), or -1.
func (b *Block) Index() int {
	if b.region != nil {
		for i, x := range b.region.blocks {
			if x == b {
				return i
			}
		}
	}
	return -1
}

// defineLabel adds the block of the label at the current token to r (the
// one a branch made earlier, if any).
func (p *parser) defineLabel(r *Region) *Block {
	name := p.tokText()
	tab := p.labels[len(p.labels)-1]
	l := tab[name]
	switch {
	case l == nil:
		l = &blockLabel{b: &Block{}}
		tab[name] = l
	case l.defined:
		p.failHere("redefinition of block '%s'", name)
		return nil
	}
	l.defined = true
	l.b.region = r
	r.blocks = append(r.blocks, l.b)
	return l.b
}

// endLabels reports a branch to a label the region never defined.
func (p *parser) endLabels(r *Region) {
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
func (p *parser) parseSuccessor() *Block {
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
		l = &blockLabel{b: &Block{}, use: p.pos()}
		tab[name] = l
	}
	p.next()
	return l.b
}

// parseSuccessorList parses `[^bb1, ^bb2]` of a generic op.
func (p *parser) parseSuccessorList() []*Block {
	p.next()
	var bs []*Block
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
func (a *OpParser) ParseSuccessor() bool {
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
func (p *OpPrinter) Successor(b *Block) { p.pr.blockName(b) }

func (pr *printer) blockName(b *Block) {
	pr.str("^bb")
	pr.buf = strconv.AppendInt(pr.buf, int64(b.Index()), 10)
}
