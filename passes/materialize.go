package passes

import (
	"slices"

	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/traits"
)

// MaterializeStats counts what one run of MaterializeBroadcasts did.
type MaterializeStats struct {
	Ops        int // broadcasting ops rewritten
	Broadcasts int // tir.broadcast_in_dim ops inserted
}

// MaterializeBroadcasts is the materialize-broadcasts pass on one function
// (see its row in register.go). It reports whether it changed f; it has
// no diagnostics of its own (ops it cannot rewrite, such as ones with
// unranked types, stay as they are).
func MaterializeBroadcasts(f *ir.Func) (changed bool, diags ir.Diagnostics) {
	st := MaterializeBroadcastsStats(f)
	return st.Ops > 0, nil
}

// MaterializeBroadcastsStats runs the pass and returns its statistics.
func MaterializeBroadcastsStats(f *ir.Func) MaterializeStats {
	var st MaterializeStats
	// Broadcasts already made, by operand, target type and mapping: an
	// operand broadcast the same way twice is broadcast once (the first
	// broadcast_in_dim precedes every later user in the block).
	type key struct {
		v         *ir.Value
		typ, dims string
	}
	made := map[key]*ir.Value{}
	for _, op := range f.OpList() {
		plan := planMaterialize(op)
		if plan == nil {
			continue
		}
		for i, p := range plan {
			if p == nil {
				continue
			}
			v := op.Operand(i)
			k := key{v, ir.TypeString(p.typ), ir.I64Array(p.dims...).String()}
			b := made[k]
			if b == nil {
				var attrs ir.Attrs
				attrs.Set(traits.BroadcastDimsAttr, ir.I64Array(p.dims...))
				bop := ir.NewOp("tir.broadcast_in_dim", []*ir.Value{v}, []ir.Type{p.typ}, attrs)
				bop.Pos, bop.Loc = op.Pos, op.Loc
				f.InsertBefore(op, bop)
				b = bop.Result(0)
				made[k] = b
				st.Broadcasts++
			}
			op.SetOperand(i, b)
		}
		op.Attrs.Delete(traits.BroadcastDimsAttr)
		st.Ops++
	}
	return st
}

// operandPlan is how one operand is made explicit: broadcast_in_dim to typ
// with broadcast_dimensions dims.
type operandPlan struct {
	typ  ir.Type
	dims []int64
}

// planMaterialize returns, per operand, the broadcast that makes op's
// broadcasting explicit (nil for an operand that already has its target
// shape), or nil when op needs no rewrite or cannot be rewritten. The
// candidates are the ops that compute a value per element with parallel
// loops over their result (not data movement, which is the explicit form
// already); the loop description says which result dimension each
// operand dimension reads. A reduction is left alone even when all its
// loops are parallel (an outer product: an einsum with no summed index):
// its operand maps are its attributes', not broadcasting. So are a
// linalg op's indexing maps (ir.KernelRegion).
func planMaterialize(op *ir.Op) []*operandPlan {
	l := ir.LoopsOf(op)
	if l == nil || !ir.Computable(op) || op.Def.Kernel == ir.KernelIdentity || op.Def.Kernel == ir.KernelRegion || !l.Parallel() || op.Def.Reduce != ir.ReduceNone {
		return nil
	}
	result, ranked := ir.Shape(op.Result(0).Type())
	if !ranked || len(result) != l.NumLoops() {
		return nil
	}
	for d, m := range l.Results[0] {
		if m.Loop != d {
			return nil
		}
	}
	rank := len(result)
	shapes := make([][]int64, op.NumOperands())
	maps := make([][]int64, len(shapes)) // operand dim -> result dim
	for i, v := range op.Operands() {
		if l.Operands[i] == nil {
			continue // a scalar applies everywhere as it is
		}
		shapes[i], _ = ir.Shape(v.Type())
		for _, m := range l.Operands[i] {
			if m.Loop < 0 || m.Stride != 1 || m.Offset != 0 || m.Kind == ir.Window {
				return nil
			}
			maps[i] = append(maps[i], int64(m.Loop))
		}
	}
	_, present, _ := traits.BroadcastDims(op)
	plan := make([]*operandPlan, len(shapes))
	rewrite := present
	for i, s := range shapes {
		if l.Operands[i] == nil {
			continue
		}
		target := make([]int64, rank)
		mapped := make([]int, rank)
		for d := range mapped {
			mapped[d] = -1
		}
		for j, d := range maps[i] {
			if d < 0 || d >= int64(rank) {
				return nil
			}
			mapped[d] = j
		}
		for d := range target {
			r := result[d]
			j := mapped[d]
			switch {
			case j < 0 && r >= 0:
				target[d] = r // a new dimension, broadcast to the result size
			case j < 0:
				target[d] = 1 // a new dimension of unknown size: the op broadcasts it
			case s[j] == 1 && r < 0:
				target[d] = 1 // degenerate against an unknown size: the op broadcasts it
			case s[j] >= 0 && s[j] != 1:
				if r >= 0 && r != s[j] {
					return nil // invalid IR; the verifier reports it
				}
				target[d] = s[j]
			default:
				target[d] = r // 1 or '?' broadcast to a static size, or '?' kept
			}
		}
		if slices.Equal(target, s) {
			continue
		}
		rewrite = true
		plan[i] = &operandPlan{typ: ir.WithShape(op.Operand(i).Type(), target), dims: maps[i]}
	}
	if !rewrite {
		return nil
	}
	return plan
}
