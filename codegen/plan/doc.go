// Package plan holds codegen's decisions as plain data and the rules
// that make them: the fusion plan of a function (NewFusion), its fast
// entry (NewEntry), and for each loop nest its loops (MergeLoops) and
// layout, a reduction's accumulation (NewReduction, Blocked, FourRows),
// transposed tiles (NewTile), the store kind (NewStore: ordinary or
// non-temporal, with the run-time test when sizes are dynamic) and
// threads (NewThreads); row groups (Groupable, Joins, EndsRows, RowBlock)
// with their rider (Rideable) and shared scratch (Shares, RowLocal); and
// a placeholder for contraction tiling and packing (Contract). The rules
// read facts the lowering knows -- constants, or Dynamic for a size
// known at run time -- and return the choice with its reason;
// Func.Format prints a function's plan one decision a line (tirc
// -print-plan). Prepass applies the rules to a function before it is
// emitted: from the IR alone (symbols for dynamic sizes) it plans its op
// nests and its row groups' shared values -- loops, the row-major
// version's merged loops, tiles and reduction strategy (PlanFast), store
// kind, threads -- and its row groups; PlanCarries decides how the scf
// ops hand on tensors (two buffers, a carried buffer passed on, a buffer
// taken over or copied) and whether each insert writes in place
// (owners.go: which values own a buffer, from the IR). It imports ir and
// traits only: no LLVM.
package plan
