package codegen

import (
	llvm "github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/types"

	"github.com/tirc/tirc/codegen/scalar"
	"github.com/tirc/tirc/ir"
)

// maxMinFunc defines, once per kernel and type, `T tirc.max.<T>(T x, T
// y)` (or tirc.min): maxMinFloat of two values, alwaysinline. In a long
// chain of maxima a nest computes many, and the helper's call is one
// line of text where the sequence is eleven: less to build, print and
// parse, and the same code once LLVM has inlined it.
func (mc *moduleCtx) maxMinFunc(k ir.Kernel, t types.Type) *llvm.Func {
	name := "tirc.max."
	if k == ir.KernelMin {
		name = "tirc.min."
	}
	name += scalar.TypeSuffix(t)
	if f := mc.helper(name); f != nil {
		return f
	}
	x, y := llvm.NewParam("x", t), llvm.NewParam("y", t)
	f := mc.m.NewFunc(mc.symbol(name), t, x, y)
	f.Linkage = enum.LinkageInternal
	f.FuncAttrs = append(f.FuncAttrs, enum.FuncAttrAlwaysInline)
	mc.funcAttrs(f)
	bl := newBuilder(mc, f)
	bl.b.NewRet(bl.MaxMinFloat(k, x, y))
	bl.finish()
	mc.publishHelper(name, f)
	mc.finish(f)
	return f
}
