package codegen

import (
	"fmt"
	"io"
	"sync"

	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/value"

	"github.com/tirc/tirc/codegen/plan"
	"github.com/tirc/tirc/dialect"
	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/traits"
)

// The plan of each function (package plan) is made before it is
// emitted (plan.Prepass: its op nests and shared values, row groups,
// reductions, the row-major versions' loops, tiles and reduction
// strategies, stores, threads, layouts and fences, region ops' folds,
// contractions and their fusions, and every nest in the order it is
// built, copies and fills included; plan.PlanCarries: how the scf ops
// hand on tensors -- two buffers, passed on, taken over or copied -- and
// whether each insert writes in place). The emitter builds what it says:
// it takes each nest and contraction from the plan in order (nestLayout,
// contractRec) and fails on one the plan does not list, and it checks
// what it builds against the plan (the layout against the run-time test
// of its views' strides always, the rest under checkPlan in tests:
// versionPlan, nestSpec.record, checkGroup, checkFallback, the hand-offs
// in scf.go and tensor_ops.go). PrintPlan prints the plan without
// emitting anything.

// planLog collects the plans of a module's functions for PrintPlan
// (shards lower functions in parallel: under mu).
type planLog struct {
	mu    sync.Mutex
	funcs map[*ir.Func]*plan.Func
}

// PrintPlan writes the plan of every function with a body in the
// module's order (tirc -print-plan): the planner's alone, nothing is
// emitted. It refuses what Emit refuses before lowering (checkFunc), and
// a tensor of unknown rank, which only -infer-shapes can plan.
func PrintPlan(w io.Writer, m *ir.Module, opts Options) (ir.Diagnostics, error) {
	diags := checkModule(m)
	for _, f := range m.Funcs {
		if d := checkFunc(f); d != nil {
			diags = append(diags, d)
		} else if d := unranked(f); d != nil {
			diags = append(diags, d)
		}
	}
	if diags.HasErrors() {
		return diags, nil
	}
	mc := newModuleCtx(opts, nil)
	for _, f := range bodies(m) {
		if err := planOf(mc, f).Format(w); err != nil {
			return diags, err
		}
	}
	return diags, nil
}

// unranked reports the first tensor of f of unknown rank.
func unranked(f *ir.Func) *ir.Diagnostic {
	bad := func(t ir.Type) bool { tt, ok := t.(*ir.TensorType); return ok && tt.Unranked }
	for i, a := range f.Args() {
		if bad(a.Type()) {
			return ir.Errorf(f.Pos, "argument #%d of @%s has an unranked tensor type '%s'; run -infer-shapes with -arg-shapes before -print-plan", i, f.Name, ir.TypeString(a.Type()))
		}
	}
	for _, op := range f.AllOps() {
		for _, r := range op.Results() {
			if bad(r.Type()) {
				return op.Errorf("has an unranked tensor type '%s'; run -infer-shapes (with -arg-shapes for unranked arguments) before -print-plan", ir.TypeString(r.Type()))
			}
		}
	}
	return nil
}

// planOf plans f's general body as lowerFunc does, without lowering it.
func planOf(mc *moduleCtx, f *ir.Func) *plan.Func {
	fu := mc.fusion(f)
	fc := &funcCtx{llfunc: llfunc{mod: mc, f: f}, inlined: fu.Inlined, fusion: fu}
	return newFuncPlan(mc.opts, f, fu, carryFacts(fc), true)
}

// newFuncPlan plans f's general body before it is emitted (fu its
// fusion plan; plan.Prepass); to print, with its entry decision and the
// target (and kept in opts.plans for the tests comparing it with what
// the emitter built).
func newFuncPlan(opts Options, f *ir.Func, fu *plan.Fusion, carries plan.CarryFacts, print bool) *plan.Func {
	p := &plan.Func{Name: f.Name}
	plan.PlanCarries(p, f, carries)
	plan.Prepass(p, f, fu, prepassFacts(opts, false))
	if log := opts.plans; print || log != nil {
		p.Target = plan.Target{CPU: opts.TargetCPU, Portable: opts.Portable}
		if p.Target.CPU == "" {
			p.Target.CPU = "(clang's default)"
		}
		p.Entry = plan.NewEntry(f, func() *plan.Fusion { return fu }, opts.ParallelMin, opts.NonTemporalMin)
	}
	if log := opts.plans; log != nil {
		log.mu.Lock()
		log.funcs[f] = p
		log.mu.Unlock()
	}
	return p
}

// prepassFacts are what the pre-pass reads of the options.
func prepassFacts(opts Options, fastEntry bool) plan.Facts {
	return plan.Facts{ParallelMin: opts.ParallelMin, NonTemporalMin: opts.NonTemporalMin, StoreBoundOnly: opts.NonTemporalStoreBoundOnly,
		FastEntry: fastEntry, Contraction: isContraction, LinearLoops: dialect.LinalgLinearLoopsOf, View: viewOp,
		ContractTarget: contractTargetOf(opts)}
}

// viewOp describes a tensor op lowered as a view of its operand's
// buffer (tensor_ops.go: sliceWindow, expandView, collapseView) for the
// pre-pass's layouts: a slice's steps and sizes, constants where the
// lowering has them, or a reshape's groups.
func viewOp(op *ir.Op) (plan.ViewOp, bool) {
	if groups, expand, ok := dialect.ReshapeGroups(op); ok {
		return plan.ViewOp{Expand: expand, Collapse: !expand, Groups: groups}, true
	}
	s, ok := dialect.SliceOf(op)
	if !ok {
		return plan.ViewOp{}, false
	}
	dropped, ok := dialect.SliceDropped(op, s)
	if !ok || len(dropped) != s.Strides.Len() || len(dropped) != s.Sizes.Len() {
		return plan.ViewOp{}, false
	}
	c := func(m dialect.MixedList, j int) int64 {
		n, v := m.At(j)
		if v == nil {
			return n
		}
		if d := v.Def(); d != nil && d.Has(traits.ConstantLike) {
			if a, ok := d.Attr("value").(*ir.IntAttr); ok {
				return a.Value
			}
		}
		return plan.Dynamic
	}
	vo := plan.ViewOp{Slice: true, Dropped: dropped, Into: s.Dest != nil}
	for j := range dropped {
		vo.Steps = append(vo.Steps, c(s.Strides, j))
		if !dropped[j] {
			vo.Sizes = append(vo.Sizes, c(s.Sizes, j))
		}
	}
	return vo, true
}

// nestLayout is the plan of the nest of root the emitter builds next,
// and the guard picking the version it builds. It is the next of the
// plan's nests (plan.Prepass lists them in the order they are built),
// which must be planned: the pre-pass's nest of root's op or of a shared
// value (planned), or a copy or fill when planned is nil (seqDiff). The
// emitter builds its Layout: one version for RowMajor (the guard is
// constant true), for Guarded the run-time test of the strides of the
// views it captures (layoutGuard). The test is built for every nest:
// where the views are row-major it folds to a constant. A RowMajor plan
// whose test does not fold to true would run the row-major version on
// strided views, an internal error; under checkPlan, so is a Guarded
// plan whose test folds.
func (fc *funcCtx) nestLayout(dst *view, root *node, planned *plan.Nest) (value.Value, *plan.Nest, error) {
	var n *plan.Nest
	if fc.built < len(fc.plan.Nests) {
		n = fc.plan.Nests[fc.built]
	}
	fc.built++
	if d := seqDiff(n, planned, root, fc.mod.opts.ParallelMin); d != "" {
		return nil, nil, fc.planErr(root, d)
	}
	guard := fc.layoutGuard(dst, root)
	folds := knownTrue(guard)
	switch {
	case (n.Layout == plan.RowMajor) != folds && (checkPlan || !folds):
		says := map[bool]string{true: "row-major", false: "guarded"}
		return nil, nil, fc.planErr(root, fmt.Sprintf("the plan says its nest's layout is %s, the views say %s (%s)", says[!folds], says[folds], n.LayoutWhy))
	case n.Layout == plan.RowMajor:
		guard = constant.True
	}
	root.plan = n
	return guard, n, nil
}

// seqDiff describes how n, the plan's next nest, differs from the nest
// the emitter builds (the pre-pass's planned, or a copy or fill of
// root); "" when alike.
func seqDiff(n, planned *plan.Nest, root *node, parallelMin int64) string {
	switch {
	case n == nil:
		return "the plan lists no more nests"
	case planned != nil && n != planned:
		return fmt.Sprintf("the plan's next nest is %s at %s, not %s at %s", n.Op, n.At, planned.Op, planned.At)
	case planned != nil:
		return ""
	case root.op != nil || (n.Op != "copy" && n.Op != "fill"):
		return fmt.Sprintf("the plan's next nest is %s at %s, not an unplanned one", n.Op, n.At)
	}
	v := newNestPlan(root, parallelMin)
	if v.Op != n.Op || (checkPlan && fmt.Sprint(v.Loops, v.Threads) != fmt.Sprint(n.Loops, n.Threads)) {
		return fmt.Sprintf("the plan's next nest is a %s %v %v, the views say a %s %v %v", n.Op, n.Loops, n.Threads, v.Op, v.Loops, v.Threads)
	}
	return ""
}

// allBuilt reports a plan listing nests the emitter did not build.
func (fc *funcCtx) allBuilt() error {
	if fc.built < len(fc.plan.Nests) {
		n := fc.plan.Nests[fc.built]
		return fc.f.Errorf("internal error: the plan's nest %d (%s at %s) was not built", fc.built, n.Op, n.At)
	}
	return nil
}

// contractRec takes the plan's next contraction, which must be the one
// the emitter lowers (rec: its choice's record; compared under
// checkPlan).
func (fc *funcCtx) contractRec(rec *plan.ContractAt) (*plan.ContractAt, error) {
	i := fc.contracts
	fc.contracts++
	if i >= len(fc.plan.Contracts) {
		return nil, fc.f.Errorf("internal error: the plan lists no more contractions, the emitter lowers %s at %s", rec.Op, rec.At)
	}
	p := fc.plan.Contracts[i]
	if a, b := fmt.Sprint(p.Op, p.At, p.Plan, p.Rows, p.When), fmt.Sprint(rec.Op, rec.At, rec.Plan, rec.Rows, rec.When); checkPlan && a != b {
		return nil, fc.f.Errorf("internal error: the plan's contraction %d is %s, the emitter lowers %s", i, a, b)
	}
	return p, nil
}

// checkFallback compares, under checkPlan, the nests of a guarded
// contraction's unfused path in its plan p with those the emitter built
// there (from n0 to fc.built).
func (fc *funcCtx) checkFallback(p *plan.ContractAt, n0 int) error {
	var nests []int
	for k := n0; k < fc.built; k++ {
		nests = append(nests, k)
	}
	if checkPlan && fmt.Sprint(nests) != fmt.Sprint(p.Fallback) {
		return fc.f.Errorf("internal error: the plan's unfused path of %s at %s has nests %v, the emitter built %v", p.Op, p.At, p.Fallback, nests)
	}
	return nil
}

// rootErr is an error at root's op, or of no place for a copy's nest
// (its function's, fc.planErr, where known).
func rootErr(root *node, format string, args ...any) error {
	if root.op != nil {
		return root.op.Errorf(format, args...)
	}
	return ir.Errorf(ir.Pos{}, format, args...)
}

// planErr is the internal error of a plan that differs from what the
// emitter builds.
func (fc *funcCtx) planErr(root *node, d string) error {
	if root.op != nil {
		return root.op.Errorf("internal error: %s", d)
	}
	return fc.f.Errorf("internal error: %s", d)
}

// newNestPlan is the nest root's views describe (its op, the ops fused
// into it, its loops and its threads), which the plan of a copy or a fill
// must match (seqDiff, under checkPlan).
func newNestPlan(root *node, parallelMin int64) *plan.Nest {
	n := &plan.Nest{Op: "copy", Group: -1, RowRun: -1}
	if root.op == nil && len(root.kids) == 0 && root.view == nil {
		n.Op = "fill"
	}
	if root.op != nil {
		n.Op, n.At = root.op.Name, posOf(root.op.Pos)
	}
	var count func(k *node)
	count = func(k *node) {
		if k != root && k.op != nil {
			n.Fused++
		}
		for _, c := range k.kids {
			count(c)
		}
	}
	count(root)
	total := int64(1)
	for i, e := range root.ext {
		l := plan.Loop{Kind: ir.Parallel, Extent: constOr(e)}
		if root.loops != nil {
			l.Kind = root.loops.Iter[i]
		}
		n.Loops = append(n.Loops, l)
		switch {
		case total == 0 || l.Extent == 0:
			total = 0
		case total == plan.Dynamic || l.Extent == plan.Dynamic:
			total = plan.Dynamic
		default:
			total *= l.Extent
		}
	}
	n.Threads = plan.NewThreads(parallelMin, total)
	return n
}

// knownTrue reports whether v is the constant true.
func knownTrue(v value.Value) bool {
	c, ok := v.(*constant.Int)
	return ok && c.X.Sign() != 0
}

func posOf(p ir.Pos) string { return fmt.Sprintf("%d:%d", p.Line, p.Col) }

// built is what building a nest's fast version did, kept with a shared
// nest for the nests that reuse it.
type built struct {
	store   plan.Store
	fence   bool
	version *plan.Nest
}

// record checks what building the nest s plans (its fast version: only
// it has s.rec) did, b, against the plan: every nest the plan lists is
// decided (plan.Nest.Decided), and under checkPlan its store and fence
// are compared with b.
func (s nestSpec) record(root *node, b *built) error {
	n := s.rec
	switch {
	case n == nil || b == nil:
		return nil
	case !n.Decided:
		return rootErr(root, "internal error: the plan of its nest is not decided")
	case checkPlan && (n.Store != b.store || n.Fence != b.fence):
		return rootErr(root, "internal error: the plan of its nest says store %v, fence %v; the emitter built store %v, fence %v", n.Store, n.Fence, b.store, b.fence)
	}
	return nil
}

// fence is whether the nest s builds fences after its loops: the
// plan's (plan.Nest.Fence) for the fast version, else whether it
// streamed (the strided version, which has no plan of its own).
func (s nestSpec) fence(streamed bool) bool {
	if s.rec != nil {
		return s.rec.Fence
	}
	return streamed
}

// checkPlan makes the emitter decide a planned nest's version again
// from its captured views and compare with the plan (tests).
var checkPlan bool

// versionPlan is the plan of the version of the nest of root that ns
// builds: the nest's plan for its fast version (plan.Nest.Decided;
// under checkPlan compared with PlanFast on the views' facts f), else
// PlanFast on f (the strided version).
func (ns *nest) versionPlan(f plan.MergeFacts, s nestSpec, root *node, reduces bool) (*plan.Nest, error) {
	p := s.plan
	if p == nil {
		p = s.rec
	}
	if f.Fast && p != nil && p.Decided && !checkPlan {
		return p, nil
	}
	v := &plan.Nest{}
	if reduces {
		if p != nil && p.Reduction != nil {
			r := *p.Reduction
			v.Reduction = &r
		} else {
			v.Reduction = plan.NewReduction(root.op.Def.Reduce, root.kids[0].elem)
		}
	}
	tiles := f.Fast && !reduces && s.rideOn == nil
	v.PlanFast(f, tiles)
	if f.Fast && p != nil && p.Decided {
		if !tiles {
			v.Tile = p.Tile // a rider's host builds no tiles
		}
		if d := planDiff(p, v); d != "" {
			return nil, rootErr(root, "internal error: the plan of its nest's row-major version differs from its views: %s", d)
		}
		return p, nil
	}
	return v, nil
}

// planDiff describes how the decided plan p of a version differs from
// v, decided again (checkPlan); "" when alike.
func planDiff(p, v *plan.Nest) string {
	a := fmt.Sprint(p.Merged, p.Run, p.Tile)
	b := fmt.Sprint(v.Merged, v.Run, v.Tile)
	if p.Reduction != nil && v.Reduction != nil {
		x, y := p.Reduction, v.Reduction
		a += fmt.Sprint(x.Scratch, x.FourRows, x.Index32, x.CompareOnly)
		b += fmt.Sprint(y.Scratch, y.FourRows, y.Index32, y.CompareOnly)
	}
	if a != b {
		return "planned " + a + ", views say " + b
	}
	return ""
}

// checkGroup compares, under checkPlan, row group g as the emitter
// built it with its plan: its members (with the nests of its shared
// values) in order, its block of rows (a rider's when pipelined) by the
// row's elements it sees, its scratch values and whether a member
// streamed (the group's fence).
func checkGroup(g *rowGroup) error {
	if !checkPlan {
		return nil
	}
	rg := g.plan
	block, elements := rg.Block, rg.BlockElements
	if rg.Rider {
		block, elements = rg.PipeBlock, rg.PipeElements
	}
	var members []*plan.Nest
	for _, m := range g.members {
		members = append(members, m.rec)
	}
	a := fmt.Sprint(len(rg.Members), block, rg.Shared, rg.Fence)
	b := fmt.Sprint(len(members), plan.RowBlock(constOr(g.perRow), elements), len(g.scratch), g.nt)
	for i, m := range members {
		if i >= len(rg.Members) || m != rg.Members[i] {
			b += fmt.Sprintf(" (member %d is %s at %s)", i, m.Op, m.At)
			break
		}
	}
	if a != b {
		return g.members[0].root.op.Errorf("internal error: the plan of its row group says (members, block, shared, fence) %s, the emitter built %s", a, b)
	}
	return nil
}
