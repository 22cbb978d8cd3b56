package codegen

// contractGEMM lowers a batch/M/N/K contraction of f32 or f64.
func (fc *funcCtx) contractGEMM(c *contraction, plan contractPlan) {
	fc.contractGeneric(c, plan)
}
