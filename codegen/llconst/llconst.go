package llconst

import (
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/types"
)

// VecOf returns t, or a vector of n t when n > 0.
func VecOf(t types.Type, n int64) types.Type {
	if n == 0 {
		return t
	}
	return types.NewVector(uint64(n), t)
}

// Lanes is the number of lanes of a compute value's type (0 for a scalar).
func Lanes(t types.Type) int64 {
	if v, ok := t.(*types.VectorType); ok {
		return int64(v.Len)
	}
	return 0
}

// Splat returns the constant c, as a vector of n lanes when n > 0.
func Splat(c constant.Constant, n int64) constant.Constant {
	if n == 0 {
		return c
	}
	elems := make([]constant.Constant, n)
	for i := range elems {
		elems[i] = c
	}
	return constant.NewVector(types.NewVector(uint64(n), c.Type()), elems...)
}

// Int is the integer constant v of type t (a scalar or vector int type).
func Int(t types.Type, v int64) constant.Constant {
	if vt, ok := t.(*types.VectorType); ok {
		return Splat(Int(vt.ElemType, v), int64(vt.Len))
	}
	it := t.(*types.IntType)
	if it.BitSize == 1 {
		v &= 1
	} else if it.BitSize < 64 {
		// The bits of v in the signed range (a ui8 255 is i8 -1).
		v = v << (64 - it.BitSize) >> (64 - it.BitSize)
	}
	return constant.NewInt(it, v)
}

// Float is the float constant v of type t (scalar or vector).
func Float(t types.Type, v float64) constant.Constant {
	if vt, ok := t.(*types.VectorType); ok {
		return Splat(Float(vt.ElemType, v), int64(vt.Len))
	}
	return constant.NewFloat(t.(*types.FloatType), v)
}

// I64 is an i64 constant.
func I64(v int64) constant.Constant {
	if v >= smallMin && v <= smallMax {
		return smallI64[v-smallMin]
	}
	return constant.NewInt(types.I64, v)
}

// I32 is an i32 constant (struct field indices, statuses: mostly small).
func I32(v int64) constant.Constant {
	if v >= smallMin && v <= smallMax {
		return smallI32[v-smallMin]
	}
	return constant.NewInt(types.I32, v)
}

// smallI64 are the i64 constants smallMin..smallMax, made once: codegen
// asks for them at every offset, size and stride, and llir's constant.Int
// allocates a big.Int each time. Constants are never modified, so one
// object serves every function.
const smallMin, smallMax = -64, 1024

var smallI64, smallI32 = smallInts(types.I64), smallInts(types.I32)

func smallInts(t *types.IntType) []*constant.Int {
	cs := make([]*constant.Int, smallMax-smallMin+1)
	for i := range cs {
		cs[i] = constant.NewInt(t, int64(i)+smallMin)
	}
	return cs
}
