package plan

import (
	"fmt"
	"iter"
	"slices"

	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/traits"
)

// Buffer hand-offs, decided before emission from the IR: whether an
// insert writes into its destination's buffer (in place) or into a copy,
// and whether an scf op takes a tensor's buffer over or copies it. Both
// follow what the lowering's view of each value holds (owners.block
// walks the ops in the order the emitter lowers them):
//   - a buffer of its own: the result of a nest, a contraction, a
//     concatenation, a region kernel, tensor.empty, from_elements, pad,
//     generate or an insert into a copy -- allocated where the op is
//     lowered, unless the value is only returned (it writes the caller's
//     buffer);
//   - the buffer of another value, which it views: a cast (the same
//     view), an expand_shape, a collapse_shape or reshape of a row-major
//     view, an extract_slice at offset 0 (the same base address);
//   - none: arguments, call results, constants, the values an scf op
//     carries into a block, other views.
//
// An insert writes in place into a buffer allocated for its destination
// (not a cast of one). An scf op takes over the buffer a row-major view
// starts at when the block allocated it (an init: any block) and has not
// handed it on yet; its results own new buffers (its owner slots, held
// by the block around it). A splat (a constant, or a view of one) is made
// a buffer where one is needed, in the block that needs it.

// The reasons of a hand-on decided by the buffer of the value.
const (
	WhyOwnBuffer = "a buffer the block allocated"
	WhyHandedOn  = "its buffer is handed on already"
	WhyOuter     = "a buffer of an outer block"
	WhyNotOwn    = "not a buffer of its own"
	// WhyStrided: a view that starts at a buffer's base but is not
	// row-major over it (a slice at offset 0): the receiver reads its
	// buffer row-major.
	WhyStrided = "a strided view of a buffer"
)

// The reasons of an insert's decision.
const (
	WhyReadAgain     = "the destination is read again"
	WhyReturned      = "the result is returned: into the caller's buffer"
	WhyDestNotOwn    = "the destination's buffer is not its own"
	WhyInsertInPlace = "the destination's only use, in a buffer of its own"
)

// ByBuffer reports whether why is a reason of the value's buffer (not of
// its uses): the emitter sees the same from its views.
func ByBuffer(why string) bool {
	return why == WhyOwnBuffer || why == WhyHandedOn || why == WhyOuter || why == WhyNotOwn || why == WhyStrided
}

// InsertOf is the plan of insert op (PlanCarries), or nil.
func (p *Func) InsertOf(op *ir.Op) *Insert { return p.inserts[op] }

// slot owns a temporary buffer; scope is the block whose lowering
// allocated it (nil: the function's body).
type slot struct{ scope *ir.Block }

// buf is what the lowered view of a tensor value holds.
type buf struct {
	splat  bool  // a scalar and sizes: a buffer is made where needed
	temp   bool  // a buffer allocated for the value
	contig bool  // a row-major view
	slot   *slot // the owner of the buffer at the view's base, or nil
	// unknown: the buffer of a contraction's result or of a consumer it
	// may compute in its epilogue or row blocks, which the contraction's
	// lowering chooses as it is emitted (a temporary, the result, or a
	// view joining two paths); what is handed on from it is left to the
	// emitter (Decided false).
	unknown bool
}

// owners walks a function as the emitter lowers it.
type owners struct {
	p     *Func
	f     *ir.Func
	facts CarryFacts
	bufs  map[*ir.Value]buf
	scope *ir.Block
	// spare: a value a loop carries in two buffers, computed into the
	// spare one (not a buffer of its own).
	spare map[*ir.Value]bool
}

// planOwners decides every insert of f and every hand-on of p.Carries
// not decided yet.
func planOwners(p *Func, f *ir.Func, facts CarryFacts) {
	o := &owners{p: p, f: f, facts: facts, bufs: map[*ir.Value]buf{}, spare: map[*ir.Value]bool{}}
	o.block(f.Ops())
}

// block walks ops up to a terminator.
func (o *owners) block(ops iter.Seq[*ir.Op]) {
	for op := range ops {
		if op.Has(ir.TraitTerminator) {
			return
		}
		o.op(op)
	}
}

// alloc is the buffer of a value computed into a new buffer.
func (o *owners) alloc(v *ir.Value) buf {
	if ReturnedOnce(v) >= 0 {
		return buf{contig: true}
	}
	return buf{temp: true, contig: true, slot: &slot{o.scope}}
}

// op sets the buffers of op's results.
func (o *owners) op(op *ir.Op) {
	switch op.Name {
	case "scf.for", "scf.while":
		o.loop(op)
		return
	case "scf.if":
		o.branch(op)
		return
	}
	unknown := o.facts.Contraction(op)
	for _, v := range op.Operands() {
		unknown = unknown || o.bufs[v].unknown
	}
	if op.NumResults() == 1 && o.facts.Inlined(op.Result(0)) {
		o.bufs[op.Result(0)] = buf{unknown: unknown}
		return
	}
	if unknown && (o.facts.Contraction(op) || o.facts.Fusible(op)) {
		for _, r := range op.Results() {
			o.bufs[r] = buf{unknown: true}
		}
		return
	}
	var src buf
	if op.NumOperands() > 0 {
		src = o.bufs[op.Operand(0)]
	}
	view := func(share bool, contig bool) {
		switch {
		case src.splat || src.unknown:
			o.bufs[op.Result(0)] = buf{splat: src.splat, unknown: src.unknown}
		case share:
			o.bufs[op.Result(0)] = buf{contig: contig, slot: src.slot}
		default:
			o.bufs[op.Result(0)] = buf{}
		}
	}
	switch {
	case o.facts.Contraction(op):
	case op.Has(traits.ConstantLike):
		if a, ok := op.Attr("value").(*ir.DenseAttr); ok {
			shape, _ := ir.Shape(a.Type)
			n, _ := ir.NumElements(shape)
			o.bufs[op.Result(0)] = buf{splat: a.Splat || n == 1, contig: true}
		}
		return
	case op.Has(traits.Cast):
		o.bufs[op.Result(0)] = src
		return
	case op.Has(traits.Call), op.Has(traits.ShapedDim):
		return
	case o.facts.Fusible(op):
		for _, r := range op.Results() {
			switch {
			case o.spare[r]:
				o.bufs[r] = buf{contig: true}
			case !o.facts.Inlined(r):
				o.bufs[r] = o.alloc(r)
			}
		}
		return
	case op.Has(traits.Reshape), op.Name == "tensor.collapse_shape":
		view(src.contig, true)
		return
	case op.Name == "tensor.expand_shape":
		view(true, src.contig)
		return
	case op.Name == "tensor.extract_slice":
		view(zeroOffsets(op), false)
		return
	case op.Name == "tensor.insert" || op.Name == "tensor.insert_slice":
		if in := o.insert(op, op.Operand(1)); in.InPlace || !in.Decided {
			o.bufs[op.Result(0)] = o.bufs[op.Operand(1)]
			return
		}
	}
	for _, r := range op.Results() {
		if _, ok := r.Type().(*ir.TensorType); ok {
			o.bufs[r] = o.alloc(r)
		}
	}
}

// zeroOffsets reports whether an extract_slice's offsets are all the
// constant 0: its view starts at its source's base.
func zeroOffsets(op *ir.Op) bool {
	d, ok := op.Attr("static_offsets").(*ir.DenseArrayAttr)
	if !ok {
		return false
	}
	k := 1 // the dynamic offsets follow the source
	for _, s := range d.Ints {
		if s == dynamicIndex {
			if k >= op.NumOperands() || !constantZero(op.Operand(k)) {
				return false
			}
			k++
		} else if s != 0 {
			return false
		}
	}
	return true
}

// dynamicIndex marks a dynamic entry of a static index list (MLIR's
// kDynamic).
const dynamicIndex = -1 << 63

// constantZero reports whether v is the integer constant 0.
func constantZero(v *ir.Value) bool {
	d := v.Def()
	if d == nil || !d.Has(traits.ConstantLike) {
		return false
	}
	a, ok := d.Attr("value").(*ir.IntAttr)
	return ok && a.Value == 0
}

// insert decides whether insert op writes into dest's buffer.
func (o *owners) insert(op *ir.Op, dest *ir.Value) *Insert {
	in := &Insert{Op: op.Name, At: pos(op.Pos), Decided: true}
	d, b := dest.Def(), o.bufs[dest]
	switch {
	case len(dest.Uses()) != 1:
		in.Why = WhyReadAgain
	case ReturnedOnce(op.Result(0)) >= 0:
		in.Why = WhyReturned
	case d == nil || d.Has(traits.Cast):
		in.Why = WhyDestNotOwn
	case b.unknown:
		in.Decided = false
	case b.splat || !b.temp:
		in.Why = WhyDestNotOwn
	default:
		in.InPlace, in.Why = true, WhyInsertInPlace
	}
	if o.p.inserts == nil {
		o.p.inserts = map[*ir.Op]*Insert{}
	}
	o.p.inserts[op] = in
	o.p.Inserts = append(o.p.Inserts, in)
	return in
}

// hand is one group of hand-ons (an op's inits, a block's yields): the
// buffers taken over so far.
type hand struct {
	o     *owners
	taken map[*slot]bool
	// any: a buffer of any block may be taken over (an op's inits, whose
	// only use is the op); else only one of o.scope's.
	any bool
}

func (o *owners) hand(any bool) *hand { return &hand{o: o, taken: map[*slot]bool{}, any: any} }

// own decides c, the hand-on of v: its buffer taken over when canTake
// and the buffer is one of the block's not handed on yet, else copied.
// It returns the buffer the receiver gets.
func (h *hand) own(v *ir.Value, canTake bool, c *Carry) buf {
	b := h.o.bufs[v]
	if b.splat {
		b = buf{temp: true, contig: true, slot: &slot{h.o.scope}} // materialized here
	}
	c.Decided = true
	s := b.slot
	switch {
	case !canTake:
		c.How, c.Why = Copied, "not its only use"
	case b.unknown:
		c.Decided = false
		return b
	case s == nil:
		c.How, c.Why = Copied, WhyNotOwn
	case !b.contig:
		c.How, c.Why = Copied, WhyStrided
	case h.taken[s]:
		c.How, c.Why = Copied, WhyHandedOn
	case !h.any && s.scope != h.o.scope:
		c.How, c.Why = Copied, WhyOuter
	default:
		c.How, c.Why = TakenOver, WhyOwnBuffer
		h.taken[s] = true
		return b
	}
	return buf{temp: true, contig: true, slot: &slot{h.o.scope}}
}

// isScf reports whether op is an scf op the lowering gives results of
// their own buffers.
func isScf(op *ir.Op) bool {
	return op.Name == "scf.for" || op.Name == "scf.if" || op.Name == "scf.while"
}

// loop decides the hand-ons of an scf.for or scf.while: its inits (each
// taken over when the loop is its only use in the same block), then
// its regions'.
func (o *owners) loop(op *ir.Op) {
	first, regions := 0, 2 // a while's inits, its before and after regions
	if op.Name == "scf.for" {
		first, regions = 3, 1
	}
	if op.NumRegions() != regions || op.Region(0).Empty() || op.Region(op.NumRegions()-1).Empty() || op.NumOperands() < first {
		return // malformed: the emitter reports it
	}
	h := o.hand(true)
	tensors(op.Operands()[first:], func(k int, v *ir.Value) {
		def := v.Def()
		canTake := def != nil && (o.facts.Fusible(def) || isScf(def)) && len(v.Uses()) == 1 && v.ParentBlock() == op.Block()
		c := o.p.CarryOf(op, fmt.Sprintf("init #%d", k))
		h.own(v, canTake, c)
		if !canTake {
			c.Why = initWhy(v, op)
		}
	})
	outer := o.scope
	if op.Name == "scf.while" {
		o.while(op)
	} else {
		body := op.Region(0).Front()
		ys := yields(body)
		tensors(ys, func(k int, y *ir.Value) {
			if o.p.CarryOf(op, fmt.Sprintf("yield #%d", k)).How == TwoBuffers {
				o.spare[y] = true
			}
		})
		o.scope = body
		o.block(body.Ops())
		o.next(op, ys, body.Args()[1:])
	}
	o.scope = outer
	o.results(op)
}

// results gives op's results new buffers, held by the block around it.
func (o *owners) results(op *ir.Op) {
	for _, r := range op.Results() {
		o.bufs[r] = buf{contig: true, slot: &slot{o.scope}}
	}
}

// initWhy is why init v of op keeps its buffer (it is copied).
func initWhy(v *ir.Value, op *ir.Op) string {
	def := v.Def()
	switch {
	case def == nil:
		return "an argument"
	case len(v.Uses()) != 1:
		return "used elsewhere too"
	case v.ParentBlock() != op.Block():
		return "defined in an outer block"
	}
	return "not computed by a nest or an scf op"
}

// next decides how the values ys a loop's block yields become the next
// iteration's: two buffers (decided by PlanCarries), a carried value
// (one of args) passing its buffer on, else own.
func (o *owners) next(op *ir.Op, ys, args []*ir.Value) {
	h := o.hand(false)
	argTaken := map[int]bool{}
	tensors(ys, func(k int, y *ir.Value) {
		c := o.p.CarryOf(op, fmt.Sprintf("yield #%d", k))
		if c.How == TwoBuffers {
			return
		}
		if j := slices.Index(args, y); j >= 0 && !argTaken[j] {
			argTaken[j] = true
			c.How, c.Decided, c.Why = PassedOn, true, fmt.Sprintf("iter_arg #%d", j)
			return
		}
		h.own(y, true, c)
	})
}

// while walks an scf.while's before region, decides what its condition
// passes on (a carried value's buffer as PlanCarries says, else own),
// then walks the after region.
func (o *owners) while(op *ir.Op) {
	before, after := op.Region(0).Front(), op.Region(1).Front()
	o.scope = before
	o.block(before.Ops())
	cond := yields(before)
	if len(cond) > 0 {
		cond = cond[1:]
	}
	h := o.hand(false)
	tensors(cond, func(k int, a *ir.Value) {
		c := o.p.CarryOf(op, fmt.Sprintf("condition #%d", k))
		b := buf{contig: true}
		if c.How != PassedOn {
			b = h.own(a, true, c)
		}
		if k < len(after.Args()) {
			o.bufs[after.Arg(k)] = b
		}
	})
	o.scope = after
	o.block(after.Ops())
	o.next(op, yields(after), nil)
}

// branch walks an scf.if's regions, each handing its yielded tensors on
// to the if's results.
func (o *owners) branch(op *ir.Op) {
	outer := o.scope
	for i, arm := range [2]string{"then", "else"} {
		if i >= op.NumRegions() || op.Region(i).Empty() {
			continue
		}
		b := op.Region(i).Front()
		o.scope = b
		o.block(b.Ops())
		h := o.hand(false)
		tensors(yields(b), func(k int, y *ir.Value) { h.own(y, true, o.p.CarryOf(op, fmt.Sprintf("%s #%d", arm, k))) })
	}
	o.scope = outer
	o.results(op)
}
