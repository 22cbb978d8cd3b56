package traits

import "github.com/tirc/tirc/ir"

// This file gives the traits that define an iteration space their loop
// descriptions (ir.Loops): every op carrying Broadcastable or
// ElementwiseMappable gets its loops from here, so a new op with one of
// these traits is evaluated, folded, fused and lowered with no code of
// its own.

// BroadcastLoops is the loop description of a Broadcastable op: one
// parallel loop per result dimension; operand dimensions map to the loops
// right-aligned (NumPy), or by broadcast_dimensions (XLA's InDim rule for
// two operands of different ranks), each may be 1 where its loop runs
// longer. It is nil while an operand is unranked, an operand has a higher
// rank than the result, or broadcast_dimensions is malformed (the
// verifier reports those).
func BroadcastLoops(op *ir.Op) *ir.Loops {
	if op.NumResults() != 1 || op.NumOperands() == 0 {
		return nil
	}
	shapes := make([][]int64, op.NumOperands())
	rank := 0
	for i, v := range op.Operands() {
		s, ranked := ir.Shape(v.Type())
		if !ranked || !ir.IsShaped(v.Type()) {
			return nil
		}
		shapes[i] = s
		rank = max(rank, len(s))
	}
	rt := op.Result(0).Type()
	if s, ranked := ir.Shape(rt); ranked && ir.IsShaped(rt) {
		if len(s) < rank {
			return nil
		}
		rank = len(s)
	}
	l := &ir.Loops{Iter: make([]ir.IterKind, rank), Operands: make([][]ir.DimMap, len(shapes)), Results: [][]ir.DimMap{identityMaps(rank)}}
	dims, present, valid := BroadcastDims(op)
	if present && !valid {
		return nil
	}
	indim := present && len(shapes) == 2 && len(shapes[0]) != len(shapes[1])
	for i, s := range shapes {
		maps := make([]ir.DimMap, len(s))
		if indim && len(s) < max(len(shapes[0]), len(shapes[1])) {
			if len(dims) != len(s) {
				return nil
			}
			for j, d := range dims {
				if d < 0 || d >= int64(rank) || (j > 0 && d <= dims[j-1]) {
					return nil
				}
				maps[j] = ir.BroadcastDim(int(d))
			}
		} else {
			for j := range s {
				maps[j] = ir.BroadcastDim(rank - len(s) + j)
			}
		}
		l.Operands[i] = maps
	}
	return l
}

// ElementwiseLoops is the loop description of an ElementwiseMappable op:
// one parallel loop per dimension of its (equally shaped) tensor or
// vector operands and results, every map the identity with exact sizes
// (no broadcasting); a scalar operand is the same value everywhere. Ops
// on scalars only have no loops at all. It is nil while a shaped operand
// or result is unranked or the ranks differ.
func ElementwiseLoops(op *ir.Op) *ir.Loops {
	rank := -1
	for _, t := range append(op.OperandTypes(), op.ResultTypes()...) {
		if !ir.IsShaped(t) {
			continue
		}
		s, ranked := ir.Shape(t)
		if !ranked || (rank >= 0 && len(s) != rank) {
			return nil
		}
		rank = len(s)
	}
	rank = max(rank, 0)
	l := &ir.Loops{Iter: make([]ir.IterKind, rank), Operands: make([][]ir.DimMap, op.NumOperands())}
	for i, v := range op.Operands() {
		if ir.IsShaped(v.Type()) {
			l.Operands[i] = exactMaps(rank)
		}
	}
	for range op.Results() {
		l.Results = append(l.Results, exactMaps(rank))
	}
	return l
}

func identityMaps(n int) []ir.DimMap { return exactMaps(n) }

func exactMaps(n int) []ir.DimMap {
	out := make([]ir.DimMap, n)
	for i := range out {
		out[i] = ir.Dim(i)
	}
	return out
}

// InferFromLoops refines the result of a single-result op from its loop
// description: each result dimension takes the static extent of its loop
// as the operands define it. Ops whose loops determine their result
// (reductions, broadcast_in_dim) use it as their Infer hook.
func InferFromLoops(op *ir.Op) []ir.Type {
	l := ir.LoopsOf(op)
	if l == nil || op.NumResults() != 1 || len(l.Results) != 1 {
		return nil
	}
	shapes := make([][]int64, op.NumOperands())
	for i, v := range op.Operands() {
		shapes[i], _ = ir.Shape(v.Type())
	}
	ext, err := l.Extents(shapes, nil)
	if err != nil {
		return nil
	}
	return []ir.Type{ir.WithShape(op.Result(0).Type(), ir.ShapeOf(l.Results[0], ext))}
}
