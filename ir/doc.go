// Package ir is tirc's intermediate representation: types, attributes,
// values, ops, single-block functions and modules; the hand-written lexer
// and parser of MLIR's textual syntax; the deterministic printer; the op
// registry; diagnostics as data; and the verifier driver.
//
// # Text format
//
// tirc reads and writes a subset of MLIR's textual IR, so that files move
// between tirc and mlir-opt-19 -allow-unregistered-dialect in both
// directions:
//
//	func.func @bias_relu(%x: tensor<?x128xf32>, %b: tensor<128xf32>) -> tensor<?x128xf32> {
//	  %zero = tir.constant dense<0.0> : tensor<f32>
//	  %t = tir.add %x, %b : (tensor<?x128xf32>, tensor<128xf32>) -> tensor<?x128xf32>
//	  %y = "tir.max"(%t, %zero) : (tensor<?x128xf32>, tensor<f32>) -> tensor<?x128xf32>
//	  return %y : tensor<?x128xf32>
//	}
//
// Every op can be written in MLIR's generic form ("tir.max" above); an op
// with a custom form (OpDef.Format) can also be written and is printed in
// it. The forms belong to the ops: a Format's Parse and Print hooks are
// written with the small OpParser and OpPrinter API of asm.go (MLIR's
// OpAsmParser and OpAsmPrinter: ParseOperands, ParseColonType,
// ParseOptionalAttrDict, FunctionalType, ...), so a dialect brings its
// own syntax without changes to this package. Printing is deterministic
// and round-trips:
// print(parse(print(x))) == print(x). Values are printed with MLIR's
// naming (%0, %arg0, %cst, %c42_i32, ...).
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
// single block, one definition per name, a terminator, return types
// against the signature), then each op's traits in declaration order, then
// the op's verifier; it stops per op at the first failure and reports every
// failing op of every function, without errors that only follow from
// earlier ones. Functions are verified in parallel (ParallelFor) with a
// deterministic result.
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
// SplitInput, ParseExpectations and CheckExpectations implement mlir-opt's
// -split-input-file and -verify-diagnostics on top of that.
//
// # Limits
//
// Hostile input gets an error, never a crash or unbounded memory: ranks
// above MaxRank, element counts above MaxElements, vectors with a zero
// size or more than MaxVectorElements, nesting deeper than MaxNesting,
// invalid UTF-8 and NUL bytes are parse errors. ShapeError is the one
// check of a shape's limits: the parser, the verifier (for types built in
// Go or by passes) and -arg-shapes use it.
package ir
