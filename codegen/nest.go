package codegen

import (
	"fmt"
	"slices"
	"strings"

	llvm "github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"github.com/tirc/tirc/codegen/cabi"
	"github.com/tirc/tirc/codegen/plan"
	"github.com/tirc/tirc/ir"
)

// view is a tensor in memory: element 0 at base, sizes and strides in
// elements (i64 values; constants where the type is static).
type view struct {
	elem          *ir.Scalar
	shape         []int64
	base          value.Value
	sizes         []value.Value
	strides       []value.Value
	contiguous    bool // strides are known to be row-major over sizes
	allocatedHere bool
	// index marks a loop index stream (Loops.Indices): a rank-1 tensor
	// 0, 1, ..., n-1 that is never stored; its "pointer" is an i64
	// element offset that the loops advance like an address, and its
	// element is that offset (iota's kernel argument).
	index bool
}

// node is one value of a fused expression tree: a Computable op whose
// operands are nodes, or a leaf (a view, or a scalar value broadcast
// everywhere: a real scalar or a splat constant). The tree's root defines
// the nest's loops (its own loop description); every other op is
// parallel and computed at the iteration that reads it. dimMap maps each
// of the node's dimensions to the nest's loops, composed from the loop
// descriptions along the tree, so a leaf dimension reads with its stride,
// or stride 0 where it broadcasts.
type node struct {
	op     *ir.Op
	loops  *ir.Loops // the op's loop description; nil for a leaf
	elem   *ir.Scalar
	shape  []int64
	sizes  []value.Value
	ext    []value.Value // the op's loop extents
	dimMap []ir.DimMap
	kids   []*node
	view   *view
	scalar value.Value
	bit    int // fault bits 2*bit, 2*bit+1 for integer div/rem nodes, -1 otherwise
	res    int // the result of op the node computes (an op with several: one nest each)
	// plan is a nest root's plan (nestPlan).
	plan *plan.Nest
	// idx are the loop index leaves of an op whose kernel reads loop
	// indices (Loops.Indices), the kernel's arguments after the kids'.
	idx []*node
}

// fusible reports whether op is lowered as a loop nest: a Computable op
// (a loop description and a kernel) producing a ranked tensor from
// tensors and scalars.
func fusible(op *ir.Op) bool { return fusibleLoops(op) != nil }

// fusibleLoops is a fusible op's loop description, nil for another op.
func fusibleLoops(op *ir.Op) *ir.Loops {
	l := ir.ComputableLoops(op)
	if l == nil || isContraction(op) { // contractions have their own lowering (contract.go)
		return nil
	}
	if op.Def.Kernel == ir.KernelRegion && (!regionParallel(l) || usesOuter(op)) {
		return nil // a linalg reduction, or a body using outer values: regionLowering.reduce
	}
	if t, ok := op.Result(0).Type().(*ir.TensorType); !ok || t.Unranked {
		return nil
	}
	for _, v := range op.Operands() {
		if _, ok := v.Type().(*ir.VectorType); ok {
			return nil
		}
	}
	return l
}

// loopsOf is fusibleLoops from f's plan, where the loops of every op of f
// were described once (a loop description allocates its maps).
func (fc *funcCtx) loopsOf(op *ir.Op) *ir.Loops {
	if op.NumResults() > 0 && op.Func() == fc.f {
		if id := op.Result(0).ID(); id < len(fc.fusion.Loops) {
			return fc.fusion.Loops[id]
		}
	}
	return fusibleLoops(op)
}

func (fc *funcCtx) fusible(op *ir.Op) bool { return fc.loopsOf(op) != nil }

// tree builds the expression tree of v: ops marked inlined become nodes,
// everything else is a leaf.
func (fc *funcCtx) tree(v *ir.Value, root bool) (*node, error) {
	if op := v.Def(); op != nil && (root || fc.inlined[v.ID()]) {
		shape, _ := ir.Shape(v.Type())
		loops := fc.loopsOf(op)
		if loops == nil {
			loops = ir.LoopsOf(op)
		}
		n := &node{op: op, loops: loops, elem: ir.ElementType(v.Type()), shape: shape, bit: -1, res: v.Index(),
			kids: make([]*node, 0, op.NumOperands())}
		for _, a := range op.Operands() {
			kid, err := fc.tree(a, false)
			if err != nil {
				return nil, err
			}
			n.kids = append(n.kids, kid)
		}
		for range n.loops.Indices {
			v := &view{elem: ir.Index, base: i64c(0), contiguous: true, index: true}
			n.idx = append(n.idx, &node{elem: ir.Index, view: v, bit: -1})
		}
		return n, nil
	}
	return fc.leaf(v)
}

// leaf is the expression-tree leaf of an already lowered value.
func (fc *funcCtx) leaf(v *ir.Value) (*node, error) {
	lv := fc.vals[v.ID()]
	if lv == nil {
		return nil, fmt.Errorf("value %%%d is used before it is lowered", v.ID())
	}
	e := ir.ElementType(v.Type())
	if lv.view != nil {
		return &node{elem: e, shape: lv.view.shape, sizes: lv.view.sizes, view: lv.view, bit: -1}, nil
	}
	shape, _ := ir.Shape(v.Type())
	return &node{elem: e, shape: shape, sizes: lv.sizes, scalar: lv.scalar, bit: -1}, nil
}

// prepare computes every node's loop extents and run-time sizes (emitting
// the size checks in the enclosing function) and maps every node's
// dimensions to the nest's loops: the root's own loops.
func (fc *funcCtx) prepare(root *node) error {
	if root.op == nil { // a copy: one loop per dimension
		root.ext = root.sizes
		root.dimMap = identityMap(len(root.shape))
		return nil
	}
	if err := fc.sizes(root); err != nil {
		return err
	}
	root.dimMap = root.loops.Results[root.res]
	return fc.mapDims(root, nestMap{})
}

func identityMap(n int) []ir.DimMap {
	out := make([]ir.DimMap, n)
	for i := range out {
		out[i] = ir.Dim(i)
	}
	return out
}

// mapDims maps the dimensions of n's operands to the nest's loops; toNest
// maps a map over n's loops to one over the nest's. Strides and offsets
// compose along the tree (composeMap): a transposed, sliced or broadcast
// read is a view's stride, offset or stride 0 in the nest, never a copy.
func (fc *funcCtx) mapDims(n *node, toNest nestMap) error {
	for k, x := range n.idx {
		m, err := toNest.of(ir.Dim(n.loops.Indices[k]))
		if err != nil {
			return err
		}
		x.dimMap = []ir.DimMap{m}
	}
	for k, kid := range n.kids {
		if n.loops.Operands[k] == nil {
			kid.dimMap = nil // a scalar: the same value at every iteration
			continue
		}
		kid.dimMap = make([]ir.DimMap, len(n.loops.Operands[k]))
		for j, m := range n.loops.Operands[k] {
			var err error
			if kid.dimMap[j], err = toNest.of(m); err != nil {
				return err
			}
		}
		if kid.op == nil {
			continue
		}
		// kid's own loops are its result dimensions (it is parallel):
		// loop i of kid is its result dimension resultDim[i].
		if err := fc.mapDims(kid, nestMap{kid.loops, kid.res, kid.dimMap, kid.sizes}); err != nil {
			return err
		}
	}
	return nil
}

// nestMap maps a map over a node's loops to one over the nest's: loop i
// of the node (parallel: its loops are its result dimensions) is its
// result dimension loops.ResultDimOf(res, i), which sits in the nest at
// parent (the node's own map) and has the run-time size sizes[d]. Without
// loops it maps nothing: the root's loops are the nest's.
type nestMap struct {
	loops  *ir.Loops
	res    int
	parent []ir.DimMap
	sizes  []value.Value
}

// of composes m with the node's place in the nest. The rule of a
// broadcast is the node's, whatever its operands read: a dimension of
// size 1 is read at index 0 (the only index in bounds), so where the
// node's size is 1 the loop does not move m's index, which stays at
// m.Offset (a slice's start), not at the operand's index 0 nor advancing
// with the operand's stride. A leaf view applies the same rule to its own
// sizes when the nest reads it (captureViews, groups: stride 0, at run
// time where a size is dynamic), and that covers every map tying the
// operand's size to the node's (Exact, Broadcast). A Window does not: its
// operand is larger than the node, so the rule is applied here, to the
// node's size, and needs the size statically (a slice's window has
// static sizes).
func (t nestMap) of(m ir.DimMap) (ir.DimMap, error) {
	if t.loops == nil || m.Loop < 0 {
		return m, nil
	}
	d := t.loops.ResultDimOf(t.res, m.Loop)
	if d < 0 {
		return ir.UnitDim(), nil
	}
	p := t.parent[d]
	var size value.Value // nil: unknown (never in a prepared tree)
	if d < len(t.sizes) {
		size = t.sizes[d]
	}
	switch {
	case isConst(size, 1):
		p = ir.UnitDim()
	case m.Kind == ir.Window && p.Kind != ir.Exact && !isConstVal(size):
		return ir.DimMap{}, fmt.Errorf("internal error: a window of dynamic size %s is read under a broadcast (a stride decided at run time is not supported here)", m)
	}
	return composeMap(m, p), nil
}

// composeMap is the map of an index m reads from a dimension that itself
// sits at p in the nest: offsets and strides compose, and a broadcast on
// either side is a broadcast. A dimension p reads at a constant index
// (Loop < 0) fixes m's index at m's offset from it.
func composeMap(m, p ir.DimMap) ir.DimMap {
	if p.Loop < 0 {
		return ir.DimMap{Loop: -1, Offset: m.Offset + m.Stride*p.Offset}
	}
	out := ir.DimMap{Loop: p.Loop, Stride: m.Stride * p.Stride, Offset: m.Offset + m.Stride*p.Offset, Kind: max(m.Kind, p.Kind)}
	return out
}

// sizes computes the loop extents of every op node of the tree from its
// operands' run-time sizes (checked against each other and against the
// static result type when checks are on, with NumPy's wording), and the
// node's own sizes from its result map.
func (fc *funcCtx) sizes(n *node) error {
	if n.op == nil {
		return nil
	}
	for _, kid := range n.kids {
		if err := fc.sizes(kid); err != nil {
			return err
		}
	}
	l := n.loops
	// Static extents first: constants wherever the types decide.
	var shapesBuf, resultsBuf [4][]int64
	shapes := shapesBuf[:0]
	for k, kid := range n.kids {
		var sh []int64
		if l.Operands[k] != nil {
			sh = kid.shape
		}
		shapes = append(shapes, sh)
	}
	results := resultsBuf[:0]
	for range n.res {
		results = append(results, nil)
	}
	results = append(results, n.shape)
	static, _ := l.Extents(shapes, results)
	n.ext = make([]value.Value, len(l.Iter))
	for i := range n.ext {
		if static != nil && static[i] >= 0 {
			n.ext[i] = i64c(static[i])
			continue
		}
		if d := l.ResultDimOf(n.res, i); d >= 0 && n.shape[d] >= 0 {
			n.ext[i] = i64c(n.shape[d])
			continue
		}
		cur, err := fc.extentOf(n, i)
		if err != nil {
			return err
		}
		n.ext[i] = cur
	}
	n.sizes = make([]value.Value, len(n.shape))
	for d, m := range l.Results[n.res] {
		if m.Loop < 0 {
			n.sizes[d] = i64c(1)
		} else {
			n.sizes[d] = n.ext[m.Loop]
		}
	}
	for k, x := range n.idx {
		e := n.ext[l.Indices[k]]
		x.sizes, x.view.sizes = []value.Value{e}, []value.Value{e}
		c, ok := constVal(e)
		if !ok {
			c = ir.Dynamic
		}
		x.shape, x.view.shape = []int64{c}, []int64{c}
	}
	if fc.mod.opts.Checks {
		fc.checkSizes(n)
	}
	return nil
}

// extentOf is the run-time extent of n's loop i, which the types leave
// dynamic: from the operands' sizes along it.
func (fc *funcCtx) extentOf(n *node, i int) (value.Value, error) {
	bl, l := fc.bl, n.loops
	// The same size value twice adds nothing: the extent stays that
	// value, so nests over the same rows see one extent (row groups
	// compare them).
	var cur value.Value
	var seenBuf [8]value.Value
	seen := seenBuf[:0]
	for k, kid := range n.kids {
		for j, m := range l.Operands[k] {
			if m.Loop != i || m.Kind == ir.Window {
				continue
			}
			x := kid.sizes[j]
			if slices.Contains(seen, x) && !isConstVal(x) {
				continue
			}
			seen = append(seen, x)
			switch {
			case m.Kind == ir.Exact:
				// The first exact size defines the extent (a
				// constant one wins): the others are checked
				// against it.
				if cur == nil || (isConstVal(x) && !isConstVal(cur)) {
					cur = x
				}
			case isConst(x, 1):
			case isConstVal(x):
				cur = x
			case cur == nil:
				cur = x // 1, or the extent: either way the extent so far
			default:
				cur = bl.selectI64(bl.icmp(enum.IPredNE, x, i64c(1)), x, cur)
			}
		}
	}
	if cur == nil {
		if d := l.ResultDimOf(n.res, i); d >= 0 && !mappedByOperand(l, i) {
			return nil, fmt.Errorf("result dimension %d of '%s' is dynamic and not determined by its operands; give it a static size (e.g. with -infer-shapes or -arg-shapes)", d, n.op.Name)
		}
		cur = i64c(1)
	}
	return cur, nil
}

// checkSizes emits the run-time checks that n's operands' sizes agree
// with its loop extents (or broadcast along them).
func (fc *funcCtx) checkSizes(n *node) {
	bl, l := fc.bl, n.loops
	fc.checkWindows(n)
	for k, kid := range n.kids {
		for j, m := range l.Operands[k] {
			if m.Loop < 0 || m.Kind == ir.Window {
				continue
			}
			x, e := kid.sizes[j], n.ext[m.Loop]
			if x == e {
				continue
			}
			bad := bl.icmp(enum.IPredNE, x, e)
			if m.Kind == ir.Broadcast {
				if isConst(x, 1) {
					continue
				}
				bad = bl.and(bl.icmp(enum.IPredNE, x, i64c(1)), bad)
			}
			msg, args := fc.shapesMessage(n, k, j)
			fc.fail(bad, StatusShape, msg, args...)
		}
	}
}

func isConstVal(v value.Value) bool { _, ok := constVal(v); return ok }

// mappedByOperand reports whether some operand dimension runs over loop i.
func mappedByOperand(l *ir.Loops, i int) bool {
	for _, ms := range l.Operands {
		for _, m := range ms {
			if m.Loop == i && m.Kind != ir.Window {
				return true
			}
		}
	}
	return false
}

// shapesMessage is the run-time message of a failed size check of
// dimension j of operand k of n's op, as NumPy words it: the op, its
// location and every tensor operand's run-time shape ("operands could not
// be broadcast together with shapes (3,4) (2,4)"), then the dimension.
func (fc *funcCtx) shapesMessage(n *node, k, j int) (string, []value.Value) {
	if isContraction(n.op) {
		if msg, args := contractShapesMessage(n, k, j); msg != "" {
			return msg, args
		}
	}
	var args []value.Value
	shape := func(sizes []value.Value) string { return sizesText(sizes, &args) }
	var list []string
	bcast := false
	for kk, kid := range n.kids {
		if n.loops.Operands[kk] == nil {
			continue
		}
		list = append(list, shape(kid.sizes))
		for _, m := range n.loops.Operands[kk] {
			bcast = bcast || m.Kind == ir.Broadcast
		}
	}
	var msg string
	if bcast {
		msg = "operands could not be broadcast together with shapes " + strings.Join(list, " ")
	} else {
		msg = "operands must have the same shape, but have shapes " + strings.Join(list, " ") + " at run time (no broadcasting)"
	}
	if ir.IsStatic(n.shape) || hasStatic(n.shape) {
		msg += " into the result type's shape " + escape(ir.TupleShape(n.shape))
	}
	args = append(args, n.kids[k].sizes[j], n.ext[n.loops.Operands[k][j].Loop])
	msg += fmt.Sprintf(" (dimension %d of operand #%d has size %%lld, not %%lld)", j, k)
	return where(n.op) + " " + msg, args
}

func hasStatic(shape []int64) bool {
	for _, d := range shape {
		if d >= 0 {
			return true
		}
	}
	return false
}

// nest is the function being built for one loop nest. Values of the
// enclosing function it uses are captured as parameters (constants are
// used directly), so static sizes and strides stay constants.
type nest struct {
	bl   *builder
	fn   *llvm.Func
	caps map[value.Value]value.Value
	args []value.Value
	flag value.Value // i64 alloca of fault bits, or nil
	// scalars are the captured scalar leaves.
	scalars map[*node]value.Value
	// lo and hi bound the outermost loop (this thread's share).
	lo, hi value.Value
	// nt, when set, makes the innermost loop store with non-temporal
	// vector stores (nontemporal.go).
	nt     *ntPlan
	ntUsed bool // a loop with non-temporal stores was emitted
	// tile, when set, blocks the two innermost loops of a transposed
	// read (transpose.go).
	tile   *tilePlan
	root   *node
	ext    []value.Value // the root's loop extents, inside the nest
	blocks *blockPlan    // a full reduction's blocks (reduce.go), captured
	// ride, when set, is a reduction computed one row ahead inside this
	// nest's innermost loop (rider.go); share is the nest whose function
	// a rider's nest builds into (its captures become that nest's args).
	ride  *rider
	share *nest
	// built is what building the nest decided, for its plan; version
	// is the plan of the version being built (its loops, tiles and
	// reduction strategy: PlanFast).
	built   *built
	version *plan.Nest
	// packed, when set, makes captures fields of one argument struct
	// (a row group's function: see runPacked).
	packed *packedArgs
}

func (ns *nest) capture(v value.Value, name string) value.Value {
	if _, ok := v.(constant.Constant); ok {
		return v
	}
	if p, ok := ns.caps[v]; ok {
		return p
	}
	if ns.packed != nil {
		p := ns.packed.field(ns.bl, v)
		ns.caps[v] = p
		ns.args = append(ns.args, v)
		return p
	}
	p := llvm.NewParam(fmt.Sprintf("%s%d", name, len(ns.fn.Params)), v.Type())
	ns.fn.Params = append(ns.fn.Params, p)
	ns.fn.Sig.Params = append(ns.fn.Sig.Params, p.Typ)
	ns.caps[v] = p
	owner := ns
	if ns.share != nil {
		owner = ns.share
	}
	owner.args = append(owner.args, v)
	return p
}

// capturedView is a view's base, sizes and strides inside the nest.
type capturedView struct {
	v             *view
	base          value.Value
	sizes, contig []value.Value
	strides       []value.Value
	dimMap        []ir.DimMap
	// leaves are the tree's leaves reading this view with this map: one
	// pointer serves them all (a fused tree reads a value at several
	// places: x - mean and x * x both read x).
	leaves          []*node
	isDst           bool
	mustCheckLayout bool
}

// emitNest writes the value of root into dst (whose sizes are root's)
// with one loop nest, then reports integer division faults. The nest is
// built twice when its plan's layout is guarded (a layout known only at
// run time: nestLayout): a fast version for row-major views (inlined;
// static strides, collapsed dimensions) and a general strided one (out
// of line, so the fast path stays small); a guard in the caller picks
// one. Large nests run on several threads
// (runNest).
func (fc *funcCtx) emitNest(dst *view, root *node) error {
	reduces := root.loops != nil && !root.loops.Parallel()
	if reduces {
		if readsIndices(root) {
			return root.op.Errorf("internal error: a reduction nest reads loop indices (planFusion keeps iota out of reductions)")
		}
		fc.checkEmpty(root)
	}
	bits := 0
	var number func(n *node)
	number = func(n *node) {
		for _, k := range n.kids {
			number(k)
		}
		n.bit = -1
		if n.op != nil && plan.Faults(n.op, n.elem) {
			n.bit = bits
			bits++
		}
	}
	number(root)

	var planned *plan.Nest
	if root.op != nil {
		planned = fc.plan.Planned(root.op, root.res)
	}
	guard, rec, err := fc.nestLayout(dst, root, planned)
	if err != nil {
		return err
	}
	if run := fc.plan.Run(rec); run != nil {
		return fc.rows.add(fc, dst, root, guard, rec, run)
	}
	if err := fc.rows.flush(fc); err != nil {
		return err
	}
	var blocks *blockPlan
	if r := rec.Reduction; r != nil && r.Blocked {
		blocks = fc.planBlocks(root, r.BlockLoop)
	}
	return fc.runNestNow(dst, root, guard, bits, blocks, rec)
}

// runNestNow builds the nest of root (fast and, unless the layouts are
// known to be row-major, strided) and runs it, then reports integer
// division faults.
func (fc *funcCtx) runNestNow(dst *view, root *node, guard value.Value, bits int, blocks *blockPlan, rec *plan.Nest) error {
	bl := fc.bl
	reduces := root.loops != nil && !root.loops.Parallel()
	fast, fastArgs, err := fc.buildNest(dst, root, nestSpec{fast: true, bits: bits, allowNT: true, blocks: blocks, rec: rec})
	if err != nil {
		return err
	}
	total, may := fc.bl.product(root.ext), rec.Threads.May
	var r value.Value
	if g, ok := guard.(*constant.Int); ok && g.X.Sign() != 0 {
		r = fc.runNest(fast, fastArgs, total, may)
	} else {
		slow, slowArgs, err := fc.buildNest(dst, root, nestSpec{bits: bits, allowNT: true, blocks: blocks})
		if err != nil {
			return err
		}
		slot := bl.alloca(types.I64)
		bl.ifElse(guard, "layout", func() {
			store(bl.b, fc.runNest(fast, fastArgs, total, may), slot)
		}, func() {
			store(bl.b, fc.runNest(slow, slowArgs, total, may), slot)
		})
		r = bl.b.NewLoad(types.I64, slot)
	}
	if reduces {
		fc.failOOM(r, root.op)
	}
	if bits > 0 && fc.mod.opts.Checks {
		var report func(n *node)
		report = func(n *node) {
			for _, k := range n.kids {
				report(k)
			}
			if n.bit < 0 {
				return
			}
			z := bl.b.NewICmp(enum.IPredNE, bl.b.NewAnd(r, i64c(1<<(2*n.bit))), i64c(0))
			fc.fail(z, StatusDivZero, where(n.op)+": integer division by zero")
			o := bl.b.NewICmp(enum.IPredNE, bl.b.NewAnd(r, i64c(2<<(2*n.bit))), i64c(0))
			fc.fail(o, StatusOverflow, where(n.op)+": integer overflow (minimum value divided by -1)")
		}
		report(root)
	}
	if blocks != nil {
		fc.combineBlocks(dst, root, blocks)
	}
	return nil
}

// failOOM reports a nest's out-of-memory fault (FaultOOM in r, the
// nest's fault bits): status 3 naming the op.
func (fc *llfunc) failOOM(r value.Value, op *ir.Op) {
	bl := fc.bl
	oom := bl.b.NewICmp(enum.IPredNE, bl.b.NewAnd(r, i64c(FaultOOM)), i64c(0))
	fc.fail(oom, StatusOOM, where(op)+": out of memory allocating its accumulators")
}

// rowMajorOf keys a view's row-major check, andOf a conjunction of
// checks (builder.once).
type (
	rowMajorOf struct{ v *view }
	andOf      struct{ x, y value.Value }
)

// layoutGuard is true when every view of the nest is row-major over its
// sizes (a dimension of size 1 may have any stride): a constant when all
// layouts are known.
func (fc *funcCtx) layoutGuard(dst *view, root *node) value.Value {
	bl := fc.bl
	var guard value.Value = constant.True
	seen := map[value.Value]bool{}
	check := func(v *view) {
		if v.contiguous {
			return
		}
		// Once per view: every nest reading an argument asks again.
		ok := bl.once(rowMajorOf{v}, func() value.Value {
			contig := fc.bl.contig(v.sizes)
			var all value.Value = constant.True
			for j := range v.sizes {
				size := v.sizes[j]
				// Views broadcast along the same size: "size == 1"
				// once for all of them.
				one := bl.once(opKey{"icmp eq 1", operand(size), nil, nil}, func() value.Value {
					return bl.icmp(enum.IPredEQ, size, i64c(1))
				})
				all = bl.and(all, bl.or(one, bl.icmp(enum.IPredEQ, v.strides[j], contig[j])))
			}
			return all
		})
		if !seen[ok] {
			seen[ok] = true
			// Nests reading the same arguments share their guard too
			// (a row group passes each member's guard).
			g := guard
			guard = bl.once(andOf{g, ok}, func() value.Value { return bl.and(g, ok) })
		}
	}
	check(dst)
	var walk func(n *node)
	walk = func(n *node) {
		if n.view != nil {
			check(n.view)
		}
		for _, k := range n.kids {
			walk(k)
		}
	}
	walk(root)
	return guard
}

// nestSpec is what one version of a nest is built with: the fast
// (row-major) or strided version, its fault bits, whether it is a row
// group's member (window: its first loop runs [rlo, rhi) instead of the
// thread's share, and is never merged with the next), whether it may use
// non-temporal stores (not when a later member of a row group reads its
// output soon), a full reduction's blocks, and the row group member it
// carries one row ahead (rider.go). group is the row group being built,
// told when a member streams (its function then fences once).
type nestSpec struct {
	fast    bool
	bits    int
	window  bool
	allowNT bool
	blocks  *blockPlan
	rideOn  *groupMember
	group   *rowGroup
	// rec is the plan of the nest, told what building its fast version
	// decided; nil for another version. plan is the nest's plan its
	// fast version follows (a rider's host's too), nil when none.
	rec, plan *plan.Nest
}

// buildNest emits one version of the nest as a function
// i64 (captures..., i64 thread, i64 threads) returning the fault bits;
// the outermost loop runs the thread's share of its range (with a
// window, its last two parameters are the rows [rlo, rhi) instead; with
// a rider, a third row parameter is the first row the rider must not
// compute). Each concern has its own step: the function (newNest), the
// captured views (captureViews), noalias (markNoAlias), the extents and
// the thread parameters (nestParams), the loops over this thread's share
// (iterate) and the fence after non-temporal stores (fenceNonTemporal).
func (fc *funcCtx) buildNest(dst *view, root *node, s nestSpec) (*llvm.Func, []value.Value, error) {
	fast, bits, window, allowNT, rideOn := s.fast, s.bits, s.window, s.allowNT, s.rideOn
	var key *nestKey
	var same *sharedNest
	if rideOn == nil {
		key = fc.nestKeyOf(dst, root, s)
		if same = fc.mod.sharedNest(key); same != nil && !checkSharedNests {
			if window && same.ntUsed {
				s.group.nt = true
			}
			return same.fn, same.argsOf(key), s.record(root, same.built)
		}
	}
	fc.mod.await() // a new nest
	ns := fc.newNest(fast, bits)
	ns.built = &built{store: plan.Store{Reason: "a reduction"}}
	bl := ns.bl
	d, views := ns.captureViews(dst, root, fast)
	markNoAlias(d, views)
	if rideOn != nil {
		var err error
		if ns.ride, err = newRider(ns, rideOn); err != nil {
			return nil, nil, err
		}
	}
	ext, thread, threads := fc.nestParams(ns, root, window, s.blocks)
	if ns.ride != nil {
		ns.ride.end = llvm.NewParam("rend", types.I64)
		ns.fn.Params = append(ns.fn.Params, ns.ride.end.(*llvm.Param))
		ns.fn.Sig.Params = append(ns.fn.Sig.Params, types.I64)
	}

	var err error
	body := func(ptrs []value.Value) {
		leafPtr := map[*node]value.Value{}
		for i, c := range views[1:] {
			for _, l := range c.leaves {
				leafPtr[l] = ptrs[i+1]
			}
		}
		var v value.Value
		v, err = ns.eval(root, leafPtr)
		if err == nil {
			store(bl.b, bl.ToStorage(v, root.elem), ptrs[0])
		}
	}
	var iters []ir.IterKind
	reduces := root.loops != nil && !root.loops.Parallel()
	if root.loops != nil {
		iters = root.loops.Iter
	}
	f := mergeFacts(views, ext, iters, fast, window)
	if ns.version, err = ns.versionPlan(f, s, root, reduces); err != nil {
		return nil, nil, err
	}
	ns.built.version = ns.version
	gs := ns.groups(views, ext, f, ns.version.Merged)
	ns.root, ns.ext = root, ext
	if fast && !reduces && ns.ride == nil {
		ns.planStores(views, allowNT, fc.plannedStore(root))
	} else if ns.ride != nil {
		ns.built.store.Reason = "carries a row reduction one row ahead"
	}
	if e := ns.iterate(gs, views, iters, d, thread, threads, window, reduces, body); e != nil {
		err = e
	}
	if ns.ride != nil && err == nil {
		err = ns.ride.err
	}
	if err != nil {
		return nil, nil, err
	}
	if !window {
		// A row group's member runs once per block of rows: the group's
		// function fences once after all its blocks (rowsEmitter.flush), since a
		// fence per block made softmax wait for its streaming stores to
		// drain at every row.
		ns.fenceNonTemporal(s.fence(ns.ntUsed))
		ns.built.fence = ns.ntUsed
	} else if ns.ntUsed {
		s.group.nt = true
	}
	if ns.flag != nil {
		bl.b.NewRet(bl.b.NewLoad(types.I64, ns.flag))
	} else {
		bl.b.NewRet(i64c(0))
	}
	bl.finish()
	if err := s.record(root, ns.built); err != nil { // the fast version's
		return nil, nil, err
	}
	if key != nil {
		return fc.mod.finishShared(key, same, ns)
	}
	fc.mod.finish(ns.fn)
	return ns.fn, ns.args, nil
}

// planStores sets up the tiles the plan of a parallel nest's fast
// version has (tileOf) and its stores (planNonTemporal with the
// pre-pass's store when planned); allowNT false keeps ordinary stores
// for an output a later member of a row group reads.
func (ns *nest) planStores(views []*capturedView, allowNT bool, planned *plan.Store) {
	ns.tile = tileOf(ns.version.Tile, len(views))
	ns.built.store.Reason = "read again by a later member of its row group"
	if allowNT {
		ns.nt, ns.built.store = ns.planNonTemporal(views, planned)
	}
}

// plannedStore is the pre-pass's store decision for the nest of root,
// or nil when the pre-pass did not plan the nest.
func (fc *funcCtx) plannedStore(root *node) *plan.Store {
	if root.plan == nil || !root.plan.Decided {
		return nil
	}
	return &root.plan.Store
}

// newNest starts a nest's function: internal, inlined when fast (its
// layout checks fold at the call), never when strided; with fault bits, a
// flag slot they are or-ed into.
func (fc *funcCtx) newNest(fast bool, bits int) *nest {
	mc := fc.mod
	mc.mustTurn()
	mc.nests++
	name := fmt.Sprintf("%s.nest%d", cabi.PrivateSymbol(fc.f.Name), mc.nests)
	if !fast {
		name += ".strided"
	}
	fn := mc.m.NewFunc(mc.symbol(name), types.I64)
	fn.Linkage = enum.LinkageInternal
	if fast {
		fn.FuncAttrs = append(fn.FuncAttrs, enum.FuncAttrAlwaysInline)
	} else {
		fn.FuncAttrs = append(fn.FuncAttrs, enum.FuncAttrNoInline)
	}
	mc.funcAttrs(fn)
	ns := &nest{bl: newBuilder(mc, fn), fn: fn, caps: map[value.Value]value.Value{}, scalars: map[*node]value.Value{}}
	ns.bl.cse = true
	if bits > 0 {
		ns.flag = ns.bl.alloca(types.I64)
		store(ns.bl.b, i64c(0), ns.flag)
	}
	return ns
}

// captureViews captures the output view and every leaf of root's tree
// (views, and scalars computed outside the nest) as the nest's
// parameters: the output first, then the leaves in tree order.
func (ns *nest) captureViews(dst *view, root *node, fast bool) (d *capturedView, views []*capturedView) {
	bl := ns.bl
	cv := func(v *view, dimMap []ir.DimMap, leaf *node) *capturedView {
		c := &capturedView{v: v, dimMap: dimMap}
		if leaf != nil {
			c.leaves = []*node{leaf}
		}
		c.base = ns.capture(v.base, "p")
		for _, s := range v.sizes {
			c.sizes = append(c.sizes, ns.capture(s, "n"))
		}
		c.contig = make([]value.Value, len(c.sizes))
		var acc value.Value = i64c(1)
		for j := len(c.sizes) - 1; j >= 0; j-- {
			c.contig[j] = acc
			if j > 0 {
				acc = bl.mul(acc, c.sizes[j])
			}
		}
		if v.contiguous || fast {
			c.strides = c.contig
		} else {
			for _, s := range v.strides {
				c.strides = append(c.strides, ns.capture(s, "s"))
			}
		}
		// The offsets of the nest's maps (a slice's start) move the base;
		// a dimension of size 1 is read at index 0 whatever its map.
		var off value.Value = i64c(0)
		for j, m := range dimMap {
			if m.Offset == 0 || isConst(c.sizes[j], 1) {
				continue
			}
			o := bl.mul(i64c(m.Offset), c.strides[j])
			if _, static := constVal(c.sizes[j]); !static {
				o = bl.selectI64(bl.icmp(enum.IPredEQ, c.sizes[j], i64c(1)), i64c(0), o)
			}
			off = bl.add(off, o)
		}
		c.base = ns.advance(c, c.base, off)
		return c
	}
	d = cv(dst, root.dimMap, nil)
	views = []*capturedView{d}
	var collect func(n *node)
	collect = func(n *node) {
		if n.view != nil {
			if c := sameLeaf(views[1:], n); c != nil {
				c.leaves = append(c.leaves, n)
			} else {
				views = append(views, cv(n.view, n.dimMap, n))
			}
		}
		if n.op == nil && n.view == nil {
			ns.scalars[n] = ns.capture(n.scalar, "x")
		}
		for _, k := range n.kids {
			collect(k)
		}
		for _, x := range n.idx {
			collect(x)
		}
	}
	collect(root)
	return d, views
}

// sameLeaf is the view of views that leaf n reads at the same addresses:
// the same values (by identity, as the nest's key tells them apart) and
// the same map.
func sameLeaf(views []*capturedView, n *node) *capturedView {
	for _, c := range views {
		a, b := c.v, n.view
		if a == b || (a.base == b.base && a.elem == b.elem && a.contiguous == b.contiguous && a.allocatedHere == b.allocatedHere &&
			a.index == b.index && slices.Equal(a.shape, b.shape) && slices.Equal(a.sizes, b.sizes) && slices.Equal(a.strides, b.strides)) {
			if slices.Equal(c.dimMap, n.dimMap) {
				return c
			}
		}
	}
	return nil
}

// markNoAlias: the ABI says results never alias arguments, and every
// buffer the function allocates is fresh: all pointers of a nest are
// noalias (inputs are only read).
func markNoAlias(d *capturedView, views []*capturedView) {
	if p, ok := d.base.(*llvm.Param); ok {
		p.Attrs = append(p.Attrs, enum.ParamAttrNoAlias)
	}
	marked := map[value.Value]bool{d.base: true}
	for _, c := range views[1:] {
		if p, ok := c.base.(*llvm.Param); ok && !marked[p] {
			marked[p] = true
			p.Attrs = append(p.Attrs, enum.ParamAttrNoAlias, enum.ParamAttrReadOnly)
		}
	}
}

// nestParams captures the loop extents (and a full reduction's block
// plan), then adds the last two parameters: thread and threads, or with
// window the rows [rlo, rhi) of a row group's member.
func (fc *funcCtx) nestParams(ns *nest, root *node, window bool, blocks *blockPlan) (ext []value.Value, thread, threads *llvm.Param) {
	ext = make([]value.Value, len(root.ext))
	for i, e := range root.ext {
		ext[i] = ns.capture(e, "n")
	}
	if b := blocks; b != nil {
		ns.blocks = &blockPlan{size: ns.capture(b.size, "n"), count: ns.capture(b.count, "n"), sums: ns.capture(b.sums, "p")}
		if b.idx != nil {
			ns.blocks.idx = ns.capture(b.idx, "p")
		}
	}
	thread = llvm.NewParam("thread", types.I64)
	threads = llvm.NewParam("threads", types.I64)
	if window {
		thread.SetName("rlo")
		threads.SetName("rhi")
	}
	ns.fn.Params = append(ns.fn.Params, thread, threads)
	ns.fn.Sig.Params = append(ns.fn.Sig.Params, types.I64, types.I64)
	return ext, thread, threads
}

// iterate emits the loops over this thread's share: a row group member's
// window, a reduction, a nest without loops (thread 0 computes its one
// element), or chunks of ceil(trip / threads) iterations of the
// outermost loop.
func (ns *nest) iterate(gs []group, views []*capturedView, iters []ir.IterKind, d *capturedView, thread, threads value.Value, window, reduces bool, body func([]value.Value)) error {
	bl := ns.bl
	switch {
	case window:
		// A row group's member: the rows [rlo, rhi) of its first loop.
		ns.lo, ns.hi = thread, threads
		gs[0].outer = true
		if reduces {
			return ns.reduceRows(gs, views, iters)
		}
		ns.loops(gs, views, 0, nil, body)
	case reduces:
		return ns.reduce(gs, views, iters, thread, threads)
	case len(gs) == 0:
		bl.ifThen(bl.b.NewICmp(enum.IPredEQ, thread, i64c(0)), "first", func() { body(d.ptrsOf(views)) })
	default:
		trip := gs[0].trip
		chunk := bl.b.NewUDiv(bl.b.NewSub(bl.b.NewAdd(trip, threads), i64c(1)), threads)
		lo := bl.b.NewMul(thread, chunk)
		lo2 := bl.b.NewSelect(bl.b.NewICmp(enum.IPredULT, lo, trip), lo, trip)
		hi := bl.b.NewAdd(lo2, chunk)
		hi2 := bl.b.NewSelect(bl.b.NewICmp(enum.IPredULT, hi, trip), hi, trip)
		ns.lo, ns.hi = lo2, hi2
		ns.loops(gs, views, 0, nil, body)
	}
	return nil
}

// fenceNonTemporal: non-temporal stores are weakly ordered; make them
// visible before the nest returns (or its thread joins the team), when
// the plan fences (nestSpec.fence).
func (ns *nest) fenceNonTemporal(fenced bool) {
	if !fenced {
		return
	}
	bl := ns.bl
	fence := func() { bl.b.NewFence(enum.AtomicOrderingSequentiallyConsistent) }
	if ns.nt != nil && ns.nt.cond != nil {
		bl.ifThen(ns.nt.cond, "nt.fence", fence)
	} else {
		fence()
	}
}

// ptrsOf is the element-0 pointer of every view.
func (c *capturedView) ptrsOf(views []*capturedView) []value.Value {
	out := make([]value.Value, len(views))
	for i, v := range views {
		out[i] = v.base
	}
	return out
}

// group is one loop of a nest: a run of root dimensions iterated as one
// index, and each view's element stride for it.
type group struct {
	trip    value.Value
	strides []value.Value
	kind    ir.IterKind // of every loop merged into the group
	outer   bool        // the nest's outermost loop, split among threads
}

// mergeFacts are the sizes and maps of a nest's views (plan.MergeFacts)
// its loops, tiles and reduction strategy depend on.
func mergeFacts(views []*capturedView, rootSizes []value.Value, iters []ir.IterKind, fast, keepFirst bool) plan.MergeFacts {
	f := plan.MergeFacts{Iters: iters, Fast: fast, KeepFirst: keepFirst, Views: make([]plan.ViewFacts, len(views))}
	for _, s := range rootSizes {
		f.Sizes = append(f.Sizes, constOr(s))
	}
	for k, c := range views {
		v := &f.Views[k]
		v.Map, v.Index = c.dimMap, c.v.index
		for j, s := range c.sizes {
			v.Sizes = append(v.Sizes, constOr(s))
			v.Same = append(v.Same, j < len(c.dimMap) && c.dimMap[j].Loop >= 0 && c.dimMap[j].Loop < len(rootSizes) &&
				sameValue(s, rootSizes[c.dimMap[j].Loop]))
		}
	}
	return f
}

// groups builds the loops runs (the plan's, plan.MergeLoops: dims of
// static size 1 get none; in the fast path adjacent dims every view
// reads alike merge) over the root dimensions: their trips and each
// view's stride.
func (ns *nest) groups(views []*capturedView, rootSizes []value.Value, f plan.MergeFacts, runs []plan.LoopRun) []group {
	bl := ns.bl
	fast := f.Fast
	// A dynamic dim read with stride 0 when its size is 1 (broadcast),
	// unless its size is the loop's trip count: then size 1 is one
	// iteration at index 0, and the stride as it is lets a unit stride
	// stay a constant (vector loads in the fast path).
	stride := func(c *capturedView, p plan.DimRead, trip value.Value) value.Value {
		st := c.strides
		if fast {
			st = c.contig
		}
		switch p.Kind {
		case plan.Broadcast:
			return i64c(0)
		case plan.Dense:
			return bl.mul(st[p.Dim], i64c(p.Map.Stride))
		}
		if sameValue(c.sizes[p.Dim], trip) {
			return bl.mul(st[p.Dim], i64c(p.Map.Stride))
		}
		return bl.selectI64(bl.icmp(enum.IPredEQ, c.sizes[p.Dim], i64c(1)), i64c(0), bl.mul(st[p.Dim], i64c(p.Map.Stride)))
	}
	var out []group
	for _, run := range runs {
		for i, d := range run.Dims {
			strides := make([]value.Value, len(views))
			for k, c := range views {
				strides[k] = stride(c, plan.ReadOf(f.Views[k], d), rootSizes[d])
			}
			if i == 0 {
				out = append(out, group{trip: rootSizes[d], strides: strides, kind: run.Kind})
				continue
			}
			g := &out[len(out)-1]
			g.trip = bl.mul(g.trip, rootSizes[d])
			g.strides = strides
		}
	}
	return out
}

// loops emits the nest of groups; each view's pointer advances by its
// stride per loop level (address math hoisted out of inner loops).
func (ns *nest) loops(gs []group, views []*capturedView, level int, ptrs []value.Value, body func([]value.Value)) {
	bl := ns.bl
	if ptrs == nil {
		for _, c := range views {
			ptrs = append(ptrs, c.base)
		}
	}
	if level == len(gs) {
		body(ptrs)
		return
	}
	g := gs[level]
	var from, to value.Value = i64c(0), g.trip
	if level == 0 && ns.lo != nil {
		from, to = ns.lo, ns.hi
	}
	if ns.tile != nil && level == ns.tile.outer {
		ns.tiledLoops(gs, views, from, to, ptrs, body)
		return
	}
	if ns.ride != nil && level == len(gs)-1 {
		ns.rideLoop(g, views, ptrs, body)
		return
	}
	if ns.nt == nil || level != len(gs)-1 || !isConst(g.strides[0], 1) || shortTrip(g.trip, 2*ns.nt.vf) || !constStrides(g) {
		bl.loopFrom(from, to, "i", func(i value.Value) {
			next := make([]value.Value, len(ptrs))
			for k, c := range views {
				next[k] = ns.advance(c, ptrs[k], bl.mul(i, g.strides[k]))
			}
			if ns.ride != nil && level == 0 {
				ns.ride.row = i
			}
			ns.loops(gs, views, level+1, next, body)
		})
		return
	}
	cond := ns.nt.cond
	if _, ok := constVal(g.trip); !ok {
		tripOK := bl.b.NewICmp(enum.IPredSGE, g.trip, i64c(2*ns.nt.vf))
		if cond == nil {
			cond = tripOK
		} else {
			cond = bl.and(cond, tripOK)
		}
	}
	ns.ntLoop(from, to, g, views, ptrs, cond, body)
}

// constStrides reports whether every view's stride in g is a constant:
// the non-temporal loop reads its vectors with strides known here (a
// dynamic size makes a stride 0-or-1 at run time: such nests keep the
// ordinary loop; static inner dimensions, e.g. tensor<?x4096xf32>, do
// not).
func constStrides(g group) bool {
	for _, s := range g.strides {
		if _, ok := constVal(s); !ok {
			return false
		}
	}
	return true
}

// advance is the position of a view's element off elements after p: an
// address, or an i64 for a loop index stream.
func (ns *nest) advance(c *capturedView, p, off value.Value) value.Value {
	if c.v.index {
		return ns.bl.add(p, off)
	}
	return ns.bl.gep(storageType(c.v.elem), p, off)
}

// eval computes a node's element at the current loop position.
// Leaves that share a pointer (sameLeaf) share its load: kernels are
// straight-line code, so the first load dominates the others.
func (ns *nest) eval(n *node, leafPtr map[*node]value.Value) (value.Value, error) {
	loaded := map[value.Value]value.Value{}
	return ns.evalWith(n, func(l *node) value.Value {
		switch {
		case l.view != nil && l.view.index:
			return leafPtr[l]
		case l.view != nil:
			p := leafPtr[l]
			v, ok := loaded[p]
			if !ok {
				v = ns.bl.FromStorage(ns.bl.b.NewLoad(storageType(l.elem), p), l.elem)
				loaded[p] = v
			}
			return v
		}
		return ns.scalars[l]
	})
}

// vectorOf is vf elements of leaf l from position p, s apart: loaded
// (vectorLeaf), or for a loop index stream p, p+s, ..., p+(vf-1)*s.
func (ns *nest) vectorOf(l *node, p, s value.Value, vf int64) value.Value {
	if !l.view.index {
		return ns.vectorLeaf(l, p, s, vf)
	}
	bl := ns.bl
	steps := make([]constant.Constant, vf)
	for i := range steps {
		steps[i] = i64c(int64(i))
	}
	vt := types.NewVector(uint64(vf), types.I64)
	return bl.b.NewAdd(ns.splat(p, vf), bl.b.NewMul(ns.splat(s, vf), constant.NewVector(vt, steps...)))
}

// evalWith computes a node's value from its leaves' values (scalars, or
// vectors of consecutive elements in the non-temporal loop).
func (ns *nest) evalWith(n *node, leaf func(*node) value.Value) (value.Value, error) {
	bl := ns.bl
	if n.op == nil {
		return leaf(n), nil
	}
	if n.op.Def.Kernel == ir.KernelIdentity {
		return ns.evalWith(n.kids[0], leaf)
	}
	args := make([]value.Value, 0, len(n.kids)+len(n.idx))
	ins := make([]*ir.Scalar, 0, len(n.kids)+len(n.idx))
	for _, kid := range append(n.kids[:len(n.kids):len(n.kids)], n.idx...) {
		v, err := ns.evalWith(kid, leaf)
		if err != nil {
			return nil, err
		}
		args, ins = append(args, v), append(ins, kid.elem)
	}
	kr, err := bl.EmitKernelFor(n.op, n.res, ins, n.elem, args)
	if err != nil {
		return nil, n.op.Errorf("%v", err)
	}
	if n.bit >= 0 {
		var f value.Value = bl.b.NewLoad(types.I64, ns.flag)
		if kr.DivZero != nil {
			f = bl.b.NewOr(f, bl.b.NewSelect(kr.DivZero, i64c(1<<(2*n.bit)), i64c(0)))
		}
		if kr.Ovf != nil {
			f = bl.b.NewOr(f, bl.b.NewSelect(kr.Ovf, i64c(2<<(2*n.bit)), i64c(0)))
		}
		store(bl.b, f, ns.flag)
	}
	return kr.V, nil
}

// checkWindows emits the run-time check that every window an op reads (a
// slice of an operand with dynamic sizes) holds its Limit, with the
// verifier's words for static sizes: StableHLO's start <= limit <= size,
// even when the window is empty.
func (fc *funcCtx) checkWindows(n *node) {
	bl := fc.bl
	for k, kid := range n.kids {
		for j, m := range n.loops.Operands[k] {
			if m.Kind != ir.Window {
				continue
			}
			size := kid.sizes[j]
			bad := bl.icmp(enum.IPredSLT, size, i64c(m.Limit))
			if c, ok := bad.(*constant.Int); ok && c.X.Sign() == 0 {
				continue
			}
			fc.fail(bad, StatusShape, where(n.op)+" "+ir.WindowLimitMessage(m.Limit, "%lld", j), size)
		}
	}
}

// sizesText formats run-time sizes as NumPy prints a shape, "(3,%lld)",
// appending the dynamic ones to args for the message's %lld.
func sizesText(sizes []value.Value, args *[]value.Value) string {
	var sb strings.Builder
	sb.WriteByte('(')
	for d, s := range sizes {
		if d > 0 {
			sb.WriteByte(',')
		}
		if c, ok := constVal(s); ok {
			fmt.Fprint(&sb, c)
		} else {
			sb.WriteString("%lld")
			*args = append(*args, s)
		}
	}
	if len(sizes) == 1 {
		sb.WriteByte(',')
	}
	sb.WriteByte(')')
	return sb.String()
}

// readsIndices reports whether n's tree has loop index leaves.
func readsIndices(n *node) bool {
	if len(n.idx) > 0 {
		return true
	}
	for _, k := range n.kids {
		if readsIndices(k) {
			return true
		}
	}
	return false
}
