package codegen

import (
	"fmt"
	"io"
	"sync"

	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/value"

	"github.com/tirc/tirc/codegen/llvmtext"
	"github.com/tirc/tirc/codegen/plan"
	"github.com/tirc/tirc/ir"
)

// The plan of each function (package plan) is made before it is
// emitted (plan.Prepass: its op nests and shared values, row groups,
// reductions, the row-major versions' loops, tiles and reduction
// strategies, stores and threads; plan.PlanCarries: how the scf ops hand
// on tensors -- two buffers, passed on, taken over or copied -- and
// whether each insert writes in place), and the emitter builds what it
// says. What depends on the lowering's values is recorded into the same
// plan as the nests are built: the layouts (a run-time test of the
// strides of the views a nest captures), fences, a group's members'
// places among the nests and the nests of copies (planned by
// plan.PlanFast on their views). funcCtx keeps it, and PrintPlan prints
// it: it still lowers the module (discarding the LLVM IR) for those.

// planLog collects the plans of a module's functions for PrintPlan
// (shards lower functions in parallel: under mu).
type planLog struct {
	mu    sync.Mutex
	funcs map[*ir.Func]*plan.Func
}

// PrintPlan lowers m as Emit does, discarding the LLVM IR, and writes
// the plan of every function with a body in the module's order
// (tirc -print-plan).
func PrintPlan(w io.Writer, m *ir.Module, opts Options) (ir.Diagnostics, error) {
	log := &planLog{funcs: map[*ir.Func]*plan.Func{}}
	opts.plans = log
	diags := emit(m, opts, llvmtext.NewSink(io.Discard))
	if diags.HasErrors() {
		return diags, nil
	}
	for _, f := range m.Funcs {
		if p := log.funcs[f]; p != nil {
			if err := p.Format(w); err != nil {
				return diags, err
			}
		}
	}
	return diags, nil
}

// newFuncPlan plans f's general body before it is emitted (fu its
// fusion plan; plan.Prepass); with PrintPlan the plan is kept for
// printing, with its entry decision and the target.
func newFuncPlan(opts Options, f *ir.Func, fu *plan.Fusion) *plan.Func {
	p := &plan.Func{Name: f.Name}
	plan.Prepass(p, f, fu, prepassFacts(opts, false))
	if log := opts.plans; log != nil {
		p.Target = plan.Target{CPU: opts.TargetCPU, Portable: opts.Portable}
		if p.Target.CPU == "" {
			p.Target.CPU = "(clang's default)"
		}
		p.Entry = plan.NewEntry(f, func() *plan.Fusion { return fu }, opts.ParallelMin, opts.NonTemporalMin)
		log.mu.Lock()
		log.funcs[f] = p
		log.mu.Unlock()
	}
	return p
}

// prepassFacts are what the pre-pass reads of the options.
func prepassFacts(opts Options, fastEntry bool) plan.Facts {
	return plan.Facts{ParallelMin: opts.ParallelMin, NonTemporalMin: opts.NonTemporalMin, StoreBoundOnly: opts.NonTemporalStoreBoundOnly,
		FastEntry: fastEntry, Contraction: isContraction}
}

// nestPlan is the plan of the nest of root: n, the pre-pass's for an
// op's nest or a shared value's, else a new record for a copy (which the
// pre-pass does not plan: one loop per dimension, on threads by its
// size). The layout (rowMajor:
// every view known row-major) is a fact of the views, recorded here. The
// nest takes its place in the function's list of nests.
func (fc *funcCtx) nestPlan(root *node, rowMajor bool, n *plan.Nest) *plan.Nest {
	if n == nil {
		n = newNestPlan(root, fc.mod.opts.ParallelMin)
	}
	if !rowMajor {
		n.Layout = plan.Guarded
	}
	root.plan = n
	fc.plan.Nests = append(fc.plan.Nests, n)
	return n
}

// newNestPlan is the record of a nest the pre-pass did not plan: a copy
// (root.op == nil) or a row group's shared value: its op, the ops fused
// into it, its loops and its threads.
func newNestPlan(root *node, parallelMin int64) *plan.Nest {
	n := &plan.Nest{Op: "copy", Group: -1, RowRun: -1}
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

// built is what building a nest's fast version decided: recorded in the
// nest's plan, and kept with a shared nest for the nests that reuse it.
type built struct {
	store   plan.Store
	fence   bool
	version *plan.Nest
}

// record writes b into the plan of the nest s builds (its fast version):
// its store and fence, and for a nest the pre-pass did not decide, the
// version's loops, tiles and reduction strategy.
func (s nestSpec) record(b *built) {
	n := s.rec
	if n == nil || b == nil {
		return
	}
	n.Store, n.Fence = b.store, b.fence
	if v := b.version; v != nil && !n.Decided {
		n.Run, n.Merged, n.Tile = v.Run, v.Merged, v.Tile
		if r := n.Reduction; r != nil && v.Reduction != nil {
			r.Scratch, r.FourRows, r.Index32, r.CompareOnly = v.Reduction.Scratch, v.Reduction.FourRows, v.Reduction.Index32, v.Reduction.CompareOnly
		}
	}
}

// checkPlan makes the emitter decide a planned nest's version again
// from its captured views and compare with the plan (tests).
var checkPlan bool

// versionPlan is the plan of the version of the nest of root that ns
// builds: the nest's plan for its fast version when the pre-pass decided
// it (plan.Nest.Decided), else PlanFast on the views' facts f (the
// strided version; a copy's or another nest the pre-pass did not plan,
// whose record then takes the fast version's decisions: record).
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
			return nil, root.op.Errorf("internal error: the plan of its nest's row-major version differs from its views: %s", d)
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

// recordGroup records in row group g's plan what building it decided:
// its members' places among the function's nests (with the nests of its
// shared values), its rider, shared values and fence, and its block of
// rows (a rider's).
func recordGroup(g *rowGroup, ride bool) {
	rg := g.plan
	rg.Block, rg.Rider, rg.Shared, rg.Fence = constOr(g.block), ride, len(g.scratch), g.nt
	for _, m := range g.members {
		m.rec.Group, m.rec.Threads = rg.Index, rg.Threads
		rg.Members = append(rg.Members, m.index)
	}
}

// recordContract adds a contraction's plan to the function's, with the
// consumer whose buffer it writes in place (contractSink), if any.
func (fc *funcCtx) recordContract(op *ir.Op, cp plan.Contract, epi *gemmEpi) {
	c := &plan.ContractAt{Op: op.Name, At: posOf(op.Pos), Plan: cp}
	if epi != nil {
		for _, e := range epi.ops {
			c.Epilogue = append(c.Epilogue, e.Name+" at "+posOf(e.Pos))
		}
	} else if sink := (contractLowering{fc}).contractSink(op.Result(0)); sink != nil {
		c.Into = sink.Name + " at " + posOf(sink.Pos)
	}
	fc.plan.Contracts = append(fc.plan.Contracts, c)
}
