package codegen

import (
	llvm "github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/value"

	"github.com/tirc/tirc/ir"
)

// A fusion over sizes known only at run time (plan/contract_guard.go) is
// guarded: the function tests its condition once per call and runs the
// fused lowering or the unfused one, each computing the fusion's value
// out into its own buffer; the two views join in phis. The unfused path
// lowers the fused ops right there, in program order, as the op walk
// would (funcCtx.lowerOp), and the walk then skips them (fused). A
// mismatch of sizes thus reaches the unfused path and its checks, which
// report it in their own words.

// guarded emits `if cond { fused() } else { unfused() }`, each of which
// lowers out (a tensor), and gives out the joined view.
func (cl contractLowering) guarded(cond value.Value, out *ir.Value, fused, unfused func() error) error {
	fc, bl := cl.fc, cl.fc.bl
	k := fc.returnedOnce(out)
	fc.inlined[out.ID()] = false
	var views [2]*view
	var from [2]*llvm.Block
	var err error
	arm := func(i int, lower func() error) func() {
		return func() {
			if err != nil {
				return
			}
			if k >= 0 {
				fc.results[k].filled = false // each arm writes the result
			}
			if err = lower(); err == nil {
				err = fc.rows.flush(fc)
			}
			if err == nil {
				views[i], err = fc.materialize(out, what(out.Def()))
			}
			from[i] = bl.b
		}
	}
	bl.ifElse(cond, "contract.fused", arm(0, fused), arm(1, unfused))
	if err != nil {
		return err
	}
	fc.vals[out.ID()] = &lowered{view: joinViews(bl.b, views, from)}
	if k >= 0 {
		fc.results[k].filled = true
	}
	return nil
}

// lowerUnfused lowers ops, in program order, as the op walk does.
func (cl contractLowering) lowerUnfused(ops []*ir.Op) error {
	for _, op := range ops {
		if err := cl.fc.lowerOp(op); err != nil {
			return err
		}
	}
	return nil
}

// joinViews is the view that is views[i] when control comes from
// from[i], at the start of block b: a phi for each field that differs.
func joinViews(b *llvm.Block, views [2]*view, from [2]*llvm.Block) *view {
	x, y := views[0], views[1]
	join := func(p, q value.Value) value.Value {
		if p == q || (isConstVal(p) && sameValue(p, q)) {
			return p
		}
		return b.NewPhi(llvm.NewIncoming(p, from[0]), llvm.NewIncoming(q, from[1]))
	}
	v := &view{elem: x.elem, shape: x.shape, base: join(x.base, y.base), contiguous: x.contiguous && y.contiguous}
	for d := range x.sizes {
		v.sizes = append(v.sizes, join(x.sizes[d], y.sizes[d]))
		v.strides = append(v.strides, join(x.strides[d], y.strides[d]))
	}
	return v
}
