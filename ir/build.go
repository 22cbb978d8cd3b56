package ir

// Building IR fast, for the parser of package ir/asm: ops, values and use
// lists come from an Arena's chunks (slab.go).

// Arena allocates ops and values in chunks, so that a parser makes a few
// large allocations instead of five small ones per op. An erased op keeps
// its chunk alive; modules are short-lived. The zero Arena is ready.
type Arena struct{ s slab }

// NewOp builds a detached op like NewOp, in the arena: with its definition
// given (no registry lookup), no attributes (the caller sets Attrs and
// applies OpDef.WithDefaults) and operands that are all non-nil.
func (a *Arena) NewOp(name string, def *OpDef, pos Pos, operands []*Value, resultTypes []Type) *Op {
	op := a.s.op() // zeroed: set the fields one by one, not copy a whole Op
	op.Name, op.Def, op.Pos = name, def, pos
	op.operands = a.s.ptrs(len(operands))
	for i, v := range operands {
		op.operands[i] = v
		if v.uses == nil {
			v.uses = a.s.uses()
		}
		v.uses = append(v.uses, Use{op, i})
	}
	op.results = a.s.ptrs(len(resultTypes))
	vals := a.s.values(len(resultTypes))
	for i, t := range resultTypes {
		v := &vals[i]
		v.typ, v.def, v.index, v.id = t, op, int32(i), -1
		op.results[i] = v
	}
	return op
}

// NewPlaceholder returns a value of type t that belongs to nothing, for a
// use the parser meets before the definition; once the definition is
// parsed, ReplaceAllUsesWith moves the uses to it.
func NewPlaceholder(t Type) *Value { return &Value{typ: t, id: -1} }

// AppendBlock adds b, a block of no region (made as &Block{} before the
// region was known, as for a branch to a label written later), at the end
// of r.
func (r *Region) AppendBlock(b *Block) {
	b.region = r
	r.blocks = append(r.blocks, b)
}
