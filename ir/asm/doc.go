// Package asm is the text format of package ir: the hand-written lexer and
// parser of MLIR's textual syntax (Parse, ParseString, ParseRange), the
// deterministic printer (Print), locations, and mlir-opt's
// -split-input-file and -verify-diagnostics (SplitInput,
// ParseExpectations, CheckExpectations). It sits beside the IR as MLIR's
// AsmParser and AsmPrinter sit beside MLIR's IR library, and llir's asm
// beside llir's ir.
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
// with a custom form (ir.OpDef.Format) can also be written and is printed
// in it. Printing is deterministic and round-trips:
// print(parse(print(x))) == print(x). Values are printed with MLIR's
// naming (%0, %arg0, %cst, %c42_i32, ...). Locations (location.go) follow
// MLIR 19's grammar, #loc aliases may follow an op's use, and the
// printer's DebugInfo option prints them with mlir-opt's #loc aliases
// (print_locs.go).
//
// # One way: ir does not import asm
//
// The dependency points one way, ir <- ir/asm <- traits, dialect, ...:
//
//   - Custom forms are written against the interfaces ir.OpParser and
//     ir.OpPrinter (MLIR's OpAsmParser and OpAsmPrinter, abstract in the
//     IR library). This package implements them (opasm.go, the parser's
//     opParser and the printer's opPrinter), so the forms of package
//     dialect import ir only.
//   - Types and attributes print themselves in ir (their String methods,
//     ir.AppendType, ir.AppendAttr): their syntax is a property of the
//     core's values, and TypeString is used everywhere (keys, messages).
//     This package's printer calls them.
//   - Ops and modules print only with value names, regions and locations,
//     which are this package's. The core's Module.String and ir.OpString
//     (the "see current operation" note of the verifier) call the
//     ir.Printer this package installs with ir.SetPrinter in its init;
//     every program that parses IR links it.
//   - The parser builds ops with ir.Arena (chunked allocation) and the
//     core's exported constructors (Func.AddArg, Region.AddBlock,
//     Region.AppendBlock, ir.NewPlaceholder for forward references,
//     Op.SetSuccessors), not with ir's unexported fields.
//
// # Limits
//
// Hostile input gets an error, never a crash or unbounded memory: nesting
// deeper than MaxNesting, locations larger than MaxLocBytes, invalid UTF-8
// and NUL bytes are parse errors, and so are the shapes ir.ShapeError
// refuses.
package asm
