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
	reachable := b.IsEntry()
	dominates := func(v *Value, user *Op) bool { return !reachable || rv.dominates(v, user) }
	for o := b.first; o != nil; o = o.next {
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
	case b.block != aBlock: // another block of the region: unreachable ones
		return !b.block.IsEntry()
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
