package plan

import (
	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/traits"
)

// The row-group decisions (see the emitter's group.go, groupshare.go and
// rider.go for how a group runs). Each is a function of facts about the
// nests' loops, their dimension maps and their extents (constants, or
// Dynamic); whether two dynamic extents are the same run-time value is a
// fact the caller supplies (SameRows, SameExtents).

// GroupRowElements is about how many elements of its first member's
// iteration space one block of a row group's rows holds (its rows stay
// in the cache while the group's members run over it).
const GroupRowElements = 1 << 16

// MaxGroupMembers bounds a row group: a block's rows stay in the cache
// for a few members (each writes a block of its own), while a group
// holds its members until it runs, so an unbounded group made a chain of
// n nests over the same rows hold all n until the function's end.
const MaxGroupMembers = 16

// PipeRowElements is about how many elements of the first member one
// block of a pipelined group's rows holds: the rider's row and the
// host's stay in the first-level cache.
const PipeRowElements = 1 << 10

// MinRideRow is the shortest static row worth pipelining: a row's loop
// runs the rider's vectors of up to 64 lanes, so shorter rows would be
// mostly tail.
const MinRideRow = 256

// MinShareCost is the least kernel cost (KernelCost units per element)
// of a value worth a scratch row block: writing it and reading it back
// from the cache costs about two units per user.
const MinShareCost = 4

// GroupFacts are what whether a nest may run in a row group depends on.
type GroupFacts struct {
	FastEntry bool // the nest is in a fast entry's body
	DivBits   int  // integer division faults the nest reports
	Computed  bool // a computed op's nest (not a copy)
	// Iters are the nest's loop kinds (none when it has no loops), Rows
	// its first loop's extent.
	Iters []ir.IterKind
	Rows  int64
}

// Groupable decides whether a nest may run in a row group: a computed
// op's nest whose first loop is parallel and runs more than once (so
// never a full reduction in fixed blocks), with no integer division
// faults to report, outside a fast entry.
func Groupable(f GroupFacts) bool {
	if f.FastEntry || f.DivBits > 0 || !f.Computed || len(f.Iters) == 0 {
		return false
	}
	return f.Iters[0] == ir.Parallel && f.Rows != 0 && f.Rows != 1
}

// atRow reports whether a dimension map reads only the row a group
// computes: its first dimension at loop 0 with stride 1 and no offset,
// and no other dimension at loop 0.
func atRow(m []ir.DimMap) bool {
	if len(m) == 0 || m[0].Loop != 0 || m[0].Stride != 1 || m[0].Offset != 0 {
		return false
	}
	for _, d := range m[1:] {
		if d.Loop == 0 {
			return false
		}
	}
	return true
}

// RowRead is a leaf of a nest reading what a member of the pending
// group writes: the leaf's dimension map, and the loop of the writer's
// first output dimension (-1 when its output has none).
type RowRead struct {
	Map        []ir.DimMap
	WriterLoop int
}

// Joins decides whether a nest joins the pending row group of members
// nests: the group has room, the nest runs over the same rows (sameRows),
// and it reads what the members write only at the row being computed,
// which they write at their first loop.
func Joins(members int, sameRows bool, reads []RowRead) bool {
	if members >= MaxGroupMembers || !sameRows {
		return false
	}
	for _, r := range reads {
		if r.WriterLoop != 0 || !atRow(r.Map) {
			return false
		}
	}
	return true
}

// RowLocal decides whether a value a group's members compute is read at
// the row being computed only, so a scratch block of rows can hold it:
// no loop indices read (indexed), its first dimension is the group's
// rows (sameRows) at loop 0 without a window, and it is read at the row
// (atRow).
func RowLocal(m []ir.DimMap, indexed, sameRows bool) bool {
	return !indexed && sameRows && atRow(m) && m[0].Kind != ir.Window
}

// Shares decides whether a value computed inside several members'
// nests is computed once per block into a scratch row block instead:
// at least two members compute it and its tree costs at least
// MinShareCost.
func Shares(users, cost int) bool { return users >= 2 && cost >= MinShareCost }

// RideFacts are what pipelining a row group's first two members depends
// on: the first member (a row reduction) and the second, the host.
type RideFacts struct {
	// First's loops (none for a copy), whether it is an op's nest, and
	// whether its reduction carries an index (argmax/argmin).
	FirstIters    []ir.IterKind
	FirstComputed bool
	FirstIndex    bool
	// FirstRow is the first member's reduced extent (Dynamic at run time).
	FirstRow int64
	// HostComputed: the host is an op's nest; HostParallel: it reduces
	// nothing; HostRank its loops.
	HostComputed, HostParallel bool
	HostRank                   int
	// ReadsIndices: either reads loop indices. SameExtents: both run
	// over the same two extents. HostCost is the kernel cost per element
	// of the host's tree.
	ReadsIndices bool
	SameExtents  bool
	HostCost     int
	// Overlap: the first reads what the host writes, or both write one
	// buffer.
	Overlap bool
}

// Rideable decides whether a row group's first member rides in its
// second: the first reduces the last of two dimensions (rows, then the
// reduction, no argmax/argmin) over rows of at least MinRideRow, the
// second computes an elementwise value of some cost over the same two
// extents, and neither touches the other's output.
func Rideable(f RideFacts) bool {
	it := f.FirstIters
	if !f.FirstComputed || len(it) != 2 || it[0] != ir.Parallel || it[1] != ir.Reduction || f.FirstIndex {
		return false
	}
	if !f.HostComputed || !f.HostParallel || f.HostRank != 2 || f.ReadsIndices {
		return false
	}
	if !f.SameExtents || f.HostCost < MinShareCost {
		return false
	}
	if f.FirstRow != Dynamic && f.FirstRow < MinRideRow {
		return false
	}
	return !f.Overlap
}

// RowBlock is how many rows of perRow elements (Dynamic at run time) make
// a block of about elements: max(1, elements / perRow), Dynamic when it is
// computed at run time.
func RowBlock(perRow, elements int64) int64 {
	switch {
	case perRow == Dynamic:
		return Dynamic
	case perRow == 0:
		return elements
	}
	return max(1, elements/perRow)
}

// EndsRows decides whether the pending row group runs before op is
// lowered: op may read what the pending nests write (a call, a reshape,
// a copy...) unless it is built as a loop nest itself (fusible: it may
// join the group), a constant or a cast (which read no memory).
func EndsRows(op *ir.Op, fusible bool) bool {
	return !fusible && !op.Has(traits.ConstantLike) && !op.Has(traits.Cast)
}
