package main

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/tirc/tirc/internal/suggest"
)

// flagSpec is one command-line flag. Flags are matched by name with one or
// two leading dashes, take a value as -name=value or -name value (value
// flags only), and may appear before or after the input file, as in
// mlir-opt.
type flagSpec struct {
	name    string
	arg     string // value placeholder for -help; "" for a boolean flag
	help    string
	set     func(o *options, value string) error
	section string
	needs   string // a flag this one only makes sense with (checkUsage)
}

// usageError is a bad command line: exit code 2.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

// parseArgs fills o from args using specs.
func parseArgs(args []string, specs []*flagSpec, o *options) error {
	byName := map[string]*flagSpec{}
	for _, s := range specs {
		byName[s.name] = s
	}
	onlyFiles := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		if onlyFiles || a == "-" || !strings.HasPrefix(a, "-") {
			if o.input != "" {
				return &usageError{fmt.Sprintf("too many input files: '%s' and '%s' (tirc takes one)", o.input, a)}
			}
			o.input = a
			continue
		}
		if a == "--" {
			onlyFiles = true
			continue
		}
		name := strings.TrimLeft(a, "-")
		value, hasValue := "", false
		if eq := strings.IndexByte(name, '='); eq >= 0 {
			name, value, hasValue = name[:eq], name[eq+1:], true
		}
		spec := byName[name]
		if spec == nil {
			msg := fmt.Sprintf("unknown flag '%s'", a)
			if s := closestFlag(name, specs); s != "" {
				msg += fmt.Sprintf("; did you mean '-%s'?", s)
			}
			return &usageError{msg + " (see tirc -help)"}
		}
		if spec.arg != "" && !hasValue {
			if i+1 >= len(args) {
				return &usageError{fmt.Sprintf("flag '-%s' needs a value: -%s=%s", name, name, spec.arg)}
			}
			i++
			value = args[i]
		}
		if spec.arg == "" && hasValue {
			switch value {
			case "true", "1":
			case "false", "0":
				continue
			default:
				return &usageError{fmt.Sprintf("flag '-%s' is a switch; it takes no value (got '%s')", name, value)}
			}
		}
		if err := spec.set(o, value); err != nil {
			return &usageError{fmt.Sprintf("invalid value for -%s: %v", name, err)}
		}
		if !o.isGiven(name) {
			o.given = append(o.given, name)
		}
	}
	return nil
}

// closestFlag suggests a flag name for a typo.
func closestFlag(name string, specs []*flagSpec) string {
	names := make([]string, len(specs))
	for i, s := range specs {
		names[i] = s.name
	}
	return suggest.Closest(name, names)
}

// printHelp lists every flag by section, one line each.
func printHelp(w io.Writer, specs []*flagSpec) {
	fmt.Fprint(w, `OVERVIEW: tirc, a compiler for an SSA tensor IR in MLIR's textual syntax

USAGE: tirc [flags] [input.mlir | -] [flags]

  With no flags, tirc parses, verifies and prints the module (as mlir-opt).
  Exit codes: 0 success, 1 invalid input or failed verification,
  2 usage error (an unknown flag or a bad value, flags that contradict
  each other or would be ignored), 3 internal error.
`)
	sections := map[string][]*flagSpec{}
	var order []string
	for _, s := range specs {
		if _, ok := sections[s.section]; !ok {
			order = append(order, s.section)
		}
		sections[s.section] = append(sections[s.section], s)
	}
	for _, sec := range order {
		fmt.Fprintf(w, "\n%s:\n", sec)
		list := sections[sec]
		if sec != "Passes (run in the order given)" {
			sort.SliceStable(list, func(i, j int) bool { return list[i].name < list[j].name })
		}
		for _, s := range list {
			left := "-" + s.name
			if s.arg != "" {
				left += "=" + s.arg
			}
			help := s.help
			if s.needs != "" {
				help += " (with -" + s.needs + ")"
			}
			fmt.Fprintf(w, "  %-34s %s\n", left, help)
		}
	}
}
