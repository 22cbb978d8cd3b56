package traits

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tirc/tirc/ir"
)

// This file is XLA's explicit broadcasting (the seeds 002/003, "broadcasting
// semantics"): the broadcast_dimensions ("InDim") rule of binary ops and
// StableHLO's broadcast_in_dim, as pure functions.

// BroadcastDimsAttr is the attribute that switches a binary op from
// implicit (NumPy) broadcasting to XLA's InDim broadcasting.
const BroadcastDimsAttr = "broadcast_dimensions"

// InDimError describes the first XLA rule an operand pair breaks; Hint is
// a likely fix, when one is clear.
type InDimError struct {
	Msg  string
	Hint string
}

func (e *InDimError) Error() string { return e.Msg }

// InDimShape is XLA's broadcast of two ranked shapes with
// broadcast_dimensions dims:
//
//  1. Same rank: dims must be empty or the identity; then degenerate
//     broadcasting: each dimension pair is equal or one of them is 1 and
//     the result takes the other ((2,1)+(1,3) -> (2,3)).
//  2. Different ranks: dims has one entry per dimension of the lower-rank
//     operand, strictly increasing, each a dimension of the higher-rank
//     operand; lower dim i maps to higher dim dims[i], and the two sizes
//     are equal or one is 1. The lower-rank operand is first expanded to
//     the higher rank (unmapped dimensions take the higher-rank operand's
//     sizes, mapped ones its own), then degenerate broadcasting applies:
//     [4] + [1x2] with dims (0) -> 4x2.
//
// A rank-0 operand (a scalar) needs no entries. Dynamic sizes are allowed
// and checked at run time, as for the Broadcastable trait.
func InDimShape(lhs, rhs []int64, dims []int64) ([]int64, *InDimError) {
	if len(lhs) == len(rhs) {
		if len(dims) != 0 && !isIdentity(dims, len(lhs)) {
			return nil, &InDimError{Msg: fmt.Sprintf("broadcast_dimensions must be empty or the identity [%s] for operands of the same rank %d, but got [%s]",
				joinInts(identity(len(lhs))), len(lhs), joinInts(dims))}
		}
		return degenerate(lhs, rhs, 0, 1)
	}
	low, high, lowIdx, highIdx := lhs, rhs, 0, 1
	if len(lhs) > len(rhs) {
		low, high, lowIdx, highIdx = rhs, lhs, 1, 0
	}
	if len(dims) != len(low) {
		return nil, &InDimError{Msg: fmt.Sprintf("broadcast_dimensions has %d entr%s but the lower-rank operand #%d has rank %d: it needs one entry per dimension",
			len(dims), plural(len(dims), "y", "ies"), lowIdx, len(low))}
	}
	for i, d := range dims {
		if d < 0 || d >= int64(len(high)) {
			return nil, &InDimError{Msg: fmt.Sprintf("broadcast_dimensions[%d] = %d is out of range for the higher-rank operand #%d of rank %d",
				i, d, highIdx, len(high))}
		}
	}
	for i := 1; i < len(dims); i++ {
		if dims[i] <= dims[i-1] {
			e := &InDimError{Msg: fmt.Sprintf("broadcast_dimensions must be strictly increasing, but entry %d (%d) comes after entry %d (%d)",
				i, dims[i], i-1, dims[i-1])}
			sorted := slices.Clone(dims)
			slices.Sort(sorted)
			if len(slices.Compact(slices.Clone(sorted))) == len(sorted) {
				e.Hint = fmt.Sprintf("did you mean array<i64: %s>?", joinInts(sorted))
			}
			return nil, e
		}
	}
	expanded := slices.Clone(high)
	for i, d := range dims {
		l, h := low[i], high[d]
		if l >= 0 && h >= 0 && l != h && l != 1 && h != 1 {
			return nil, &InDimError{Msg: fmt.Sprintf("dimension %d of operand #%d (size %d) maps to dimension %d of operand #%d (size %d): the sizes must be equal or one of them 1",
				i, lowIdx, l, d, highIdx, h)}
		}
		expanded[d] = l
	}
	if lowIdx == 0 {
		return degenerate(expanded, high, 0, 1)
	}
	return degenerate(high, expanded, 0, 1)
}

// degenerate broadcasts two same-rank shapes (XLA's degenerate-dimension
// broadcasting, InferDim per dimension).
func degenerate(a, b []int64, ai, bi int) ([]int64, *InDimError) {
	out := make([]int64, len(a))
	for i := range a {
		d, ok := InferDim(a[i], b[i])
		if !ok {
			return nil, &InDimError{Msg: fmt.Sprintf("dimension %d of operand #%d (size %d) and of operand #%d (size %d) are incompatible: the sizes must be equal or one of them 1",
				i, ai, a[i], bi, b[i])}
		}
		out[i] = d
	}
	return out, nil
}

// BroadcastInDimError checks StableHLO's broadcast_in_dim rules for an
// operand shape, a result shape and the dimension mapping; it returns ""
// when they hold.
func BroadcastInDimError(operand, result []int64, dims []int64) string {
	if len(dims) != len(operand) {
		return fmt.Sprintf("broadcast_dimensions size (%d) does not match operand rank (%d)", len(dims), len(operand))
	}
	seen := map[int64]bool{}
	for i, d := range dims {
		if d < 0 || d >= int64(len(result)) {
			return fmt.Sprintf("broadcast_dimensions contains invalid value %d for result with rank %d", d, len(result))
		}
		if seen[d] {
			return fmt.Sprintf("broadcast_dimensions should not have duplicates: %d appears twice", d)
		}
		seen[d] = true
		o, r := operand[i], result[d]
		if o >= 0 && r >= 0 && o != 1 && o != r {
			return fmt.Sprintf("size of operand dimension %d (%d) is not equal to 1 or size of result dimension %d (%d)", i, o, d, r)
		}
	}
	return ""
}

// BroadcastDims reads the broadcast_dimensions attribute of op, if any.
func BroadcastDims(op *ir.Op) (dims []int64, present, valid bool) {
	a := op.Attr(BroadcastDimsAttr)
	if a == nil {
		return nil, false, true
	}
	d, ok := a.(*ir.DenseArrayAttr)
	if !ok || d.Elem != ir.I64 {
		return nil, true, false
	}
	return d.Ints, true, true
}

func isIdentity(dims []int64, n int) bool {
	if len(dims) != n {
		return false
	}
	for i, d := range dims {
		if d != int64(i) {
			return false
		}
	}
	return true
}

func identity(n int) []int64 {
	out := make([]int64, n)
	for i := range out {
		out[i] = int64(i)
	}
	return out
}

func joinInts(xs []int64) string {
	var sb strings.Builder
	for i, x := range xs {
		if i > 0 {
			sb.WriteString(", ")
		}
		fmt.Fprint(&sb, x)
	}
	return sb.String()
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
