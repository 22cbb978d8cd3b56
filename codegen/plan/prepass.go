package plan

import (
	"fmt"
	"strconv"

	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/traits"
)

// The pre-pass: the plan of a function's op nests, made from the IR
// before anything is emitted. It walks the ops in the order the emitter
// lowers them and decides, for every nest an op computes (the root of a
// fusion tree), its loops, its reduction's accumulation and blocks, its
// threads, and which nests run together in a row group. A sym is a
// constant where the types or the lowering's folding make it one, else a
// symbol: two nests see the same symbol when the emitter computes their
// extents as one run-time value (the rows of a group must be).
//
// The pre-pass also decides each nest's row-major version (PlanFast on
// the views the emitter will capture: prepass_fast.go), its layout
// (whether every view is known row-major from the IR: prepass_layout.go)
// and its fence (Streams), plans the nests of a group's shared values,
// the group's members in the order they run, its blocks of rows, rider
// and fence, decides how each region op run in its own loops folds
// (planRegions: region.go) and chooses how each contraction is lowered
// with its fusions (ChooseContract: contract_choose.go), and lists
// every nest the emitter builds in the order it builds them (Func.Nests):
// the nests of scf bodies (prepass_scf.go), of contractions' prologues
// and unfused paths (prepass_contract.go), and of copies and fills
// (prepass_copy.go, prepass_values.go), each with the same decisions.
// PlanCarries decides the buffer hand-offs (scf ops, inserts) first.

// Facts are what the pre-pass reads besides the function and its fusion.
type Facts struct {
	ParallelMin int64
	// NonTemporalMin and StoreBoundOnly are the store rule's options
	// (StoreFacts.Min, BoundOnly).
	NonTemporalMin int64
	StoreBoundOnly bool
	// FastEntry: the body planned is a fast entry's (no row groups).
	FastEntry bool
	// Contraction reports an op with its own lowering (matmul-like):
	// it runs no nest of the pre-pass's and ends a row group.
	Contraction func(*ir.Op) bool
	// LinearLoops is a region op's loop description (planRegions).
	LinearLoops func(*ir.Op) *ir.LinearLoops
	// View describes an op whose result is a view of its operand's
	// buffer (a slice, a reshape: prepass_layout.go).
	View func(*ir.Op) (ViewOp, bool)
	// ContractTarget is the contractions' target (ChooseContract).
	ContractTarget ContractTarget
}

// Root names the nest computing result Res of Op.
type Root struct {
	Op  *ir.Op
	Res int
}

// Planned returns the pre-pass's plan of the nest computing result res
// of op, or nil when the pre-pass planned none (a copy, a shared value's
// nest).
func (p *Func) Planned(op *ir.Op, res int) *Nest {
	if p.roots == nil {
		return nil
	}
	return p.roots[Root{op, res}]
}

// Run is the row run the nest waits in (Nest.RowRun), or nil.
func (p *Func) Run(n *Nest) *RowGroup {
	if n == nil || n.RowRun < 0 {
		return nil
	}
	return p.Runs[n.RowRun]
}

// sym is a run-time size: the constant c when id is 0, else symbol id.
type sym struct {
	c  int64
	id int
}

func (s sym) known() bool { return s.id == 0 }

// value is Dynamic for a symbol.
func (s sym) value() int64 {
	if s.id != 0 {
		return Dynamic
	}
	return s.c
}

func constSym(c int64) sym { return sym{c: c} }

// pnode is a node of a nest's expression tree (the emitter's node).
type pnode struct {
	op     *ir.Op
	res    int
	loops  *ir.Loops
	shape  []int64
	elem   *ir.Scalar
	kids   []*pnode
	idx    int         // loop index leaves
	idxMap []ir.DimMap // their maps to the nest's loops
	base   int         // a leaf's storage (0: none: a scalar or a splat)
	val    *ir.Value   // a leaf's value (nil: a shared value's scratch rows)
	sizes  []sym       // its sizes
	ext    []sym       // an op node's loop extents
	dimMap []ir.DimMap
}

// member is a nest of the pending row run.
type member struct {
	root *pnode
	out  int // the storage it writes
	nest *Nest
}

// prepass is the pre-pass over one function.
type prepass struct {
	p     *Func
	fu    *Fusion
	facts Facts
	sizes map[*ir.Value][]sym
	base  map[*ir.Value]int
	holds map[*ir.Value]hold
	lay   map[*ir.Value]*vlay
	// skip are the ops a contraction computes (prepass_contract.go).
	skip map[*ir.Op]bool
	// idx are the sizes index values give (index).
	idx map[*ir.Value]sym
	// slotHome is the block each temporary's owner is allocated in (nil:
	// the function's), cur the block being walked.
	slotHome map[int]*ir.Block
	cur      *ir.Block
	results  []ir.Type // the function's result types
	syms     int
	prods    map[string]sym
	pending  []member
	rows     sym // the pending run's rows
	total    sym // its largest member's elements
}

// Prepass plans the op nests of f (see above) into p.
func Prepass(p *Func, f *ir.Func, fu *Fusion, facts Facts) {
	pp := &prepass{p: p, fu: fu, facts: facts, sizes: map[*ir.Value][]sym{}, base: map[*ir.Value]int{}, holds: map[*ir.Value]hold{},
		slotHome: map[int]*ir.Block{}, results: f.ResultTypes, prods: map[string]sym{}}
	p.roots = map[Root]*Nest{}
	for _, a := range f.Args() {
		pp.fresh(a, a.Type())
		pp.holds[a] = hold{}
	}
	pp.setArgLayouts(f)
	for op := range f.Ops() {
		if op.Has(ir.TraitTerminator) {
			pp.end()
			if !facts.FastEntry { // a fast entry computes its results in place
				pp.ret(op, f.ResultTypes)
			}
			continue
		}
		pp.walkOp(op)
	}
	pp.end()
	planRegions(p, f, fu, facts)
	pp.nestedContracts(f)
}

// fresh gives v sizes from its type (symbols where dynamic) and storage
// of its own.
func (pp *prepass) fresh(v *ir.Value, t ir.Type) {
	tt, ok := t.(*ir.TensorType)
	if !ok || tt.Unranked {
		return
	}
	s := make([]sym, len(tt.Shape))
	for d, n := range tt.Shape {
		if n >= 0 {
			s[d] = constSym(n)
		} else {
			s[d] = pp.symbol()
		}
	}
	pp.sizes[v] = s
	pp.base[v] = pp.storage()
}

func (pp *prepass) symbol() sym { pp.syms++; return sym{id: pp.syms} }

func (pp *prepass) storage() int { pp.syms++; return pp.syms }

// fusible is the loop description of an op built as a nest, or nil.
func (pp *prepass) fusible(op *ir.Op) *ir.Loops {
	if op.NumResults() == 0 {
		return nil
	}
	if id := op.Result(0).ID(); id < len(pp.fu.Loops) {
		return pp.fu.Loops[id]
	}
	return nil
}

// walkOp plans op and notes its results' views (setLayouts).
func (pp *prepass) walkOp(op *ir.Op) {
	pp.op(op)
	pp.setLayouts(op)
}

// op follows the emitter's lowerOp.
func (pp *prepass) op(op *ir.Op) {
	if op.NumResults() == 1 && pp.inlined(op.Result(0)) {
		return
	}
	loops := pp.fusible(op)
	if pp.skip[op] {
		return // computed by a contraction (prepass_contract.go)
	}
	if pp.facts.Contraction != nil && pp.facts.Contraction(op) {
		pp.contraction(op, true)
		return
	}
	if EndsRows(op, loops != nil) {
		pp.end()
	}
	switch {
	case isSCF(op):
		pp.scf(op)
		return
	case op.Has(traits.ConstantLike):
		pp.constant(op)
	case op.Has(traits.Cast):
		pp.cast(op)
	case loops != nil:
		for r := range op.NumResults() {
			pp.root(op, r)
		}
	case op.Has(traits.Concatenate):
		pp.concat(op)
	case op.Def != nil && op.Def.Kernel == ir.KernelRegion:
		pp.regionInits(op)
	default:
		for _, r := range op.Results() {
			pp.fresh(r, r.Type())
		}
	}
	pp.buffers(op)
}

func (pp *prepass) inlined(v *ir.Value) bool {
	return v.ID() < len(pp.fu.Inlined) && pp.fu.Inlined[v.ID()]
}

// constant: a tensor constant has its type's (static) sizes; a splat is
// no storage.
func (pp *prepass) constant(op *ir.Op) {
	v := op.Result(0)
	a, ok := op.Attr("value").(*ir.DenseAttr)
	if !ok {
		return
	}
	if _, vec := a.Type.(*ir.VectorType); vec {
		return
	}
	pp.fresh(v, a.Type)
	if n, _ := ir.NumElements(pp.shapeOf(a.Type)); a.Splat || n == 1 {
		pp.base[v] = 0
	}
}

func (pp *prepass) shapeOf(t ir.Type) []int64 { s, _ := ir.Shape(t); return s }

// cast keeps its operand's storage and sizes, the static ones its type's.
func (pp *prepass) cast(op *ir.Op) {
	in, v := op.Operand(0), op.Result(0)
	rt, ok := v.Type().(*ir.TensorType)
	s := pp.sizes[in]
	if !ok || rt.Unranked || len(s) != len(rt.Shape) {
		pp.fresh(v, v.Type())
		return
	}
	out := make([]sym, len(s))
	for d, n := range rt.Shape {
		out[d] = s[d]
		if n >= 0 {
			out[d] = constSym(n)
		}
	}
	pp.sizes[v], pp.base[v] = out, pp.base[in]
}

// concat: its operands are nests into its result (an inlined operand's
// tree) or copies, which run alone.
func (pp *prepass) concat(op *ir.Op) {
	d, _ := traits.ConcatDim(op)
	for k, v := range op.Operands() {
		if !pp.inlined(v) || v.Def() == nil {
			pp.end() // a copy: it runs alone
			pp.copyNest(v, pp.sizesOf(v), pp.window(op, int(d)), fmt.Sprintf("operand #%d of %s at %s into its window", k, op.Name, pos(op.Pos)))
			continue
		}
		pp.nest(v.Def(), v.Index(), pp.storage(), pp.window(op, int(d)))
	}
	pp.fresh(op.Result(0), op.Result(0).Type())
}

// root is the nest computing result r of a fusible op.
func (pp *prepass) root(op *ir.Op, r int) {
	v := op.Result(r)
	for _, t := range append(op.OperandTypes(), v.Type()) {
		if tt, ok := t.(*ir.TensorType); ok && tt.Unranked {
			return // the emitter reports it
		}
	}
	out := pp.storage()
	if n := pp.nest(op, r, out, pp.owned(v)); n != nil {
		pp.sizes[v], pp.base[v] = n.sizes, out
	}
}

// nest plans the nest of result res of op writing storage out through
// view dst.
func (pp *prepass) nest(op *ir.Op, res, out int, dst *vlay) *pnode {
	root := pp.tree(op.Result(res), true)
	if root == nil {
		return nil
	}
	pp.extents(root)
	root.dimMap = root.loops.Results[root.res]
	pp.mapDims(root, pmap{})
	n := &Nest{Op: op.Name, At: pos(op.Pos), Group: -1, RowRun: -1, Fused: countFused(root) - 1}
	for i, e := range root.ext {
		n.Loops = append(n.Loops, Loop{Kind: root.loops.Iter[i], Extent: e.value()})
	}
	reduces := !root.loops.Parallel()
	if reduces {
		n.Reduction = NewReduction(op.Def.Reduce, root.kids[0].elem)
		n.Store.Reason = "a reduction"
	} else {
		n.Store = pp.store(root)
	}
	pp.p.roots[Root{op, res}] = n
	pp.layout(n, root, dst)
	pp.p.Nests = append(pp.p.Nests, n)
	bits := divBits(root)
	f := GroupFacts{FastEntry: pp.facts.FastEntry || pp.cur != nil, DivBits: bits, Computed: true, Iters: root.loops.Iter, Rows: Dynamic}
	if len(root.ext) > 0 {
		f.Rows = root.ext[0].value()
	} else {
		f.Iters = nil
	}
	if Groupable(f) {
		pp.join(member{root: root, out: out, nest: n})
		return root
	}
	pp.end()
	pp.alone(n, root, reduces)
	n.Fence = pp.planFast(n, root, false)
	return root
}

// alone decides the threads (and a full reduction's blocks) of a nest
// run by itself.
func (pp *prepass) alone(n *Nest, root *pnode, reduces bool) {
	n.Threads = NewThreads(pp.facts.ParallelMin, pp.product(root.ext).value())
	if !reduces {
		return
	}
	ext := make([]int64, len(root.ext))
	for i, e := range root.ext {
		ext[i] = e.value()
	}
	if n.RowRun < 0 {
		if outer := Blocked(root.loops.Iter, ext); outer >= 0 {
			n.Reduction.Blocked, n.Reduction.BlockElements, n.Reduction.BlockLoop = true, BlockElements, outer
			return
		}
	}
	for i, e := range root.ext {
		if !(e.known() && e.c == 1) && root.loops.Iter[i] == ir.Parallel {
			return // threads split that loop
		}
	}
	n.Threads = Threads{Reason: "one thread: the reduction runs whole"}
}

// store decides the store kind of a nest (NewStore) from the sizes of
// its output and, with StoreBoundOnly, of the views it reads (one per
// value and map, and each loop index a view of its own), as the emitter
// captures them.
func (pp *prepass) store(root *pnode) Store {
	f := StoreFacts{Min: pp.facts.NonTemporalMin, BoundOnly: pp.facts.StoreBoundOnly, ElemBytes: ByteSize(root.elem)}
	if f.Min <= 0 {
		return NewStore(f)
	}
	out := pp.product(root.sizes).value()
	f.OutElems, f.OutBytes = out, Dynamic
	if out != Dynamic {
		f.OutBytes = out * f.ElemBytes
	}
	if f.BoundOnly && OutputMayStream(f) {
		in := int64(0)
		// A view is read once per storage, shape, sizes and map (the
		// emitter's sameLeaf).
		type read struct {
			base int
			m    string
		}
		seen := map[read]bool{}
		var walk func(n *pnode)
		walk = func(n *pnode) {
			if n.op == nil && n.base != 0 {
				k := read{n.base, fmt.Sprint(n.shape, n.sizes, n.dimMap)}
				if !seen[k] {
					seen[k] = true
					in = addSize(in, pp.product(n.sizes).value())
				}
			}
			for _, k := range n.kids {
				walk(k)
			}
			for k := range n.idx {
				in = addSize(in, n.ext[n.loops.Indices[k]].value())
			}
		}
		walk(root)
		f.InElems8 = Dynamic
		if in != Dynamic {
			f.InElems8 = 8 * in
		}
	}
	return NewStore(f)
}

func addSize(a, b int64) int64 {
	if a == Dynamic || b == Dynamic {
		return Dynamic
	}
	return a + b
}

// readLater reports whether a member of ms after i reads what member i
// writes: it stays in the cache for it (ordinary stores).
func readLater(ms []member, i int) bool {
	var reads func(n *pnode) bool
	reads = func(n *pnode) bool {
		if n.op == nil && n.base == ms[i].out {
			return true
		}
		for _, k := range n.kids {
			if reads(k) {
				return true
			}
		}
		return false
	}
	for _, m := range ms[i+1:] {
		if reads(m.root) {
			return true
		}
	}
	return false
}

func countFused(n *pnode) int {
	c := 0
	if n.op != nil {
		c++
	}
	for _, k := range n.kids {
		c += countFused(k)
	}
	return c
}

// divBits counts the integer divisions of n's tree, whose faults the
// nest reports.
func divBits(n *pnode) int {
	b := 0
	for _, k := range n.kids {
		b += divBits(k)
	}
	if n.op != nil && Faults(n.op, n.elem) {
		b++
	}
	return b
}

// Faults reports whether a nest node computing op in elem can fault at
// run time (an integer division or remainder by zero, or one in a
// region kernel's body), a fault bit the nest reports at op.
func Faults(op *ir.Op, elem *ir.Scalar) bool {
	if op.Def.Kernel.IntDivision() && !elem.IsFloat() {
		return true
	}
	if op.Def.Kernel != ir.KernelRegion || op.NumRegions() != 1 || op.Region(0).Empty() {
		return false
	}
	for o := range op.Region(0).Front().Ops() {
		if o.Def != nil && o.Def.Kernel.IntDivision() && o.NumOperands() > 0 && !ir.ElementType(o.Operand(0).Type()).IsFloat() {
			return true
		}
	}
	return false
}

// tree is the expression tree of v: inlined ops are nodes, other values
// leaves.
func (pp *prepass) tree(v *ir.Value, root bool) *pnode {
	if op := v.Def(); op != nil && (root || pp.inlined(v)) {
		shape, _ := ir.Shape(v.Type())
		loops := pp.fusible(op)
		if loops == nil {
			loops = ir.LoopsOf(op)
		}
		if loops == nil {
			return nil
		}
		n := &pnode{op: op, res: v.Index(), loops: loops, elem: ir.ElementType(v.Type()), shape: shape, idx: len(loops.Indices)}
		for _, a := range op.Operands() {
			k := pp.tree(a, false)
			if k == nil {
				return nil
			}
			n.kids = append(n.kids, k)
		}
		return n
	}
	shape, _ := ir.Shape(v.Type())
	return &pnode{elem: ir.ElementType(v.Type()), shape: shape, sizes: pp.sizes[v], base: pp.base[v], val: v}
}

// extents computes the loop extents and sizes of every op node of n's
// tree as the emitter's sizes and extentOf do: constants where the
// types decide, else an operand's sym along the loop, a new symbol
// where operands broadcast against each other at run time.
func (pp *prepass) extents(n *pnode) {
	if n.op == nil {
		return
	}
	for _, k := range n.kids {
		pp.extents(k)
	}
	l := n.loops
	shapes := make([][]int64, 0, len(n.kids))
	for k, kid := range n.kids {
		var sh []int64
		if l.Operands[k] != nil {
			sh = kid.shape
		}
		shapes = append(shapes, sh)
	}
	results := make([][]int64, n.res+1)
	results[n.res] = n.shape
	static, _ := l.Extents(shapes, results)
	n.ext = make([]sym, len(l.Iter))
	for i := range n.ext {
		switch d := l.ResultDimOf(n.res, i); {
		case static != nil && static[i] >= 0:
			n.ext[i] = constSym(static[i])
		case d >= 0 && n.shape[d] >= 0:
			n.ext[i] = constSym(n.shape[d])
		default:
			n.ext[i] = pp.extentOf(n, i)
		}
	}
	n.sizes = make([]sym, len(n.shape))
	for d, m := range l.Results[n.res] {
		if m.Loop < 0 {
			n.sizes[d] = constSym(1)
		} else {
			n.sizes[d] = n.ext[m.Loop]
		}
	}
}

// extentOf is the emitter's extentOf over symbols.
func (pp *prepass) extentOf(n *pnode, i int) sym {
	l := n.loops
	var cur *sym
	var seen []sym
	for k, kid := range n.kids {
		for j, m := range l.Operands[k] {
			if m.Loop != i || m.Kind == ir.Window || j >= len(kid.sizes) {
				continue
			}
			x := kid.sizes[j]
			if !x.known() && contains(seen, x) {
				continue
			}
			seen = append(seen, x)
			switch {
			case m.Kind == ir.Exact:
				if cur == nil || (x.known() && !cur.known()) {
					cur = &x
				}
			case x.known() && x.c == 1:
			case x.known():
				cur = &x
			case cur == nil:
				cur = &x
			default:
				s := pp.symbol() // select(x != 1, x, cur)
				cur = &s
			}
		}
	}
	if cur == nil {
		return constSym(1)
	}
	return *cur
}

func contains(ss []sym, x sym) bool {
	for _, s := range ss {
		if s == x {
			return true
		}
	}
	return false
}

// pmap is the emitter's nestMap over symbols.
type pmap struct {
	loops  *ir.Loops
	res    int
	parent []ir.DimMap
	sizes  []sym
}

func (t pmap) of(m ir.DimMap) ir.DimMap {
	if t.loops == nil || m.Loop < 0 {
		return m
	}
	d := t.loops.ResultDimOf(t.res, m.Loop)
	if d < 0 {
		return ir.UnitDim()
	}
	p := t.parent[d]
	if d < len(t.sizes) && t.sizes[d].known() && t.sizes[d].c == 1 {
		p = ir.UnitDim()
	}
	if p.Loop < 0 {
		return ir.DimMap{Loop: -1, Offset: m.Offset + m.Stride*p.Offset}
	}
	return ir.DimMap{Loop: p.Loop, Stride: m.Stride * p.Stride, Offset: m.Offset + m.Stride*p.Offset, Kind: max(m.Kind, p.Kind)}
}

// mapDims maps the dimensions of n's operands to the nest's loops (the
// emitter's mapDims).
func (pp *prepass) mapDims(n *pnode, toNest pmap) {
	n.idxMap = make([]ir.DimMap, n.idx)
	for k := range n.idx {
		n.idxMap[k] = toNest.of(ir.Dim(n.loops.Indices[k]))
	}
	for k, kid := range n.kids {
		if n.loops.Operands[k] == nil {
			kid.dimMap = nil
			continue
		}
		kid.dimMap = make([]ir.DimMap, len(n.loops.Operands[k]))
		for j, m := range n.loops.Operands[k] {
			kid.dimMap[j] = toNest.of(m)
		}
		if kid.op != nil {
			pp.mapDims(kid, pmap{kid.loops, kid.res, kid.dimMap, kid.sizes})
		}
	}
}

// product is the elements of sizes: a constant, the one symbol, or one
// symbol per list of sizes (the emitter computes a product once).
func (pp *prepass) product(ss []sym) sym {
	c := int64(1)
	var syms []sym
	for _, s := range ss {
		if s.known() {
			c *= s.c
		} else {
			syms = append(syms, s)
		}
	}
	switch {
	case len(syms) == 0 || c == 0:
		return constSym(c)
	case len(syms) == 1 && c == 1:
		return syms[0]
	}
	key := make([]byte, 0, 8*len(ss))
	for _, s := range ss {
		key = append(key, byte(s.id), byte(s.id>>8), byte(s.id>>16), byte(s.id>>24), byte(s.c), byte(s.c>>8), byte(s.c>>16), byte(s.c>>24))
	}
	p, ok := pp.prods[string(key)]
	if !ok {
		p = pp.symbol()
		pp.prods[string(key)] = p
	}
	return p
}

// join adds m to the pending row run, after ending the pending one when
// m cannot join it (Joins).
func (pp *prepass) join(m member) {
	if len(pp.pending) > 0 && !pp.joins(m.root) {
		pp.end()
	}
	work := pp.product(m.root.ext)
	if len(pp.pending) == 0 {
		pp.rows, pp.total = m.root.ext[0], work
		g := &RowGroup{Block: RowBlock(pp.product(m.root.ext[1:]).value(), GroupRowElements), BlockElements: GroupRowElements}
		pp.p.Runs = append(pp.p.Runs, g)
	} else if work != pp.total {
		pp.total = pp.symbol() // the larger, at run time
	}
	m.nest.RowRun = len(pp.p.Runs) - 1
	pp.pending = append(pp.pending, m)
}

// joins reports whether the nest of root joins the pending run
// (Joins): the same rows, and reads of the members' outputs at the row.
func (pp *prepass) joins(root *pnode) bool {
	var reads []RowRead
	var walk func(n *pnode)
	walk = func(n *pnode) {
		if n.op == nil && n.base != 0 {
			for _, m := range pp.pending {
				if m.out != n.base {
					continue
				}
				r := RowRead{Map: n.dimMap, WriterLoop: -1}
				if len(m.root.dimMap) > 0 {
					r.WriterLoop = m.root.dimMap[0].Loop
				}
				reads = append(reads, r)
			}
		}
		for _, k := range n.kids {
			walk(k)
		}
	}
	walk(root)
	return Joins(len(pp.pending), pp.rows == root.ext[0], reads)
}

// end closes the pending run: a run of one is an ordinary nest; the
// members of a longer one are a row group, on threads by the largest.
func (pp *prepass) end() {
	ms := pp.pending
	pp.pending = nil
	switch len(ms) {
	case 0:
		return
	case 1:
		r := ms[0].root
		pp.alone(ms[0].nest, r, !r.loops.Parallel())
		ms[0].nest.Fence = pp.planFast(ms[0].nest, r, false)
		return
	}
	g := pp.p.Runs[ms[0].nest.RowRun]
	g.Index = len(pp.p.Groups)
	pp.p.Groups = append(pp.p.Groups, g)
	th := NewThreads(pp.facts.ParallelMin, pp.total.value())
	for _, m := range ms {
		m.nest.Group, m.nest.Threads = g.Index, th
		g.Planned = append(g.Planned, m.nest)
	}
	g.Threads = th
	ms = pp.share(g, ms)
	g.Shared = len(g.SharedValues)
	pp.p.Nests = append(pp.p.Nests, g.SharedNests...)
	if pp.ride(ms) {
		g.Rider, g.PipeBlock, g.PipeElements = true, RowBlock(ms[0].root.ext[1].value(), PipeRowElements), PipeRowElements
	}
	// The members' stores, on their trees reading the shared values;
	// the group fences when one streams.
	for i, m := range ms {
		switch {
		case m.nest.Reduction != nil:
		case readLater(ms, i):
			m.nest.ReadLater, m.nest.Store = true, Store{Reason: "read again by a later member of its row group"}
		default:
			m.nest.Store = pp.store(m.root)
		}
		g.Members = append(g.Members, m.nest)
		if pp.planFast(m.nest, m.root, true) {
			g.Fence = true
		}
	}
}

func pos(p ir.Pos) string { return strconv.Itoa(int(p.Line)) + ":" + strconv.Itoa(int(p.Col)) }
