package main

import (
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/passes"
)

// passOptions holds the pass-manager flags (-pass-pipeline, one flag per
// pass, -print-ir-after-all, timing, statistics).
type passOptions struct {
	names         []string         // pass flags, in command-line order
	pipelineText  string           // -pass-pipeline
	pipeline      *passes.Pipeline // parsed -pass-pipeline
	optionFlags   []optionFlag     // pass option flags such as -arg-shapes
	printAfterAll bool
	printAfter    []string
	timing        bool
	statistics    bool
	verifyEach    bool
}

type optionFlag struct {
	flag, pass, option, value string
}

const passSection = "Passes (run in the order given)"

// passFlags returns the flags of the pass manager and of every pass: one
// switch per pass of the table, then each pass option that has a flag.
func passFlags() []*flagSpec {
	pm := "Pass manager"
	specs := []*flagSpec{
		{name: "pass-pipeline", arg: "pipeline", section: pm,
			help: "run a textual pipeline, e.g. 'builtin.module(func.func(canonicalize,cse),infer-shapes{arg-shapes=@f:0=4})'",
			set: func(o *options, v string) error {
				pl, err := passes.ParsePipeline(v)
				if err != nil {
					return err
				}
				o.passes.pipelineText, o.passes.pipeline = v, pl
				return nil
			}},
		{name: "print-ir-after-all", section: pm, help: "print the module to stderr after every pass",
			set: func(o *options, _ string) error { o.passes.printAfterAll = true; return nil }},
		{name: "print-ir-after", arg: "pass[,pass]", section: pm, help: "print the module to stderr after the named passes",
			set: func(o *options, v string) error {
				for _, n := range strings.Split(v, ",") {
					if passes.Lookup(n) == nil {
						return fmt.Errorf("'%s' does not refer to a registered pass", n)
					}
					o.passes.printAfter = append(o.passes.printAfter, n)
				}
				return nil
			}},
		{name: "verify-each", section: pm, help: "also check the IR's internal invariants (use-lists, dominance, value IDs) after each pass and name the pass that broke them; the verifier runs after each pass in any case (TIRC_VERIFY_EACH=1 in the environment turns it on, as the test suites do)",
			set: func(o *options, _ string) error { o.passes.verifyEach = true; return nil }},
		{name: "mlir-timing", section: pm, help: "print an execution time report of the passes to stderr",
			set: func(o *options, _ string) error { o.passes.timing = true; return nil }},
		{name: "mlir-pass-statistics", section: pm, help: "print the passes' statistics to stderr",
			set: func(o *options, _ string) error { o.passes.statistics = true; return nil }},
	}
	for _, p := range passes.All() {
		name := p.Name
		specs = append(specs, &flagSpec{name: name, section: passSection, help: p.Summary,
			set: func(o *options, _ string) error { o.passes.names = append(o.passes.names, name); return nil }})
		for _, opt := range p.Options {
			if opt.Flag == "" {
				continue
			}
			opt, pass := opt, p.Name
			help := opt.Help + " (" + pass + " option " + opt.Name
			if opt.Default != "" {
				help += "; default " + opt.Default
			}
			help += ")"
			specs = append(specs, &flagSpec{name: opt.Flag, arg: opt.Arg, section: passSection, help: help,
				set: func(o *options, v string) error {
					if opt.Check != nil {
						if err := opt.Check(v); err != nil {
							return err
						}
					}
					o.passes.optionFlags = append(o.passes.optionFlags, optionFlag{opt.Flag, pass, opt.Name, v})
					return nil
				}})
		}
	}
	return specs
}

// buildPipeline makes the pipeline of the command line, once: the
// -pass-pipeline text or the pass flags in order, with the pass option
// flags (-arg-shapes) applied. Every problem is a usage error.
func buildPipeline(o *options) error {
	po := &o.passes
	pl := po.pipeline
	if pl != nil && len(po.names) > 0 {
		return &usageError{fmt.Sprintf("-pass-pipeline cannot be combined with pass flags (-%s); put every pass in the pipeline", po.names[0])}
	}
	if pl == nil {
		var err error
		if pl, err = passes.NewPipeline(po.names...); err != nil {
			return &usageError{err.Error()}
		}
	}
	for _, of := range po.optionFlags {
		if err := pl.SetOption(of.pass, of.option, of.value); err != nil {
			return &usageError{fmt.Sprintf("-%s: %v", of.flag, err)}
		}
	}
	for _, n := range po.printAfter {
		if !slices.ContainsFunc(pl.Steps, func(st *passes.Step) bool { return st.Pass.Name == n }) {
			return &usageError{fmt.Sprintf("-print-ir-after names '%s', which is not in the pipeline (add -%s)", n, n)}
		}
	}
	po.pipeline = pl
	return nil
}

// verifyEachFromEnv reports whether TIRC_VERIFY_EACH=1 asks for
// -verify-each: the lit and randomized suites set it, so that ir.Check
// runs after every pass of every test without each RUN line saying so.
func verifyEachFromEnv() bool { return os.Getenv("TIRC_VERIFY_EACH") == "1" }

// runPasses runs the pipeline of the command line on m. Dumps and
// reports go to o.stderr; a pass that panics is re-raised as an internal
// error (main reports it with exit code 3).
func runPasses(m *ir.Module, o *options) ir.Diagnostics {
	po := &o.passes
	pl := po.pipeline
	if len(pl.Steps) == 0 {
		return nil
	}
	res := pl.Run(m, passes.RunOptions{
		AllowUnregistered: o.allowUnregistered,
		Check:             po.verifyEach || verifyEachFromEnv(),
		PrintAfterAll:     po.printAfterAll,
		PrintAfter:        po.printAfter,
		Generic:           o.generic,
		Dump:              o.stderr,
	})
	if po.timing {
		res.WriteTiming(o.stderr)
	}
	if po.statistics {
		res.WriteStatistics(o.stderr)
	}
	if res.Internal != nil {
		panic(res.Internal)
	}
	return res.Diags
}
