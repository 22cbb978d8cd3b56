package plan

import (
	"fmt"
	"slices"

	"github.com/tirc/tirc/ir"
)

// A contraction (SPEC 3d and 7) is lowered one of three ways, decided by
// NewContract from its shape, element type and target alone, never
// from strides or the thread count:
//
//   - generic: a scalar loop nest over the op's loop description, the
//     reduction loops innermost (any op, operand count and element type);
//   - small: a 2-operand f32/f64 contraction whose loops are batch, M, N
//     and one K, computed without packing (batched 32x32, matrix-vector,
//     K <= 16), rows of C accumulated in place;
//   - packed: the same contractions, large: BLIS's scheme, panels of A
//     (MC x KC) and B (KC x NC) packed into per-thread buffers, an MR x NR
//     micro-kernel of vector FMAs, threads over M/N blocks.
//
// Every path sums each element's terms in the same order, one fused
// multiply-add per k from k = 0 up (the packed path reloads its partial
// sums from C at each KC block), so the bits do not depend on the path,
// the blocking, the thread count or the layout.

// ContractPath is the way a contraction is lowered.
type ContractPath uint8

const (
	PathGeneric ContractPath = iota
	PathSmall
	PathPacked
	// PathRuntime: small or packed, chosen at run time from the sizes
	// (the rule of NewContract; both give the same bits).
	PathRuntime
)

func (p ContractPath) String() string {
	return [...]string{"generic", "small", "packed", "runtime"}[p]
}

// ContractTarget is what the plan needs of the target: the vector width
// in bytes and the data cache sizes.
type ContractTarget struct {
	VectorBytes int // 16 SSE, 32 AVX2, 64 AVX-512
	Regs        int // vector registers
	L1, L2      int // bytes
}

// Targets of the plan: the portable object is compiled for three levels
// from one text, so it gets AVX2's blocking (SSE splits its vectors in
// two and spills; AVX-512 runs it at half width).
var (
	TargetAVX2   = ContractTarget{VectorBytes: 32, Regs: 16, L1: 32 << 10, L2: 512 << 10}
	TargetAVX512 = ContractTarget{VectorBytes: 64, Regs: 32, L1: 32 << 10, L2: 1 << 20}
)

// AVX512CPUs are LLVM's x86 CPU names with AVX-512F, for a -target-cpu
// given without features.
var AVX512CPUs = map[string]bool{
	"skylake-avx512": true, "cascadelake": true, "cooperlake": true, "cannonlake": true,
	"icelake-client": true, "icelake-server": true, "tigerlake": true, "rocketlake": true,
	"sapphirerapids": true, "graniterapids": true, "emeraldrapids": true, "znver4": true,
	"znver5": true, "x86-64-v4": true, "knl": true, "knm": true,
}

// ContractShape is what the plan reads of a contraction: its element
// type, operand count, whether its loops are batch, M, N and one K
// (GEMMLoops), and the sizes (-1 when dynamic).
type ContractShape struct {
	Elem     *ir.Scalar
	Operands int
	GEMM     bool
	Batch    int64
	M, N, K  int64
	// Prologue: an operand is computed while it is packed (prologue.go),
	// so the contraction packs whatever its size: the small path, which
	// reads its operands in place, would compute it once per tile.
	Prologue bool
}

// Contract is the plan of one contraction: its path, accumulator,
// micro-kernel tile, cache blocks and small-path rule.
type Contract struct {
	Path       ContractPath
	Acc        *ir.Scalar // the accumulator type
	Lanes      int        // elements per vector
	MR, NR     int        // the micro-kernel's tile
	MC, KC, NC int        // cache blocks
	// SmallFlops: a problem of at most this many multiply-adds, or with
	// K <= 16, M < MR or N < NR, takes the small path.
	SmallFlops int64
	// SmallMR is the small path's tile height: MR, or the largest
	// height from MR down to 4 that divides a static M (32 rows are four
	// tiles of 8, not 14 + 14 + an edge of 4).
	SmallMR int
}

func (p Contract) String() string {
	if p.Path == PathGeneric {
		return fmt.Sprintf("contract generic acc=%s", ir.TypeString(p.Acc))
	}
	return fmt.Sprintf("contract %s acc=%s lanes=%d MRxNR=%dx%d MC=%d KC=%d NC=%d packA packB threads=M/N blocks small<=%d smallMR=%d",
		p.Path, ir.TypeString(p.Acc), p.Lanes, p.MR, p.NR, p.MC, p.KC, p.NC, p.SmallFlops, p.SmallMR)
}

// SmallK is the K at or below which packing does not pay.
const SmallK = 16

// NewContract decides a contraction's lowering.
func NewContract(s ContractShape, t ContractTarget) Contract {
	p := Contract{Path: PathGeneric, Acc: ir.AccumulatorType(s.Elem)}
	if !s.GEMM || s.Operands != 2 || (s.Elem != ir.F32 && s.Elem != ir.F64) {
		return p
	}
	size := s.Elem.Bits() / 8
	p.Lanes = t.VectorBytes / size
	// Registers: MR x (NR/lanes) accumulators, NR/lanes B vectors and one
	// broadcast A element; two B vectors per row.
	nv := 2
	p.NR = nv * p.Lanes
	p.MR = (t.Regs - nv - 1) / nv
	if p.MR > 6 && t.Regs == 16 {
		p.MR = 6
	}
	// KC: long, since C's tile is reloaded and stored once per KC block
	// (MR x NR loads and stores per MR x NR x KC FMAs): the B micro-panel
	// (KC x NR), which every MR-row tile of a block reuses, a sixteenth
	// of L2 (it streams from L2 at one or two vectors per MR FMAs; 512 at
	// most); MC: the A block (MC x KC) half of L2; NC: the B panel,
	// reused across all of M, 8 MB of L3 at most.
	p.KC = min(512, max(128, t.L2/16/(p.NR*size)&^15))
	p.MC = max(p.MR, ((t.L2/2)/(p.KC*size))/p.MR*p.MR)
	p.NC = max(p.NR, ((8<<20)/(p.KC*size))/p.NR*p.NR)
	p.SmallFlops = 64 * 64 * 64
	p.SmallMR = p.MR
	for r := p.MR; s.M > 0 && s.M%int64(p.MR) != 0 && r >= 4; r-- {
		if s.M%int64(r) == 0 {
			p.SmallMR = r
			break
		}
	}
	switch {
	case s.Prologue:
		p.Path = PathPacked
	case s.M < 0 || s.N < 0 || s.K < 0:
		p.Path = PathRuntime
	case IsSmallGEMM(s.M, s.N, s.K, p):
		p.Path = PathSmall
	default:
		p.Path = PathPacked
	}
	return p
}

// IsSmallGEMM is the small path's rule (also emitted for run-time sizes:
// smallTest).
func IsSmallGEMM(m, n, k int64, p Contract) bool {
	return k <= SmallK || m < int64(p.MR) || n < int64(p.NR) || m*n*k <= p.SmallFlops
}

// GEMMLoops classifies a two-operand contraction's loops: K the one
// reduction loop both operands read, M the last parallel loop only the
// lhs and the result read, N the last only the rhs and the result read,
// the other parallel loops batch loops. ok is false for any other
// contraction (several or one-sided reduction loops).
func GEMMLoops(l *ir.Loops) (batch []int, m, n, k int, ok bool) {
	if len(l.Operands) != 2 || len(l.Results) != 1 {
		return nil, -1, -1, -1, false
	}
	reads := func(ms []ir.DimMap, i int) bool {
		for _, d := range ms {
			if d.Loop == i {
				return true
			}
		}
		return false
	}
	m, n, k = -1, -1, -1
	for i, it := range l.Iter {
		a, b, c := reads(l.Operands[0], i), reads(l.Operands[1], i), reads(l.Results[0], i)
		switch {
		case it == ir.Reduction:
			if !a || !b || k >= 0 {
				return nil, -1, -1, -1, false
			}
			k = i
		case a && c && !b:
			if m >= 0 {
				batch = append(batch, m)
			}
			m = i
		case b && c && !a:
			if n >= 0 {
				batch = append(batch, n)
			}
			n = i
		default:
			batch = append(batch, i)
		}
	}
	slices.Sort(batch)
	return batch, m, n, k, k >= 0
}
