package traits

import "github.com/tirc/tirc/ir"

// This file is the broadcast shape math of MLIR's Broadcastable trait
// (docs/Traits/Broadcastable.md, the seed document), as pure functions
// shared by the verifier, shape refinement, -explain and codegen.

// InferDim infers one result dimension from two aligned operand
// dimensions (the seed's "Dimension inference" table, rows in order):
//
//	(?, ?) -> ?      (?, 1) -> ?      (?, >1) -> dim1
//	(1, 1) -> 1      (1, >1) -> dim1  (>1, >1) -> dim0 if equal, else error
//
// Size-0 dimensions follow mlir-opt-19 (SPEC section 4, point 4): a static
// 0 behaves like any size other than 1, so (0, 1) -> 0 and (0, 3) fails,
// and against '?' it is neither "1" nor ">1": (0, ?) -> ?.
func InferDim(dim0, dim1 int64) (int64, bool) {
	switch {
	case dim0 < 0 || dim1 < 0:
		if dim0 > 1 {
			return dim0, true
		}
		if dim1 > 1 {
			return dim1, true
		}
		return ir.Dynamic, true
	case dim0 == dim1 || dim1 == 1:
		return dim0, true
	case dim0 == 1:
		return dim1, true
	}
	return 0, false
}

// ExpandRank prepends dimensions of size 1 to shape until it has rank
// dimensions (the seed's ExpandRank); a longer shape is returned as is.
func ExpandRank(shape []int64, rank int) []int64 {
	if len(shape) >= rank {
		return shape
	}
	out := make([]int64, rank)
	pad := rank - len(shape)
	for i := 0; i < pad; i++ {
		out[i] = 1
	}
	copy(out[pad:], shape)
	return out
}

// InferShape infers the broadcast shape of two ranked shapes: equalize the
// ranks with ExpandRank, then InferDim per dimension. ok is false when
// two static dimensions are incompatible.
func InferShape(shape0, shape1 []int64) ([]int64, bool) {
	rank := max(len(shape0), len(shape1))
	s0, s1 := ExpandRank(shape0, rank), ExpandRank(shape1, rank)
	out := make([]int64, rank)
	for i := range out {
		d, ok := InferDim(s0[i], s1[i])
		if !ok {
			return nil, false
		}
		out[i] = d
	}
	return out, true
}

// InferResultShape infers the result shape of a Broadcastable op from its
// operand types (the seed's InferResultShape): unranked operands are
// discarded, the first ranked shape is folded with each other one.
// ranked is false when no operand is ranked (nothing can be inferred); ok
// is false when the ranked operands are not broadcast-compatible.
// Vectors count as ranked shapes.
func InferResultShape(operands []ir.Type) (shape []int64, ranked, ok bool) {
	return appendResultShape(nil, operands)
}

// appendResultShape is InferResultShape building the shape in dst's
// storage, folding each further operand into it in place, so that the
// verifier, with a small array, allocates nothing per op.
func appendResultShape(dst []int64, operands []ir.Type) (shape []int64, ranked, ok bool) {
	shape = dst[:0]
	for _, t := range operands {
		s, isRanked := ir.Shape(t)
		if !isRanked {
			continue
		}
		if !ranked {
			shape, ranked = append(shape, s...), true
			if shape == nil {
				shape = []int64{} // rank 0
			}
			continue
		}
		if pad := len(s) - len(shape); pad > 0 { // ExpandRank in place
			shape = append(shape, s[:pad]...)
			copy(shape[pad:], shape[:len(shape)-pad])
			for i := range pad {
				shape[i] = 1
			}
		}
		off := len(shape) - len(s)
		for i, d0 := range shape {
			d1 := int64(1)
			if i >= off {
				d1 = s[i-off]
			}
			d, ok := InferDim(d0, d1)
			if !ok {
				return nil, true, false
			}
			shape[i] = d
		}
	}
	if !ranked {
		return nil, false, true
	}
	return shape, true, true
}

// ResultShapeCompatible is the seed's result-verification table: the
// inferred shape and the actual result shape have the same rank (or, when
// some operand is unranked and the inferred rank only a lower bound, the
// result may have more leading dimensions), and every pair of aligned
// dimensions is OK unless both are static and different:
//
//	(?, ?) OK   (?, static) OK   (static, ?) OK   (static, static) OK if equal
func ResultShapeCompatible(inferred, actual []int64, rankIsLowerBound bool) bool {
	if len(actual) < len(inferred) || (!rankIsLowerBound && len(actual) != len(inferred)) {
		return false
	}
	suffix := actual[len(actual)-len(inferred):]
	for i, d := range inferred {
		if d >= 0 && suffix[i] >= 0 && d != suffix[i] {
			return false
		}
	}
	return true
}

// DimsCompatible reports whether all static sizes among dims are equal
// (MLIR's isDimsCompatible: dynamic sizes match anything).
func DimsCompatible(dims ...int64) bool {
	static := int64(-1)
	for _, d := range dims {
		if d < 0 {
			continue
		}
		if static >= 0 && d != static {
			return false
		}
		static = d
	}
	return true
}

// CompatibleShapes is MLIR's verifyCompatibleShapes over a list of types:
// all scalars, or all shaped (tensors, vectors, memrefs); unranked shapes
// are ignored; the ranked ones have one rank and compatible dimensions;
// scalable vectors do not mix with other types.
func CompatibleShapes(types []ir.Type) bool {
	shaped, scalable := 0, 0
	for _, t := range types {
		if ir.IsShapedOrMemRef(t) {
			shaped++
		}
		if v, ok := t.(*ir.VectorType); ok && v.HasScalableDims() {
			scalable++
		}
	}
	if scalable > 0 && scalable != len(types) {
		return false
	}
	if shaped == 0 {
		return true
	}
	if shaped != len(types) {
		return false
	}
	rank := -1
	var shapes [][]int64
	for _, t := range types {
		s, ranked := ir.MemRefOrShape(t)
		if !ranked {
			continue
		}
		if rank >= 0 && len(s) != rank {
			return false
		}
		rank = len(s)
		shapes = append(shapes, s)
	}
	dims := make([]int64, len(shapes))
	for i := 0; i < rank; i++ {
		for j, s := range shapes {
			dims[j] = s[i]
		}
		if !DimsCompatible(dims...) {
			return false
		}
	}
	return true
}

// JoinShapes returns the most static shape compatible with both a and b
// (same rank; each dimension the static one when one is static), or ok =
// false when they conflict. Shape refinement uses it to merge what an op
// declares with what its traits prove, never loosening a static size.
func JoinShapes(a, b []int64) ([]int64, bool) {
	if len(a) != len(b) {
		return nil, false
	}
	out := make([]int64, len(a))
	for i := range a {
		switch {
		case a[i] < 0:
			out[i] = b[i]
		case b[i] < 0 || a[i] == b[i]:
			out[i] = a[i]
		default:
			return nil, false
		}
	}
	return out, true
}
