// Package plan holds codegen's decisions as plain data and the rules
// that make them: the fusion plan of a function (NewFusion), its fast
// entry (NewEntry), and for each loop nest its loops (MergeLoops) and
// layout, a reduction's accumulation (NewReduction, Blocked, FourRows),
// transposed tiles (NewTile), the store kind (NewStore: ordinary or
// non-temporal, with the run-time test when sizes are dynamic) and
// threads (NewThreads) and fences (Streams); row groups (Groupable,
// Joins, EndsRows, RowBlock) with their rider (Rideable), shared scratch
// (Shares, RowLocal), members and fence; how a region op run in its own
// loops folds (NewRegion: a vector fold with its run-time stride test,
// rows side by side, one by one, or every point); and each
// contraction's path, tiling and packing (NewContract) and its fusions:
// prologues, epilogue, row blocks, in-place consumer (ChooseContract).
// The rules read facts the lowering knows -- constants, or Dynamic for a
// size known at run time -- and return the choice with its reason;
// Func.Format prints a function's plan one decision a line (tirc
// -print-plan). Prepass applies the rules to a function before it is
// emitted: from the IR alone (symbols for dynamic sizes) it plans its op
// nests and its row groups' shared values -- loops, layout (row-major
// or guarded by a run-time test of the strides, from which views are
// known row-major), the row-major version's merged loops, tiles and
// reduction strategy (PlanFast), store kind, threads -- its row groups,
// its contractions, and every other nest the emitter builds, in the
// order it builds them: the nests of scf bodies, copies and fills
// (prepass_copy.go, prepass_scf.go); PlanCarries decides how the scf
// ops hand on tensors (two buffers, a carried buffer passed on, a
// buffer taken over or copied) and whether each insert writes in place
// (owners.go: which values own a buffer, from the IR). It imports ir,
// traits and dialect only: no LLVM.
package plan
