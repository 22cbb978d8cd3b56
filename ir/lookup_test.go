package ir_test

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/tirc/tirc/ir"
)

// TestLookup: the symbol table follows AddFunc, appends and renames, in
// the order of a run of steps on one module.
func TestLookup(t *testing.T) {
	m := ir.NewModule()
	fn := func(name string) *ir.Func { return ir.NewFunc(name, nil, nil) }
	a, b := fn("a"), fn("b")
	m.AddFunc(a)
	m.AddFunc(b)
	name := func(f *ir.Func) string {
		if f == nil {
			return "<nil>"
		}
		return f.Name
	}
	steps := []struct {
		what   string
		change func()
		lookup map[string]string // name -> the name of the function found
	}{
		{"built", func() {}, map[string]string{"a": "a", "b": "b", "c": "<nil>"}},
		{"AddFunc after a miss", func() { m.AddFunc(fn("c")) }, map[string]string{"c": "c", "d": "<nil>"}},
		{"append", func() { m.Funcs = append(m.Funcs, fn("d")) }, map[string]string{"d": "d", "a": "a"}},
		{"renamed: the old name misses, then the new one is found", func() { b.Name = "e" }, map[string]string{"b": "<nil>", "e": "e"}},
		{"a duplicate name finds the first", func() { m.AddFunc(fn("a")) }, map[string]string{"a": "a"}},
	}
	for _, s := range steps {
		s.change()
		got := map[string]string{}
		for n := range s.lookup {
			got[n] = name(m.Lookup(n))
		}
		if diff := cmp.Diff(s.lookup, got); diff != "" {
			t.Errorf("%s: Lookup (-want +got):\n%s", s.what, diff)
		}
	}
	if m.Lookup("a") != a {
		t.Errorf("Lookup(a) is not the first @a")
	}
}

// TestLookupMissDoesNotRebuild: a name absent from an unchanged module is
// answered from the table, without building it again (which made looking
// up f_bare for every f quadratic in the functions).
func TestLookupMissDoesNotRebuild(t *testing.T) {
	m := ir.NewModule()
	for i := range 1000 {
		m.AddFunc(ir.NewFunc(fmt.Sprintf("f%d", i), nil, nil))
	}
	m.Lookup("f0")
	if n := testing.AllocsPerRun(100, func() { m.Lookup("f0_bare") }); n != 0 {
		t.Errorf("a miss allocates %v times (rebuilds the table)", n)
	}
}
