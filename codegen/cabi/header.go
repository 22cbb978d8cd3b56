package cabi

import (
	"fmt"
	"hash/fnv"
	"path/filepath"
	"sort"
	"strings"

	"github.com/tirc/tirc/ir"
)

// EmitCHeader returns a C header declaring m's entry points under the
// native ABI: one descriptor typedef per element type and rank used
// (tirc_desc_f32_2d, laid out like MLIR's memref descriptor), one
// prototype per public function, and tirc_free.
//
//	typedef struct { float *allocated; float *aligned; int64_t offset;
//	                 int64_t sizes[2]; int64_t strides[2]; } tirc_desc_f32_2d;
//	int32_t bias_relu(const tirc_desc_f32_2d *x, const tirc_desc_f32_1d *b,
//	                  tirc_desc_f32_2d *res0);
//
// Parameters are named after the function's arguments in the source (%x
// becomes x) when that is a usable C identifier, else argN; results are
// resN. Several generated headers can be included in one C file: the
// include guard is the module's (or source file's) name and a hash of the
// header, and each descriptor typedef has its own guard, so a typedef two
// headers share is declared once.
func EmitCHeader(m *ir.Module) ([]byte, ir.Diagnostics) {
	var diags ir.Diagnostics
	descs := map[string]*ir.TensorType{}
	var protos []string
	for _, f := range m.Funcs {
		if f.Visibility == "private" && !f.External {
			continue
		}
		if d := CheckName(f); d != nil {
			diags = append(diags, d)
			continue
		}
		ps, ds := prototypes(m, f, descs)
		protos, diags = append(protos, ps...), append(diags, ds...)
	}
	if diags.HasErrors() {
		return nil, diags
	}
	var b strings.Builder
	b.WriteString(headerHead)
	writeDescTypedefs(&b, descs)
	b.WriteString("\n")
	for _, p := range protos {
		b.WriteString(p)
	}
	b.WriteString("\n/* Frees a callee-allocated result and clears its pointers. */\nvoid tirc_free(void *desc);\n")
	b.WriteString("/* The file descriptor failure messages go to (default 2, stderr). */\nextern int32_t " + ErrorFDSymbol + ";\n")
	b.WriteString("\n#ifdef __cplusplus\n}\n#endif\n#endif\n")
	guard := headerGuard(m, b.String())
	return []byte(strings.ReplaceAll(b.String(), "@GUARD@", guard)), diags
}

// prototypes are the declarations of f, a public function, in the
// header: f's, and its bare-pointer entry's when it has one. The
// descriptor types they use are added to descs.
func prototypes(m *ir.Module, f *ir.Func, descs map[string]*ir.TensorType) ([]string, ir.Diagnostics) {
	var diags ir.Diagnostics
	var params, bare []string // bare: the f_bare entry's, the same but for tensors
	add := func(t ir.Type, name string, isResult bool) {
		p, bp, problem := cParam(t, name, isResult)
		if problem != "" {
			diags = append(diags, ir.Errorf(f.Pos, "@%s %s", f.Name, problem))
			return
		}
		if tt, ok := t.(*ir.TensorType); ok {
			descs[DescName(tt)] = tt
		}
		params, bare = append(params, p), append(bare, bp)
	}
	names := paramNames(f)
	for i, a := range f.Args() {
		add(a.Type(), names[i], false)
	}
	for i, t := range f.ResultTypes {
		add(t, names[len(f.Args())+i], true)
	}
	if len(params) == 0 {
		params = []string{"void"}
	}
	var protos []string
	if f.External {
		protos = append(protos, fmt.Sprintf("/* @%s is external: declared in the module (func.func private, no body), defined outside it, e.g. in C */\n", f.Name))
	}
	protos = append(protos, fmt.Sprintf("/* %s */\nint32_t %s(%s);\n", commentSafe(ir.TypeString(f.Type())), f.Name, strings.Join(params, ", ")))
	if name := BareName(m, f); name != "" {
		protos = append(protos, fmt.Sprintf("/* @%s with bare pointers to row-major tensors; results allocated by the caller */\nint32_t %s(%s);\n", f.Name, name, strings.Join(bare, ", ")))
	}
	return protos, diags
}

// cParam is the C parameter of type t called name, in f's prototype (p)
// and in its bare-pointer entry's (bare), or why t has none.
func cParam(t ir.Type, name string, isResult bool) (p, bare, problem string) {
	c := ""
	if !isResult {
		c = "const "
	}
	switch t := t.(type) {
	case *ir.TensorType:
		if t.Unranked {
			return "", "", fmt.Sprintf("has the unranked type '%s'; run -infer-shapes (and -arg-shapes) first", ir.TypeString(t))
		}
		p = fmt.Sprintf("%s%s *%s", c, DescName(t), name)
		bare = fmt.Sprintf("%s%s *%s /* %s */", c, CElemType(t.Elem), name, ir.TypeString(t))
		return p, bare, ""
	case *ir.VectorType:
		p = fmt.Sprintf("%s%s *%s /* %s */", c, CElemType(t.Elem), name, ir.TypeString(t))
	case *ir.Scalar:
		if isResult {
			p = fmt.Sprintf("%s *%s", cScalarType(t), name)
		} else {
			p = fmt.Sprintf("%s %s", cScalarType(t), name)
		}
	default:
		return "", "", fmt.Sprintf("has the type '%s', which has no C form", ir.TypeString(t))
	}
	return p, p, ""
}

// writeDescTypedefs declares the descriptor types, in name order, each
// under a guard of its own (several headers may declare one).
func writeDescTypedefs(b *strings.Builder, descs map[string]*ir.TensorType) {
	names := make([]string, 0, len(descs))
	for n := range descs {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		t := descs[n]
		c := CElemType(t.Elem)
		fmt.Fprintf(b, "#ifndef TIRC_DESC_%s_%dD\n#define TIRC_DESC_%s_%dD\n", strings.ToUpper(t.Elem.String()), len(t.Shape), strings.ToUpper(t.Elem.String()), len(t.Shape))
		fmt.Fprintf(b, "typedef struct { %s *allocated; %s *aligned; int64_t offset;", c, c)
		if r := len(t.Shape); r > 0 {
			fmt.Fprintf(b, " int64_t sizes[%d]; int64_t strides[%d];", r, r)
		}
		fmt.Fprintf(b, " } %s;\n#endif\n", n)
	}
}

// headerHead is the header's text before the descriptor types: what the
// ABI promises, and the include guard (@GUARD@, filled in at the end).
const headerHead = `/* Generated by tirc -emit-c-header. Native ABI (tirc's README, "The native ABI"):
 * tensors are passed as pointers to strided descriptors (strides and offset
 * in elements); results are allocated by the callee when res->aligned is
 * NULL on entry (release them with tirc_free(res)), else written into the
 * caller's buffer, whose sizes must match. Every function returns 0 on
 * success, 1 for incompatible run-time sizes, 2 for integer division by
 * zero or MIN / -1, 3 when out of memory, 4 when a descriptor contradicts
 * the static type or cannot be used (a NULL pointer where data is needed,
 * strides that overflow, a result whose elements share memory); the reason
 * is written to tirc_error_fd (stderr unless set). Each buffer must be as
 * long as its descriptor claims. i1 is one byte, f16 and bf16 are uint16_t bit patterns. Link with
 * -lm. A function whose tensors all have static shapes also has a
 * bare-pointer entry f_bare: each tensor is a pointer to its first element
 * (row-major, contiguous), results are written into the caller's buffers
 * and do not alias the arguments; same status and messages. */
#ifndef @GUARD@
#define @GUARD@
#include <stdbool.h>
#include <stdint.h>
#ifdef __cplusplus
extern "C" {
#endif

`

// headerGuard is the include guard of a header: TIRC_<NAME>_H_<hash>, NAME
// from the module's name, else the source file's, else the first
// function's, and the hash of the header's text, so that two different
// headers never share a guard while including the same header twice still
// declares it once.
func headerGuard(m *ir.Module, text string) string {
	name := m.Name
	if name == "" && m.Src != nil {
		name = strings.TrimSuffix(filepath.Base(m.Src.Name), filepath.Ext(m.Src.Name))
	}
	if name == "" && len(m.Funcs) > 0 {
		name = m.Funcs[0].Name
	}
	var g strings.Builder
	g.WriteString("TIRC_")
	for _, c := range strings.ToUpper(name) {
		if c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' {
			g.WriteRune(c)
		} else {
			g.WriteByte('_')
		}
	}
	h := fnv.New32a()
	h.Write([]byte(text))
	fmt.Fprintf(&g, "_H_%08X", h.Sum32())
	return g.String()
}

// paramNames returns the C parameter names of f's entry point: its
// arguments' source names (%x -> x) where they are valid, unreserved C
// identifiers, else argN, then res0, res1, ... for the results; all
// distinct.
func paramNames(f *ir.Func) []string {
	used := map[string]bool{}
	var names []string
	pick := func(want, fallback string) {
		name := want
		if !cIdentifier(name) || used[name] {
			name = fallback
		}
		for used[name] {
			name += "_"
		}
		used[name] = true
		names = append(names, name)
	}
	for i, a := range f.Args() {
		pick(sourceName(a), fmt.Sprintf("arg%d", i))
	}
	for i := range f.ResultTypes {
		pick(fmt.Sprintf("res%d", i), fmt.Sprintf("res%d", i))
	}
	return names
}

// sourceName returns the name an argument has in the source text ("x" for
// %x), or "" when the argument was not parsed from text.
func sourceName(v *ir.Value) string {
	p := v.Pos
	if !p.IsValid() || p.File == nil {
		return ""
	}
	line := p.File.Line(int(p.Line))
	if int(p.Col) > len(line) || line[p.Col-1] != '%' {
		return ""
	}
	rest := line[p.Col:]
	end := 0
	for end < len(rest) && isIdentByte(rest[end]) {
		end++
	}
	return rest[:end]
}

func isIdentByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '$' || c == '.' || c == '-'
}

// cIdentifier reports whether s can name a parameter in the header (as C
// and as C++): an identifier, not a keyword, not reserved (_X, __x), not a
// name the header itself uses (tirc_*, *_t types), not a macro of the C
// library (errno, EOF, bool: names.go).
func cIdentifier(s string) bool {
	return CIdent(s) && s[0] != '_' && !strings.HasPrefix(s, "tirc_") && !strings.HasSuffix(s, "_t") && !cKeywords[s] && libraryNames()[s].kind != 'm'
}
