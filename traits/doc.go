// Package traits defines the op traits of tirc: properties shared by many
// ops (MLIR's OpTrait), each one *ir.Trait value in its own file with its
// rules, its verifier and, where it proves something about result types,
// its shape-inference hook.
//
// An op lists its traits in its definition (package dialect); the verifier
// driver (ir.Verify) runs their verifiers in declaration order, and
// op.Has(traits.Commutative) is a pointer comparison. A trait may require
// other traits or conflict with them; ir.Register refuses an op whose trait
// list breaks those rules.
//
// The broadcast shape math of the Broadcastable trait is a set of pure
// functions (InferDim, ExpandRank, InferShape, InferResultShape,
// ResultShapeCompatible) shared by the verifier, shape refinement and
// codegen. For example, with
//
//	%r = "tir.add"(%a, %b) : (tensor<?x1xf32>, tensor<4xf32>) -> tensor<?x4xf32>
//
// ExpandRank turns [4] into [1, 4]; InferDim gives (?, 1) -> ? and
// (1, 4) -> 4, so the inferred shape is ?x4, which the declared result
// matches. Diagnostics use MLIR's exact wording (see shared/MLIR_MESSAGES.md),
// so MLIR's own test files run through tirc -verify-diagnostics unchanged.
//
// Defining a new trait takes a few lines:
//
//	var NonEmpty = &ir.Trait{
//		Name: "NonEmpty",
//		Doc:  "Every operand has at least one element.",
//		Verify: func(op *ir.Op) *ir.Diagnostic { ... },
//	}
package traits
