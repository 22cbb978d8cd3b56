package traits

import (
	"fmt"
	"strings"

	"github.com/tirc/tirc/ir"
)

// This file explains broadcasting, one result dimension at a time, in the
// words of the seed's tables. It backs tirc -explain, a feature that
// mlir-opt, XLA and NumPy lack: for people learning or debugging
// broadcasting it answers "where did this dimension come from?".
//
// For (tensor<?x1xf32>, tensor<4xf32>) -> tensor<?x4xf32> it says:
//
//	broadcast (?x1, 4) -> ?x4: implicit (NumPy/MLIR) broadcasting
//	operand 1: rank 1 expanded to 2 by prepending 1 (4 -> 1x4)
//	dim 0: (?, 1) -> ?, operand 1 expanded with 1; row (?, 1) -> ?: broadcast to the run-time size
//	dim 1: (1, 4) -> 4, operand 0 broadcast; row (1, >1) -> dim1

// Explanation is the explanation of one op's broadcasting: a headline and
// one line per operand expansion and per result dimension.
type Explanation struct {
	Summary string
	Lines   []string
}

// Explain explains how the result shape of a broadcasting op follows from
// its operands: a Broadcastable op (implicit or with XLA's
// broadcast_dimensions) or tir.broadcast_in_dim. ok is false for other
// ops.
func Explain(op *ir.Op) (e Explanation, ok bool) {
	if op.NumResults() != 1 {
		return e, false
	}
	if _, present, _ := BroadcastDims(op); present && op.NumOperands() == 1 { // broadcast_in_dim
		return explainBroadcastInDim(op), true
	}
	if !op.Has(Broadcastable) || op.NumOperands() == 0 {
		return e, false
	}
	if _, present, _ := BroadcastDims(op); present && op.NumOperands() == 2 {
		return explainInDim(op), true
	}
	return ExplainShapes(op.OperandTypes(), op.Result(0).Type()), true
}

// category names a dimension as the seed's first table does.
func category(d int64) string {
	switch {
	case d < 0:
		return "?"
	case d == 1:
		return "1"
	case d == 0:
		return "0"
	}
	return ">1"
}

func dimString(d int64) string {
	if d < 0 {
		return "?"
	}
	return fmt.Sprint(d)
}

// rowNote says what a row of the dimension-inference table means for the
// pair (a, b), where a is the shape inferred so far and b the next operand.
func rowNote(a, b int64) string {
	ca, cb := category(a), category(b)
	row := fmt.Sprintf("row (%s, %s)", ca, cb)
	r, ok := InferDim(a, b)
	if !ok {
		return row + ": static sizes differ, a compile-time error"
	}
	switch {
	case a < 0 && b < 0:
		return row + " -> ?: equal at run time, or one of them is 1 and broadcast"
	case a < 0 || b < 0:
		if r >= 0 && r > 1 {
			return fmt.Sprintf("%s -> %d: the ? must be 1 or %d at run time", row, r, r)
		}
		if a == 0 || b == 0 {
			return row + " -> ?: a static 0 against ? stays dynamic (SPEC section 4, point 4)"
		}
		return row + " -> ?: broadcast to the run-time size"
	case a == b:
		return fmt.Sprintf("%s -> %s: equal sizes", row, dimString(r))
	}
	return fmt.Sprintf("%s -> %s: the 1 is broadcast", row, dimString(r))
}

// ExplainShapes explains implicit broadcasting of the operand types to the
// result type, following the seed's InferResultShape: unranked operands
// are discarded, ranks are equalized by ExpandRank, and each dimension is
// inferred pairwise with InferDim; the result is then checked with the
// verification table.
func ExplainShapes(operands []ir.Type, result ir.Type) Explanation {
	var e Explanation
	ops := rankedOperands(operands, &e)
	resShape, resRanked := ir.Shape(result)
	res := "*"
	if resRanked {
		res = ir.ShapeString(resShape)
	}
	head := fmt.Sprintf("broadcast (%s) -> %s", strings.Join(ops.strs, ", "), res)
	if len(ops.shapes) == 0 {
		e.Summary = head + ": no ranked operand, the result shape cannot be inferred"
		return e
	}
	rank := ops.rank
	for k, s := range ops.shapes {
		if len(s) < rank {
			e.Lines = append(e.Lines, fmt.Sprintf("operand %d: rank %d expanded to %d by prepending 1 (%s -> %s)",
				ops.index[k], len(s), rank, shapeOrScalar(s), ir.ShapeString(ExpandRank(s, rank))))
		}
	}
	inferred := make([]int64, rank)
	failed := false
	for d := 0; d < rank; d++ {
		var resDim *int64
		if resRanked && len(resShape) == rank {
			resDim = &resShape[d]
		}
		line, acc, ok := ops.explainDim(d, resDim)
		inferred[d] = acc
		failed = failed || !ok
		e.Lines = append(e.Lines, line)
	}
	e.Summary = head + ": " + explainVerdict(inferred, resShape, resRanked, failed, len(ops.shapes) < len(operands))
	return e
}

// rankedShapes holds the ranked operands of an explanation, in order,
// with their operand numbers and the broadcast rank.
type rankedShapes struct {
	strs   []string  // every operand's shape as printed ("*" if unranked)
	shapes [][]int64 // the ranked operands' shapes
	index  []int     // operand number of each ranked shape
	rank   int
}

// rankedOperands collects the ranked operands and notes each unranked one
// in e, since InferResultShape discards them.
func rankedOperands(operands []ir.Type, e *Explanation) rankedShapes {
	r := rankedShapes{strs: make([]string, len(operands))}
	for i, t := range operands {
		s, ranked := ir.Shape(t)
		if !ranked {
			r.strs[i] = "*"
			e.Lines = append(e.Lines, fmt.Sprintf("operand %d: unranked, discarded (InferResultShape ignores unranked operands)", i))
			continue
		}
		r.strs[i] = ir.ShapeString(s)
		if len(s) == 0 {
			r.strs[i] = "scalar"
		}
		r.shapes = append(r.shapes, s)
		r.index = append(r.index, i)
		r.rank = max(r.rank, len(s))
	}
	return r
}

// explainDim explains the broadcast of dimension d: each operand's size,
// which were expanded or broadcast, and how the sizes combine. resDim is
// the declared result size when the result has the broadcast rank. It
// returns the line, the inferred size and whether the sizes were
// compatible.
func (r rankedShapes) explainDim(d int, resDim *int64) (string, int64, bool) {
	dims := make([]string, len(r.shapes))
	var expanded, broadcast, rows []string
	acc := int64(0)
	ok := true
	for k, s := range r.shapes {
		off := r.rank - len(s)
		v := int64(1)
		if d >= off {
			v = s[d-off]
		} else {
			expanded = append(expanded, fmt.Sprint(r.index[k]))
		}
		dims[k] = dimString(v)
		if k == 0 {
			acc = v
			continue
		}
		rows = append(rows, rowNote(acc, v))
		next, fits := InferDim(acc, v)
		if !fits {
			rows[len(rows)-1] = fmt.Sprintf("%s (%s against %s)", rows[len(rows)-1], dimString(acc), dimString(v))
			ok = false
			acc = ir.Dynamic
			continue
		}
		acc = next
	}
	if acc > 1 {
		for k, s := range r.shapes {
			off := r.rank - len(s)
			if d < off || s[d-off] == 1 {
				broadcast = append(broadcast, fmt.Sprint(r.index[k]))
			}
		}
	}
	line := fmt.Sprintf("dim %d: (%s) -> %s", d, strings.Join(dims, ", "), dimString(acc))
	if len(expanded) > 0 {
		line += fmt.Sprintf(", %s %s expanded with 1", plural(len(expanded), "operand", "operands"), strings.Join(expanded, ", "))
	}
	if len(broadcast) > 0 {
		line += fmt.Sprintf(", %s %s broadcast", plural(len(broadcast), "operand", "operands"), strings.Join(broadcast, ", "))
	}
	if len(rows) > 0 {
		line += "; " + strings.Join(rows, "; then ")
	} else {
		line += "; a single ranked operand gives its own size"
	}
	if resDim != nil && ok {
		line += "; " + resultRow(acc, *resDim)
	}
	return line, acc, ok
}

// explainVerdict is the summary's conclusion: whether the operands
// broadcast, and whether the inferred shape fits the declared result.
func explainVerdict(inferred, resShape []int64, resRanked, failed, someUnranked bool) string {
	switch {
	case failed:
		return "operands don't have broadcast-compatible shapes"
	case !resRanked:
		return fmt.Sprintf("inferred %s; the result is unranked, nothing to check", shapeOrScalar(inferred))
	case len(resShape) != len(inferred):
		s := fmt.Sprintf("inferred %s; the result rank %d differs from the inferred rank %d", shapeOrScalar(inferred), len(resShape), len(inferred))
		if someUnranked {
			s += " (allowed: with an unranked operand the inferred rank is a lower bound)"
		}
		return s
	}
	s := "inferred " + shapeOrScalar(inferred)
	if ResultShapeCompatible(inferred, resShape, false) {
		return s + ", result compatible"
	}
	return s + ", result NOT compatible"
}

// resultRow names the row of the seed's verification table that applies
// to an inferred dimension and the declared result dimension.
func resultRow(inferred, actual int64) string {
	switch {
	case inferred < 0 && actual < 0:
		return "result ? (verification row (?, ?): OK)"
	case inferred < 0:
		return fmt.Sprintf("result %d (verification row (?, static): OK, the run-time size must be %d)", actual, actual)
	case actual < 0:
		return "result ? (verification row (static, ?): OK, the result relaxes the static size)"
	case inferred == actual:
		return fmt.Sprintf("result %d (verification row (static, static): OK, equal)", actual)
	}
	return fmt.Sprintf("result %d (verification row (static, static): error, %d != %d)", actual, inferred, actual)
}

func shapeOrScalar(s []int64) string {
	if len(s) == 0 {
		return "scalar (rank 0)"
	}
	return ir.ShapeString(s)
}

// explainInDim explains XLA's InDim broadcasting of a binary op with
// broadcast_dimensions.
func explainInDim(op *ir.Op) Explanation {
	var e Explanation
	dims, _, _ := BroadcastDims(op)
	lhs, lr := ir.Shape(op.Operand(0).Type())
	rhs, rr := ir.Shape(op.Operand(1).Type())
	res := "*"
	if s, ok := ir.Shape(op.Result(0).Type()); ok {
		res = ir.ShapeString(s)
	}
	head := fmt.Sprintf("broadcast (%s, %s) -> %s with broadcast_dimensions = [%s]: XLA InDim broadcasting",
		typeShape(lhs, lr), typeShape(rhs, rr), res, joinInts(dims))
	if !lr || !rr {
		e.Summary = head + "; an operand is unranked, nothing can be inferred"
		return e
	}
	hi, lo, hiIdx, loIdx := lhs, rhs, 0, 1
	if len(rhs) > len(lhs) {
		hi, lo, hiIdx, loIdx = rhs, lhs, 1, 0
	}
	shape, err := InDimShape(lhs, rhs, dims)
	if err != nil {
		e.Summary = head + ": " + err.Msg
		return e
	}
	if len(lo) < len(hi) {
		for k, d := range dims {
			if k < len(lo) {
				e.Lines = append(e.Lines, fmt.Sprintf("operand %d dim %d (size %s) maps to operand %d dim %d (size %s)",
					loIdx, k, dimString(lo[k]), hiIdx, d, dimString(hi[d])))
			}
		}
	}
	mapped := make(map[int64]int, len(dims))
	for k, d := range dims {
		mapped[d] = k
	}
	for d, r := range shape {
		line := fmt.Sprintf("dim %d: ", d)
		k, ok := mapped[int64(d)]
		switch {
		case len(lo) == len(hi):
			line += fmt.Sprintf("(%s, %s) -> %s, degenerate-dimension broadcasting", dimString(lhs[d]), dimString(rhs[d]), dimString(r))
			if lhs[d] == 1 && r != 1 {
				line += ", operand 0 broadcast"
			} else if rhs[d] == 1 && r != 1 {
				line += ", operand 1 broadcast"
			}
		case ok && len(lo) > 0:
			line += fmt.Sprintf("(%s, %s) -> %s, operand %d dim %d placed here", dimString(hi[d]), dimString(lo[k]), dimString(r), loIdx, k)
			if lo[k] == 1 && r != 1 {
				line += fmt.Sprintf(", operand %d broadcast", loIdx)
			}
		default:
			line += fmt.Sprintf("%s from operand %d, operand %d broadcast along it", dimString(r), hiIdx, loIdx)
		}
		e.Lines = append(e.Lines, line)
	}
	e.Summary = fmt.Sprintf("%s: inferred %s", head, shapeOrScalar(shape))
	return e
}

// explainBroadcastInDim explains tir.broadcast_in_dim.
func explainBroadcastInDim(op *ir.Op) Explanation {
	var e Explanation
	dims, _, _ := BroadcastDims(op)
	in, ir1 := ir.Shape(op.Operand(0).Type())
	out, ir2 := ir.Shape(op.Result(0).Type())
	head := fmt.Sprintf("broadcast_in_dim %s -> %s with broadcast_dimensions = [%s]",
		typeShape(in, ir1), typeShape(out, ir2), joinInts(dims))
	if !ir1 || !ir2 {
		e.Summary = head + ": unranked, nothing to explain"
		return e
	}
	e.Summary = head
	src := make(map[int64]int, len(dims))
	for k, d := range dims {
		src[d] = k
	}
	for d, r := range out {
		k, ok := src[int64(d)]
		line := fmt.Sprintf("dim %d: %s", d, dimString(r))
		switch {
		case !ok:
			line += ", a new dimension: the operand is repeated along it"
		case k < len(in) && in[k] == 1 && r != 1:
			line += fmt.Sprintf(" from operand dim %d (size 1), broadcast", k)
		case k < len(in):
			line += fmt.Sprintf(" from operand dim %d (size %s)", k, dimString(in[k]))
		}
		e.Lines = append(e.Lines, line)
	}
	return e
}

func typeShape(s []int64, ranked bool) string {
	if !ranked {
		return "*"
	}
	return ir.ShapeString(s)
}
