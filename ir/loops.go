package ir

import (
	"fmt"
	"strings"
)

// This file is the one description of an op's loops, as MLIR's linalg
// gives every structured op `iterator_types` and `indexing_maps`: the
// iteration space (one loop per iterator, parallel or reduction) and, for
// every operand and result, which element each iteration reads or writes.
// Everything that runs an op — the reference evaluator, constant folding,
// materialize-broadcasts, fusion and code generation — reads this
// description; none of them works out an operand-to-result dimension map
// of its own.
//
// A broadcast dimension is a map whose size may be 1 where its loop runs
// longer (read with stride 0), a reduction a loop the result's map leaves
// out, a transpose a permuted map, a slice an offset and a stride.
//
// Printed (Loops.String), the description of
//
//	%r = "tir.add"(%x, %b) : (tensor<?x128xf32>, tensor<128xf32>) -> tensor<?x128xf32>
//
// is
//
//	loops (i0, i1) parallel
//	  operand #0: [bcast i0, bcast i1]
//	  operand #1: [bcast i1]
//	  result #0: [i0, i1]
//
// and that of a row sum with keepdims,
//
//	%s = "tir.reduce_sum"(%x) {dims = array<i64: 1>, keepdims} : (tensor<?x128xf32>) -> tensor<?x1xf32>
//
// is
//
//	loops (i0 parallel, i1 reduction)
//	  operand #0: [i0, i1]
//	  result #0: [i0, 0]
//
// A transpose permutes the map, a slice reads a window with an offset and
// a stride, and its attributes fix the loop extents:
//
//	%t = "tir.transpose"(%x) {permutation = array<i64: 1, 0>} : (tensor<4x8xf32>) -> tensor<8x4xf32>
//	%s = "tir.slice"(%x) {start_indices = array<i64: 1, 0>, limit_indices = array<i64: 4, 8>, strides = array<i64: 1, 2>} : (tensor<4x8xf32>) -> tensor<3x4xf32>
//
//	loops (i0, i1) parallel
//	  operand #0: [i1, i0]
//	  result #0: [i0, i1]
//
//	loops (i0, i1) parallel: (3, 4)
//	  operand #0: [1 + i0 (window, limit 4), 2*i1 (window, limit 8)]
//	  result #0: [i0, i1]
//
// A contraction (SPEC 3d) is parallel loops for its result and reduction
// loops for the contracted dims, its kernel the product of the operands'
// elements and its Reduce kind ReduceContract (the sum in the
// accumulator type, in index order); NumPy's matmul broadcasts its
// batch dims as Broadcastable does:
//
//	%c = "tir.matmul"(%a, %b) : (tensor<8x1x3x4xf32>, tensor<5x4x6xf32>) -> tensor<8x5x3x6xf32>
//
//	loops (i0 parallel, i1 parallel, i2 parallel, i3 parallel, i4 reduction)
//	  operand #0: [bcast i0, bcast i1, i2, i4]
//	  operand #1: [bcast i1, i4, i3]
//	  result #0: [i0, i1, i2, i3]
//
// and an op may read the loop indices themselves (linalg.index): iota's
// kernel converts the index of its dimension's loop,
//
//	%i = "tir.iota"() {iota_dimension = 1 : i64} : () -> tensor<2x3xf32>
//
//	loops (i0, i1) parallel
//	  index #0: i1
//	  result #0: [i0, i1]

// IterKind is the kind of one loop (linalg's iterator type).
type IterKind uint8

const (
	// Parallel loops index the result: iterations are independent.
	Parallel IterKind = iota
	// Reduction loops are left out of the result's map: their iterations
	// combine into one result element.
	Reduction
)

func (k IterKind) String() string {
	if k == Reduction {
		return "reduction"
	}
	return "parallel"
}

// DimKind says how the size of a dimension relates to the extent of its
// loop.
type DimKind uint8

const (
	// Exact: the dimension's size is the loop's extent.
	Exact DimKind = iota
	// Broadcast: the size is the extent, or 1 (then every iteration reads
	// index 0: stride 0). NumPy's and XLA's degenerate broadcasting.
	Broadcast
	// Window: the dimension holds at least Limit elements, and the loop
	// reads indices below Limit (Offset + Stride*(extent-1) < Limit <=
	// size); its size does not define the extent. A slice reads its
	// operand this way, Limit its limit index (StableHLO's start <= limit
	// <= size, whether the window is empty or not).
	Window
)

// DimMap maps one dimension of an operand or result to the loops: the
// iteration (i0, i1, ...) touches index Offset + Stride*i[Loop] of the
// dimension, or the constant index Offset when Loop < 0 (a dimension of
// size 1 that no loop runs over, such as a reduced dimension kept by
// keepdims). A Window's Limit is the size the dimension must have at
// least (checked by the verifier where the size is static, at run time
// where it is dynamic: WindowLimitMessage).
type DimMap struct {
	Loop   int
	Stride int64
	Offset int64
	Kind   DimKind
	Limit  int64
}

// WindowLimitMessage is the error of a Window dimension of size size
// smaller than its Limit (the verifier's wording of a slice's limit
// index; size is text, so that native code can print its run-time size
// with a format).
func WindowLimitMessage(limit int64, size string, dim int) string {
	return fmt.Sprintf("limit index %d is larger than dimension size %s in dimension %d", limit, size, dim)
}

// Dim is the common map: index i[loop], size equal to the extent.
func Dim(loop int) DimMap { return DimMap{Loop: loop, Stride: 1} }

// BroadcastDim is index i[loop] of a dimension that may have size 1.
func BroadcastDim(loop int) DimMap { return DimMap{Loop: loop, Stride: 1, Kind: Broadcast} }

// UnitDim is a dimension of size 1 read or written at index 0 by every
// iteration.
func UnitDim() DimMap { return DimMap{Loop: -1} }

// Loops is an op's iteration space: the loops, and for each operand and
// result one DimMap per dimension. A nil operand map is a scalar (or
// otherwise unshaped) operand: the same value at every iteration.
type Loops struct {
	Iter     []IterKind
	Operands [][]DimMap
	Results  [][]DimMap
	// Indices are loops whose current index the kernel reads as further
	// arguments after the operands' elements, as index values (linalg's
	// linalg.index): iota reads the loop of its dimension.
	Indices []int
	// Sizes are loop extents the op's attributes fix (a slice's result
	// sizes), -1 where the operands and results decide; nil for none.
	Sizes []int64
}

// NumLoops is the number of loops.
func (l *Loops) NumLoops() int { return len(l.Iter) }

// Parallel reports whether every loop is parallel (an elementwise or
// data-movement op: each result element comes from one iteration).
func (l *Loops) Parallel() bool {
	for _, k := range l.Iter {
		if k != Parallel {
			return false
		}
	}
	return true
}

// Reduced reports whether loop i is a reduction loop.
func (l *Loops) Reduced(i int) bool { return l.Iter[i] == Reduction }

// ResultDimOf returns the dimension of result r that loop i indexes, or
// -1 when the result's map leaves the loop out (a reduction loop).
func (l *Loops) ResultDimOf(r, loop int) int {
	for d, m := range l.Results[r] {
		if m.Loop == loop {
			return d
		}
	}
	return -1
}

// Extents computes the loop extents from concrete operand and result
// sizes (a negative size is unknown: a '?' of a static type, or a result
// whose size is still to be found). Exact and Broadcast dimensions define
// their loop's extent; Broadcast ones only when they are not 1. A loop no
// dimension defines has extent 1 unless a Broadcast dimension of size 1
// is all there is (also 1). It reports the first conflict: two defining
// sizes that differ, or a Broadcast size neither 1 nor the extent.
func (l *Loops) Extents(operands, results [][]int64) ([]int64, *ExtentError) {
	ext := make([]int64, len(l.Iter))
	from := make([]DimRef, len(l.Iter))
	for i := range ext {
		ext[i] = -1
		from[i] = DimRef{Index: -1}
		if i < len(l.Sizes) && l.Sizes[i] >= 0 {
			ext[i] = l.Sizes[i]
		}
	}
	visit := func(ref DimRef, m DimMap, size int64) *ExtentError {
		if m.Loop < 0 || m.Loop >= len(ext) || size < 0 || m.Kind == Window {
			return nil
		}
		if m.Kind == Broadcast && size == 1 {
			return nil
		}
		switch e := ext[m.Loop]; {
		case e < 0:
			ext[m.Loop], from[m.Loop] = size, ref
		case e != size:
			return &ExtentError{Loop: m.Loop, A: from[m.Loop], B: ref, SizeA: e, SizeB: size}
		}
		return nil
	}
	// Results first: a static result size is what operands broadcast to.
	for r, maps := range l.Results {
		for d, m := range maps {
			if r < len(results) && d < len(results[r]) {
				if err := visit(DimRef{Result: true, Index: r, Dim: d}, m, results[r][d]); err != nil {
					return nil, err
				}
			}
		}
	}
	for k, maps := range l.Operands {
		for d, m := range maps {
			if k < len(operands) && d < len(operands[k]) {
				if err := visit(DimRef{Index: k, Dim: d}, m, operands[k][d]); err != nil {
					return nil, err
				}
			}
		}
	}
	// A loop no known size defines is 1 when the operands' dimensions
	// over it are all broadcast 1s, and unknown when one of them has an
	// unknown size or, with no operand over it, the result's size is
	// unknown.
	for i, e := range ext {
		if e >= 0 {
			continue
		}
		ext[i] = 1
		mapped, unknown := false, false
		for k, ms := range l.Operands {
			for d, m := range ms {
				if m.Loop == i && m.Kind != Window {
					mapped = true
					unknown = unknown || k >= len(operands) || d >= len(operands[k]) || operands[k][d] < 0
				}
			}
		}
		if !mapped {
			for r, ms := range l.Results {
				for d, m := range ms {
					if m.Loop == i && (r >= len(results) || d >= len(results[r]) || results[r][d] < 0) {
						unknown = true
					}
				}
			}
		}
		if unknown {
			ext[i] = Dynamic
		}
	}
	return ext, nil
}

// DimRef names one dimension of an operand or a result (Index -1: the
// op's attributes, which fix a loop's extent through Loops.Sizes).
type DimRef struct {
	Result bool
	Index  int // operand or result number
	Dim    int
}

func (r DimRef) String() string {
	if r.Index < 0 {
		return "the op's attributes"
	}
	if r.Result {
		return fmt.Sprintf("dimension %d of result #%d", r.Dim, r.Index)
	}
	return fmt.Sprintf("dimension %d of operand #%d", r.Dim, r.Index)
}

// ExtentError is two dimensions that disagree on a loop's extent.
type ExtentError struct {
	Loop         int
	A, B         DimRef
	SizeA, SizeB int64
}

func (e *ExtentError) Error() string {
	return fmt.Sprintf("%s has size %d and %s has size %d, but both run over loop i%d", e.A, e.SizeA, e.B, e.SizeB, e.Loop)
}

// ShapeOf returns the shape a map describes over the given loop extents:
// Exact and Broadcast dimensions take their loop's extent, unit
// dimensions 1. Window dimensions have no size of their own here (-1).
func ShapeOf(maps []DimMap, ext []int64) []int64 {
	out := make([]int64, len(maps))
	for d, m := range maps {
		switch {
		case m.Loop < 0:
			out[d] = 1
		case m.Kind == Window || m.Loop >= len(ext):
			out[d] = Dynamic
		default:
			out[d] = ext[m.Loop]
		}
	}
	return out
}

// String prints the description (see the top of this file).
func (l *Loops) String() string {
	var sb strings.Builder
	sb.WriteString("loops (")
	allPar := l.Parallel()
	for i, k := range l.Iter {
		if i > 0 {
			sb.WriteString(", ")
		}
		fmt.Fprintf(&sb, "i%d", i)
		if !allPar {
			sb.WriteString(" " + k.String())
		}
	}
	sb.WriteString(")")
	if allPar && len(l.Iter) > 0 {
		sb.WriteString(" parallel")
	}
	if l.Sizes != nil {
		sb.WriteString(": (")
		for i, e := range l.Sizes {
			if i > 0 {
				sb.WriteString(", ")
			}
			if e < 0 {
				sb.WriteString("?")
			} else {
				fmt.Fprint(&sb, e)
			}
		}
		sb.WriteString(")")
	}
	sb.WriteString("\n")
	write := func(what string, i int, maps []DimMap) {
		fmt.Fprintf(&sb, "  %s #%d: ", what, i)
		if maps == nil {
			sb.WriteString("scalar\n")
			return
		}
		sb.WriteString("[")
		for d, m := range maps {
			if d > 0 {
				sb.WriteString(", ")
			}
			sb.WriteString(m.String())
		}
		sb.WriteString("]\n")
	}
	for k, maps := range l.Operands {
		write("operand", k, maps)
	}
	for k, i := range l.Indices {
		fmt.Fprintf(&sb, "  index #%d: i%d\n", k, i)
	}
	for r, maps := range l.Results {
		write("result", r, maps)
	}
	return sb.String()
}

// String prints one map: "i1", "bcast i1", "2 + 3*i0 (window, limit 9)", "0".
func (m DimMap) String() string {
	if m.Loop < 0 {
		return fmt.Sprint(m.Offset)
	}
	s := fmt.Sprintf("i%d", m.Loop)
	if m.Stride != 1 {
		s = fmt.Sprintf("%d*%s", m.Stride, s)
	}
	if m.Offset != 0 {
		s = fmt.Sprintf("%d + %s", m.Offset, s)
	}
	switch m.Kind {
	case Broadcast:
		s = "bcast " + s
	case Window:
		s += fmt.Sprintf(" (window, limit %d)", m.Limit)
	}
	return s
}

// LoopsOf returns op's loop description, or nil when the op has none
// (calls, constants, casts, unregistered ops) or its types do not
// determine one yet (an unranked operand or result, a malformed
// attribute: the verifier reports those). The op's row decides: its own
// Loops hook, else the first of its traits that describes loops
// (Broadcastable, ElementwiseMappable).
func LoopsOf(op *Op) *Loops {
	if op.Def == nil {
		return nil
	}
	if op.Def.Loops != nil {
		return op.Def.Loops(op)
	}
	for _, t := range op.Def.Traits {
		if t.Loops != nil {
			return t.Loops(op)
		}
	}
	return nil
}

// Computable reports whether op's value is defined by its row alone: it
// has a loop description and a scalar kernel for each result
// (KernelIdentity for data movement and reductions). The evaluator, folding and codegen run
// exactly these ops generically.
func Computable(op *Op) bool { return ComputableLoops(op) != nil }

// ComputableLoops is op's loop description when op is Computable, else
// nil: one call for callers that need both.
func ComputableLoops(op *Op) *Loops {
	if op.Def == nil || op.Def.Kernel == KernelNone || op.NumResults() == 0 {
		return nil
	}
	for r := range op.NumResults() {
		if op.Def.KernelOf(r) == KernelNone {
			return nil
		}
	}
	return LoopsOf(op)
}
