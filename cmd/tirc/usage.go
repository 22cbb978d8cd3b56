package main

import (
	"fmt"
	"strings"
)

// checkUsage rejects a command line whose flags contradict each other or
// would be silently ignored, before any input is read: every such problem
// is a usage error (exit 2), reported as "tirc: error: ...".
//
//   - -emit-llvm, -print-plan, -emit-c-header and -emit-c-driver write
//     different files: at most one of them.
//   - -verify prints nothing, so it takes no -emit-* flag.
//   - A flag with a needs field (the code generation options of -emit-llvm)
//     needs that flag too.
//   - The pipeline must build: -pass-pipeline or pass flags, not both; a
//     pass option flag (-arg-shapes) needs its pass in the pipeline; and so
//     does a pass named by -print-ir-after.
func checkUsage(o *options, specs []*flagSpec) error {
	var modes []string
	for _, m := range []struct {
		flag string
		on   bool
	}{{"emit-llvm", o.codegen.llvm}, {"print-plan", o.codegen.plan}, {"emit-c-header", o.codegen.header}, {"emit-c-driver", o.driver.emit}} {
		if m.on {
			modes = append(modes, "-"+m.flag)
		}
	}
	if len(modes) > 1 {
		return &usageError{fmt.Sprintf("%s write different files; run tirc once for each", strings.Join(modes, " and "))}
	}
	if o.verifyOnly && len(modes) > 0 {
		return &usageError{fmt.Sprintf("-verify writes nothing; it cannot be combined with %s", modes[0])}
	}
	byName := map[string]*flagSpec{}
	for _, s := range specs {
		byName[s.name] = s
	}
	for _, n := range o.given {
		// -print-plan takes -emit-llvm's options: it plans alike.
		if need := byName[n].needs; need != "" && !o.isGiven(need) && !(need == "emit-llvm" && o.codegen.plan) {
			return &usageError{fmt.Sprintf("-%s only applies to -%s, which is not given", n, need)}
		}
	}
	if err := resolveTarget(&o.codegen); err != nil {
		return err
	}
	return buildPipeline(o)
}

// isGiven reports whether flag name is on the command line.
func (o *options) isGiven(name string) bool {
	for _, n := range o.given {
		if n == name {
			return true
		}
	}
	return false
}
