//go:build unix

package mathacc_test

import "syscall"

// cpuTime is the user and system time of this process and its waited-for
// children, in seconds.
func cpuTime() float64 {
	var total float64
	for _, who := range []int{syscall.RUSAGE_SELF, syscall.RUSAGE_CHILDREN} {
		var ru syscall.Rusage
		if syscall.Getrusage(who, &ru) == nil {
			total += float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e9
		}
	}
	return total
}
