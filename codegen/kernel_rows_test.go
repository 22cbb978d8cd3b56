package codegen_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/tirc/tirc/codegen"
	"github.com/tirc/tirc/dialect"
	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/ir/asm"
)

// kernelTypes are the element types a kernel row's domain stands for here.
var kernelTypes = map[ir.Domain][]*ir.Scalar{
	ir.DomainFloat: {ir.F32, ir.F64, ir.F16},
	ir.DomainInt:   {ir.I32, ir.I8},
	ir.DomainBool:  {ir.I1},
}

// kernelOpAttrs are the attributes that make an op of the tables a valid
// one-op function (the predicate of comparisons, TOSA's bounds, shift and
// rounding flags).
var kernelOpAttrs = []string{
	"",
	` {predicate = "lt"}`,
	` {predicate = 2 : i64}`,
	` {min_int = 0 : i64, max_int = 5 : i64, min_fp = 0.0 : f32, max_fp = 5.0 : f32}`,
	` {shift = 0 : i8}`,
	` {round = true}`,
}

// lowerKernel returns the LLVM IR of a function applying one op of the
// tables computing k (as its one result's kernel or one of several) to
// tensor<4xT> operands, trying the rows with that kernel, result element
// types and attributes until one verifies; "" when none does.
func lowerKernel(t *testing.T, k ir.Kernel, elem string) (string, string) {
	t.Helper()
	for _, table := range dialect.All {
		for _, r := range table {
			def := r.Def()
			n := len(r.Results)
			if !slices.Contains(def.Kernels, k) && (r.Kernel != k || n != 1) {
				continue
			}
			if r.Reduce != ir.ReduceNone || len(r.Operands) == 0 || r.Operands[len(r.Operands)-1].Variadic {
				continue
			}
			for _, res := range resultTypes(elem, n) {
				for _, attrs := range kernelOpAttrs {
					src := kernelFunc(r.Name, len(r.Operands), k, elem, res, attrs)
					m, d := asm.ParseString(src, asm.ParseOptions{})
					if d != nil || ir.Verify(m, ir.VerifyOptions{}).HasErrors() {
						continue
					}
					opts := codegen.DefaultOptions()
					opts.TargetTriple = "x86_64-pc-linux-gnu"
					ll, ds := codegen.Emit(m, opts)
					if ds.HasErrors() {
						t.Errorf("%v on %s: %s does not lower: %v\n%s", k, elem, r.Name, ds, src)
						return "", ""
					}
					return r.Name, string(ll)
				}
			}
		}
	}
	return "", ""
}

// resultTypes are the candidate result element types of an op with n
// results (1 or 2) and operands of type elem.
func resultTypes(elem string, n int) [][]string {
	one := []string{elem, "i1", "f32", "i32"}
	var out [][]string
	for _, a := range one {
		if n == 1 {
			out = append(out, []string{a})
			continue
		}
		for _, b := range one {
			out = append(out, []string{a, b})
		}
	}
	return out
}

// kernelFunc is a one-op function: the op applied to operands of element
// type elem (select's condition i1), giving tensor<4xres[i]>.
func kernelFunc(name string, n int, k ir.Kernel, elem string, res []string, attrs string) string {
	var args, ops, types, rts, rs []string
	for i := range n {
		e := elem
		if k == ir.KernelSelect && i == 0 {
			e = "i1"
		}
		args = append(args, fmt.Sprintf("%%a%d: tensor<4x%s>", i, e))
		ops = append(ops, fmt.Sprintf("%%a%d", i))
		types = append(types, fmt.Sprintf("tensor<4x%s>", e))
	}
	for i, r := range res {
		rts = append(rts, fmt.Sprintf("tensor<4x%s>", r))
		rs = append(rs, fmt.Sprintf("%%r#%d", i))
	}
	return fmt.Sprintf("func.func @f(%s) -> (%s) {\n  %%r:%d = \"%s\"(%s)%s : (%s) -> (%s)\n  return %s : %s\n}\n",
		strings.Join(args, ", "), strings.Join(rts, ", "), len(res), name, strings.Join(ops, ", "), attrs,
		strings.Join(types, ", "), strings.Join(rts, ", "), strings.Join(rs, ", "), strings.Join(rts, ", "))
}

// TestKernelRowsLower compiles, for every kernel and every element kind
// its row claims, functions applying an op of the tables with that kernel
// (to each type of the kind some op accepts: TOSA has no f64, say), and
// checks that the LLVM IR calls the intrinsic the row names and no libm
// function: codegen's vector math computes what libm would. Kernels no
// elementwise op computes are lowered elsewhere: product by the
// contractions, identity by the data-movement ops.
func TestKernelRowsLower(t *testing.T) {
	elsewhere := []ir.Kernel{ir.KernelProduct, ir.KernelIdentity}
	for _, k := range ir.Kernels() {
		if slices.Contains(elsewhere, k) {
			continue
		}
		info := k.Info()
		for _, d := range []ir.Domain{ir.DomainFloat, ir.DomainInt, ir.DomainBool} {
			if info.Domain&d == 0 {
				continue
			}
			lowered := 0
			for _, e := range kernelTypes[d] {
				op, ll := lowerKernel(t, k, e.String())
				if op == "" {
					continue
				}
				lowered++
				if name := info.IntrinsicOn(e); name != "" && !strings.Contains(ll, "@"+name+".") {
					t.Errorf("%v on %s (%s): the IR does not call %s", k, e, op, name)
				}
				if libm := info.LibmName(e); libm != "" && strings.Contains(ll, "@"+libm+"(") {
					t.Errorf("%v on %s (%s): the IR calls libm's %s", k, e, op, libm)
				}
			}
			if lowered == 0 {
				t.Errorf("%v: no op of the tables computes it on %v", k, kernelTypes[d])
			}
		}
	}
}
