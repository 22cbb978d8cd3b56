package codegen

import (
	"fmt"
	"slices"

	"github.com/llir/llvm/ir/value"

	"github.com/tirc/tirc/ir"
)

// A contraction's elementwise consumers (SPEC 7, "Contractions": bias,
// activation, residual add, scaling) are fused with it through memory
// it owns: when the contraction's result has one use, and that use is a
// chain of fusible parallel ops, each reading the value it is passed at
// the element it writes (same static shape, identity maps), ending at a
// nest root of the contraction's type, the contraction writes its sums
// straight into the root's buffer (its function result, or its
// temporary) and the root's nest then runs in place over that buffer:
// each element is read and rewritten by the same iteration, so the
// in-place update is exact. The contraction's result thus never gets a
// buffer of its own, and the consumers are the same nest as unfused
// (the same kernels on the same bits), so the result is bit-identical to
// the unfused program's. Other operands of the chain (a bias broadcast
// along M, a residual) stay ordinary leaves of the root's nest.
//
// The root's nest runs after the contraction, over the whole result.
// The small and packed paths run such consumers as their epilogue on
// each output tile instead (contract_epilogue.go); this in-place nest is
// what the generic path does, and the others where no epilogue applies.

// contractSink is the nest root that consumes a contraction's result res
// in place, or nil when res is not fusable that way.
func (cl contractLowering) contractSink(res *ir.Value) *ir.Op {
	shape, ok := ir.Shape(res.Type())
	if !ok || !staticShape(shape) {
		return nil
	}
	v := res
	for {
		uses := v.Uses()
		if len(uses) != 1 || uses[0].Op == nil {
			return nil
		}
		op := uses[0].Op
		// A consumer in another block (a loop body) would overwrite
		// the result each time it runs.
		if op.NumResults() != 1 || op.Block() != res.Def().Block() || !readsInPlace(cl.fc.loopsOf(op), uses[0].Index) {
			return nil
		}
		out := op.Result(0)
		if s, ok := ir.Shape(out.Type()); !ok || !slices.Equal(s, shape) {
			return nil
		}
		if !cl.fc.inlined[out.ID()] {
			if !ir.TypeEqual(out.Type(), res.Type()) {
				return nil
			}
			return op
		}
		v = out
	}
}

// staticShape reports whether every size of shape is known.
func staticShape(shape []int64) bool {
	for _, s := range shape {
		if s < 0 {
			return false
		}
	}
	return true
}

// readsInPlace reports whether a parallel op with loops l reads operand
// k at the element of its result it computes: the operand's and the
// result's maps index the same loops, at stride 1 and offset 0.
func readsInPlace(l *ir.Loops, k int) bool {
	if l == nil || !l.Parallel() || k >= len(l.Operands) || len(l.Results) != 1 {
		return false
	}
	om, rm := l.Operands[k], l.Results[0]
	if len(om) != len(rm) {
		return false
	}
	for d := range om {
		o, r := om[d], rm[d]
		if o.Loop < 0 || o.Loop != r.Loop || o.Stride != 1 || r.Stride != 1 || o.Offset != 0 || r.Offset != 0 ||
			o.Kind == ir.Window || r.Kind == ir.Window {
			return false
		}
	}
	return true
}

// contractDst is the buffer contraction op writes, of sizes: its
// sink's (contractSink; recorded for the sink's nest, and named by the
// sink in an out-of-memory message), the function's result, or a
// temporary.
func (cl contractLowering) contractDst(op *ir.Op, shape []int64, sizes []value.Value) *view {
	owner := op.Result(0)
	sink := cl.contractSink(owner)
	if sink != nil {
		owner = sink.Result(0)
	}
	dst := cl.ownedDst(owner, shape, sizes)
	if sink != nil {
		if cl.fc.sinks == nil {
			cl.fc.sinks = map[*ir.Op]*view{}
		}
		cl.fc.sinks[sink] = dst
	}
	return dst
}

// sinkDst is the buffer a nest root computes in place (contractDst), or
// nil.
func (cl contractLowering) sinkDst(op *ir.Op) *view { return cl.fc.sinks[op] }

// ownedDst is the buffer of value owner, of sizes, written by a
// contraction: the function's result, or a temporary.
func (cl contractLowering) ownedDst(owner *ir.Value, shape []int64, sizes []value.Value) *view {
	if k := cl.fc.returnedOnce(owner); k >= 0 {
		cl.fc.results[k].filled = true
		return cl.fc.resultView(k, sizes)
	}
	at := owner.Def()
	return cl.fc.temp(ir.ElementType(owner.Type()), shape, sizes, fmt.Sprintf("%s: '%s' op", at.Pos, at.Name))
}
