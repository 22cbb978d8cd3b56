package ir

// Block successors: a terminator may branch to other blocks of its region
// (`cf.br ^bb1`, generic `"cf.br"()[^bb1] : () -> ()`). Labels are per
// region; a label may be used before its block is written.

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
