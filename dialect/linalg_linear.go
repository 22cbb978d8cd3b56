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
	for _, v := range op.Operands() {
		if _, ranked := ir.Shape(v.Type()); ir.IsShaped(v.Type()) && !ranked {
			return nil
		}
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
	for i, v := range op.Operands() {
		if !ir.IsShaped(v.Type()) {
			l.Operands[i] = nil
		}
	}
	l.Results = l.Results[:min(len(l.Results), op.NumResults())]
	l.Indices = bodyIndices(op, len(iters))
	return l
}
