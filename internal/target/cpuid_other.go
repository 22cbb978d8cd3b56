//go:build !amd64

package target

// hostCPUID is never used off x86 (HostIsX86).
var hostCPUID = CPUID{}

// HostIsX86 reports whether tirc runs on x86 (and can read cpuid).
func HostIsX86() bool { return false }
