package ir

import "fmt"

// MaxVectorElements bounds the elements of a vector type. An LLVM vector
// lives in registers, and clang's time grows faster than the vector:
// clang -O3 takes 0.6 s on a 1024-lane add and exp, 3.3 s at 4096 lanes,
// 24 s at 16384 and 114 s at 65536. Tensors have no such limit; they are
// loops over memory.
const MaxVectorElements = 1024

// ShapeError says why shape cannot be the shape of a tensor type (vector
// false) or a vector type, or returns "". Every way a shape enters tirc
// goes through it: the parser (with positions of its own for the first
// two rules), the verifier (types built in Go, or by a pass: shape
// inference, folding), and -arg-shapes. The rules:
//
//   - at most MaxRank dimensions;
//   - each size '?' (tensors only) or in [0, MaxElements] (vectors: at
//     least 1, as in MLIR);
//   - the product of the known, non-zero sizes at most MaxElements, so
//     that every stride and byte count fits in an int64, even when a 0 or a
//     '?' makes the element count smaller (the strides of the other
//     dimensions, or the size once '?' is refined, would not fit);
//   - a vector has at most MaxVectorElements elements (0-d vectors, as
//     vector<f32>, are verified but not lowered: Lowerable).
func ShapeError(shape []int64, vector bool) string {
	kind := "tensor"
	if vector {
		kind = "vector"
	}
	if len(shape) > MaxRank {
		return fmt.Sprintf("rank is larger than the maximum rank %d", MaxRank)
	}
	n := int64(1)
	for _, d := range shape {
		switch {
		case vector && d == Dynamic:
			return "vector dimensions must be static: '?' is not allowed in a vector type"
		case vector && d == 0:
			return "vector types must have positive constant sizes"
		case d < 0 && d != Dynamic:
			return "invalid dimension size: sizes are non-negative integers or '?'"
		case d > MaxElements:
			return fmt.Sprintf("dimension size is too large (the maximum is %d)", MaxElements)
		case d <= 0:
			continue
		}
		if n > MaxElements/d {
			return fmt.Sprintf("%s type is too large: the product of its dimensions exceeds %d", kind, MaxElements)
		}
		n *= d
	}
	if vector && n > MaxVectorElements {
		return fmt.Sprintf("vector type is too large: %d elements, more than the maximum %d", n, MaxVectorElements)
	}
	return ""
}

// TypeError is ShapeError for the shape of t, "" for other types
// (scalars, unranked tensors, function types, of which it checks the
// inputs and results).
func TypeError(t Type) string {
	switch t := t.(type) {
	case *TensorType:
		if !t.Unranked {
			return ShapeError(t.Shape, false)
		}
	case *VectorType:
		return ShapeError(t.Shape, true)
	case *FuncType:
		for _, x := range append(append([]Type{}, t.Inputs...), t.Results...) {
			if e := TypeError(x); e != "" {
				return e
			}
		}
	}
	return ""
}
