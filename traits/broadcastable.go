package traits

import (
	"fmt"
	"slices"

	"github.com/tirc/tirc/ir"
)

// Broadcastable is MLIR's Broadcastable trait (C++ ResultsBroadcastableShape),
// exactly as its specification (the seed document Broadcastable.md) writes
// it:
//
//   - at least one operand and exactly one result (SingleResult);
//   - operands and result are tensors or vectors, not both kinds;
//   - the ranked operands are broadcast-compatible (InferResultShape);
//   - when the result and at least one operand are ranked, the inferred
//     shape and the result shape pass the result-verification table
//     (ResultShapeCompatible): same rank when every operand is ranked, and
//     no two different static sizes.
//
// Where mlir-opt-19 deviates from its own specification, tirc follows the
// specification (SPEC section 4): zero operands is an error, the result
// rank must equal the inferred rank when all operands are ranked, and
// vectors are checked like ranked tensors. Element types are free.
var Broadcastable = &ir.Trait{
	Name:     "Broadcastable",
	Doc:      "Result shape is the broadcast (NumPy rules) of the operand shapes.",
	Requires: []*ir.Trait{SingleResult},
	Verify:   verifyBroadcastable,
	Infer:    inferBroadcastable,
	Loops:    BroadcastLoops,
}

func verifyBroadcastable(op *ir.Op) *ir.Diagnostic {
	if d := verifyAtLeastNOperands(op, 1); d != nil {
		return d
	}
	if op.NumResults() != 1 {
		return op.Errorf("requires one result")
	}
	hasTensor, hasVector := false, false
	var buf [8]ir.Type // operand types, then the result type; no allocation for small ops
	types := buf[:0]
	for _, v := range op.Operands() {
		types = append(types, v.Type())
	}
	types = append(types, op.Result(0).Type())
	for i, t := range types {
		switch t.(type) {
		case *ir.TensorType:
			hasTensor = true
		case *ir.VectorType:
			hasVector = true
		default:
			if i < op.NumOperands() {
				return op.Errorf("operand #%d must be tensor or vector, but got '%s'", i, ir.TypeString(t))
			}
			return op.Errorf("result #0 must be tensor or vector, but got '%s'", ir.TypeString(t))
		}
	}
	if hasTensor && hasVector {
		return op.EmitErrorf("cannot broadcast vector with tensor")
	}
	if _, present, _ := BroadcastDims(op); present {
		return verifyInDim(op)
	}
	return VerifyBroadcastShapes(op, types[:op.NumOperands()], op.Result(0).Type())
}

// verifyInDim checks an op with broadcast_dimensions: XLA's rules decide
// operand compatibility and the inferred shape, then the result table
// applies to that shape.
func verifyInDim(op *ir.Op) *ir.Diagnostic {
	dims, _, valid := BroadcastDims(op)
	if !valid {
		return op.Errorf("attribute 'broadcast_dimensions' failed to satisfy constraint: i64 dense array attribute")
	}
	if op.NumOperands() != 2 {
		return op.Errorf("broadcast_dimensions applies to ops with two operands, but this one has %d", op.NumOperands())
	}
	lhs, lr := ir.Shape(op.Operand(0).Type())
	rhs, rr := ir.Shape(op.Operand(1).Type())
	if !lr || !rr {
		return op.Errorf("broadcast_dimensions needs ranked operands: the mapping is meaningless for an unranked tensor")
	}
	shape, err := InDimShape(lhs, rhs, dims)
	if err != nil {
		d := op.Errorf("%s", err.Msg)
		if err.Hint != "" {
			d.Fix = err.Hint
		}
		return d
	}
	return ResultCheck(op, shape, op.Result(0).Type(), false)
}

// InferredShape returns the shape a Broadcastable op's result has according
// to its operands: XLA's InDim rule when the op has broadcast_dimensions,
// NumPy's otherwise. ok is false when it cannot be inferred (an unranked
// operand, or incompatible operands).
func InferredShape(op *ir.Op) ([]int64, bool) {
	for _, v := range op.Operands() {
		if _, r := ir.Shape(v.Type()); !r {
			return nil, false
		}
	}
	if dims, present, valid := BroadcastDims(op); present {
		if !valid || op.NumOperands() != 2 {
			return nil, false
		}
		lhs, _ := ir.Shape(op.Operand(0).Type())
		rhs, _ := ir.Shape(op.Operand(1).Type())
		shape, err := InDimShape(lhs, rhs, dims)
		return shape, err == nil
	}
	shape, ranked, ok := InferResultShape(op.OperandTypes())
	return shape, ranked && ok
}

// VerifyBroadcastShapes checks operand compatibility and the result shape
// with MLIR's messages; ops with their own operand-compatibility rule (XLA
// broadcast_dimensions) call ResultCheck directly.
func VerifyBroadcastShapes(op *ir.Op, operands []ir.Type, result ir.Type) *ir.Diagnostic {
	var buf [8]int64
	inferred, ranked, ok := appendResultShape(buf[:0], operands)
	if !ok {
		return op.Errorf("operands don't have broadcast-compatible shapes")
	}
	if !ranked {
		return nil
	}
	allRanked := true
	for _, t := range operands {
		if _, r := ir.Shape(t); !r {
			allRanked = false
		}
	}
	return ResultCheck(op, inferred, result, !allRanked)
}

// ResultCheck applies the result-verification table to an inferred shape.
func ResultCheck(op *ir.Op, inferred []int64, result ir.Type, rankIsLowerBound bool) *ir.Diagnostic {
	actual, ranked := ir.Shape(result)
	if !ranked {
		return nil
	}
	if !ResultShapeCompatible(inferred, actual, rankIsLowerBound) {
		d := op.Errorf("result type '%s' not broadcast compatible with broadcasted operands's shapes '%s'",
			ir.ShapeString(actual), ir.ShapeString(inferred))
		d.Fix = fmt.Sprintf("did you mean '%s'? (the inferred result type)", ir.TypeString(ir.WithShape(result, suggestedShape(inferred, actual))))
		return d
	}
	return nil
}

// inferBroadcastable proposes the result type with the inferred shape,
// when every operand is ranked (otherwise the rank is unknown).
func inferBroadcastable(op *ir.Op) []ir.Type {
	if op.NumResults() != 1 {
		return nil
	}
	shape, ok := InferredShape(op)
	if !ok {
		return nil
	}
	return []ir.Type{ir.WithShape(op.Result(0).Type(), shape)}
}

// suggestedShape is the result shape a fix-it proposes: the inferred
// dims, keeping a declared static size where only '?' was inferred (the
// verification table allows that).
func suggestedShape(inferred, actual []int64) []int64 {
	out := slices.Clone(inferred)
	if len(actual) == len(inferred) {
		for i, d := range inferred {
			if d < 0 && actual[i] >= 0 {
				out[i] = actual[i]
			}
		}
	}
	return out
}
