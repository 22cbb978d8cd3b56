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
	// Each step looks its names up in the order written (the table is
	// rebuilt by a lookup that finds a renamed function under its old
	// name, so the order matters: see Lookup).
	type find struct{ name, found string }
	steps := []struct {
		what   string
		change func()
		lookup []find // in order: name -> the name of the function found
	}{
		{"built", func() {}, []find{{"a", "a"}, {"b", "b"}, {"c", "<nil>"}}},
		{"AddFunc after a miss", func() { m.AddFunc(fn("c")) }, []find{{"c", "c"}, {"d", "<nil>"}}},
		{"append", func() { m.Funcs = append(m.Funcs, fn("d")) }, []find{{"d", "d"}, {"a", "a"}}},
		{"renamed: the old name misses, then the new one is found", func() { b.Name = "e" }, []find{{"b", "<nil>"}, {"e", "e"}}},
		{"a duplicate name finds the first", func() { m.AddFunc(fn("a")) }, []find{{"a", "a"}}},
	}
	for _, s := range steps {
		s.change()
		var got []find
		for _, l := range s.lookup {
			got = append(got, find{l.name, name(m.Lookup(l.name))})
		}
		if diff := cmp.Diff(s.lookup, got, cmp.AllowUnexported(find{})); diff != "" {
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
