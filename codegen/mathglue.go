package codegen

import (
	llvm "github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"github.com/tirc/tirc/codegen/vmath"
	"github.com/tirc/tirc/ir"
)

// The vectorizable math kernels are vmath's: they emit through a
// vmath.Emitter, which is the builder (mathEmitter), and make their
// module-level helpers and tables through a vmath.Module, which is the
// module context (mathModule).

// math is the vector-math kernels emitted at bl's insertion point.
func (bl *builder) math() vmath.Kernels { return vmath.New(mathEmitter{bl}) }

func (bl *builder) expKernel(k ir.Kernel, x value.Value) value.Value { return bl.math().Exp(k, x) }
func (bl *builder) logKernel(k ir.Kernel, x value.Value) value.Value { return bl.math().Log(k, x) }
func (bl *builder) powKernel(x, y value.Value) value.Value           { return bl.math().Pow(x, y) }
func (bl *builder) trig(k ir.Kernel, x value.Value) value.Value      { return bl.math().Trig(k, x) }
func (bl *builder) vErf(x value.Value) value.Value                   { return bl.math().Erf(x) }
func (bl *builder) vAtan(x value.Value) value.Value                  { return bl.math().Atan(x) }
func (bl *builder) vAtan2(y, x value.Value) value.Value              { return bl.math().Atan2(y, x) }
func (bl *builder) vTanh(x value.Value) value.Value                  { return bl.math().Tanh(x) }
func (bl *builder) vRsqrt(x value.Value) value.Value                 { return bl.math().Rsqrt(x) }
func (bl *builder) vSigmoid(x value.Value) value.Value               { return bl.math().Sigmoid(x) }

// mathEmitter is a builder as vmath's Emitter.
type mathEmitter struct{ bl *builder }

func (e mathEmitter) Block() *llvm.Block               { return e.bl.b }
func (e mathEmitter) SetBlock(b *llvm.Block)           { e.bl.b = b }
func (e mathEmitter) NewBlock(base string) *llvm.Block { return e.bl.block(base) }
func (e mathEmitter) Module() vmath.Module             { return mathModule{e.bl.mod} }

func (e mathEmitter) Nested(f func()) {
	e.bl.depth++
	f()
	e.bl.depth--
}

func (e mathEmitter) CallIntrinsic(base string, t types.Type, args ...value.Value) value.Value {
	return e.bl.CallIntrinsic(base, t, args...)
}

func (e mathEmitter) Vectorizable(name string, x value.Value, body func(vmath.Emitter, value.Value) value.Value) value.Value {
	return e.bl.vectorizableCall(name, x, func(bl *builder, x value.Value) value.Value { return body(mathEmitter{bl}, x) })
}

func (e mathEmitter) End() {
	e.bl.finish()
	e.bl.mod.finish(e.bl.fn)
}

// mathModule is a module context as vmath's Module.
type mathModule struct{ mc *moduleCtx }

func (m mathModule) Helper(name string) *llvm.Func           { return m.mc.helper(name) }
func (m mathModule) PublishHelper(name string, f *llvm.Func) { m.mc.publishHelper(name, f) }
func (m mathModule) Symbol(want string) string               { return m.mc.symbol(want) }
func (m mathModule) DefineGlobal(g *llvm.Global)             { m.mc.defineGlobal(g) }
func (m mathModule) Intrinsic(name string, ret types.Type, params ...types.Type) *llvm.Func {
	return m.mc.intrinsic(name, ret, params...)
}

func (m mathModule) Table(name string, def func() *llvm.Global) *llvm.Global {
	mc := m.mc
	var g *llvm.Global
	if mc.have(func() bool { g = mc.vmathTabs[name]; return g != nil }) {
		return g
	}
	g = def()
	mc.publish(func() {
		if mc.vmathTabs == nil {
			mc.vmathTabs = map[string]*llvm.Global{}
		}
		mc.vmathTabs[name] = g
	})
	return g
}

func (m mathModule) NewFunc(sym string, ret types.Type, attrs []llvm.FuncAttribute, params ...*llvm.Param) (*llvm.Func, vmath.Emitter) {
	f := m.mc.m.NewFunc(m.mc.symbol(sym), ret, params...)
	f.Linkage = enum.LinkageInternal
	f.FuncAttrs = append(f.FuncAttrs, attrs...)
	m.mc.funcAttrs(f)
	return f, mathEmitter{newBuilder(m.mc, f)}
}
