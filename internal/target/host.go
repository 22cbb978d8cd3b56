package target

import (
	"strings"
	"sync"
)

// CPUID is the cpuid instruction: the four registers leaf and subleaf
// return. XGETBV reads XCR0, the register state the OS saves; it is only
// called when cpuid says the OS enabled XSAVE.
type CPUID struct {
	Query  func(leaf, sub uint32) (a, b, c, d uint32)
	XGETBV func() uint64
}

// Info is what tirc reads of a CPU: vendor, family and model as LLVM
// decodes them, and the features of the table below it has.
type Info struct {
	Vendor        string // "GenuineIntel", "AuthenticAMD", ...
	Family, Model uint32
	Has           map[string]bool
}

// A feature is an LLVM x86 feature and the cpuid bit that says the CPU
// has it: reg is 0..3 for eax..edx of leaf/sub. os is the register state
// the feature needs saved by the OS: 'y' the AVX state (XCR0 bits 1-2),
// 'z' the AVX-512 state as well (bits 5-7).
type feature struct {
	name      string
	leaf, sub uint32
	reg, bit  uint8
	os        byte
}

const (
	eax = iota
	ebx
	ecx
	edx
)

// features are the x86 features tirc writes, + or -: each one both LLVM
// 14 and LLVM 19 know (so neither clang warns), with the cpuid bit LLVM's
// getHostCPUFeatures reads.
var features = []feature{
	{"cmov", 1, 0, edx, 15, 0}, {"cx8", 1, 0, edx, 8, 0}, {"mmx", 1, 0, edx, 23, 0},
	{"fxsr", 1, 0, edx, 24, 0}, {"sse", 1, 0, edx, 25, 0}, {"sse2", 1, 0, edx, 26, 0},
	{"sse3", 1, 0, ecx, 0, 0}, {"pclmul", 1, 0, ecx, 1, 0}, {"ssse3", 1, 0, ecx, 9, 0},
	{"fma", 1, 0, ecx, 12, 'y'}, {"cx16", 1, 0, ecx, 13, 0}, {"sse4.1", 1, 0, ecx, 19, 0},
	{"sse4.2", 1, 0, ecx, 20, 0}, {"movbe", 1, 0, ecx, 22, 0}, {"popcnt", 1, 0, ecx, 23, 0},
	{"aes", 1, 0, ecx, 25, 0}, {"xsave", 1, 0, ecx, 26, 0}, {"avx", 1, 0, ecx, 28, 'y'},
	{"f16c", 1, 0, ecx, 29, 'y'}, {"rdrnd", 1, 0, ecx, 30, 0},
	{"fsgsbase", 7, 0, ebx, 0, 0}, {"bmi", 7, 0, ebx, 3, 0}, {"avx2", 7, 0, ebx, 5, 'y'},
	{"bmi2", 7, 0, ebx, 8, 0}, {"avx512f", 7, 0, ebx, 16, 'z'}, {"avx512dq", 7, 0, ebx, 17, 'z'},
	{"rdseed", 7, 0, ebx, 18, 0}, {"adx", 7, 0, ebx, 19, 0}, {"avx512ifma", 7, 0, ebx, 21, 'z'},
	{"clflushopt", 7, 0, ebx, 23, 0}, {"clwb", 7, 0, ebx, 24, 0}, {"avx512cd", 7, 0, ebx, 28, 'z'},
	{"sha", 7, 0, ebx, 29, 0}, {"avx512bw", 7, 0, ebx, 30, 'z'}, {"avx512vl", 7, 0, ebx, 31, 'z'},
	{"avx512vbmi", 7, 0, ecx, 1, 'z'}, {"avx512vbmi2", 7, 0, ecx, 6, 'z'}, {"gfni", 7, 0, ecx, 8, 0},
	{"vaes", 7, 0, ecx, 9, 'y'}, {"vpclmulqdq", 7, 0, ecx, 10, 'y'}, {"avx512vnni", 7, 0, ecx, 11, 'z'},
	{"avx512bitalg", 7, 0, ecx, 12, 'z'}, {"avx512vpopcntdq", 7, 0, ecx, 14, 'z'},
	{"rdpid", 7, 0, ecx, 22, 0}, {"movdiri", 7, 0, ecx, 27, 0}, {"movdir64b", 7, 0, ecx, 28, 0},
	{"avx512vp2intersect", 7, 0, edx, 8, 'z'}, {"serialize", 7, 0, edx, 14, 0},
	{"avx512fp16", 7, 0, edx, 23, 'z'},
	{"avxvnni", 7, 1, eax, 4, 'y'}, {"avx512bf16", 7, 1, eax, 5, 'z'},
	{"xsaveopt", 0xd, 1, eax, 0, 0}, {"xsavec", 0xd, 1, eax, 1, 0}, {"xsaves", 0xd, 1, eax, 3, 0},
	{"sahf", 0x80000001, 0, ecx, 0, 0}, {"lzcnt", 0x80000001, 0, ecx, 5, 0},
	{"sse4a", 0x80000001, 0, ecx, 6, 0}, {"prfchw", 0x80000001, 0, ecx, 8, 0},
	{"xop", 0x80000001, 0, ecx, 11, 'y'}, {"fma4", 0x80000001, 0, ecx, 16, 'y'},
	{"tbm", 0x80000001, 0, ecx, 21, 0},
	{"clzero", 0x80000008, 0, ebx, 0, 0}, {"wbnoinvd", 0x80000008, 0, ebx, 9, 0},
}

// Read reads vendor, family, model and features with c.
func Read(c CPUID) Info {
	maxLeaf, b, cx, d := c.Query(0, 0)
	in := Info{Vendor: vendorString(b, d, cx), Has: map[string]bool{}}
	a, _, ecx1, _ := c.Query(1, 0)
	in.Family, in.Model = (a>>8)&0xf, (a>>4)&0xf
	if in.Family == 6 || in.Family == 0xf {
		if in.Family == 0xf {
			in.Family += (a >> 20) & 0xff
		}
		in.Model += ((a >> 16) & 0xf) << 4
	}
	var xcr0 uint64
	if ecx1&(1<<27) != 0 { // OSXSAVE: the OS enabled XGETBV
		xcr0 = c.XGETBV()
	}
	osAVX := xcr0&0x6 == 0x6
	osAVX512 := osAVX && xcr0&0xe0 == 0xe0
	maxExt, _, _, _ := c.Query(0x80000000, 0)
	var max7sub uint32
	if maxLeaf >= 7 {
		max7sub, _, _, _ = c.Query(7, 0)
	}
	regs := map[[2]uint32][4]uint32{}
	for _, f := range features {
		key := [2]uint32{f.leaf, f.sub}
		switch {
		case f.leaf >= 0x80000000 && f.leaf > maxExt,
			f.leaf < 0x80000000 && f.leaf > maxLeaf,
			f.leaf == 7 && f.sub > max7sub:
			continue
		}
		r, ok := regs[key]
		if !ok {
			r[0], r[1], r[2], r[3] = c.Query(f.leaf, f.sub)
			regs[key] = r
		}
		has := r[f.reg]&(1<<f.bit) != 0
		switch f.os {
		case 'y':
			has = has && osAVX
		case 'z':
			has = has && osAVX512
		}
		in.Has[f.name] = has
	}
	return in
}

func vendorString(regs ...uint32) string {
	var b strings.Builder
	for _, r := range regs {
		for i := 0; i < 4; i++ {
			b.WriteByte(byte(r >> (8 * i)))
		}
	}
	return b.String()
}

// Attrs are the attributes tirc writes for a CPU read by Read: its LLVM
// name, or one LLVM 14 knows too (see compatName), and every feature of
// the table, + or -.
func (in Info) Attrs() Target {
	var fs []string
	for _, f := range features {
		sign := "-"
		if in.Has[f.name] {
			sign = "+"
		}
		fs = append(fs, sign+f.name)
	}
	return Target{CPU: in.compatName(), Features: strings.Join(fs, ",")}
}

// compatName is in's LLVM name when LLVM 14 knows it, and otherwise
// x86-64 (the explicit features give the rest), as clang-14's
// -march=native writes for a CPU it does not know. Not a level name:
// x86-64-v4's tuning makes softmax much slower on AMD Zen 5 than
// x86-64's with the same features. When the host has AVX-512 the name must be one
// whose LLVM 19 definition includes 512-bit registers (EVEX512, which
// LLVM 14 does not know as a feature), or x86-64, for which LLVM 19 adds
// EVEX512 to AVX-512 features itself; else LLVM 19 would use only
// 256-bit registers.
func (in Info) compatName() string {
	name := in.LLVMName()
	if x86CPUs().llvm14[name] && (!in.Has["avx512f"] || avx512CPU(name)) {
		return name
	}
	return "x86-64"
}

// avx512CPU reports whether LLVM's CPU name includes AVX-512.
func avx512CPU(name string) bool {
	switch name {
	case "knl", "knm", "skylake-avx512", "skx", "cascadelake", "cooperlake", "cannonlake",
		"icelake-client", "icelake-server", "rocketlake", "tigerlake", "sapphirerapids", "x86-64-v4":
		return true
	}
	return false
}

// LLVMName is the CPU name LLVM's getHostCPUName gives in for the common
// Intel and AMD CPUs (LLVM 19's names), "generic" for others.
func (in Info) LLVMName() string {
	switch in.Vendor {
	case "GenuineIntel":
		if in.Family == 6 {
			if n, ok := intelModels[in.Model]; ok {
				return in.refineIntel(n)
			}
		}
	case "AuthenticAMD":
		if n := amdName(in.Family, in.Model); n != "" {
			return n
		}
	}
	return in.guess()
}

// intelModels are the family 6 models LLVM names.
var intelModels = func() map[uint32]string {
	m := map[uint32]string{}
	for name, models := range map[string][]uint32{
		"core2":           {0x0f, 0x16},
		"penryn":          {0x17, 0x1d},
		"nehalem":         {0x1a, 0x1e, 0x1f, 0x2e},
		"westmere":        {0x25, 0x2c, 0x2f},
		"sandybridge":     {0x2a, 0x2d},
		"ivybridge":       {0x3a, 0x3e},
		"haswell":         {0x3c, 0x3f, 0x45, 0x46},
		"broadwell":       {0x3d, 0x47, 0x4f, 0x56},
		"skylake":         {0x4e, 0x5e, 0x8e, 0x9e, 0xa5, 0xa6},
		"rocketlake":      {0xa7},
		"skylake-avx512":  {0x55}, // refined by features (refineIntel)
		"cannonlake":      {0x66},
		"icelake-client":  {0x7d, 0x7e},
		"tigerlake":       {0x8c, 0x8d},
		"alderlake":       {0x97, 0x9a, 0xbe, 0xb7, 0xba, 0xbf, 0xaa, 0xac},
		"arrowlake":       {0xc5},
		"arrowlake-s":     {0xc6, 0xbd},
		"graniterapids":   {0xad},
		"graniterapids-d": {0xae},
		"icelake-server":  {0x6a, 0x6c},
		"sapphirerapids":  {0x8f, 0xcf},
		"bonnell":         {0x1c, 0x26, 0x27, 0x35, 0x36},
		"silvermont":      {0x37, 0x4a, 0x4d, 0x5a, 0x5d, 0x4c},
		"goldmont":        {0x5c, 0x5f},
		"goldmont-plus":   {0x7a},
		"tremont":         {0x86, 0x8a, 0x96, 0x9c},
		"sierraforest":    {0xaf},
		"grandridge":      {0xb6},
		"knl":             {0x57},
		"knm":             {0x85},
	} {
		for _, mo := range models {
			m[mo] = name
		}
	}
	return m
}()

// refineIntel tells the Skylake Xeons apart by their features.
func (in Info) refineIntel(name string) string {
	if name != "skylake-avx512" {
		return name
	}
	switch {
	case in.Has["avx512bf16"]:
		return "cooperlake"
	case in.Has["avx512vnni"]:
		return "cascadelake"
	}
	return name
}

// amdName is LLVM's name of an AMD family and model, or "".
func amdName(family, model uint32) string {
	in := func(lo, hi uint32) bool { return lo <= model && model <= hi }
	switch family {
	case 0x10:
		return "amdfam10"
	case 0x14:
		return "btver1"
	case 0x15:
		switch {
		case in(0x60, 0x7f):
			return "bdver4"
		case in(0x30, 0x3f):
			return "bdver3"
		case in(0x10, 0x1f) || model == 0x02:
			return "bdver2"
		}
		return "bdver1"
	case 0x16:
		return "btver2"
	case 0x17:
		if in(0x30, 0x3f) || in(0x47, 0x47) || in(0x60, 0x6f) || in(0x70, 0x7f) || in(0x84, 0x87) || in(0x90, 0xaf) {
			return "znver2"
		}
		return "znver1"
	case 0x19:
		if in(0x10, 0x1f) || in(0x60, 0x74) || in(0x78, 0x7b) || in(0xa0, 0xaf) {
			return "znver4"
		}
		return "znver3"
	case 0x1a:
		return "znver5"
	}
	return ""
}

// guess names an unknown CPU by its features, as LLVM does for unknown
// Intel models, and other vendors' CPUs generic.
func (in Info) guess() string {
	if in.Vendor == "GenuineIntel" && in.Family == 6 {
		for _, g := range []struct{ feat, name string }{
			{"avx512vp2intersect", "tigerlake"}, {"avx512vbmi2", "icelake-client"}, {"avx512vbmi", "cannonlake"},
			{"avx512bf16", "cooperlake"}, {"avx512vnni", "cascadelake"}, {"avx512vl", "skylake-avx512"},
			{"clflushopt", "skylake"}, {"adx", "broadwell"}, {"avx2", "haswell"}, {"avx", "sandybridge"},
		} {
			if in.Has[g.feat] {
				return g.name
			}
		}
	}
	return "generic"
}

// Host is the target of the machine tirc runs on (read once), or the zero
// Target when it is not x86.
var Host = sync.OnceValue(func() Target {
	if !HostIsX86() {
		return Target{}
	}
	return Read(hostCPUID).Attrs()
})
