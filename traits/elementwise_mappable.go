package traits

import "github.com/tirc/tirc/ir"

// ElementwiseMappable (MLIR's OpTrait::ElementwiseMappable): the op applies
// a scalar function to each element. Tensors and vectors are "non-scalar";
// if any operand or result is non-scalar, all non-scalar operands and
// results are the same kind (vector, ranked tensor or unranked tensor) with
// compatible shapes: no broadcasting. Element types may differ.
//
// Because the op is its scalar function mapped over elements, lowering
// derives its loops from the scalar semantics alone.
var ElementwiseMappable = &ir.Trait{
	Name:      "ElementwiseMappable",
	Doc:       "The op maps a scalar function over elements of same-shaped operands; no broadcasting.",
	Verify:    verifyElementwise,
	Infer:     inferSameShape,
	Loops:     ElementwiseLoops,
	Conflicts: []*ir.Trait{Broadcastable},
}

type shapedKind uint8

const (
	kindScalar shapedKind = iota
	kindVector
	kindRanked
	kindUnranked
)

func kindOf(t ir.Type) shapedKind {
	switch x := t.(type) {
	case *ir.VectorType:
		return kindVector
	case *ir.TensorType:
		if x.Unranked {
			return kindUnranked
		}
		return kindRanked
	}
	return kindScalar
}

func verifyElementwise(op *ir.Op) *ir.Diagnostic {
	var mappable []ir.Type
	operandMappable, resultMappable := 0, 0
	for _, t := range op.OperandTypes() {
		if ir.IsShaped(t) {
			operandMappable++
			mappable = append(mappable, t)
		}
	}
	for _, t := range op.ResultTypes() {
		if ir.IsShaped(t) {
			resultMappable++
			mappable = append(mappable, t)
		}
	}
	switch {
	case operandMappable == 0 && resultMappable == 0:
		return nil
	case operandMappable == 0:
		return op.Errorf("if a result is non-scalar, then at least one operand must be non-scalar")
	case resultMappable == 0:
		return op.Errorf("if an operand is non-scalar, then there must be at least one non-scalar result")
	case resultMappable != op.NumResults():
		return op.Errorf("if an operand is non-scalar, then all results must be non-scalar")
	}
	kind := kindOf(mappable[0])
	for _, t := range mappable[1:] {
		if kindOf(t) != kind {
			return op.Errorf("all non-scalar operands/results must have the same shape and base type")
		}
	}
	if !CompatibleShapes(mappable) {
		return op.Errorf("all non-scalar operands/results must have the same shape and base type")
	}
	return nil
}
