package codegen

import (
	llvm "github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/types"

	"github.com/tirc/tirc/codegen/cabi"
)

// errorFD returns @tirc_error_fd, defining it on first use.
func (mc *moduleCtx) errorFD() *llvm.Global {
	var g *llvm.Global
	if mc.have(func() bool { g = mc.errFD; return g != nil }) {
		return g
	}
	mc.symbols[cabi.ErrorFDSymbol] = true
	g = llvm.NewGlobalDef(cabi.ErrorFDSymbol, constant.NewInt(types.I32, 2))
	g.Linkage = enum.LinkageWeak
	g.Align = 4
	mc.m.Globals = append(mc.m.Globals, g)
	mc.publish(func() { mc.errFD = g })
	return g
}
