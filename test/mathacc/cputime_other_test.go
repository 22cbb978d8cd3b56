//go:build !unix

package mathacc_test

// cpuTime is not measured here.
func cpuTime() float64 { return 0 }
