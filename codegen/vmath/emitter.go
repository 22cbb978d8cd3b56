package vmath

import (
	llvm "github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"github.com/tirc/tirc/ir"
)

// Emitter is what the kernels need of the builder of the function they
// are emitted into (codegen's builder).
type Emitter interface {
	// Block is the insertion block; SetBlock moves the insertion point.
	Block() *llvm.Block
	SetBlock(b *llvm.Block)
	// NewBlock is a new block named after base, unique in the function.
	NewBlock(base string) *llvm.Block
	// Nested runs f, which builds a branch: nothing made in it
	// dominates what follows.
	Nested(f func())
	// CallIntrinsic calls the overloaded LLVM intrinsic base.<t> on args
	// of type t.
	CallIntrinsic(base string, t types.Type, args ...value.Value) value.Value
	// Vectorizable calls, for the scalar x, the module's function name
	// (body defines it once per type, on scalars and on each vector
	// width), which the loop vectorizer widens to its vector variants.
	Vectorizable(name string, x value.Value, body func(e Emitter, x value.Value) value.Value) value.Value
	// End closes a function begun by Module.NewFunc and prints it.
	End()
	// Module is the module the function is in.
	Module() Module
}

// Module is what the kernels need of the module: its helper functions
// and tables, made once.
type Module interface {
	// Helper is the module's function called name by codegen, or nil;
	// PublishHelper makes f that function.
	Helper(name string) *llvm.Func
	PublishHelper(name string, f *llvm.Func)
	// Intrinsic declares (once) the external function name.
	Intrinsic(name string, ret types.Type, params ...types.Type) *llvm.Func
	// Symbol is an unused symbol name made from want (want, want.1,
	// ...), taken from then on.
	Symbol(want string) string
	// DefineGlobal writes the definition of g.
	DefineGlobal(g *llvm.Global)
	// Table is the module's global called name, made by def on first
	// use.
	Table(name string, def func() *llvm.Global) *llvm.Global
	// NewFunc begins an internal function named after sym, with attrs
	// and the module's own function attributes, and returns it with the
	// Emitter of its body (End finishes it).
	NewFunc(sym string, ret types.Type, attrs []llvm.FuncAttribute, params ...*llvm.Param) (*llvm.Func, Emitter)
}

// builder emits the kernels' code through an Emitter.
type builder struct{ e Emitter }

// b is the insertion block.
func (bl *builder) b() *llvm.Block { return bl.e.Block() }

func (bl *builder) mod() module { return module{bl.e.Module()} }

func (bl *builder) callIntrinsic(base string, t types.Type, args ...value.Value) value.Value {
	return bl.e.CallIntrinsic(base, t, args...)
}

// module makes the kernels' module-level helpers (trig.go, log.go).
type module struct{ Module }

// Kernels emits math kernels at the insertion point of an Emitter. x is
// a float value: f32 or f64 (f16 and bf16 compute in f32), a scalar or a
// vector.
type Kernels struct{ bl *builder }

// New is the kernels emitted with e.
func New(e Emitter) Kernels { return Kernels{&builder{e}} }

// Exp is exp, exp2 or expm1 (k) of x.
func (k Kernels) Exp(kernel ir.Kernel, x value.Value) value.Value { return k.bl.expKernel(kernel, x) }

// Log is log, log2, log10 or log1p (k) of x.
func (k Kernels) Log(kernel ir.Kernel, x value.Value) value.Value { return k.bl.logKernel(kernel, x) }

// Pow is x to the power y.
func (k Kernels) Pow(x, y value.Value) value.Value { return k.bl.powKernel(x, y) }

// Trig is sin, cos or tan (k) of x.
func (k Kernels) Trig(kernel ir.Kernel, x value.Value) value.Value { return k.bl.trig(kernel, x) }

// Erf is the error function of x.
func (k Kernels) Erf(x value.Value) value.Value { return k.bl.vErf(x) }

// Atan is the arc tangent of x.
func (k Kernels) Atan(x value.Value) value.Value { return k.bl.vAtan(x) }

// Atan2 is the arc tangent of y/x in the quadrant of (x, y).
func (k Kernels) Atan2(y, x value.Value) value.Value { return k.bl.vAtan2(y, x) }

// Tanh is the hyperbolic tangent of x.
func (k Kernels) Tanh(x value.Value) value.Value { return k.bl.vTanh(x) }

// Rsqrt is 1/sqrt(x).
func (k Kernels) Rsqrt(x value.Value) value.Value { return k.bl.vRsqrt(x) }

// Sigmoid is 1/(1 + e^-x).
func (k Kernels) Sigmoid(x value.Value) value.Value { return k.bl.vSigmoid(x) }
