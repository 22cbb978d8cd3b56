// Package dialect defines tirc's ops as tables, one row per op: name, a
// one-line semantics, operand and result type constraints, attributes,
// traits, and the op's own verifier and shape-inference hook. Registering
// the package (import it, even blank) puts every row into the ir registry.
//
// The tables are:
//
//   - TirOps: the project's dialect. Binary elementwise ops (tir.add,
//     tir.sub, tir.mul, tir.div, tir.rem, tir.pow, tir.max, tir.min,
//     tir.and, tir.or, tir.xor) are Broadcastable and take an optional XLA
//     broadcast_dimensions attribute; tir.cmp and tir.select broadcast too;
//     unary ops (tir.neg, tir.abs, tir.exp, tir.log, tir.sqrt, tir.tanh,
//     tir.convert) are ElementwiseMappable; tir.broadcast_in_dim is XLA's
//     explicit broadcast; tir.constant holds a dense attribute.
//   - ReduceOps: the reductions (tir.reduce_sum, ..., tir.argmax).
//   - MoveOps: data movement (tir.transpose, tir.slice, tir.reshape,
//     tir.concat, tir.iota; StableHLO's semantics and messages). Transpose,
//     slice and iota are loop descriptions with the identity or convert
//     kernel, so consumers read them in their own nests; reshape and
//     concat carry the Reshape and Concatenate traits.
//   - ArithOps, FuncOps, TensorOps: the MLIR ops tirc interoperates with,
//     verified as mlir-opt-19 verifies them (same messages, including
//     arith's inferred-type check).
//   - LinalgNamedOps: linalg's named ops (matmul, batch_matmul, matvec
//     and MLIR 19's other contractions, fill, copy, transpose, broadcast,
//     elemwise_unary/binary and the elementwise named ops) in
//     mlir-opt-19's forms, with their implicit bodies and MLIR's
//     messages; they compute by expansion (ir.Expand, run by eval and
//     codegen) into the rows above: a matmul is a tir.matmul plus its
//     init (linalg_named_expand.go).
//   - TestOps: MLIR's test-dialect trait ops (test.broadcastable, ...),
//     with TestOps.td's operand counts, constraints and traits, so MLIR's
//     own trait tests run through tirc -verify-diagnostics unchanged.
//
// A row is an ir.OpDef plus the argument lists and attributes the
// structural traits come from. A row such as
//
//	{OpDef: ir.OpDef{Name: "tir.add", Summary: "lhs + rhs (broadcast)",
//	  Traits: []*ir.Trait{traits.Broadcastable, traits.Commutative, traits.SameOperandsElementType},
//	  Kernel: ir.KernelAdd, Format: FunctionalForm},
//	 Operands: []Arg{{"lhs", TensorOrVector, false}, {"rhs", TensorOrVector, false}},
//	 Results:  []Arg{{"result", TensorOrVector, false}}}
//
// becomes that ir.OpDef with a trait list that starts with the count traits and
// the type constraints ("operand #0 must be tensor or vector of any type
// values, but got 'f32'"), then the row's traits in order. The Kernel
// names the scalar operation; folding, the evaluator and codegen each
// implement a kernel once, so a new elementwise op needs no new loop code.
// The Format is the op's custom assembly form (format.go: FunctionalForm
// `%a, %b : (T1, T2) -> R`, SameTypeForm `%a, %b : T`, CastForm, CmpForm,
// ...), a parse and a print hook written with ir.OpParser and
// ir.OpPrinter; a dialect with a syntax of its own adds a Format here.
package dialect
