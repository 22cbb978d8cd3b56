package plan

import (
	"fmt"

	"github.com/tirc/tirc/ir"
)

// planFast decides the row-major version of the nest of root (PlanFast)
// on the views the emitter captures for it: the output, then each leaf
// read at other addresses than the ones before it (a value's storage,
// sizes and map; a loop index by its extent and map), in tree order;
// window: a row group's member, whose first loop is the group's rows.
// It reports whether the version streams (Streams).
func (pp *prepass) planFast(n *Nest, root *pnode, window bool) bool {
	f := MergeFacts{Iters: root.loops.Iter, Fast: true, KeepFirst: window}
	for _, e := range root.ext {
		f.Sizes = append(f.Sizes, e.value())
	}
	view := func(m []ir.DimMap, sizes []sym, index bool) ViewFacts {
		v := ViewFacts{Map: m, Index: index, Sizes: make([]int64, len(sizes)), Same: make([]bool, len(sizes))}
		for j, s := range sizes {
			v.Sizes[j] = s.value()
			v.Same[j] = j < len(m) && m[j].Loop >= 0 && m[j].Loop < len(root.ext) && s == root.ext[m[j].Loop]
		}
		return v
	}
	f.Views = append(f.Views, view(root.dimMap, root.sizes, false))
	seen := map[string]bool{}
	add := func(key string, m []ir.DimMap, sizes []sym, index bool) {
		if !seen[key] {
			seen[key] = true
			f.Views = append(f.Views, view(m, sizes, index))
		}
	}
	var walk func(k *pnode)
	walk = func(k *pnode) {
		if k.op == nil && k.base != 0 {
			add(fmt.Sprint("v", k.base, k.shape, k.sizes, k.dimMap), k.dimMap, k.sizes, false)
		}
		for _, c := range k.kids {
			walk(c)
		}
		for i := range k.idx {
			e := []sym{k.ext[k.loops.Indices[i]]}
			m := []ir.DimMap{k.idxMap[i]}
			add(fmt.Sprint("i", e, m), m, e, true)
		}
	}
	walk(root)
	n.PlanFast(f, root.loops.Parallel())
	return n.streams(f)
}
