package plan

import "github.com/tirc/tirc/ir"

// The row-major (fast) version of a nest, the one its layout guard picks
// when every view is row-major: its loops (MergeLoops), its tiles (a
// parallel nest transposing an operand) and a reduction's strategy at
// each point of its outer parallel loops (scratch rows, four rows at a
// time, i32 indices, compare only). All follow from the sizes and maps
// of the views the nest reads, so the pre-pass decides them for the
// nests it plans (PlanFast on its symbolic sizes) and the emitter builds
// the loops, tiles and reductions as the plan says. The emitter asks
// PlanFast itself only for a version the pre-pass does not plan: the
// strided version (which merges nothing), and the nests of copies.

// PlanFast decides n's version described by f (f.Fast: the row-major
// one): its loops (Merged, Run), its tiles when tiles (a parallel nest
// storing its own output), and its reduction's strategy (n.Reduction,
// unless blocked). With f.Fast it marks n decided (Decided).
func (n *Nest) PlanFast(f MergeFacts, tiles bool) {
	runs := MergeLoops(f)
	n.Merged, n.Run = runs, make([]Loop, len(runs))
	trips := make([]int64, len(runs))
	for i, r := range runs {
		trips[i] = 1
		for _, d := range r.Dims {
			trips[i] = mulSize(trips[i], f.Sizes[d])
		}
		n.Run[i] = Loop{Kind: r.Kind, Extent: trips[i]}
	}
	n.Tile = nil
	if tiles && len(runs) >= 2 {
		in, out := len(runs)-1, len(runs)-2
		t := TileFacts{OuterTrip: trips[out], InnerTrip: trips[in], OuterStrides: make([]int64, len(f.Views)),
			InnerStrides: make([]int64, len(f.Views)), Index: make([]bool, len(f.Views))}
		for k, v := range f.Views {
			t.OuterStrides[k] = v.stride(runs[out].last(), f.Sizes)
			t.InnerStrides[k] = v.stride(runs[in].last(), f.Sizes)
			t.Index[k] = v.Index
		}
		n.Tile = NewTile(t, out, in)
	}
	if r := n.Reduction; r != nil && !r.Blocked {
		r.planRows(runs, trips)
	}
	n.Decided = f.Fast
}

// planRows decides the reduction's RowStrategy and FourRows at each
// point of the parallel loops outside its first reduction loop.
func (r *Reduction) planRows(runs []LoopRun, trips []int64) {
	first := len(runs)
	for i, run := range runs {
		if run.Kind == ir.Reduction {
			first = i
			break
		}
	}
	inner := make([]ir.IterKind, 0, len(runs)-first)
	for _, run := range runs[first:] {
		inner = append(inner, run.Kind)
	}
	trip := int64(Dynamic)
	if len(runs) > first {
		trip = trips[len(trips)-1]
	}
	info := r.Reduce.On(r.Elem)
	st := NewRowStrategy(r.Reduce, r.Elem, inner, trip)
	r.Scratch, r.CompareOnly = st.Scratch, st.CompareOnly
	r.Index32 = st.ShortRows && len(runs) > first && info.Index
	r.FourRows = st.Scratch && FourRows(info.Combine, r.AccElem, r.Kahan, info.Index, inner) >= 0
}

func (r LoopRun) last() int { return r.Dims[len(r.Dims)-1] }

// stride is the view's element stride along root dimension d in the
// row-major version (Dynamic when known at run time): 0 where it
// broadcasts, its row-major stride times the map's along a dense
// dimension, or along a dynamic one that is the loop's own size; a
// dynamic size other than the loop's broadcasts when it is 1 at run time.
func (v ViewFacts) stride(d int, sizes []int64) int64 {
	p := ReadOf(v, d)
	switch {
	case p.Kind == Broadcast:
		return 0
	case p.Kind == Unknown && !(p.Dim < len(v.Same) && v.Same[p.Dim]):
		return Dynamic
	}
	c := int64(1)
	for _, s := range v.Sizes[p.Dim+1:] {
		c = mulSize(c, s)
	}
	return mulSize(c, p.Map.Stride)
}

// mulSize multiplies sizes as the lowering folds them: by 0 is 0, by 1
// the other, Dynamic otherwise when either is.
func mulSize(a, b int64) int64 {
	switch {
	case a == 0 || b == 0:
		return 0
	case a == Dynamic || b == Dynamic:
		return Dynamic
	}
	return a * b
}
