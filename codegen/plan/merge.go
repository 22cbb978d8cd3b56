package plan

import "github.com/tirc/tirc/ir"

// ReadKind is how a view reads one of a nest's root dimensions.
type ReadKind int

const (
	// Broadcast: the view has no dimension there, or one of static size 1
	// (stride 0).
	Broadcast ReadKind = iota
	// Dense: a dimension of static size.
	Dense
	// Unknown: a dimension of dynamic size (size 1 would broadcast).
	Unknown
)

// ViewFacts are a view's dimension maps and sizes (Dynamic at run time)
// as a nest reads it.
type ViewFacts struct {
	Map   []ir.DimMap
	Sizes []int64
	// Same[j]: size j is the very run-time value of the root size of
	// the loop dimension j maps to (a dynamic size then needs no test
	// for 1). Index: the view reads a loop index.
	Same  []bool
	Index bool
}

// DimRead is how a view reads a root dimension: its kind, and the view's
// dimension there (Dim, -1 for none) with its map.
type DimRead struct {
	Kind ReadKind
	Dim  int
	Map  ir.DimMap
}

// ReadOf is how view v reads root dimension d: through its first
// dimension mapped to loop d.
func ReadOf(v ViewFacts, d int) DimRead {
	for j, m := range v.Map {
		if m.Loop != d {
			continue
		}
		switch s := v.Sizes[j]; {
		case s == 1:
			return DimRead{Broadcast, j, m}
		case s != Dynamic:
			return DimRead{Dense, j, m}
		}
		return DimRead{Unknown, j, m}
	}
	return DimRead{Broadcast, -1, ir.DimMap{}}
}

// MergeFacts are what the loops of a nest depend on: its root sizes
// (Dynamic at run time), loop kinds (nil: all parallel) and views; Fast
// for the row-major version (the only one that merges), KeepFirst for a
// nest whose first loop stays its own (a row window).
type MergeFacts struct {
	Sizes           []int64
	Iters           []ir.IterKind
	Views           []ViewFacts
	Fast, KeepFirst bool
}

// LoopRun is one loop a nest runs: the root dimensions it covers,
// outermost first, and their kind.
type LoopRun struct {
	Dims []int
	Kind ir.IterKind
}

// MergeLoops decides the loops of a nest over its root dimensions: a
// dimension of static size 1 gets none, and in the row-major version
// adjacent parallel dimensions merge when every view reads both alike
// (broadcast on both, or consecutive dense dimensions of unit stride, the
// ones between them of static size 1). Reduction loops never merge: the
// lanes an element accumulates into follow its logical index in every
// layout.
func MergeLoops(f MergeFacts) []LoopRun {
	var out []LoopRun
	var last []DimRead
	for d, size := range f.Sizes {
		if size == 1 {
			continue
		}
		reads := make([]DimRead, len(f.Views))
		for k, v := range f.Views {
			reads[k] = ReadOf(v, d)
		}
		kind := ir.Parallel
		if f.Iters != nil {
			kind = f.Iters[d]
		}
		merge := f.Fast && len(out) > 0 && out[len(out)-1].Kind == kind && kind == ir.Parallel &&
			!(f.KeepFirst && len(out) == 1)
		for k := 0; k < len(f.Views) && merge; k++ {
			merge = continues(f.Views[k], last[k], reads[k])
		}
		if merge {
			r := &out[len(out)-1]
			r.Dims = append(r.Dims, d)
		} else {
			out = append(out, LoopRun{Dims: []int{d}, Kind: kind})
		}
		last = reads
	}
	return out
}

// continues reports whether view v reads q, the next root dimension,
// as continuing p: both broadcast, or q the next dense dimension after p
// (those between of static size 1), whole rows of unit stride (a window
// or a stepped read does not continue).
func continues(v ViewFacts, p, q DimRead) bool {
	switch {
	case p.Kind != q.Kind || p.Kind == Unknown:
		return false
	case p.Kind == Broadcast:
		return true
	}
	for j := p.Dim + 1; j < q.Dim; j++ {
		if v.Sizes[j] != 1 {
			return false
		}
	}
	return q.Dim > p.Dim && p.Map.Stride == 1 && q.Map.Stride == 1 && q.Map.Kind != ir.Window
}
