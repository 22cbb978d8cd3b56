// Package ir is tirc's intermediate representation: types, attributes,
// values, ops, regions of blocks (region.go), single-block functions and
// modules; the op registry; diagnostics as data; the loops and kernels of
// ops; and the verifier driver and the structural checker. Its text format
// (MLIR's textual syntax: lexer, parser, printer, locations,
// -verify-diagnostics) is package ir/asm, as MLIR's AsmParser and llir's
// asm are separate from their IR.
//
// # Custom forms
//
// Every op can be written in MLIR's generic form; an op with a custom form
// (OpDef.Format) can also be written and is printed in it. The forms
// belong to the ops: a Format's Parse and Print hooks are written against
// the OpParser and OpPrinter interfaces of form.go (MLIR's OpAsmParser and
// OpAsmPrinter, abstract in MLIR's IR library: ParseOperands,
// ParseColonType, ParseOptionalAttrDict, FunctionalType, ...), which
// package ir/asm implements, so a dialect brings its own syntax without
// changes to ir or ir/asm.
//
// Types and attributes print themselves (their String methods, AppendType,
// AppendAttr). Printing ops needs value names, regions and locations, so
// Module.String and OpString (the "see current operation" note of
// diagnostics) call the Printer that ir/asm installs when it is linked.
// The parser builds ops with an Arena (build.go), allocated in chunks.
//
// Besides the types codegen lowers (tensors, fixed vectors, i1, i8..i64,
// index, si/ui 8..64, f16, bf16, f32, f64), MLIR's other builtin types are
// represented, compared and verified for MLIR's own tests: integers of
// any width (IntType), complex<T> (Complex), scalable and 0-d vectors, and
// memref<...> (MemRefType, StridedLayout); Lowerable tells them apart.
//
// # Data structures
//
// A Module holds Funcs; a Func holds a doubly linked list of Ops (cheap
// insertion and erasure while iterating with Func.Ops) and its arguments.
// Every Value has a dense ID within its function, so passes keep per-value
// facts in slices indexed by Value.ID instead of maps, and a use-list, so
// ReplaceAllUsesWith and dead-code checks are O(uses). Scalar types are
// singletons compared with ==; tensor types are interned by the parser.
//
// # Ops, traits and verification
//
// An OpDef (registered with Register, usually from a table row in package
// dialect) carries the op's traits in MLIR's verification order, its own
// verifier, a shape-inference hook, the scalar Kernel of an elementwise
// op, and its printed form. Verify checks structure (SSA dominance in the
// body and across the nesting of regions, one definition per name, a
// terminator, return types against the signature), then each op's traits
// in declaration order, then the op's verifier, then the op's regions
// (verify_region.go); it stops per op at the first failure and reports every
// failing op of every function, without errors that only follow from
// earlier ones. Functions are verified in parallel (ParallelFor) with a
// deterministic result.
//
// # The loops of an op
//
// Every op that computes values element by element describes its
// iteration space once (loops.go, like linalg's iterator_types and
// indexing_maps): its loops, parallel or reduction, and for every operand
// and result dimension the loop it indexes (an ir.DimMap: loop, stride,
// offset, and whether its size is the loop's extent, may be a broadcast 1,
// or only a window of it). LoopsOf(op) returns it from the op's row or its
// traits (Broadcastable, ElementwiseMappable); the reference evaluator,
// constant folding, materialize-broadcasts, shape inference where it
// applies, fusion and code generation all read it, and an op's Kernel
// (KernelIdentity for data movement) and Reduce kind (ir.Reduce: sum,
// prod, max, min, mean, any, all, argmax, argmin, each a combining kernel
// whose row in kernel.go gives the identity and the start value) say what
// happens at each iteration. Loops.String prints it; for a row sum with
// keepdims,
//
//	%s = tir.reduce_sum %x {dims = array<i64: 1>, keepdims} : (tensor<?x128xf32>) -> tensor<?x1xf32>
//
// it is
//
//	loops (i0 parallel, i1 reduction)
//	  operand #0: [i0, i1]
//	  result #0: [i0, 0]
//
// and for the broadcast that uses it, tir.sub %x, %s,
//
//	loops (i0, i1) parallel
//	  operand #0: [bcast i0, bcast i1]
//	  operand #1: [bcast i0, bcast i1]
//	  result #0: [i0, i1]
//
// (operand #1's second dimension has size 1: it is read with stride 0).
//
// # Diagnostics
//
// A Diagnostic is data: position (file, line, byte column), severity,
// message, notes, and an optional fix-it hint. Render prints it like
// mlir-opt and clang:
//
//	prog.mlir:3:8: error: 'tir.add' op operands don't have broadcast-compatible shapes
//	  %0 = "tir.add"(%a, %b) : (tensor<3xi32>, tensor<2xi32>) -> tensor<3xi32>
//	       ^
//
// Package ir/asm implements mlir-opt's -split-input-file and
// -verify-diagnostics on top of that.
//
// # Limits
//
// Hostile input gets an error, never a crash or unbounded memory: ranks
// above MaxRank, element counts above MaxElements, vectors with a zero
// size or more than MaxVectorElements are errors, and so are, in the
// parser, nesting deeper than asm.MaxNesting, invalid UTF-8 and NUL
// bytes. ShapeError is the one check of a shape's limits: the parser, the
// verifier (for types built in Go or by passes) and -arg-shapes use it.
package ir
