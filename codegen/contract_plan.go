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
