package ir

import "testing"

// Every kernel has a name, an arity, and names are unique.
func TestKernelInfo(t *testing.T) {
	seen := map[string]Kernel{}
	for k := KernelNone + 1; k < numKernels; k++ {
		info := k.Info()
		if info.Name == "" || (info.Arity < 1 || info.Arity > 3) && !(info.Arity == -1 && k == KernelProduct) {
			t.Errorf("kernel %d: info %+v", k, info)
		}
		if prev, dup := seen[info.Name]; dup {
			t.Errorf("kernels %d and %d are both named %q", prev, k, info.Name)
		}
		seen[info.Name] = k
	}
}
