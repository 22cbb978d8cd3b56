// Package target resolves tirc's -target-cpu: the host's CPU when none is
// given (or "host", "native"), "portable" (the x86-64 levels dispatched at
// run time: codegen's portable.go), or a CPU name of LLVM's x86 list.
//
// The host is read with cpuid, as LLVM's sys::getHostCPUName and
// getHostCPUFeatures read it, and written as a "target-cpu" name and
// "target-features" list that clang-14 and clang-19 both accept without
// warnings: a name LLVM 14 lacks (znver4, graniterapids) becomes one it
// knows, and the features are those both versions know, each written "+"
// when the host has it and "-" when it does not, so a virtual machine
// that hides AVX-512 gets no AVX-512 code whatever its model number.
package target

import (
	_ "embed"
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/tirc/tirc/internal/suggest"
)

// Target is what the generated functions are compiled for.
type Target struct {
	// CPU is the "target-cpu" attribute; empty writes none (clang's
	// -march then decides).
	CPU string
	// Features is the "target-features" attribute ("+avx2,-avx512f,...");
	// empty writes none.
	Features string
	// Portable asks for the x86-64 levels dispatched at run time.
	Portable bool
}

// Portable is the -target-cpu value of the dispatched object.
const Portable = "portable"

//go:embed x86_cpus.txt
var x86CPUsText string

// cpuList holds LLVM's x86 CPU names and those LLVM 14 knows.
type cpuList struct {
	names  []string
	llvm14 map[string]bool
	known  map[string]bool
}

var x86CPUs = sync.OnceValue(func() *cpuList {
	l := &cpuList{llvm14: map[string]bool{}, known: map[string]bool{}}
	for _, line := range strings.Split(x86CPUsText, "\n") {
		f := strings.Fields(line)
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			continue
		}
		l.names = append(l.names, f[0])
		l.known[f[0]] = true
		if len(f) > 1 && f[1] == "14" {
			l.llvm14[f[0]] = true
		}
	}
	sort.Strings(l.names)
	return l
})

// IsX86 reports whether triple names an x86 target (or is empty: the
// host's, when tirc runs on x86).
func IsX86(triple string) bool {
	arch, _, _ := strings.Cut(triple, "-")
	switch arch {
	case "x86_64", "amd64", "i386", "i486", "i586", "i686", "x86":
		return true
	}
	return false
}

// Resolve turns a -target-cpu value into the target to write, for the
// target triple given (already resolved: never empty). On x86 a name
// must be one of LLVM's (an error suggests the closest); for other
// architectures tirc cannot check it, and "host" writes nothing.
func Resolve(cpu, triple string, host func() Target) (Target, error) {
	x86 := IsX86(triple)
	switch cpu {
	case "", "host", "native":
		if !x86 || !HostIsX86() {
			return Target{}, nil
		}
		return host(), nil
	case Portable:
		if !strings.HasPrefix(triple, "x86_64") {
			return Target{}, fmt.Errorf("-target-cpu=portable needs an x86_64 target triple, not '%s'", triple)
		}
		return Target{Portable: true}, nil
	}
	if !x86 || x86CPUs().known[cpu] {
		return Target{CPU: cpu}, nil
	}
	msg := fmt.Sprintf("'%s' is not an x86 CPU LLVM knows", cpu)
	if s := suggest.Closest(cpu, x86CPUs().names); s != "" {
		msg += fmt.Sprintf("; did you mean '%s'?", s)
	}
	return Target{}, fmt.Errorf("%s (llc -march=x86-64 -mcpu=help lists them; or host, native, portable)", msg)
}
