// Package passes holds tirc's pass manager and its passes.
//
// # The pass table
//
// A pass is one row of a table (register.go): a kebab-case name that is
// also its CLI flag (-cse) and its pipeline token (func.func(cse)), a
// summary for -help, a description, options and statistics, and either a
// Func hook (a function pass: it sees one function and may run on many
// functions at once) or a Module hook. All lists the table; -help and the
// README are generated from it. Another package adds a pass with Register;
// FuncPass adapts a plain func(*ir.Func) (bool, ir.Diagnostics).
//
// # Pipelines
//
// ParsePipeline reads MLIR's textual syntax (with participle):
//
//	builtin.module(func.func(canonicalize,cse),infer-shapes{arg-shapes=@f:0=4x8 boundary=cast})
//
// Options are space-separated name=value pairs; a value may be "quoted" or
// {braced}. Errors name the bad token and its column. Pipeline.Run applies
// the steps in order. After every pass the module is verified (a failure
// stops the run), and it is printed when asked (-print-ir-after-all,
// -print-ir-after=cse):
//
//	// -----// IR Dump After CSE (cse) //----- //
//
// A function pass runs on all function bodies through ir.ParallelFor; the
// diagnostics are merged in function order, so the output does not depend
// on scheduling. A panic inside a pass becomes an *ir.InternalError naming
// the pass, the function and the op the pass marked with Context.At (tirc
// exits with code 3). Result.WriteTiming and Result.WriteStatistics print
// mlir-opt-style reports.
//
// # infer-shapes
//
// Refinement runs forward through each body. In a single block every
// operand is defined before its use, so one walk reaches the fixed point:
// when an op is visited its operands are final. Functions are visited
// callees first (call-graph levels, each level in parallel), so a call
// sees its callee's refined signature. For each op, the result types are
// met with the proposals of the traits' and the op's Infer hooks: an
// unranked result takes the proposed rank, a '?' the proposed size, and a
// declared static size never changes. For example
//
//	%0 = "tir.add"(%a, %b) : (tensor<?x4xf32>, tensor<3x1xf32>) -> tensor<?x?xf32>
//
// becomes `-> tensor<3x4xf32>` (MLIR's InferDim: ? against 3 is 3).
//
// Some uses need exact types. Operands of func.call are cast to the
// callee's argument types; arith ops (operands and result of one type)
// are refined together: operands less static than the join of their
// shapes are cast to it (the op already requires those sizes) and the
// result takes it; unregistered ops get their operands' old types back
// through tensor.cast. At func.return the boundary option decides:
//
//   - signature (the default): the function's result types become the
//     refined types and callers' call results follow, so refinement flows
//     across calls. This is the default because a static signature is what
//     the rest of the pipeline wants: codegen gets static loop bounds and
//     checks descriptor sizes at entry, and the C driver can size results
//     before the call. Tensor arguments and results are strided
//     descriptors whose layout does not depend on whether a dim is static,
//     so refining a '?' changes no ABI.
//   - cast: each refined return operand goes through a tensor.cast back to
//     the declared type, so the signature stays exactly as written (for a
//     function whose dynamic type is a contract with other modules).
//
// Functions in a call cycle always keep their result types (cast mode),
// so the calls inside the cycle stay consistent. A tensor.cast whose only
// users are returns and calls states a boundary type and is kept as is;
// that makes a second run a no-op.
//
// arg-shapes (@f:0=4x8,1=8;@g:0=2) first gives arguments static shapes,
// and callers' operands are cast to them. A static mismatch that
// refinement exposes is reported as the verifier's error at the op:
//
//	%0 = "tir.neg"(%a) : (tensor<4xf32>) -> tensor<?xf32>
//	%1 = "tir.add"(%0, %b) : (tensor<?xf32>, tensor<3xf32>) -> tensor<?xf32>
//	// error: 'tir.add' op operands don't have broadcast-compatible shapes
//
// # canonicalize, cse, dce
//
// canonicalize folds elementwise ops and broadcast_in_dim on constant
// operands with package eval (never folding a run-time error such as an
// integer division by zero), orders the operands of Commutative ops
// (constants last), removes identities (x + 0, x * 1, max(x, x), ...) only
// when the result type equals x's, and removes no-op and chained
// tensor.cast. cse merges identical pure ops, comparing a Commutative op's
// operands in any order; it collects the repeats and erases them after the
// walk. dce erases unused pure ops backwards.
package passes
