package scalar

import (
	"fmt"

	"github.com/llir/llvm/ir/types"

	"github.com/tirc/tirc/ir"
)

// StorageType is the in-memory LLVM type of elem.
func StorageType(e *ir.Scalar) types.Type {
	if e.IsInt() {
		switch e.Bits() {
		case 1, 8:
			return types.I8
		case 16:
			return types.I16
		case 32:
			return types.I32
		}
		return types.I64
	}
	switch e.Kind {
	case ir.KindBF16, ir.KindF16:
		return types.I16
	case ir.KindF32:
		return types.Float
	case ir.KindF64:
		return types.Double
	}
	panic(fmt.Sprintf("scalar: no storage type for %v", e))
}

// ComputeType is the LLVM type the kernels compute elem in.
func ComputeType(e *ir.Scalar) types.Type {
	switch e.Kind {
	case ir.KindI1:
		return types.I1
	case ir.KindF16, ir.KindBF16:
		return types.Float
	}
	return StorageType(e)
}
