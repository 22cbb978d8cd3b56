package target

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// fakeCPU answers cpuid from a table of leaves; leaves it lacks read 0.
type fakeCPU struct {
	leaves map[[2]uint32][4]uint32
	xcr0   uint64
}

func (f fakeCPU) cpuid() CPUID {
	return CPUID{
		Query: func(leaf, sub uint32) (a, b, c, d uint32) {
			r := f.leaves[[2]uint32{leaf, sub}]
			return r[0], r[1], r[2], r[3]
		},
		XGETBV: func() uint64 { return f.xcr0 },
	}
}

// bits sets the given bits of a register.
func bits(bs ...uint) uint32 {
	var r uint32
	for _, b := range bs {
		r |= 1 << b
	}
	return r
}

// vendorRegs are leaf 0's ebx, ecx, edx for a 12-byte vendor string.
func vendorRegs(v string) (b, c, d uint32) {
	w := func(s string) uint32 { return uint32(s[0]) | uint32(s[1])<<8 | uint32(s[2])<<16 | uint32(s[3])<<24 }
	return w(v[0:4]), w(v[8:12]), w(v[4:8])
}

// newFake is a CPU of vendor whose leaf 1 eax is sig, with the v3 (avx2)
// or v4 (avx512) feature bits when asked, and an OS that saves the
// state of what it has (xcr0).
func newFake(vendor string, sig uint32, level int, xcr0 uint64) fakeCPU {
	b, c, d := vendorRegs(vendor)
	f := fakeCPU{leaves: map[[2]uint32][4]uint32{
		{0, 0}:          {0xd, b, c, d},
		{0x80000000, 0}: {0x80000008, 0, 0, 0},
	}, xcr0: xcr0}
	ecx1 := bits(0, 9, 13, 19, 20, 23)  // sse3 ssse3 cx16 sse4.1 sse4.2 popcnt
	edx1 := bits(8, 15, 23, 24, 25, 26) // cx8 cmov mmx fxsr sse sse2
	ext := bits(0)                      // lahf
	var ebx7 uint32
	if level >= 3 {
		ecx1 |= bits(12, 22, 27, 28, 29) // fma movbe osxsave avx f16c
		ebx7 |= bits(3, 5, 8)            // bmi avx2 bmi2
		ext |= bits(5)                   // lzcnt
	}
	if level >= 4 {
		ebx7 |= bits(16, 17, 28, 30, 31) // avx512 f dq cd bw vl
	}
	f.leaves[[2]uint32{1, 0}] = [4]uint32{sig, 0, ecx1, edx1}
	f.leaves[[2]uint32{7, 0}] = [4]uint32{0, ebx7, 0, 0}
	f.leaves[[2]uint32{0x80000001, 0}] = [4]uint32{0, 0, ext, 0}
	return f
}

// sig is leaf 1's eax for a family and model, encoded as CPUs do.
func sig(family, model uint32) uint32 {
	base, ext := family, uint32(0)
	if family > 0xf {
		base, ext = 0xf, family-0xf
	}
	s := base<<8 | (model&0xf)<<4 | ext<<20
	if base == 6 || base == 0xf {
		s |= (model >> 4) << 16
	}
	return s
}

func TestRead(t *testing.T) {
	const osAVX512 = 0xe7
	tests := []struct {
		name          string
		cpu           fakeCPU
		family, model uint32
		has, hasNot   []string
	}{
		{"Zen 5 with AVX-512", newFake("AuthenticAMD", sig(0x1a, 0x02), 4, osAVX512), 0x1a, 0x02,
			[]string{"avx512f", "avx2", "fma", "lzcnt"}, []string{"xop"}},
		{"Skylake client", newFake("GenuineIntel", sig(6, 0x5e), 3, 0x7), 6, 0x5e,
			[]string{"avx2", "fma", "bmi2"}, []string{"avx512f"}},
		// The CPU has AVX-512 but the OS does not save zmm: no AVX-512.
		{"AVX-512 without OS support", newFake("GenuineIntel", sig(6, 0x55), 4, 0x7), 6, 0x55,
			[]string{"avx2"}, []string{"avx512f", "avx512vl"}},
		// No OSXSAVE: no AVX at all, whatever the bits say.
		{"baseline", newFake("GenuineIntel", sig(6, 0x1a), 2, 0), 6, 0x1a,
			[]string{"sse4.2", "popcnt"}, []string{"avx", "fma"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := Read(tt.cpu.cpuid())
			if in.Family != tt.family || in.Model != tt.model {
				t.Errorf("family, model = %#x, %#x; want %#x, %#x", in.Family, in.Model, tt.family, tt.model)
			}
			for _, f := range tt.has {
				if !in.Has[f] {
					t.Errorf("lacks %s", f)
				}
			}
			for _, f := range tt.hasNot {
				if in.Has[f] {
					t.Errorf("has %s", f)
				}
			}
		})
	}
}

// TestLLVMName: vendor, family and model to LLVM's name, row by row
// against LLVM's getHostCPUName, and the name written (one LLVM 14 knows).
func TestLLVMName(t *testing.T) {
	avx512 := map[string]bool{"avx512f": true, "avx512bw": true, "avx512cd": true, "avx512dq": true, "avx512vl": true}
	v3 := map[string]bool{}
	for _, f := range strings.Fields("cx16 sahf popcnt sse3 sse4.1 sse4.2 ssse3 avx avx2 bmi bmi2 f16c fma lzcnt movbe") {
		v3[f], avx512[f] = true, true
	}
	with := func(m map[string]bool, extra ...string) map[string]bool {
		out := map[string]bool{}
		for k, v := range m {
			out[k] = v
		}
		for _, e := range extra {
			out[e] = true
		}
		return out
	}
	tests := []struct {
		vendor        string
		family, model uint32
		has           map[string]bool
		llvm, written string
	}{
		{"GenuineIntel", 6, 0x5e, v3, "skylake", "skylake"},
		{"GenuineIntel", 6, 0x9e, v3, "skylake", "skylake"},
		{"GenuineIntel", 6, 0x3c, v3, "haswell", "haswell"},
		{"GenuineIntel", 6, 0x55, avx512, "skylake-avx512", "skylake-avx512"},
		{"GenuineIntel", 6, 0x55, with(avx512, "avx512vnni"), "cascadelake", "cascadelake"},
		{"GenuineIntel", 6, 0x55, with(avx512, "avx512vnni", "avx512bf16"), "cooperlake", "cooperlake"},
		{"GenuineIntel", 6, 0x6a, avx512, "icelake-server", "icelake-server"},
		{"GenuineIntel", 6, 0x8f, avx512, "sapphirerapids", "sapphirerapids"},
		{"GenuineIntel", 6, 0x97, v3, "alderlake", "alderlake"},
		{"GenuineIntel", 6, 0xad, avx512, "graniterapids", "x86-64"}, // LLVM 14 lacks it
		{"GenuineIntel", 6, 0xc6, v3, "arrowlake-s", "x86-64"},
		{"GenuineIntel", 6, 0xf0, with(avx512, "avx512vnni"), "cascadelake", "cascadelake"}, // unknown model: by features
		{"GenuineIntel", 6, 0xf0, v3, "haswell", "haswell"},
		{"AuthenticAMD", 0x17, 0x01, v3, "znver1", "znver1"},
		{"AuthenticAMD", 0x17, 0x31, v3, "znver2", "znver2"},
		{"AuthenticAMD", 0x19, 0x01, v3, "znver3", "znver3"},
		{"AuthenticAMD", 0x19, 0x11, avx512, "znver4", "x86-64"},
		{"AuthenticAMD", 0x19, 0x61, avx512, "znver4", "x86-64"},
		{"AuthenticAMD", 0x1a, 0x02, avx512, "znver5", "x86-64"},
		{"AuthenticAMD", 0x15, 0x02, map[string]bool{}, "bdver2", "bdver2"},
		{"AuthenticAMD", 0x16, 0x00, map[string]bool{}, "btver2", "btver2"},
		// A name LLVM 14 knows but without AVX-512, on a CPU with it:
		// x86-64, for which LLVM 19 enables 512-bit registers.
		{"GenuineIntel", 6, 0x97, avx512, "alderlake", "x86-64"},
		{"HygonGenuine", 0x18, 0x00, v3, "generic", "generic"},
		{"CentaurHauls", 6, 0x0f, map[string]bool{}, "generic", "generic"},
		{"HygonGenuine", 0x18, 0x00, avx512, "generic", "x86-64"},
	}
	for _, tt := range tests {
		in := Info{Vendor: tt.vendor, Family: tt.family, Model: tt.model, Has: tt.has}
		if got := in.LLVMName(); got != tt.llvm {
			t.Errorf("%s family %#x model %#x: LLVMName() = %s, want %s", tt.vendor, tt.family, tt.model, got, tt.llvm)
		}
		if got := in.Attrs().CPU; got != tt.written {
			t.Errorf("%s family %#x model %#x: written CPU %s, want %s", tt.vendor, tt.family, tt.model, got, tt.written)
		}
	}
}

// TestAttrsKnownToLLVM14And19: every name tirc may write for a host and
// every feature are in both LLVM versions' lists (clang warns otherwise).
func TestAttrsKnownToLLVM14And19(t *testing.T) {
	for _, names := range intelModels {
		if !x86CPUs().known[names] {
			t.Errorf("%s is not in x86_cpus.txt", names)
		}
	}
	for _, n := range []string{"x86-64", "generic"} {
		if !x86CPUs().llvm14[n] {
			t.Errorf("%s is not marked as known to LLVM 14", n)
		}
	}
	in := Info{Has: map[string]bool{"avx2": true}}
	fs := strings.Split(in.Attrs().Features, ",")
	if len(fs) != len(features) || fs[0] != "-cmov" {
		t.Errorf("features %v: want each of the table, + or -", fs)
	}
}

func TestResolve(t *testing.T) {
	host := func() Target { return Target{CPU: "hostcpu", Features: "+avx2"} }
	const x86 = "x86_64-pc-linux-gnu"
	tests := []struct {
		cpu, triple string
		want        Target
		err         string
	}{
		{"", x86, host(), ""},
		{"host", x86, host(), ""},
		{"native", x86, host(), ""},
		{"skylake", x86, Target{CPU: "skylake"}, ""},
		{"x86-64-v3", x86, Target{CPU: "x86-64-v3"}, ""},
		{"znver4", x86, Target{CPU: "znver4"}, ""},
		{"portable", x86, Target{Portable: true}, ""},
		{"skylak", x86, Target{}, "'skylak' is not an x86 CPU LLVM knows; did you mean 'skylake'?"},
		{"haswel", x86, Target{}, "did you mean 'haswell'?"},
		{"sandy", x86, Target{}, "'sandy' is not an x86 CPU LLVM knows (llc"},
		{"portable", "aarch64-unknown-linux-gnu", Target{}, "needs an x86_64 target triple"},
		{"cortex-a72", "aarch64-unknown-linux-gnu", Target{CPU: "cortex-a72"}, ""},
		{"", "aarch64-unknown-linux-gnu", Target{}, ""},
	}
	for _, tt := range tests {
		got, err := Resolve(tt.cpu, tt.triple, host)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("Resolve(%q, %q) error %v, want one containing %q", tt.cpu, tt.triple, err, tt.err)
			}
			continue
		}
		if !HostIsX86() && tt.cpu == "" {
			continue
		}
		if err != nil {
			t.Errorf("Resolve(%q, %q): %v", tt.cpu, tt.triple, err)
			continue
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("Resolve(%q, %q) (-want +got):\n%s", tt.cpu, tt.triple, diff)
		}
	}
}
