package target

func cpuid(leaf, sub uint32) (a, b, c, d uint32)
func xgetbv() (lo, hi uint32)

// hostCPUID runs cpuid and xgetbv on this machine.
var hostCPUID = CPUID{Query: cpuid, XGETBV: func() uint64 {
	lo, hi := xgetbv()
	return uint64(hi)<<32 | uint64(lo)
}}

// HostIsX86 reports whether tirc runs on x86 (and can read cpuid).
func HostIsX86() bool { return true }
