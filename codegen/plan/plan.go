package plan

import "github.com/tirc/tirc/ir"

// Dynamic is a size known only at run time.
const Dynamic = -1

// Func is the plan of one function: how its body is lowered. It is plain
// data; Format prints it (tirc -print-plan).
type Func struct {
	Name   string
	Target Target
	Entry  Entry
	// Nests are the function's loop nests in the order they run (and
	// the emitter builds them), copies and fills included.
	Nests []*Nest
	// Groups are the row groups: consecutive nests run block of rows by
	// block of rows in one function (Nest.Group indexes them).
	Groups []*RowGroup
	// Contracts are the function's contractions (matmul-like ops) with
	// their tiling and packing, in the order they run.
	Contracts []*ContractAt
	// Runs are the row runs of the pre-pass (Prepass): consecutive
	// groupable nests that wait for each other, a row group when there
	// are two or more (Nest.RowRun indexes them).
	Runs []*RowGroup
	// Carries are how the scf ops hand on tensors, in op order.
	Carries []*Carry
	// Inserts are the ops inserting into a tensor, in the order they
	// are lowered: in place or into a copy.
	Inserts []*Insert
	// Regions are the region ops run in their own loops, in op order
	// (region.go).
	Regions []*Region
	// roots are the pre-pass's nests by the op result they compute.
	roots   map[Root]*Nest
	carries map[carryKey]*Carry
	regions map[*ir.Op]*Region
	// contracts are the pre-pass's choices by contraction (Contraction).
	contracts map[*ir.Op]*ContractChoice
	inserts   map[*ir.Op]*Insert
}

// Target is the module's target decisions every function shares.
type Target struct {
	CPU string
	// Portable compiles every function for x86-64, x86-64-v3 and
	// x86-64-v4 in one object, dispatched at the first call.
	Portable bool
}

// Entry is the decision about a function's fast entry: a second body
// for static, row-major, caller-allocated calls, which tail-calls the
// general body on anything else.
type Entry struct {
	Fast   bool
	Reason string
}

// Layout is how a nest reads its views.
type Layout int

const (
	// RowMajor: every view is known row-major; one version of the nest.
	RowMajor Layout = iota
	// Guarded: a run-time test picks a row-major version or a strided one.
	Guarded
)

// Loop is one loop of a nest, by root dimension.
type Loop struct {
	Kind   ir.IterKind
	Extent int64 // Dynamic when known only at run time
}

// Nest is the plan of one loop nest: the op computed at its root and the
// ops fused into it, its loops and the strategies it is built with.
type Nest struct {
	Op string // the root op's name ("copy" or "fill" for a nest of no op)
	// Copy is what a copy's nest copies and why.
	Copy  string
	At    string // its line:column
	Fused int    // ops computed inside the nest besides the root
	Loops []Loop
	// Layout is RowMajor when every view is known row-major (or its
	// strides fold to row-major), LayoutWhy names a view that is not.
	Layout    Layout
	LayoutWhy string
	// Run are the loops the row-major version runs, outermost first:
	// dimensions of size 1 get none, and adjacent dimensions every view
	// reads alike merge into one. Merged are their root dimensions.
	Run    []Loop
	Merged []LoopRun
	// Decided: Run, Merged, Tile and the reduction's strategy are the
	// row-major version's (PlanFast), which the emitter builds.
	Decided bool
	// Group is the index of the nest's row group in Func.Groups, or -1.
	Group int
	// RowRun is the index of the row run the nest waits in (Func.Runs),
	// -1 when it runs as soon as it is lowered.
	RowRun    int
	Reduction *Reduction
	Tile      *Tile
	Store     Store
	// ReadLater: a later member of its row group reads the nest's
	// output, which stays in the cache (ordinary stores).
	ReadLater bool
	Threads   Threads
	// Fence: a non-temporal store fence after the nest's loops, when
	// its row-major version streams (Streams); a row group's members
	// fence once in the group's function instead (RowGroup.Fence).
	Fence bool
}

// Reduction is a reduction nest's strategy.
type Reduction struct {
	Kind string // the combining kind: add, max, argmax, ...
	// Reduce and Elem are the reduction and the reduced element type.
	Reduce ir.Reduce
	Elem   *ir.Scalar
	// Acc is the accumulator's element type (f64 for float sums), Kahan
	// whether f64 sums carry a compensation term.
	Acc     string
	AccElem *ir.Scalar
	Kahan   bool
	// Width is the lanes of one accumulator vector, Chains how many such
	// vectors the innermost loop combines into, one after the other.
	Width, Chains int64
	// Blocked: a full reduction in fixed blocks of about BlockElements
	// elements, whose totals the function combines in block order.
	Blocked       bool
	BlockElements int64
	// BlockLoop is the loop a blocked reduction blocks: the outermost
	// that runs more than once.
	BlockLoop int
	// Scratch: the reduction loops are outermost and the parallel ones
	// inside them run on a scratch row per thread.
	Scratch bool
	// FourRows: on scratch rows, a column sum's last reduction loop runs
	// four rows at a time (FourRows).
	FourRows bool
	// Index32: argmax/argmin lanes carry i32 indices (the innermost
	// reduced extent is a constant below 2^31).
	Index32 bool
	// CompareOnly: a float argmax/argmin compares only, and redoes a row
	// the exact way when its value sum is NaN.
	CompareOnly bool
}

// Tile is a transposing nest's tiles: loops Outer and Inner are blocked,
// the Transposed operands (by index among the nest's leaves, from 1) read
// through a buffer on the stack.
type Tile struct {
	Outer, Inner int
	Lanes        int64
	Transposed   []int
}

// StoreKind is how a nest stores its output.
type StoreKind int

const (
	Ordinary StoreKind = iota
	// NonTemporal stores stream past the cache (vectors of VF lanes).
	NonTemporal
	// NonTemporalIf stores stream when a run-time test of the sizes
	// passes, ordinary otherwise.
	NonTemporalIf
)

// Store is a nest's store kind and why.
type Store struct {
	Kind   StoreKind
	VF     int64 // lanes of a non-temporal vector store
	Reason string
}

// Threads is whether a nest may run on the OpenMP team and why.
type Threads struct {
	May    bool
	Reason string
}

// RowGroup is consecutive nests over the same rows run block by block.
type RowGroup struct {
	// Members are the group's nests in the order they run: the
	// pre-pass's, each shared value's before its first user. Format
	// numbers them by their places in Func.Nests.
	Members []*Nest
	// Planned are the nests of the pre-pass in the group (Members also
	// has the nests of its shared values), Index its index in
	// Func.Groups and Threads its members' threads (by the largest).
	Planned []*Nest
	Index   int
	Threads Threads
	// Block is the rows one block runs (RowBlock; Dynamic when computed
	// at run time: max(1, BlockElements / the elements of a row of the
	// first member)).
	Block, BlockElements int64
	// Rider: the second member computes the first one row ahead in its
	// own loop (a row reduction and a nest over the same rows).
	Rider bool
	// Shared is the number of values the members share through scratch
	// rows instead of computing them in each member; SharedValues are
	// they (by the op result), in the order their nests run.
	Shared       int
	SharedValues []Root
	// SharedNests are the nests computing them (by index).
	SharedNests []*Nest
	// PipeBlock is a pipelined group's block of rows (Block is the
	// group's before it is pipelined; Dynamic: max(1, PipeElements /
	// the first member's reduced extent)).
	PipeBlock, PipeElements int64
	// Fence: some member streams (Streams); the group's function fences
	// once after all its blocks.
	Fence bool
}

// ContractAt is a contraction of the function and its plan.
type ContractAt struct {
	Op, At string
	Plan   Contract
	// Into is the consumer whose buffer the result is written into, and
	// which then computes in place (no temporary for the product); empty
	// when the result has a buffer of its own.
	Into string
	// Epilogue are the consumers computed on each output tile after its
	// last K block, in order (no pass over the result; Into is empty).
	Epilogue []string
	// Rows is the row-block fusion of the result's row softmax and the
	// contraction reading it (attention), when the op has one.
	Rows string
	// Prologues are the operands computed where they are read
	// (prologue.go).
	Prologues []Prologue
	// When is the run-time condition of the Epilogue or Rows fusion over
	// sizes known only at run time (contract_guard.go), "" when it always
	// applies; Fallback are the nests of the unfused path taken otherwise.
	When     string
	Fallback []int
}

// Insert is whether an op inserting into a tensor (tensor.insert,
// tensor.insert_slice) writes into its destination's buffer or into a
// copy of the destination, and why.
type Insert struct {
	Op, At  string
	InPlace bool
	Why     string
	// Decided: InPlace is decided: by PlanCarries, or where its buffer
	// is a contraction's (owners.go), by the pre-pass once it has planned
	// the contraction (prepass_values.go).
	Decided bool
}
