package portable

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/tirc/tirc/codegen/llvmtext"
)

// A portable object (codegen's Options.Portable, tirc -target-cpu=portable)
// holds
// every function once for each x86-64 level, and each entry point
// dispatches to one of them: the level the CPU has, read with cpuid at the
// first call of any entry point and kept in a global (a race between
// threads stores the same value), unless TIRC_TARGET names a lower one.
//
// The module is lowered once, without target attributes; Multiversion
// then copies each function definition of its text per level, renaming
// the functions (calls inside a copy go to the same level's copies) and
// giving each copy its level's target attributes. The copies of an entry
// point are internal, and the entry point's own name becomes its
// dispatcher. Globals (strings, constants, tirc_error_fd), declarations,
// types and metadata are shared, and so are the definitions of other
// linkages (the weak tirc_free).
//
// The levels compute the same bits: codegen uses no fast-math flags, so
// LLVM keeps every operation and its order, and llvm.fma is a correctly
// rounded fmaf call where the level has no FMA instruction.

// portableLevels are the levels, lowest first: the value the dispatcher
// keeps for each is its index + 1 (0: not chosen yet). Each is written as
// the CPU x86-64 with the level's features rather than as the CPU
// x86-64-v3/v4, whose tuning (that of Intel's AVX-512 server cores) makes
// softmax much slower on AMD Zen 5 than generic tuning with the same
// features; LLVM 19 enables 512-bit registers for x86-64 with AVX-512
// features as it does for x86-64-v4.
var portableLevels = []struct{ cpu, suffix, features string }{
	{"x86-64", "x86_64", ""},
	{"x86-64-v3", "x86_64_v3", x86v3Features},
	{"x86-64-v4", "x86_64_v4", x86v3Features + ",+avx512f,+avx512bw,+avx512cd,+avx512dq,+avx512vl"},
}

// x86v3Features are the features of x86-64-v2 and v3 (the x86-64 psABI).
const x86v3Features = "+cx16,+sahf,+popcnt,+sse3,+sse4.1,+sse4.2,+ssse3,+avx,+avx2,+bmi,+bmi2,+f16c,+fma,+lzcnt,+movbe,+xsave"

// levelAttrs is the attribute group of level i.
func levelAttrs(i int) string {
	l := portableLevels[i]
	s := fmt.Sprintf("attributes #%d = { \"target-cpu\"=\"x86-64\"", i)
	if l.features != "" {
		s += fmt.Sprintf(" \"target-features\"=\"%s\"", l.features)
	}
	return s + " }\n"
}

// definition is a function definition of the module's text.
type definition struct {
	name     string // its LLVM name, unquoted
	linkage  string // "" (external), "internal", "private", "weak", ...
	ret      string // the return type, for an external one
	params   string // the parameter list, without parentheses
	text     []byte // from "define" to the closing "}\n"
	before   []byte // the module's text between the previous definition and this one
	multiply bool   // copied per level
}

// Multiversion turns the text of a module lowered without target
// attributes into the portable object; errorFD is the global holding the
// file descriptor of failure messages (the ABI's tirc_error_fd).
func Multiversion(src []byte, errorFD string) ([]byte, error) {
	defs, rest, err := splitDefinitions(src)
	if err != nil {
		return nil, err
	}
	names := map[string]bool{} // every global name the module defines or declares
	for _, n := range globalNames(src) {
		names[n] = true
	}
	renamed := map[string]bool{}
	for _, d := range defs {
		if d.multiply {
			renamed[d.name] = true
		}
	}
	suffix := uniqueSuffix(names, renamed)
	var out bytes.Buffer
	for _, d := range defs {
		out.Write(d.before)
		if !d.multiply {
			out.Write(d.text)
			continue
		}
		for i, l := range portableLevels {
			if i > 0 {
				out.WriteString("\n")
			}
			out.Write(levelCopy(d, renamed, "."+suffix+l.suffix, i))
		}
	}
	rt := newDispatchRuntime(names, src)
	rt.errorFD = errorFD
	for _, d := range defs {
		if d.multiply && d.linkage == "" {
			out.WriteString("\n")
			out.WriteString(rt.dispatcher(d, suffix))
		}
	}
	out.WriteString(rt.text())
	out.Write(rest)
	out.WriteString("\n")
	for i := range portableLevels {
		out.WriteString(levelAttrs(i))
	}
	return out.Bytes(), nil
}

// splitDefinitions cuts src into its function definitions, each with
// the text before it (module-level entities, which keep their place: a
// named type must be defined before a function needs its size), and the
// text after the last.
func splitDefinitions(src []byte) (defs []*definition, rest []byte, err error) {
	start := 0 // of the text before the next definition
	for pos := 0; pos < len(src); {
		end := len(src)
		if i := bytes.IndexByte(src[pos:], '\n'); i >= 0 {
			end = pos + i + 1
		}
		if !bytes.HasPrefix(src[pos:], []byte("define ")) {
			pos = end
			continue
		}
		close := bytes.Index(src[pos:], []byte("\n}\n"))
		if close < 0 {
			return nil, nil, fmt.Errorf("portable: a function definition without its closing '}'")
		}
		d, err := parseDefinition(src[pos : pos+close+3])
		if err != nil {
			return nil, nil, err
		}
		d.before = src[start:pos]
		defs = append(defs, d)
		pos += close + 3
		start = pos
	}
	return defs, src[start:], nil
}

// parseDefinition reads a definition's header: define [linkage] ret
// @name(params) attrs {.
func parseDefinition(text []byte) (*definition, error) {
	line := string(text[:bytes.IndexByte(text, '\n')])
	at := strings.Index(line, " @")
	if at < 0 {
		return nil, fmt.Errorf("portable: no function name in %q", line)
	}
	name, n := readGlobalName(line[at+2:])
	open := at + 2 + n
	if n == 0 || open >= len(line) || line[open] != '(' {
		return nil, fmt.Errorf("portable: cannot read the function name in %q", line)
	}
	close := matchingParen(line, open)
	if close < 0 {
		return nil, fmt.Errorf("portable: unbalanced parameter list in %q", line)
	}
	d := &definition{name: name, params: line[open+1 : close], text: text}
	words := strings.Fields(line[len("define "):at])
	switch {
	case len(words) > 1 && (words[0] == "internal" || words[0] == "private"):
		d.linkage, d.multiply = words[0], true
	case len(words) == 1:
		d.ret, d.multiply = words[0], true
	default:
		d.linkage = words[0]
	}
	return d, nil
}

// matchingParen is the index of the ')' closing the '(' at open, or -1.
func matchingParen(s string, open int) int {
	depth := 0
	for i := open; i < len(s); i++ {
		switch s[i] {
		case '"':
			j := strings.IndexByte(s[i+1:], '"')
			if j < 0 {
				return -1
			}
			i += j + 1
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}

// readGlobalName reads the name after an '@' at the start of s: plain,
// or quoted (LLVM escapes '"' inside as \22). It returns the name and the
// bytes read.
func readGlobalName(s string) (string, int) {
	if strings.HasPrefix(s, "\"") {
		j := strings.IndexByte(s[1:], '"')
		if j < 0 {
			return "", 0
		}
		return unescapeLL(s[1 : j+1]), j + 2
	}
	i := 0
	for i < len(s) && isNameByte(s[i]) {
		i++
	}
	return s[:i], i
}

func isNameByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '$' || c == '.' || c == '_'
}

// unescapeLL undoes the \XX escapes of a quoted LLVM name.
func unescapeLL(s string) string {
	if !strings.Contains(s, "\\") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+2 < len(s) {
			var v byte
			if _, err := fmt.Sscanf(s[i+1:i+3], "%02X", &v); err == nil {
				b.WriteByte(v)
				i += 2
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// eachGlobalRef calls f with the start, end and name of every @name in
// text outside string constants.
func eachGlobalRef(text []byte, f func(start, end int, name string)) {
	s := string(text)
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '"': // a string constant or quoted local name: skip it
			j := strings.IndexByte(s[i+1:], '"')
			if j < 0 {
				return
			}
			i += j + 1
		case '@':
			name, n := readGlobalName(s[i+1:])
			if n > 0 {
				f(i, i+1+n, name)
				i += n
			}
		}
	}
}

// globalNames are the names after every '@' of src.
func globalNames(src []byte) []string {
	var names []string
	eachGlobalRef(src, func(_, _ int, name string) { names = append(names, name) })
	return names
}

// uniqueSuffix is the prefix of the level suffixes: "" unless a renamed
// function would take a name the module has.
func uniqueSuffix(names, renamed map[string]bool) string {
	for prefix := ""; ; prefix += "p" {
		clash := false
		for n := range renamed {
			for _, l := range portableLevels {
				if names[n+"."+prefix+l.suffix] {
					clash = true
				}
			}
		}
		if !clash {
			return prefix
		}
	}
}

// levelCopy is d's text for level i: the names of the copied functions
// take the suffix, an entry point becomes internal, and the header gets
// the level's attribute group.
func levelCopy(d *definition, renamed map[string]bool, suffix string, i int) []byte {
	var b bytes.Buffer
	text := d.text
	nl := bytes.IndexByte(text, '\n')
	header := bytes.TrimSuffix(text[:nl], []byte(" {"))
	if d.linkage == "" {
		header = append([]byte("define internal "), header[len("define "):]...)
	}
	header = append(append([]byte(nil), header...), fmt.Sprintf(" #%d {", i)...)
	rename := func(part []byte) {
		last := 0
		eachGlobalRef(part, func(start, end int, name string) {
			if !renamed[name] {
				return
			}
			b.Write(part[last:start])
			b.WriteString(llvmtext.GlobalIdent(name + suffix))
			last = end
		})
		b.Write(part[last:])
	}
	rename(header)
	rename(text[nl:])
	return b.Bytes()
}

// dispatchRuntime is the code entry points share to choose a level: its
// names, made unique in the module.
type dispatchRuntime struct {
	level, choose, detect string // the chosen level (global), its reader, cpuid
	env, names, warn      string // strings
	errorFD               string // the global of the messages' file descriptor
	declare               []string
}

func newDispatchRuntime(names map[string]bool, src []byte) *dispatchRuntime {
	unique := func(want string) string {
		n := want
		for i := 1; names[n]; i++ {
			n = fmt.Sprintf("%s.%d", want, i)
		}
		names[n] = true
		return n
	}
	rt := &dispatchRuntime{level: unique("tirc.level"), choose: unique("tirc.level.get"), detect: unique("tirc.level.cpuid"),
		env: unique("tirc.level.env"), names: unique("tirc.level.names"), warn: unique("tirc.level.warn")}
	for _, d := range []struct{ name, decl string }{
		{"getenv", "declare i8* @getenv(i8*)"},
		{"strcmp", "declare i32 @strcmp(i8*, i8*)"},
		{"dprintf", "declare i32 @dprintf(i32, i8*, ...)"},
	} {
		if !bytes.Contains(src, []byte("declare i8* @"+d.name+"(")) && !bytes.Contains(src, []byte("declare i32 @"+d.name+"(")) {
			rt.declare = append(rt.declare, d.decl)
		}
	}
	return rt
}

// dispatcher is the entry point d: a call of its copy for the level
// chosen.
func (rt *dispatchRuntime) dispatcher(d *definition, prefix string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "define %s %s(%s) nounwind {\nentry:\n", d.ret, llvmtext.GlobalIdent(d.name), d.params)
	fmt.Fprintf(&b, "  %%level = call i32 @%s()\n", rt.choose)
	b.WriteString("  switch i32 %level, label %l1 [ i32 2, label %l2\n    i32 3, label %l3 ]\n")
	args := callArgs(d.params)
	for i, l := range portableLevels {
		fmt.Fprintf(&b, "l%d:\n", i+1)
		callee := llvmtext.GlobalIdent(d.name + "." + prefix + l.suffix)
		if d.ret == "void" {
			fmt.Fprintf(&b, "  musttail call void %s(%s)\n  ret void\n", callee, args)
			continue
		}
		fmt.Fprintf(&b, "  %%r%d = musttail call %s %s(%s)\n  ret %s %%r%d\n", i+1, d.ret, callee, args, d.ret, i+1)
	}
	b.WriteString("}\n")
	return b.String()
}

// callArgs is a parameter list as a call's arguments: each parameter's
// type and name (its attributes, which the copy has, are dropped).
func callArgs(params string) string {
	var args []string
	depth, start := 0, 0
	flush := func(end int) {
		p := strings.TrimSpace(params[start:end])
		if p == "" {
			return
		}
		sp := strings.LastIndexByte(p, ' ')
		args = append(args, paramType(p[:sp])+" "+p[sp+1:])
	}
	for i := 0; i < len(params); i++ {
		switch params[i] {
		case '(', '[', '{', '<':
			depth++
		case ')', ']', '}', '>':
			depth--
		case ',':
			if depth == 0 {
				flush(i)
				start = i + 1
			}
		}
	}
	flush(len(params))
	return strings.Join(args, ", ")
}

// paramType is the type at the start of a parameter's type and
// attributes: up to the first blank outside brackets.
func paramType(s string) string {
	depth := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(', '[', '{', '<':
			depth++
		case ')', ']', '}', '>':
			depth--
		case ' ':
			if depth == 0 {
				return s[:i]
			}
		}
	}
	return s
}

// The cpuid bits of the levels (leaf 1 ecx; leaf 7 ebx; leaf 0x80000001
// ecx) and the register state the OS must save (XCR0), as x86-64-v3 and
// v4 are defined (the x86-64 psABI's micro-architecture levels; v2's
// features are all in leaf 1 ecx and 0x80000001 ecx).
const (
	// sse3 ssse3 fma cx16 sse4.1 sse4.2 movbe popcnt osxsave avx f16c
	v3Leaf1ECX = 1<<0 | 1<<9 | 1<<12 | 1<<13 | 1<<19 | 1<<20 | 1<<22 | 1<<23 | 1<<27 | 1<<28 | 1<<29
	v3Leaf7EBX = 1<<3 | 1<<5 | 1<<8                    // bmi avx2 bmi2
	v3ExtECX   = 1<<0 | 1<<5                           // lahf-sahf lzcnt
	v3XCR0     = 0x6                                   // xmm, ymm state
	v4Leaf7EBX = 1<<16 | 1<<17 | 1<<28 | 1<<30 | 1<<31 // avx512 f dq cd bw vl
	v4XCR0     = 0xe6                                  // and opmask, zmm state
)

// text is the shared code: the chosen level, its reader, the cpuid
// check and TIRC_TARGET.
func (rt *dispatchRuntime) text() string {
	var b strings.Builder
	b.WriteString("\n")
	for _, d := range rt.declare {
		b.WriteString(d + "\n")
	}
	strs := []struct{ name, s string }{
		{rt.env, "TIRC_TARGET"},
		{rt.names + ".1", portableLevels[0].cpu}, {rt.names + ".2", portableLevels[1].cpu}, {rt.names + ".3", portableLevels[2].cpu},
		{rt.warn, "tirc: warning: TIRC_TARGET=%s is not x86-64, x86-64-v3 or x86-64-v4, or is more than this CPU has (%s): using %s\n"},
	}
	str := map[string]string{}
	for _, s := range strs {
		arr := fmt.Sprintf("[%d x i8]", len(s.s)+1)
		fmt.Fprintf(&b, "%s = private unnamed_addr constant %s c\"%s\\00\"\n", llvmtext.GlobalIdent(s.name), arr, llvmtext.EscapeString(s.s))
		str[s.name] = fmt.Sprintf("getelementptr inbounds (%s, %s* %s, i64 0, i64 0)", arr, arr, llvmtext.GlobalIdent(s.name))
	}
	r := strings.NewReplacer("LEVEL", llvmtext.GlobalIdent(rt.level), "CHOOSE", llvmtext.GlobalIdent(rt.choose), "DETECT", llvmtext.GlobalIdent(rt.detect),
		"ENV", str[rt.env], "NAME1", str[rt.names+".1"], "NAME2", str[rt.names+".2"], "NAME3", str[rt.names+".3"], "WARN", str[rt.warn],
		"ERRFD", llvmtext.GlobalIdent(rt.errorFD),
		"V3ECX1", fmt.Sprint(asI32(v3Leaf1ECX)), "V3EBX7", fmt.Sprint(asI32(v3Leaf7EBX)), "V3EXT", fmt.Sprint(asI32(v3ExtECX)),
		"V3XCR0", fmt.Sprint(v3XCR0), "V4EBX7", fmt.Sprint(asI32(v4Leaf7EBX)), "V4XCR0", fmt.Sprint(v4XCR0))
	b.WriteString(r.Replace(dispatchIR))
	return b.String()
}

// dispatchIR is the shared code, with the names of the module's symbols
// in capitals. CHOOSE returns the level (1 x86-64, 2 v3, 3 v4), chosen
// at its first call; DETECT reads it with cpuid (no cpuid leaf 7 or
// extended leaf 0x80000001 means baseline x86-64).
const dispatchIR = `
LEVEL = internal global i32 0, align 4

define internal i32 CHOOSE() nounwind {
entry:
  %known = load atomic i32, i32* LEVEL unordered, align 4
  %unset = icmp eq i32 %known, 0
  br i1 %unset, label %choose, label %done
done:
  ret i32 %known
choose:
  %cpu = call i32 DETECT()
  %env = call i8* @getenv(i8* ENV)
  %noenv = icmp eq i8* %env, null
  br i1 %noenv, label %keep, label %forced
forced:
  %is1 = call i32 @strcmp(i8* %env, i8* NAME1)
  %is2 = call i32 @strcmp(i8* %env, i8* NAME2)
  %is3 = call i32 @strcmp(i8* %env, i8* NAME3)
  %eq1 = icmp eq i32 %is1, 0
  %eq2 = icmp eq i32 %is2, 0
  %eq3 = icmp eq i32 %is3, 0
  %w3 = select i1 %eq3, i32 3, i32 0
  %w2 = select i1 %eq2, i32 2, i32 %w3
  %want = select i1 %eq1, i32 1, i32 %w2
  %named = icmp ne i32 %want, 0
  %runs = icmp sle i32 %want, %cpu
  %ok = and i1 %named, %runs
  br i1 %ok, label %store, label %warn
warn:
  %cpu2 = icmp eq i32 %cpu, 2
  %cpu3 = icmp eq i32 %cpu, 3
  %n23 = select i1 %cpu2, i8* NAME2, i8* NAME1
  %cpuname = select i1 %cpu3, i8* NAME3, i8* %n23
  %fd = load i32, i32* ERRFD, align 4
  %ignored = call i32 (i32, i8*, ...) @dprintf(i32 %fd, i8* WARN, i8* %env, i8* %cpuname, i8* %cpuname)
  br label %keep
keep:
  br label %store
store:
  %level = phi i32 [ %cpu, %keep ], [ %want, %forced ]
  store atomic i32 %level, i32* LEVEL unordered, align 4
  ret i32 %level
}

define internal i32 DETECT() noinline nounwind {
entry:
  %r0 = call { i32, i32, i32, i32 } asm "cpuid", "={ax},={bx},={cx},={dx},{ax},{cx},~{dirflag},~{fpsr},~{flags}"(i32 0, i32 0)
  %max = extractvalue { i32, i32, i32, i32 } %r0, 0
  %e0 = call { i32, i32, i32, i32 } asm "cpuid", "={ax},={bx},={cx},={dx},{ax},{cx},~{dirflag},~{fpsr},~{flags}"(i32 -2147483648, i32 0)
  %maxext = extractvalue { i32, i32, i32, i32 } %e0, 0
  %has7 = icmp uge i32 %max, 7
  %hasext = icmp uge i32 %maxext, 2147483649
  %leaves = and i1 %has7, %hasext
  br i1 %leaves, label %leaf1, label %base
leaf1:
  %r1 = call { i32, i32, i32, i32 } asm "cpuid", "={ax},={bx},={cx},={dx},{ax},{cx},~{dirflag},~{fpsr},~{flags}"(i32 1, i32 0)
  %ecx1 = extractvalue { i32, i32, i32, i32 } %r1, 2
  %m1 = and i32 %ecx1, V3ECX1
  %ok1 = icmp eq i32 %m1, V3ECX1
  br i1 %ok1, label %v3, label %base
v3:
  %x = call { i32, i32 } asm "xgetbv", "={ax},={dx},{cx},~{dirflag},~{fpsr},~{flags}"(i32 0)
  %xcr0 = extractvalue { i32, i32 } %x, 0
  %r7 = call { i32, i32, i32, i32 } asm "cpuid", "={ax},={bx},={cx},={dx},{ax},{cx},~{dirflag},~{fpsr},~{flags}"(i32 7, i32 0)
  %ebx7 = extractvalue { i32, i32, i32, i32 } %r7, 1
  %e1 = call { i32, i32, i32, i32 } asm "cpuid", "={ax},={bx},={cx},={dx},{ax},{cx},~{dirflag},~{fpsr},~{flags}"(i32 -2147483647, i32 0)
  %ecxe = extractvalue { i32, i32, i32, i32 } %e1, 2
  %mx3 = and i32 %xcr0, V3XCR0
  %okx3 = icmp eq i32 %mx3, V3XCR0
  %m7 = and i32 %ebx7, V3EBX7
  %ok7 = icmp eq i32 %m7, V3EBX7
  %me = and i32 %ecxe, V3EXT
  %oke = icmp eq i32 %me, V3EXT
  %ok3a = and i1 %okx3, %ok7
  %ok3 = and i1 %ok3a, %oke
  br i1 %ok3, label %v4, label %base
v4:
  %mx4 = and i32 %xcr0, V4XCR0
  %okx4 = icmp eq i32 %mx4, V4XCR0
  %m74 = and i32 %ebx7, V4EBX7
  %ok74 = icmp eq i32 %m74, V4EBX7
  %ok4 = and i1 %okx4, %ok74
  %l = select i1 %ok4, i32 3, i32 2
  ret i32 %l
base:
  ret i32 1
}
`

// asI32 is a 32-bit mask as LLVM writes an i32 constant (signed).
func asI32(v uint32) int32 { return int32(v) }
