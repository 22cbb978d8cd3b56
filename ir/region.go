package ir

import "iter"

// Region is a list of blocks owned by an op (MLIR's Region). An op's
// regions hold code it runs in its own way (a loop body, the branches of
// an if, a reduction's combiner); regions nest, and values of enclosing
// blocks are visible inside unless the op is IsolatedFromAbove.
type Region struct {
	blocks []*Block
	parent *Op
}

// Block is a list of ops with typed arguments (MLIR's Block). A region's
// first block is its entry block; its arguments are the region's inputs
// (a loop's induction variable, a reduction's elements).
type Block struct {
	args   []*Value
	first  *Op
	last   *Op
	numOps int
	region *Region

	// Pos is where the block's label (^bb0) was written, if it was.
	Pos Pos
}

// NewRegion returns an empty detached region.
func NewRegion() *Region { return &Region{} }

// Blocks returns the region's blocks; the slice must not be changed.
func (r *Region) Blocks() []*Block { return r.blocks }

// NumBlocks is the number of blocks.
func (r *Region) NumBlocks() int { return len(r.blocks) }

// Empty reports whether the region has no block.
func (r *Region) Empty() bool { return len(r.blocks) == 0 }

// Front returns the entry block, or nil for an empty region.
func (r *Region) Front() *Block {
	if len(r.blocks) == 0 {
		return nil
	}
	return r.blocks[0]
}

// ParentOp returns the op owning the region, or nil if detached.
func (r *Region) ParentOp() *Op { return r.parent }

// AddBlock appends a new empty block and returns it.
func (r *Region) AddBlock() *Block {
	b := &Block{region: r}
	r.blocks = append(r.blocks, b)
	return b
}

// Region returns the region holding b.
func (b *Block) Region() *Region { return b.region }

// ParentOp returns the op whose region holds b, or nil.
func (b *Block) ParentOp() *Op {
	if b.region == nil {
		return nil
	}
	return b.region.parent
}

// IsEntry reports whether b is the first block of its region.
func (b *Block) IsEntry() bool { return b.region != nil && b.region.Front() == b }

// Func returns the function b belongs to, or nil while it is detached.
func (b *Block) Func() *Func {
	if op := b.ParentOp(); op != nil {
		return op.fn
	}
	return nil
}

// AddArg appends an argument of type t and returns it.
func (b *Block) AddArg(t Type) *Value {
	v := &Value{typ: t, block: b, index: int32(len(b.args)), id: -1}
	b.args = append(b.args, v)
	if f := b.Func(); f != nil {
		v.id = f.nextID
		f.nextID++
	}
	return v
}

// Args returns the block's arguments.
func (b *Block) Args() []*Value { return b.args }

// Arg returns argument i.
func (b *Block) Arg(i int) *Value { return b.args[i] }

// NumOps is the number of ops in the block.
func (b *Block) NumOps() int { return b.numOps }

// Empty reports whether the block has no op.
func (b *Block) Empty() bool { return b.first == nil }

// First returns the first op, or nil.
func (b *Block) First() *Op { return b.first }

// Last returns the last op, or nil.
func (b *Block) Last() *Op { return b.last }

// Ops iterates over the block's ops in order; as with Func.Ops, the op
// being visited may be erased.
func (b *Block) Ops() iter.Seq[*Op] {
	return func(yield func(*Op) bool) {
		for op := b.first; op != nil; {
			next := op.next
			if !yield(op) {
				return
			}
			if op.block == b {
				next = op.next
			}
			op = next
		}
	}
}

// Append adds op at the end of the block.
func (b *Block) Append(op *Op) { b.insert(op, b.last, nil) }

// InsertBefore adds op just before anchor (which must be in b).
func (b *Block) InsertBefore(anchor, op *Op) { b.insert(op, anchor.prev, anchor) }

// InsertAfter adds op just after anchor (which must be in b).
func (b *Block) InsertAfter(anchor, op *Op) { b.insert(op, anchor, anchor.next) }

func (b *Block) insert(op, prev, next *Op) {
	op.detach()
	op.block, op.prev, op.next = b, prev, next
	if prev != nil {
		prev.next = op
	} else {
		b.first = op
	}
	if next != nil {
		next.prev = op
	} else {
		b.last = op
	}
	b.numOps++
	if f := b.Func(); f != nil {
		if !op.Pos.IsValid() {
			if next != nil {
				op.Pos = next.Pos
			} else {
				op.Pos = b.ParentOp().Pos
			}
		}
		f.adopt(op)
	}
}

func (b *Block) unlink(op *Op) {
	if op.prev != nil {
		op.prev.next = op.next
	} else {
		b.first = op.next
	}
	if op.next != nil {
		op.next.prev = op.prev
	} else {
		b.last = op.prev
	}
	op.prev, op.next, op.block, op.fn = nil, nil, nil, nil
	b.numOps--
}

// Terminator returns the last op if it is a terminator, or nil.
func (b *Block) Terminator() *Op {
	if b.last != nil && b.last.Has(TraitTerminator) {
		return b.last
	}
	return nil
}

// detach unlinks op from its function body or block, if any.
func (op *Op) detach() {
	switch {
	case op.block != nil:
		op.block.unlink(op)
	case op.fn != nil:
		op.fn.unlink(op)
	}
}

// adopt makes op and everything nested in its regions part of f: each
// nested op gets f as its function, and values without an ID get one.
func (f *Func) adopt(op *Op) {
	op.fn = f
	for _, r := range op.results {
		if r.id < 0 {
			r.id = f.nextID
			f.nextID++
		}
	}
	for _, rg := range op.regions {
		for _, b := range rg.blocks {
			for _, a := range b.args {
				if a.id < 0 {
					a.id = f.nextID
					f.nextID++
				}
			}
			for o := b.first; o != nil; o = o.next {
				if !o.Pos.IsValid() {
					o.Pos = op.Pos
				}
				f.adopt(o)
			}
		}
	}
}

// Regions returns the op's regions; the slice must not be changed.
func (op *Op) Regions() []*Region { return op.regions }

// Region returns region i.
func (op *Op) Region(i int) *Region { return op.regions[i] }

// NumRegions is the number of regions.
func (op *Op) NumRegions() int { return len(op.regions) }

// AddRegion appends a new empty region and returns it.
func (op *Op) AddRegion() *Region {
	r := &Region{parent: op}
	op.regions = append(op.regions, r)
	return r
}

// AttachRegion appends the detached region r to op's regions (the parser
// and custom forms build a region before the op that owns it).
func (op *Op) AttachRegion(r *Region) {
	r.parent = op
	op.regions = append(op.regions, r)
	if op.fn != nil {
		op.fn.adopt(op)
	}
}

// Block returns the block holding op, or nil for an op of a function
// body (or a detached op).
func (op *Op) Block() *Block { return op.block }

// ParentOp returns the op whose region holds op, or nil for an op of a
// function body.
func (op *Op) ParentOp() *Op {
	if op.block == nil {
		return nil
	}
	return op.block.ParentOp()
}

// IsProperAncestor reports whether op's regions contain other, at any
// depth.
func (op *Op) IsProperAncestor(other *Op) bool {
	for p := other.ParentOp(); p != nil; p = p.ParentOp() {
		if p == op {
			return true
		}
	}
	return false
}

// Walk calls visit on every op nested in op's regions, in pre-order (an
// op before the ops of its regions), not on op itself. The op being
// visited may be erased.
func (op *Op) Walk(visit func(*Op)) {
	for _, r := range op.regions {
		for _, b := range r.blocks {
			for o := range b.Ops() {
				visit(o)
				if o.block == b || o.fn != nil {
					o.Walk(visit)
				}
			}
		}
	}
}

// Walk calls visit on every op of f, nested ones included, in pre-order
// (each op before the ops of its regions). The op being visited may be
// erased.
func (f *Func) Walk(visit func(*Op)) {
	for op := range f.Ops() {
		visit(op)
		if op.fn == f {
			op.Walk(visit)
		}
	}
}

// AllOps returns every op of f, nested ones included, in pre-order (a
// snapshot).
func (f *Func) AllOps() []*Op {
	ops := make([]*Op, 0, f.numOps)
	f.Walk(func(op *Op) { ops = append(ops, op) })
	return ops
}

// HasRegions reports whether any op of f has a region.
func (f *Func) HasRegions() bool {
	for op := f.first; op != nil; op = op.next {
		if len(op.regions) > 0 {
			return true
		}
	}
	return false
}

// OwnerBlock returns the block whose argument v is, or nil.
func (v *Value) OwnerBlock() *Block { return v.block }

// IsBlockArg reports whether v is the argument of a block in a region.
func (v *Value) IsBlockArg() bool { return v.block != nil }

// ParentBlock is the block whose ops can see v first: its own block for a
// block argument, the defining op's block for a result (nil for the
// function body).
func (v *Value) ParentBlock() *Block {
	if v.block != nil {
		return v.block
	}
	if v.def != nil {
		return v.def.block
	}
	return nil
}

// EnsureTerminator appends an op named name, without operands or
// results, to every block of r that does not end with a terminator, as
// MLIR's SingleBlockImplicitTerminator custom forms do when the text
// leaves the terminator out (after an unregistered last op too, as
// MLIR's ensureTerminator); an empty region gets one block.
func EnsureTerminator(r *Region, name string, pos Pos) {
	if r.Empty() {
		r.AddBlock()
	}
	for _, b := range r.blocks {
		if b.last != nil && b.last.Has(TraitTerminator) {
			continue
		}
		t := NewOp(name, nil, nil, nil)
		t.Pos = pos
		b.Append(t)
	}
}

// TraitIsolatedFromAbove marks ops whose regions do not see the values
// around the op (MLIR's IsolatedFromAbove): the parser gives each region
// a fresh name scope, the verifier refuses a use of an outer value, and
// CSE does not reuse an outer value inside. It lives in ir because the
// parser needs it; package traits re-exports it.
var TraitIsolatedFromAbove = &Trait{
	Name: "IsolatedFromAbove",
	Doc:  "The op's regions use no value defined outside them.",
}

// TraitNoTerminator marks ops whose blocks need not end with a terminator
// (MLIR's NoTerminator; the op's regions have one block).
var TraitNoTerminator = &Trait{
	Name: "NoTerminator",
	Doc:  "The blocks of the op's regions need not end with a terminator.",
}

// TraitGraphRegion marks ops whose regions are graph regions (MLIR's
// RegionKindInterface returning RegionKind::Graph): no dominance inside,
// at most one block per region.
var TraitGraphRegion = &Trait{
	Name: "RegionKind<Graph>",
	Doc:  "The op's regions are graph regions: a value may be used before its definition; one block at most.",
}
