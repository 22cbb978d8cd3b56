// Package llvmtext writes llir/llvm's objects as LLVM IR text, faster
// than llir and byte for byte as llir would (LLIROnly makes it print
// through llir, the oracle of the tests that compare the two).
//
//   - Text is the output: chunks appended to, or streamed to a sink
//     (NewSink), gigabytes without one growing buffer.
//   - Printer writes a module's head, its function definitions and then
//     its module-level entities (Head, Function, Module).
//   - Streamer prints a function while it is built: the blocks that are
//     complete are cut out of it (Cut) and printed (Print), and its text
//     goes to an unlinked temporary file beyond SpillAt; Finish writes
//     the whole function.
//   - Queue runs printing jobs in order on a goroutine of its own, so
//     that building and printing use two cores.
//
// It imports llir and the standard library only: nothing of tirc.
package llvmtext
