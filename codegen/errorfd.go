package codegen

import (
	llvm "github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/types"
)

// ErrorFDSymbol is the global every module defines (weak, so that several
// modules link into one program) holding the file descriptor failure
// messages are written to: 2 (stderr) unless the caller sets another, as
// the Python package does to hand a failed call's message to the
// exception it raises.
//
//	extern int32_t tirc_error_fd;
//	tirc_error_fd = pipe_write_end;
const ErrorFDSymbol = "tirc_error_fd"

// errorFD returns @tirc_error_fd, defining it on first use.
func (mc *moduleCtx) errorFD() *llvm.Global {
	var g *llvm.Global
	if mc.have(func() bool { g = mc.errFD; return g != nil }) {
		return g
	}
	mc.symbols[ErrorFDSymbol] = true
	g = llvm.NewGlobalDef(ErrorFDSymbol, constant.NewInt(types.I32, 2))
	g.Linkage = enum.LinkageWeak
	g.Align = 4
	mc.m.Globals = append(mc.m.Globals, g)
	mc.publish(func() { mc.errFD = g })
	return g
}
