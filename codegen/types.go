package codegen

import (
	"strconv"

	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"github.com/tirc/tirc/codegen/llconst"
	"github.com/tirc/tirc/codegen/scalar"
	"github.com/tirc/tirc/ir"
)

// Element types have two LLVM types: the storage type (how an element
// sits in memory and in descriptors) and the compute type (what the
// scalar kernels work on):
//
//	tirc   storage  compute
//	i1     i8       i1      (bytes 0/1, as C's bool)
//	i8..i64 iN      iN
//	si8..si64, ui8..ui64  iN  iN (the ops choose signed or unsigned instructions)
//	index  i64      i64
//	f16    i16      float   (bits; converted in integer code, rounded after every op)
//	bf16   i16      float   (llir has no bfloat; bits, rounded after every op)
//	f32    float    float
//	f64    double   double

// storageType is the in-memory LLVM type of elem (scalar.StorageType).
func storageType(e *ir.Scalar) types.Type { return scalar.StorageType(e) }

// computeType is the LLVM type the kernels compute elem in
// (scalar.ComputeType).
func computeType(e *ir.Scalar) types.Type { return scalar.ComputeType(e) }

// byteSize is the storage size of one element in bytes.
func byteSize(e *ir.Scalar) int64 {
	return max(1, int64(e.Bits())/8)
}

// The LLVM types and constants vmath builds too (llconst).
func vecOf(t types.Type, n int64) types.Type               { return llconst.VecOf(t, n) }
func lanes(t types.Type) int64                             { return llconst.Lanes(t) }
func splat(c constant.Constant, n int64) constant.Constant { return llconst.Splat(c, n) }
func intConst(t types.Type, v int64) constant.Constant     { return llconst.Int(t, v) }
func floatConst(t types.Type, v float64) constant.Constant { return llconst.Float(t, v) }
func i64c(v int64) constant.Constant                       { return llconst.I64(v) }
func i32c(v int64) constant.Constant                       { return llconst.I32(v) }

// scalarConst is element value (ints[i] or floats[i]) of elem as a
// compute-type constant.
func scalarConst(e *ir.Scalar, i int64, ints []int64, floats []float64) constant.Constant {
	if e.IsFloat() {
		return floatConst(computeType(e), ir.RoundFloat(floats[i], e))
	}
	return intConst(computeType(e), ir.WrapInt(ints[i], e))
}

// isConst reports whether v is the i64 constant want.
func isConst(v value.Value, want int64) bool {
	c, ok := v.(*constant.Int)
	return ok && c.X.IsInt64() && c.X.Int64() == want
}

// constVal returns the value of an i64 constant.
func constVal(v value.Value) (int64, bool) {
	c, ok := v.(*constant.Int)
	if !ok || !c.X.IsInt64() {
		return 0, false
	}
	return c.X.Int64(), true
}

// descType is the MLIR memref descriptor of a ranked tensor:
// { T* allocated, T* aligned, i64 offset, [rank x i64] sizes, [rank x i64] strides }.
// Rank 0 has no size and stride arrays, as in MLIR. It is a named type,
// %tirc.desc.<T>.<rank>, one per module (a descriptor is named on every
// line that reads one), defined before the first function using it.
func (mc *moduleCtx) descType(e *ir.Scalar, rank int) *types.StructType {
	st := storageType(e)
	k := descKey{st.LLString(), rank}
	var t *types.StructType
	if mc.have(func() bool { t = mc.descs[k]; return t != nil }) {
		return t
	}
	p := types.NewPointer(st)
	t = types.NewStruct(p, p, types.I64)
	if rank > 0 {
		arr := types.NewArray(uint64(rank), types.I64)
		t = types.NewStruct(p, p, types.I64, arr, arr)
	}
	t.TypeName = mc.symbol("tirc.desc." + k.elem + "." + strconv.Itoa(rank))
	mc.defineType(t)
	mc.publish(func() { mc.descs[k] = t })
	return t
}

// descKey names a descriptor type: its storage type and rank.
type descKey struct {
	elem string
	rank int
}
