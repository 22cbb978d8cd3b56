// Package scalar is where each ir.Kernel becomes LLVM instructions: the
// scalar semantics of every tir, arith and math op on compute-type values
// (scalars or LLVM vectors alike), integer division with its fault bits,
// conversions between element types (f16 and bf16 as 16-bit patterns), and
// the storage and compute types of elements. The loop-nest builder calls
// it per element; it asks the builder for blocks, intrinsics, the vector
// math kernels (vmath) and the bodies of region kernels through Env.
package scalar

import (
	llvm "github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"github.com/tirc/tirc/codegen/vmath"
	"github.com/tirc/tirc/ir"
)

// Env is what the kernels need of the function being built: its
// insertion block, new blocks, the module's intrinsics and helpers, the
// vector math kernels, and the lowering of a region kernel's body.
type Env interface {
	Block() *llvm.Block
	SetBlock(b *llvm.Block)
	NewBlock(base string) *llvm.Block
	Intrinsic(name string, ret types.Type, params ...types.Type) *llvm.Func
	MaxMinFunc(k ir.Kernel, t types.Type) *llvm.Func
	Math() vmath.Kernels
	RegionKernel(op *ir.Op, res int, args []value.Value) (Result, error)
}

// B builds kernels at its Env's insertion point.
type B struct{ Env }
