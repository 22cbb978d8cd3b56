package codegen

import (
	"strings"

	"github.com/tirc/tirc/codegen/plan"
)

// contractTargetOf is the plan's target for the module's options.
func contractTargetOf(o Options) plan.ContractTarget {
	switch {
	case o.Portable:
		return plan.TargetAVX2
	case strings.Contains(o.TargetFeatures, "+avx512f"):
		return plan.TargetAVX512
	case o.TargetFeatures == "" && plan.AVX512CPUs[o.TargetCPU]:
		return plan.TargetAVX512
	}
	return plan.TargetAVX2
}

// shape is what plan.NewContract reads of c.
func (c *contraction) shape() plan.ContractShape {
	s := plan.ContractShape{Elem: c.elem, Operands: len(c.ins), Batch: 1, M: 1, N: 1, K: 1, Prologue: c.hasPrologue()}
	batch, m, n, k, ok := plan.GEMMLoops(c.l)
	for _, in := range c.ins {
		ok = ok && in.elem == c.elem // tosa.matmul f16 -> f32 converts
	}
	s.GEMM = ok
	if !ok {
		return s
	}
	size := func(i int) int64 {
		if i < 0 {
			return 1
		}
		if v, ok := constVal(c.ext[i]); ok {
			return v
		}
		return -1
	}
	for _, b := range batch {
		if x := size(b); x < 0 || s.Batch < 0 {
			s.Batch = -1
		} else {
			s.Batch *= x
		}
	}
	s.M, s.N, s.K = size(m), size(n), size(k)
	return s
}
