package plan

import (
	"fmt"
	"math"
	"strings"

	"github.com/tirc/tirc/ir"
)

// The decisions. Each takes the facts the lowering knows at the point it
// builds a nest (sizes and strides: constants, or Dynamic) and returns
// the choice with the reason Format prints.

// ByteSize is the bytes of one stored element (i1 takes a byte).
func ByteSize(e *ir.Scalar) int64 { return max(1, int64(e.Bits())/8) }

// StoreFacts are what the store kind of a nest depends on.
type StoreFacts struct {
	Min       int64 // Options.NonTemporalMin: the least output bytes that stream (0: never)
	BoundOnly bool  // Options.NonTemporalStoreBoundOnly
	ElemBytes int64 // of the output's elements
	// OutElems and OutBytes are the output's size, InElems8 eight times
	// the inputs' elements (read only with BoundOnly); Dynamic when known
	// at run time only.
	OutElems, OutBytes, InElems8 int64
}

// OutputMayStream reports whether the output's size alone allows
// non-temporal stores: it is not a constant below Min.
func OutputMayStream(f StoreFacts) bool {
	return f.Min > 0 && (f.OutBytes == Dynamic || f.OutBytes >= f.Min)
}

// NewStore decides whether a nest streams its output past the cache:
// when the output has at least Min bytes (beyond the last-level cache of
// common machines, so it would not stay there anyway) and, with
// BoundOnly, the inputs hold at most an eighth as many elements as the
// output (store-bound). With dynamic sizes the test runs at the nest's
// entry (NonTemporalIf).
func NewStore(f StoreFacts) Store {
	switch {
	case f.Min <= 0:
		return Store{Reason: "non-temporal stores off"}
	case !OutputMayStream(f):
		return Store{Reason: fmt.Sprintf("output %s < %s", bytes(f.OutBytes), bytes(f.Min))}
	case f.BoundOnly && f.InElems8 != Dynamic && f.OutElems != Dynamic && f.InElems8 > f.OutElems:
		return Store{Reason: "inputs more than an eighth of the output (store-bound only)"}
	}
	s := Store{Kind: NonTemporal, VF: 64 / f.ElemBytes}
	var tests []string
	if f.OutBytes == Dynamic {
		tests = append(tests, fmt.Sprintf("output >= %s", bytes(f.Min)))
	}
	if f.BoundOnly && (f.InElems8 == Dynamic || f.OutElems == Dynamic) {
		tests = append(tests, "inputs <= output/8")
	}
	if len(tests) > 0 {
		s.Kind = NonTemporalIf
		s.Reason = "at run time: " + strings.Join(tests, " and ")
	} else {
		s.Reason = fmt.Sprintf("output %s >= %s", bytes(f.OutBytes), bytes(f.Min))
		if f.BoundOnly {
			s.Reason += ", store-bound"
		}
	}
	return s
}

// CheckBytes and CheckBound say which run-time tests a NonTemporalIf
// store runs: the output's bytes against Min, the inputs against an
// eighth of the output.
func (s Store) CheckBytes(f StoreFacts) bool { return s.Kind == NonTemporalIf && f.OutBytes == Dynamic }
func (s Store) CheckBound(f StoreFacts) bool {
	return s.Kind == NonTemporalIf && f.BoundOnly && (f.InElems8 == Dynamic || f.OutElems == Dynamic)
}

// NewThreads decides whether a nest of total elements may run on the
// OpenMP team: threads are on (min > 0) and total is not a constant
// below min (a dynamic total is tested at run time).
func NewThreads(min, total int64) Threads {
	switch {
	case min <= 0:
		return Threads{Reason: "threads off"}
	case total == Dynamic:
		return Threads{May: true, Reason: fmt.Sprintf("at run time: %d elements or more", min)}
	case total < min:
		return Threads{Reason: fmt.Sprintf("%d elements < %d", total, min)}
	}
	return Threads{May: true, Reason: fmt.Sprintf("%d elements >= %d", total, min)}
}

// BlockElements is about how many elements one block of a blocked full
// reduction reduces.
const BlockElements = 1 << 16

// Blocked decides whether a reduction nest reduces everything in fixed
// blocks (its totals combined in block order, deterministic whatever the
// threads): when no parallel loop runs more than once (else threads split
// that one). ext are the loop extents (Dynamic at run time). It returns
// the outermost loop that runs more than once, or -1 for no blocks.
func Blocked(iters []ir.IterKind, ext []int64) int {
	outer := -1
	for i, e := range ext {
		if e == 1 {
			continue
		}
		if iters[i] == ir.Parallel {
			return -1
		}
		if outer < 0 {
			outer = i
		}
	}
	return outer
}

// NewReduction is the accumulation of a reduction of elem values into
// out: float sums accumulate in f64 (compensated when elem is f64), f16
// and bf16 in f32; a vector holds 64 bytes of the data read (at least 8
// lanes, at most 16 when lanes carry indices); float max/min and
// argmax/argmin combine into four chains, whose dependent instructions
// would otherwise make the loop latency-bound.
func NewReduction(kind ir.Reduce, elem *ir.Scalar) *Reduction {
	info := kind.On(elem)
	acc := AccType(kind, elem)
	r := &Reduction{Kind: kind.String(), Acc: acc.String(), AccElem: acc, Reduce: kind, Elem: elem}
	r.Kahan = elem == ir.F64 && info.Combine == ir.KernelAdd
	r.Width = max(8, 64/min(ByteSize(acc), ByteSize(elem)))
	if info.Index {
		r.Width = min(r.Width, 16)
	}
	r.Chains = 1
	if k := info.Combine; (acc.IsFloat() && (k == ir.KernelMax || k == ir.KernelMin)) || info.Index {
		r.Chains = 4
	}
	return r
}

// RowStrategy is how a reduction nest reduces at each position of its
// outer parallel loops.
type RowStrategy struct {
	// Scratch: a parallel loop runs inside the reduction loops, so a
	// scratch row of accumulators holds one per point of it.
	Scratch bool
	// ShortRows: the innermost loop's trip is a constant below 2^31, so
	// argmax/argmin lanes carry i32 indices.
	ShortRows bool
	// CompareOnly: a float argmax/argmin compares only while it sums its
	// values, and reduces the row again the exact way when the sum is NaN
	// (without NaNs the compare alone is exact; the NaN tests were two of
	// three compares per vector).
	CompareOnly bool
}

// NewRowStrategy decides a reduction's RowStrategy from the kinds of the
// loops inside its outer parallel ones and the innermost trip (Dynamic
// when known at run time).
func NewRowStrategy(kind ir.Reduce, elem *ir.Scalar, inner []ir.IterKind, innerTrip int64) RowStrategy {
	var s RowStrategy
	for _, k := range inner {
		s.Scratch = s.Scratch || k == ir.Parallel
	}
	if s.Scratch || len(inner) == 0 {
		return s
	}
	s.ShortRows = innerTrip != Dynamic && innerTrip <= math.MaxInt32
	s.CompareOnly = kind.On(elem).Index && AccType(kind, elem).IsFloat()
	return s
}

// AccType is the accumulator's element type of NewReduction.
func AccType(kind ir.Reduce, elem *ir.Scalar) *ir.Scalar {
	if elem.IsFloat() {
		switch {
		case kind.On(elem).Combine == ir.KernelAdd:
			return ir.F64
		case elem.Kind == ir.KindF16 || elem.Kind == ir.KindBF16:
			return ir.F32
		}
	}
	return elem
}

// TileLanes is the side of a transposing tile's blocks.
const TileLanes = 8

// TileFacts are what a transposing tile depends on: the nest's last two
// loops (trips and, per view, strides; Dynamic when known at run time)
// and which views read loop indices (never transposed). View 0 is the
// output.
type TileFacts struct {
	OuterTrip, InnerTrip       int64
	OuterStrides, InnerStrides []int64
	Index                      []bool
}

// NewTile decides whether a parallel nest is tiled: the output is
// contiguous along the innermost loop, both loops run at least
// TileLanes times, and some input is contiguous along the outer loop but
// not along the inner one (a transposed read). Such inputs are copied
// tile by tile through a buffer so both sides read and write whole cache
// lines. outer and inner are the loops' indices.
func NewTile(f TileFacts, outer, inner int) *Tile {
	short := func(t int64) bool { return t != Dynamic && t < TileLanes }
	if f.InnerStrides[0] != 1 || short(f.InnerTrip) || short(f.OuterTrip) {
		return nil
	}
	t := &Tile{Outer: outer, Inner: inner, Lanes: TileLanes}
	for k := 1; k < len(f.InnerStrides); k++ {
		s := f.InnerStrides[k]
		if !f.Index[k] && f.OuterStrides[k] == 1 && s != 0 && s != 1 {
			t.Transposed = append(t.Transposed, k)
		}
	}
	if len(t.Transposed) == 0 {
		return nil
	}
	return t
}

// bytes prints a byte count in the largest binary unit that divides it.
func bytes(n int64) string {
	switch {
	case n == Dynamic:
		return "?"
	case n >= 1<<30 && n%(1<<30) == 0:
		return fmt.Sprintf("%d GiB", n>>30)
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d B", n)
}

// FourRows decides which loop of a reduction on a scratch row (loops, the
// kinds of its loops outermost first) runs four rows at a time, adding
// (x0 + x1) + (x2 + x3) to the scratch once so it is loaded and stored
// once per four rows: the last reduction loop, when only parallel loops
// follow it (a column sum) and the reduction is a plain sum into f64 (no
// compensation term, no index). -1 for none.
func FourRows(combine ir.Kernel, acc *ir.Scalar, kahan, index bool, loops []ir.IterKind) int {
	if combine != ir.KernelAdd || acc != ir.F64 || kahan || index {
		return -1
	}
	last := -1
	for i, k := range loops {
		if k == ir.Reduction {
			last = i
		}
	}
	for _, k := range loops[last+1:] {
		if k != ir.Parallel {
			return -1
		}
	}
	return last
}
