package dialect

import "testing"

// Every row with a kernel has one kernel per result, each reading as many
// operands as the row declares, or more when the row's KernelArgs supply
// the rest from attributes (tosa.clamp's bounds, tosa.mul's shift).
func TestRowKernelsFitOperands(t *testing.T) {
	for _, table := range All {
		for _, r := range table {
			def := r.Def()
			if def.Kernel == 0 || r.Reduce != 0 || len(r.Operands) == 0 || r.Operands[len(r.Operands)-1].Variadic {
				continue
			}
			if r.Kernels != nil && len(r.Kernels) != len(r.Results) {
				t.Errorf("%s: %d kernels for %d results", r.Name, len(r.Kernels), len(r.Results))
			}
			for i := range r.Results {
				k := def.KernelOf(i)
				if r.KernelArgs != nil && k.Arity() > len(r.Operands) {
					continue
				}
				if k.Arity() != len(r.Operands) && k.String() != "identity" {
					t.Errorf("%s: result #%d's kernel %v reads %d operands, the row has %d", r.Name, i, k, k.Arity(), len(r.Operands))
				}
			}
		}
	}
}
