package passes

import (
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/tirc/tirc/ir"
)

// Pass is one row of the pass table: a transformation declared as data, as
// MLIR's Passes.td does. Name is the kebab-case name used as the CLI flag
// (-cse), the pipeline token (func.func(cse)) and in dumps.
type Pass struct {
	Name        string
	Summary     string // one line, for -help
	Description string // a paragraph, for the README and passes.Describe
	Options     []*Option
	Statistics  []Statistic

	// Exactly one of Func and Module is set. A function pass sees one
	// function at a time and may run on several functions concurrently; it
	// must not touch other functions. A module pass sees the module.
	Func   func(f *ir.Func, c *Context) (changed bool, diags ir.Diagnostics)
	Module func(m *ir.Module, c *Context) (changed bool, diags ir.Diagnostics)
}

// IsFunc reports whether p is a function pass (it may be nested in
// func.func(...) and runs on functions in parallel).
func (p *Pass) IsFunc() bool { return p.Func != nil }

// Option is a pass option: `name=value` inside a pipeline's `pass{...}`,
// and optionally a CLI flag of its own.
type Option struct {
	Name    string
	Arg     string // value placeholder for help, e.g. "signature|cast"
	Help    string
	Default string
	// Flag is the CLI flag that sets the option for every instance of the
	// pass ("" = pipeline only).
	Flag string
	// Check validates a value (nil accepts anything).
	Check func(value string) error
}

// Statistic is a counter a pass reports (MLIR's Statistic).
type Statistic struct {
	Name string
	Desc string
}

var table = struct {
	sync.RWMutex
	passes map[string]*Pass
}{passes: map[string]*Pass{}}

// Register adds a pass to the table. It refuses a duplicate or malformed
// name, and a row without exactly one of Func and Module.
func Register(p *Pass) error {
	if p == nil || !validName(p.Name) {
		return fmt.Errorf("pass name must be kebab-case (lower-case words joined by '-')")
	}
	if (p.Func == nil) == (p.Module == nil) {
		return fmt.Errorf("pass '%s' must set exactly one of Func and Module", p.Name)
	}
	seen := map[string]bool{}
	for _, o := range p.Options {
		if !validName(o.Name) || seen[o.Name] {
			return fmt.Errorf("pass '%s': bad or repeated option name '%s'", p.Name, o.Name)
		}
		seen[o.Name] = true
	}
	table.Lock()
	defer table.Unlock()
	if table.passes[p.Name] != nil {
		return fmt.Errorf("pass '%s' is already registered", p.Name)
	}
	table.passes[p.Name] = p
	return nil
}

// MustRegister registers passes at package initialization and panics on a
// malformed row (a programming error any test catches).
func MustRegister(ps ...*Pass) {
	for _, p := range ps {
		if err := Register(p); err != nil {
			panic("passes.MustRegister: " + err.Error())
		}
	}
}

// Lookup returns the registered pass called name, or nil.
func Lookup(name string) *Pass {
	table.RLock()
	defer table.RUnlock()
	return table.passes[name]
}

// All returns every registered pass, sorted by name (for -help and the
// README).
func All() []*Pass {
	table.RLock()
	ps := make([]*Pass, 0, len(table.passes))
	for _, p := range table.passes {
		ps = append(ps, p)
	}
	table.RUnlock()
	sort.Slice(ps, func(i, j int) bool { return ps[i].Name < ps[j].Name })
	return ps
}

// Describe writes p's name, summary, description, options and statistics
// as plain text (what a README section or `-help` detail shows).
func Describe(p *Pass) string {
	var sb strings.Builder
	kind := "module pass"
	if p.IsFunc() {
		kind = "function pass"
	}
	fmt.Fprintf(&sb, "%s (%s): %s\n", p.Name, kind, p.Summary)
	if p.Description != "" {
		sb.WriteString("\n" + strings.TrimSpace(p.Description) + "\n")
	}
	if len(p.Options) > 0 {
		sb.WriteString("\nOptions:\n")
		for _, o := range p.Options {
			left := o.Name + "=" + o.Arg
			if o.Flag != "" {
				left += " (-" + o.Flag + ")"
			}
			def := ""
			if o.Default != "" {
				def = " (default: " + o.Default + ")"
			}
			fmt.Fprintf(&sb, "  %s: %s%s\n", left, o.Help, def)
		}
	}
	if len(p.Statistics) > 0 {
		sb.WriteString("\nStatistics:\n")
		for _, s := range p.Statistics {
			fmt.Fprintf(&sb, "  %s: %s\n", s.Name, s.Desc)
		}
	}
	return sb.String()
}

// Option returns p's option called name, or nil.
func (p *Pass) Option(name string) *Option {
	for _, o := range p.Options {
		if o.Name == name {
			return o
		}
	}
	return nil
}

func validName(s string) bool {
	if s == "" || s[0] == '-' || s[len(s)-1] == '-' {
		return false
	}
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-') {
			return false
		}
	}
	return true
}

// Context is what a pass sees besides the IR: its options, statistics, and
// a marker of the op being processed (named by an internal error). One
// Context exists per pass instance and function, so concurrent function
// passes do not share one.
type Context struct {
	Pass    *Pass
	options map[string]string
	stats   *statCounters
	op      *ir.Op

	// AllowUnregistered is the verifier option of the run (passes that
	// verify what they changed use it).
	AllowUnregistered bool
}

// Option returns the value of the instance's option name (its default
// when not given).
func (c *Context) Option(name string) string {
	if v, ok := c.options[name]; ok {
		return v
	}
	if c.Pass != nil {
		if o := c.Pass.Option(name); o != nil {
			return o.Default
		}
	}
	return ""
}

// Count adds n to statistic name.
func (c *Context) Count(name string, n int) {
	if c.stats == nil || n == 0 {
		return
	}
	c.stats.add(name, n)
}

// At records that the pass is working on op: a panic from here on is
// reported at op's location.
func (c *Context) At(op *ir.Op) {
	if c != nil {
		c.op = op
	}
}

// NewContext returns a context for running p directly (outside a
// pipeline), with the given option values; statistics are kept in stats
// when non-nil.
func NewContext(p *Pass, options map[string]string, stats map[string]int) *Context {
	c := &Context{Pass: p, options: options, stats: &statCounters{}}
	if stats != nil {
		c.stats.m = stats
	}
	return c
}

type statCounters struct {
	mu sync.Mutex
	m  map[string]int
}

func (s *statCounters) add(name string, n int) {
	s.mu.Lock()
	if s.m == nil {
		s.m = map[string]int{}
	}
	s.m[name] += n
	s.mu.Unlock()
}

func (s *statCounters) get(name string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.m[name]
}
