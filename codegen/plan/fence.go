package plan

// Fences. Non-temporal stores are weakly ordered: a nest that streams
// fences after its loops, so its stores are visible before anything
// reads them. A row group's member runs once per block of rows, so it
// never fences: the group's function fences once after all its blocks
// when some member streams (a fence per block made softmax wait for its
// streaming stores to drain at every row).

// StreamFacts are what whether a nest's row-major version emits
// non-temporal stores depends on: its store, whether it reduces or is
// read again soon (neither streams), whether its loops are tiled, and
// its innermost loop's trip and each view's stride along it (output
// first; Dynamic at run time).
type StreamFacts struct {
	Store   Store
	Reduces bool
	Tiled   bool
	Loops   int
	Trip    int64
	Strides []int64
}

// Streams decides whether a nest's row-major version emits non-temporal
// stores: its store is non-temporal (NewStore), and either its loops are
// tiled (the aligned blocks stream) or its innermost loop writes the
// output with unit stride, reads every view with a stride known when
// it is built, and is not a constant shorter than two vectors (which
// keeps the ordinary loop: a scalar prologue and epilogue only).
func Streams(f StreamFacts) bool {
	if f.Reduces || f.Store.Kind == Ordinary || f.Loops == 0 {
		return false
	}
	if f.Tiled {
		return true
	}
	if f.Strides[0] != 1 || (f.Trip != Dynamic && f.Trip < 2*f.Store.VF) {
		return false
	}
	for _, s := range f.Strides {
		if s == Dynamic {
			return false
		}
	}
	return true
}

// streams is Streams on the row-major version n.PlanFast decided from f.
func (n *Nest) streams(f MergeFacts) bool {
	s := StreamFacts{Store: n.Store, Reduces: n.Reduction != nil, Tiled: n.Tile != nil, Loops: len(n.Merged)}
	if s.Loops > 0 && !s.Tiled {
		d := n.Merged[s.Loops-1].last()
		s.Trip = n.Run[s.Loops-1].Extent
		for _, v := range f.Views {
			s.Strides = append(s.Strides, v.stride(d, f.Sizes))
		}
	}
	return Streams(s)
}
