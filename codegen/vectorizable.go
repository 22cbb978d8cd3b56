package codegen

import (
	"fmt"
	"sort"
	"strings"

	llvm "github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"github.com/tirc/tirc/codegen/scalar"
)

// Math functions the loop vectorizer widens. tirc emits scalar loops and
// relies on LLVM's loop vectorizer, which gives up on a loop whose body
// holds a call or a branch it cannot flatten. A math function with a rare
// slow path (sin of a huge argument) is therefore its own function,
// `T tirc.<name>.<T>(T x)`, noinline and readnone, called with LLVM's
// vector-function ABI attribute naming its vector variants
// (tirc.<name>.<T>.v<N>, N = 2 to 16 lanes, each the same computation on
// a vector): the vectorizer calls the variant for its vector width, one
// call per N elements, and the scalar one in the remainder loop. Inside a
// variant the slow path is a branch taken when any lane needs it. The
// variants are listed in @llvm.compiler.used, or LLVM would drop them as
// unused before the vectorizer runs.

// vfabiLanes are the vector widths with a variant.
var vfabiLanes = []int64{2, 4, 8, 16}

// vfabiKey marks a vector variant among the module's helpers.
const vfabiKey = "vfabi variant "

// vectorizableCall calls, for the scalar x, the module's function name
// (defined once per type by body, on scalars and on each vector width).
func (bl *builder) vectorizableCall(name string, x value.Value, body func(bl *builder, x value.Value) value.Value) value.Value {
	f, variants := bl.mod.vectorizableFunc(name, x.Type(), body)
	call := bl.b.NewCall(f, x)
	call.FuncAttrs = append(call.FuncAttrs, llvm.AttrPair{Key: "vector-function-abi-variant", Value: variants})
	return call
}

// vectorizableFunc defines (once) tirc.<name>.<t> and its vector
// variants, and returns it with the attribute value naming them.
func (mc *moduleCtx) vectorizableFunc(name string, t types.Type, body func(bl *builder, x value.Value) value.Value) (*llvm.Func, string) {
	key := "tirc." + name + "." + scalar.TypeSuffix(t)
	define := func(sym string, t types.Type) *llvm.Func {
		x := llvm.NewParam("x", t)
		f := mc.m.NewFunc(mc.symbol(sym), t, x)
		f.Linkage = enum.LinkageInternal
		f.FuncAttrs = append(f.FuncAttrs, enum.FuncAttrNoInline, enum.FuncAttrReadNone)
		mc.funcAttrs(f)
		bl := newBuilder(mc, f)
		r := body(bl, x)
		bl.b.NewRet(r)
		bl.finish()
		mc.finish(f)
		return f
	}
	variant := func(n int64) string { return fmt.Sprintf("%s.v%d", key, n) }
	f := mc.helper(key)
	if f == nil {
		f = define(key, t)
		for _, n := range vfabiLanes {
			v := define(variant(n), types.NewVector(uint64(n), t))
			mc.publishHelper(variant(n), v)
			mc.publishHelper(vfabiKey+v.Name(), v)
		}
		mc.publishHelper(key, f)
	}
	// The names taken (mc.symbol), which differ from the keys when the
	// module has functions of those names.
	parts := make([]string, len(vfabiLanes))
	for i, n := range vfabiLanes {
		parts[i] = fmt.Sprintf("_ZGV_LLVM_N%dv_%s(%s)", n, f.Name(), mc.helper(variant(n)).Name())
	}
	return f, strings.Join(parts, ",")
}

// emitCompilerUsed defines @llvm.compiler.used with the vector variants,
// when there are any.
func (mc *moduleCtx) emitCompilerUsed() {
	var names []string
	for k := range mc.funcs {
		if strings.HasPrefix(k, vfabiKey) {
			names = append(names, k)
		}
	}
	if len(names) == 0 {
		return
	}
	sort.Strings(names)
	cs := make([]constant.Constant, len(names))
	for i, k := range names {
		cs[i] = constant.NewBitCast(mc.funcs[k], i8p)
	}
	g := llvm.NewGlobalDef("llvm.compiler.used", constant.NewArray(types.NewArray(uint64(len(cs)), i8p), cs...))
	g.Linkage = enum.LinkageAppending
	g.Section = "llvm.metadata"
	mc.defineGlobal(g)
}
