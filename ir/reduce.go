package ir

// Reduce is how the iterations of an op's reduction loops combine into
// one result element (SPEC section 3a). Each kind is a combining kernel
// and an identity; the evaluator and codegen implement the kinds once,
// generically, so a new reduction op is a row naming its kind.
type Reduce uint8

// The reductions.
const (
	ReduceNone   Reduce = iota
	ReduceSum           // x + y; identity 0; integers wrap
	ReduceProd          // x * y; identity 1; integers wrap
	ReduceMax           // maximum, NaN propagates; no identity
	ReduceMin           // minimum, NaN propagates; no identity
	ReduceMean          // sum / count; the empty mean is NaN (0/0)
	ReduceAny           // or; identity false
	ReduceAll           // and; identity true
	ReduceArgMax        // index of the first maximum (the first NaN wins); no identity
	ReduceArgMin        // index of the first minimum (the first NaN wins); no identity
	// ReduceContract is the sum of a contraction (SPEC section 3d:
	// matmul, dot_general, einsum): the kernel's terms (products) summed
	// in the accumulator type, in index order; identity 0. See
	// ReduceInfo.Accumulate.
	ReduceContract
)

// ReduceInfo describes a reduction kind.
type ReduceInfo struct {
	// Name is the kind's name ("sum"), as in the op name tir.reduce_sum.
	Name string
	// Combine is the scalar kernel that combines two partial results.
	Combine Kernel
	// Identity is the result of an empty reduction, when HasIdentity:
	// Combine's (its row's Identity, 0 or 1). Kinds without one make an
	// empty extent a run-time error.
	Identity    int64
	HasIdentity bool
	// Mean divides the combined sum by the number of elements.
	Mean bool
	// Index makes the result the index (i64) of the element Combine
	// selects, the first one on ties: argmax, argmin.
	Index bool
	// Accumulate is a contraction's numbers (SPEC section 3d): the
	// operands are converted to the accumulator type of the result
	// element type (AccumulatorType) before the kernel reads them, so
	// i8 x i8 -> i32 multiplies in i32 and wraps there; the terms are
	// combined one after the other in the order of the iteration (the
	// reduction loops' index order) in that type, not exactly; the
	// result rounds once from the accumulator at the end.
	Accumulate bool
}

var reduceInfo = [...]ReduceInfo{
	ReduceNone:     {Name: "none"},
	ReduceSum:      {Name: "sum", Combine: KernelAdd},
	ReduceProd:     {Name: "prod", Combine: KernelMul},
	ReduceMax:      {Name: "max", Combine: KernelMax},
	ReduceMin:      {Name: "min", Combine: KernelMin},
	ReduceMean:     {Name: "mean", Combine: KernelAdd, Mean: true},
	ReduceAny:      {Name: "any", Combine: KernelOr},
	ReduceAll:      {Name: "all", Combine: KernelAnd},
	ReduceArgMax:   {Name: "argmax", Combine: KernelMax, Index: true},
	ReduceArgMin:   {Name: "argmin", Combine: KernelMin, Index: true},
	ReduceContract: {Name: "contract", Combine: KernelAdd, Accumulate: true},
}

// AccumulatorType is the type a reduction of elements of type e
// accumulates in: f16 and bf16 in f32 (rounded once at the end), every
// other type in itself (integers wrap in it).
func AccumulatorType(e *Scalar) *Scalar {
	if e != nil && (e.Kind == KindF16 || e.Kind == KindBF16) {
		return F32
	}
	return e
}

// On is the kind's description for elements of type e: on booleans (i1)
// sum combines with or and prod with and (any and all, as NumPy's and
// StableHLO's logical add and multiply), not modulo 2.
func (r Reduce) On(e *Scalar) ReduceInfo {
	info := r.Info()
	if e == I1 {
		info.Combine = info.Combine.OnBool()
	}
	return info
}

// Info returns the kind's description.
func (r Reduce) Info() ReduceInfo {
	if int(r) < len(reduceInfo) {
		info := reduceInfo[r]
		id := info.Combine.Info().Identity
		info.HasIdentity = id != StartNone
		if id == StartOne {
			info.Identity = 1
		}
		return info
	}
	return ReduceInfo{Name: "unknown"}
}

func (r Reduce) String() string { return r.Info().Name }
