package ir

// Verification of regions, in mlir-opt-19's order: an op's own checks
// (traits, then its verifier), then per region its block count if it is a
// graph region, then per block: not empty unless it may lack a
// terminator, its ops (recursively), its terminator; then the op's region
// traits (VerifyRegion: SingleBlockImplicitTerminator's terminator,
// IsolatedFromAbove). Dominance follows MLIR's DominanceInfo: a value is
// visible in the regions nested below its block; graph regions (and the
// regions of unregistered ops, which may be graph regions) have no
// order; a region's blocks other than the first have no predecessors
// (tirc has no branches), so they are unreachable: uses there are not
// checked, and their values dominate nothing reachable. The first failure
// inside an op's regions is the op's failure, as MLIR stops there.

type regionVerifier struct {
	f     *Func
	opts  VerifyOptions
	order map[*Op]int32 // position of nested ops in their block
	cfgs  map[*Region]*regionCFG
}

// regionCFG is what the branches between a region's blocks give: the
// blocks reachable from the entry, and the dominators of each.
type regionCFG struct {
	reach map[*Block]bool
	dom   map[*Block]map[*Block]bool
}

// cfg computes (once per region) reachability and dominators by the
// iterative data-flow method; regions are small.
func (rv *regionVerifier) cfg(r *Region) *regionCFG {
	if c := rv.cfgs[r]; c != nil {
		return c
	}
	c := &regionCFG{reach: map[*Block]bool{}, dom: map[*Block]map[*Block]bool{}}
	if rv.cfgs == nil {
		rv.cfgs = map[*Region]*regionCFG{}
	}
	rv.cfgs[r] = c
	if r.Empty() {
		return c
	}
	work := []*Block{r.blocks[0]}
	c.reach[r.blocks[0]] = true
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		if b.last == nil {
			continue
		}
		for _, s := range b.last.succs {
			if s.region == r && !c.reach[s] {
				c.reach[s] = true
				work = append(work, s)
			}
		}
	}
	entry := r.blocks[0]
	for _, b := range r.blocks {
		if !c.reach[b] {
			continue
		}
		c.dom[b] = map[*Block]bool{b: true}
		if b != entry { // start from every reachable block, then narrow
			for x := range c.reach {
				c.dom[b][x] = true
			}
		}
	}
	for changed := true; changed; {
		changed = false
		for _, b := range r.blocks[1:] {
			if !c.reach[b] {
				continue
			}
			var meet map[*Block]bool
			for _, p := range b.Predecessors() {
				if !c.reach[p] {
					continue
				}
				if meet == nil {
					meet = map[*Block]bool{}
					for x := range c.dom[p] {
						meet[x] = true
					}
					continue
				}
				for x := range meet {
					if !c.dom[p][x] {
						delete(meet, x)
					}
				}
			}
			if meet == nil {
				meet = map[*Block]bool{}
			}
			meet[b] = true
			if !sameSet(meet, c.dom[b]) {
				c.dom[b], changed = meet, true
			}
		}
	}
	return c
}

func sameSet(a, b map[*Block]bool) bool {
	for x := range a {
		if !b[x] {
			return false
		}
	}
	return len(a) == len(b)
}

func newRegionVerifier(f *Func, opts VerifyOptions) *regionVerifier {
	return &regionVerifier{f: f, opts: opts}
}

// regions verifies the regions of op (whose own checks passed).
func (rv *regionVerifier) regions(op *Op) *Diagnostic {
	if rv.order == nil {
		rv.order = map[*Op]int32{}
		rv.f.Walk(func(o *Op) {
			if o.block != nil {
				if p := o.prev; p != nil {
					rv.order[o] = rv.order[p] + 1
				}
			}
		})
	}
	return rv.verifyRegions(op)
}

func (rv *regionVerifier) verifyRegions(op *Op) *Diagnostic {
	for i, r := range op.regions {
		if op.Def != nil && op.Has(TraitGraphRegion) && len(r.blocks) > 1 {
			return op.Errorf("expects graph region #%d to have 0 or 1 blocks", i)
		}
	}
	for _, r := range op.regions {
		if !r.Empty() && len(r.blocks[0].Predecessors()) > 0 {
			return op.EmitErrorf("entry block of region may not have predecessors")
		}
		for _, b := range r.blocks {
			if d := rv.block(op, b); d != nil {
				return d
			}
		}
	}
	if op.Def == nil {
		return nil
	}
	for _, t := range op.Def.Traits {
		if t.VerifyRegion != nil {
			if d := t.VerifyRegion(op); d != nil {
				return d
			}
		}
	}
	if op.Has(TraitIsolatedFromAbove) {
		return isolationError(op)
	}
	return nil
}

// block verifies one block of a region of parent.
func (rv *regionVerifier) block(parent *Op, b *Block) *Diagnostic {
	mayLackTerminator := len(b.region.blocks) == 1 && (parent.Def == nil || parent.Has(TraitNoTerminator))
	if b.first == nil {
		if mayLackTerminator {
			return nil
		}
		return parent.EmitErrorf("empty block: expect at least a terminator")
	}
	reachable := rv.cfg(b.region).reach[b]
	dominates := func(v *Value, user *Op) bool { return !reachable || rv.dominates(v, user) }
	for o := b.first; o != nil; o = o.next {
		if len(o.succs) > 0 && o != b.last {
			return o.EmitErrorf("operation with block successors must terminate its parent block")
		}
		for _, s := range o.succs {
			if s.region != b.region {
				return o.Errorf("branching to block of a different region")
			}
		}
		d := verifyOp(rv.f, o, rv.f.NumValues(), dominates, rv.opts)
		if d == nil && len(o.regions) > 0 {
			d = rv.verifyRegions(o)
		}
		if d != nil {
			return d
		}
	}
	if last := b.last; !mayLackTerminator && last.Def != nil && !last.Has(TraitTerminator) {
		return last.EmitErrorf("block with no terminator, has %s", OpString(last))
	}
	return nil
}

// dominates reports whether v properly dominates its use by user (MLIR's
// DominanceInfo::properlyDominates).
func (rv *regionVerifier) dominates(v *Value, user *Op) bool {
	if v.IsArg() {
		return v.fn == user.fn
	}
	aBlock, def := v.block, v.def
	if def != nil {
		aBlock = def.block
	}
	// The ancestor of user in the region of v's block.
	b := user
	for b != nil && !sameRegion(b.block, aBlock) {
		b = b.ParentOp()
	}
	switch {
	case b == nil || b == def: // outside v's region, or inside v's op
		return false
	case b.block != aBlock: // another block of the region
		c := rv.cfg(aBlock.region)
		switch {
		case !c.reach[b.block]: // an unreachable block is dominated by anything
			return true
		case !c.reach[aBlock]: // and dominates nothing
			return false
		}
		return c.dom[b.block][aBlock]
	case def == nil || !ssaDominance(aBlock):
		return true
	case aBlock == nil: // the function body
		return rv.before(def, b)
	}
	return rv.order[def] < rv.order[b]
}

// before reports whether a comes before b in the function body.
func (rv *regionVerifier) before(a, b *Op) bool {
	for o := a.next; o != nil; o = o.next {
		if o == b {
			return true
		}
	}
	return false
}

func sameRegion(a, b *Block) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.region == b.region
}

// ssaDominance reports whether values of b must be defined before their
// uses in b: not in graph regions, nor in regions of unregistered ops.
func ssaDominance(b *Block) bool {
	if b == nil {
		return true
	}
	p := b.ParentOp()
	return p != nil && p.Def != nil && !p.Has(TraitGraphRegion)
}

// isolationError reports the first op in op's regions that uses a value
// defined outside them.
func isolationError(op *Op) *Diagnostic {
	var d *Diagnostic
	op.Walk(func(o *Op) {
		if d != nil {
			return
		}
		for _, v := range o.operands {
			if v != nil && !definedInside(v, op) {
				d = o.Errorf("using value defined outside the region")
				d.Note(op.Pos, "required by region isolation constraints")
				return
			}
		}
	})
	return d
}

// definedInside reports whether v is defined in a region of op.
func definedInside(v *Value, op *Op) bool {
	var at *Op // an op in the block defining v, or its region's parent
	switch {
	case v.block != nil:
		at = v.block.ParentOp()
		if at == op {
			return true
		}
	case v.def != nil:
		at = v.def
	default:
		return false
	}
	return at != nil && op.IsProperAncestor(at)
}
