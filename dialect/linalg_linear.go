package dialect

import "github.com/tirc/tirc/ir"

// LinalgLinearLoopsOf is the loop description of a linalg op with linear
// indexing maps (ir.LinearLoops: sums of dims times constants, as a
// convolution reads its input); for an op that has an ir.Loops, that
// description as Linears. It is nil when a map is not linear or an
// operand is unranked.
func LinalgLinearLoopsOf(op *ir.Op) *ir.LinearLoops {
	if l := ir.LoopsOf(op); l != nil {
		return l.Linear()
	}
	if !operandsRanked(op) {
		return nil
	}
	iters, ok1 := linalgIters(op)
	maps, ok2 := linalgMaps(op)
	if !ok1 || !ok2 || len(maps) != op.NumOperands() {
		return nil
	}
	l := ir.LinalgLinearLoops(iters, maps, LinalgNumIns(op))
	if l == nil {
		return nil
	}
	l.Results = fitMaps(op, l.Operands, l.Results)
	l.Indices = bodyIndices(op, len(iters))
	return l
}

// operandsRanked reports whether none of op's operands is an unranked
// tensor (whose maps a loop description cannot check).
func operandsRanked(op *ir.Op) bool {
	for _, v := range op.Operands() {
		if _, ranked := ir.MemRefOrShape(v.Type()); ir.IsShapedOrMemRef(v.Type()) && !ranked {
			return false
		}
	}
	return true
}

// fitMaps drops the maps of op's scalar (neither shaped nor memref) operands, read as the
// same value everywhere, and returns the results' maps cut to op's
// results.
func fitMaps[M any](op *ir.Op, operands, results [][]M) [][]M {
	for i, v := range op.Operands() {
		if !ir.IsShapedOrMemRef(v.Type()) {
			operands[i] = nil
		}
	}
	return results[:min(len(results), op.NumResults())]
}
