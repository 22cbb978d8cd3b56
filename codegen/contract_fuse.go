package codegen

import (
	"fmt"
	"github.com/tirc/tirc/codegen/plan"

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
// in place (plan.ContractSink), or nil.
func (cl contractLowering) contractSink(res *ir.Value) *ir.Op {
	return plan.ContractSink(res, cl.fc.fusion)
}

// sinkOf is the sink of contraction op's result: the plan's
// (plan.ContractChoice.Sink), or contractSink for one it did not plan.
func (cl contractLowering) sinkOf(op *ir.Op) *ir.Op {
	if ch := cl.fc.plan.Contraction(op); ch != nil {
		return ch.Sink
	}
	return cl.contractSink(op.Result(0))
}

// contractDst is the buffer contraction op writes, of sizes: its
// sink's (sinkOf; recorded for the sink's nest, and named by the
// sink in an out-of-memory message), the function's result, or a
// temporary.
func (cl contractLowering) contractDst(op *ir.Op, shape []int64, sizes []value.Value) *view {
	owner := op.Result(0)
	sink := cl.sinkOf(op)
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
