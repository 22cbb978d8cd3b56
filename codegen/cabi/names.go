package cabi

import (
	_ "embed"
	"fmt"
	"strings"
	"sync"

	"github.com/tirc/tirc/ir"
)

// Symbol names. A public function (or an external declaration, which
// names a function written in C) is an external symbol of the program it
// is linked into and a C name in the header, so its name must be a C
// identifier that is none of:
//
//   - a keyword of C23 or C++20 (int, class, ...);
//   - a name reserved to the C implementation: beginning with '_' or
//     containing "__" (compiler-rt's __udivti3, the sanitizers' __asan_*);
//   - a name the C standard library or POSIX declares: a function,
//     variable, type or macro of their headers (memset, exit, expf, stderr,
//     int64_t, EOF: c/reserved_names.txt, made by
//     scripts/reserved-names.py from glibc's headers). Every library call
//     LLVM itself emits is one of them (memset, memcpy, memmove for
//     copies and fills, libm for math intrinsics): a public @memset would
//     replace the library's, and clang's own zero-fill would call it;
//   - main, tirc's own names (tirc, and tirc_... or TIRC_... in any
//     case), libgomp's (GOMP_..., omp_...) and LLVM OpenMP's (kmp_...,
//     __kmpc_...), which generated code calls.
//
// Everything else tirc emits has internal or private linkage and a name no
// public function can take: fast entries f.general, loop nests f.nest1,
// constants and strings .const0, .str0 (each has a '.'). A private
// function keeps its name in the LLVM module unless that name is one of
// the above or an LLVM one (llvm.*), which the backend or linker could
// bind to: then it is tirc.private.<name>. Names are made unique within
// the module (codegen's moduleCtx.symbol), so a private @".str0" moves tirc's string
// constant instead of clashing with it.

//go:embed c/reserved_names.txt
var reservedNamesText string

// libraryName is an identifier of the C library or POSIX headers.
type libraryName struct {
	header string
	kind   byte // f function, v variable, t type, e enumerator, m macro
}

// libraryNames maps each name of reserved_names.txt to its header and
// kind, made on first use: building it took 3 ms of every run's start,
// half of a small file's -verify.
var libraryNames = sync.OnceValue(func() map[string]libraryName {
	m := make(map[string]libraryName, strings.Count(reservedNamesText, "\n"))
	for _, line := range strings.Split(reservedNamesText, "\n") {
		if f := strings.Fields(line); len(f) == 3 {
			m[f[0]] = libraryName{f[1], f[2][0]}
		}
	}
	return m
})

// cKeywords are the keywords of C23 and C++20, including C++'s
// alternative operator spellings.
var cKeywords = func() map[string]bool {
	m := map[string]bool{}
	for _, k := range strings.Fields(`auto break case char const continue default do double else enum extern
		float for goto if inline int long register restrict return short signed sizeof static struct switch
		typedef union unsigned void volatile while bool true false alignas alignof constexpr nullptr
		static_assert thread_local typeof typeof_unqual and and_eq asm bitand
		bitor catch char8_t char16_t char32_t class compl concept consteval constinit const_cast
		co_await co_return co_yield decltype delete dynamic_cast explicit export friend mutable namespace new
		noexcept not not_eq operator or or_eq private protected public reinterpret_cast requires
		static_cast template this throw try typeid typename using virtual wchar_t
		xor xor_eq`) {
		m[k] = true
	}
	return m
}()

// reservedPrefixes are the name prefixes of tirc's and the OpenMP
// runtimes' symbols (compared without case for tirc).
var reservedPrefixes = []string{"GOMP_", "omp_", "kmp_"}

// CheckName reports why f's name cannot be used, or nil. Private
// definitions may have any name (see PrivateSymbol).
func CheckName(f *ir.Func) *ir.Diagnostic {
	if f.Visibility == "private" && !f.External {
		return nil
	}
	if why := publicNameProblem(f.Name); why != "" {
		return ir.Errorf(f.Pos, "function name '@%s' %s; rename it, or make the function private", f.Name, why)
	}
	return nil
}

// publicNameProblem says why name cannot be a public symbol, or "".
func publicNameProblem(name string) string {
	lower := strings.ToLower(name)
	switch {
	case !CIdent(name):
		return "is not a C identifier, which a public function's name must be (the header and C callers use it)"
	case cKeywords[name]:
		return "is a keyword of C or C++"
	case name[0] == '_' || strings.Contains(name, "__"):
		return "is reserved to the C implementation (it begins with '_' or contains \"__\")"
	case name == "main":
		return "clashes with the program's main()"
	case lower == "tirc" || strings.HasPrefix(lower, "tirc_"):
		return "is one of tirc's own names (tirc, tirc_...)"
	}
	for _, p := range reservedPrefixes {
		if strings.HasPrefix(name, p) {
			return fmt.Sprintf("is in the OpenMP runtime's namespace (%s...), which generated code calls", p)
		}
	}
	if l, ok := libraryNames()[name]; ok {
		return fmt.Sprintf("is a name of the C library (<%s>): a public function would replace the library's symbol in the linked program, or break the generated header", l.header)
	}
	return ""
}

// PrivateSymbol is the LLVM name of the private function name: its own
// when no external symbol or LLVM intrinsic could be confused with it.
func PrivateSymbol(name string) string {
	if strings.HasPrefix(name, "llvm.") || (CIdent(name) && publicNameProblem(name) != "") {
		return "tirc.private." + name
	}
	return name
}

// CIdent reports whether s has the form of a C identifier.
func CIdent(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return s != ""
}

// ErrorFDSymbol is the global every module defines (weak, so that several
// modules link into one program) holding the file descriptor failure
// messages are written to: 2 (stderr) unless the caller sets another, as
// the Python package does to hand a failed call's message to the
// exception it raises.
//
//	extern int32_t tirc_error_fd;
//	tirc_error_fd = pipe_write_end;
const ErrorFDSymbol = "tirc_error_fd"

// ElemName is an element type's name in the ABI's names: the C
// descriptor typedefs (tirc_desc_f32_2d) and the module's descriptor
// helpers (tirc.check.arg.f32...).
func ElemName(e *ir.Scalar) string { return e.String() }

// Bare-pointer entries (see codegen's bare.go): a public function whose
// tensors all have static shapes also gets f_bare, taking each tensor as
// a pointer to its first element.

// BareName is the name of f's bare-pointer entry in module m, or "" when
// f has none: f is a public definition with at least one tensor, every
// tensor ranked with static sizes, and m has no function of that name.
func BareName(m *ir.Module, f *ir.Func) string {
	if f.External || f.Visibility == "private" {
		return ""
	}
	tensors := 0
	static := func(t ir.Type) bool {
		if tt, ok := t.(*ir.TensorType); ok {
			tensors++
			return !tt.Unranked && ir.IsStatic(tt.Shape)
		}
		return true
	}
	for _, a := range f.Args() {
		if !static(a.Type()) {
			return ""
		}
	}
	for _, t := range f.ResultTypes {
		if !static(t) {
			return ""
		}
	}
	name := f.Name + "_bare"
	if tensors == 0 || m.Lookup(name) != nil || publicNameProblem(name) != "" {
		return ""
	}
	return name
}
