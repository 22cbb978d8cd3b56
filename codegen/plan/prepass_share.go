package plan

// A row group's shared values and rider in the pre-pass (the emitter's
// groupshare.go and rider.go build them): a value inlined into several
// members' trees is computed once per block into scratch rows, by a
// nest of its own before its first user; then the first member may ride
// one row ahead in the second.

// share decides g's shared values (Shares, RowLocal, and a nest of its
// own that runs in the group) and rewrites the members' trees as the
// emitter will: each row-local use of a shared value reads its scratch
// rows. It returns the members with the shared values' nests before
// their first users.
func (pp *prepass) share(g *RowGroup, ms []member) []member {
	users := map[Root]int{}
	var count func(n *pnode, top bool, seen map[Root]bool)
	count = func(n *pnode, top bool, seen map[Root]bool) {
		if n.op == nil {
			return
		}
		if k := (Root{n.op, n.res}); !top && !seen[k] {
			seen[k] = true
			users[k]++
		}
		for _, kid := range n.kids {
			count(kid, false, seen)
		}
	}
	for _, m := range ms {
		count(m.root, true, map[Root]bool{})
	}
	shared := map[Root]int{} // the scratch storage, 0: not shareable
	var out []member
	for _, m := range ms {
		var rewrite func(n *pnode, top bool)
		rewrite = func(n *pnode, top bool) {
			if n.op == nil {
				return
			}
			k := Root{n.op, n.res}
			if !top && users[k] >= 2 {
				st, ok := shared[k]
				if !ok && Shares(users[k], treeCost(n)) && pp.rowLocal(n) {
					if s := pp.scratch(n); s != nil {
						st = s.out
						s.nest.Group, s.nest.Threads = g.Index, g.Threads
						out = append(out, *s)
						g.SharedValues = append(g.SharedValues, k)
						g.SharedNests = append(g.SharedNests, s.nest)
					}
					shared[k] = st
				}
				if st != 0 && pp.rowLocal(n) {
					*n = pnode{elem: n.elem, shape: n.shape, sizes: n.sizes, dimMap: n.dimMap, base: st}
					return
				}
			}
			for _, kid := range n.kids {
				rewrite(kid, false)
			}
		}
		rewrite(m.root, true)
		out = append(out, m)
	}
	return out
}

// rowLocal reports whether n is read at the row the group computes only
// (RowLocal).
func (pp *prepass) rowLocal(n *pnode) bool {
	return RowLocal(n.dimMap, n.idx > 0, len(n.sizes) > 0 && n.sizes[0] == pp.rows)
}

// scratch is the member computing n's value into scratch rows, or nil
// when its nest cannot run in the group.
func (pp *prepass) scratch(n *pnode) *member {
	root := clone(n)
	root.dimMap = root.loops.Results[root.res]
	pp.mapDims(root, pmap{})
	f := GroupFacts{FastEntry: pp.facts.FastEntry, Computed: true, Iters: root.loops.Iter, Rows: Dynamic}
	if len(root.ext) > 0 {
		f.Rows = root.ext[0].value()
	} else {
		f.Iters = nil
	}
	if !Groupable(f) || root.ext[0] != pp.rows || len(root.dimMap) == 0 || root.dimMap[0].Loop != 0 {
		return nil
	}
	nest := &Nest{Op: root.op.Name, At: pos(root.op.Pos), Fused: countFused(root) - 1, Group: -1, RowRun: -1}
	for i, e := range root.ext {
		nest.Loops = append(nest.Loops, Loop{Kind: root.loops.Iter[i], Extent: e.value()})
	}
	if !root.loops.Parallel() {
		nest.Reduction = NewReduction(root.op.Def.Reduce, root.kids[0].elem)
	}
	pp.layout(nest, root, rowMajorView) // into scratch rows
	return &member{root: root, out: pp.storage(), nest: nest}
}

func clone(n *pnode) *pnode {
	c := *n
	c.kids = make([]*pnode, len(n.kids))
	for i, k := range n.kids {
		c.kids[i] = clone(k)
	}
	return &c
}

// treeCost is the kernel cost per element of n's tree.
func treeCost(n *pnode) int {
	if n.op == nil {
		return 0
	}
	c := KernelCost(n.op.Def.Kernel)
	for _, k := range n.kids {
		c += treeCost(k)
	}
	return c
}

// ride decides whether the first member rides in the second (Rideable).
func (pp *prepass) ride(ms []member) bool {
	a, h := ms[0], ms[1]
	ar, hr := a.root, h.root
	f := RideFacts{FirstComputed: true, FirstRow: Dynamic, HostComputed: true, HostParallel: hr.loops.Parallel(),
		HostRank: len(hr.ext), ReadsIndices: readsIndices(hr) || readsIndices(ar), HostCost: treeCost(hr)}
	if len(ar.ext) == 2 {
		f.FirstIters, f.FirstRow = ar.loops.Iter, ar.ext[1].value()
		f.FirstIndex = ar.op.Def != nil && ar.op.Def.Reduce.Info().Index
		f.SameExtents = len(hr.ext) == 2 && ar.ext[0] == hr.ext[0] && ar.ext[1] == hr.ext[1]
	}
	f.Overlap = reads(ar, h.out) || a.out == h.out
	return Rideable(f)
}

func readsIndices(n *pnode) bool {
	if n.idx > 0 {
		return true
	}
	for _, k := range n.kids {
		if readsIndices(k) {
			return true
		}
	}
	return false
}

// reads reports whether n's tree reads storage st.
func reads(n *pnode, st int) bool {
	if n.op == nil && n.base == st {
		return true
	}
	for _, k := range n.kids {
		if reads(k, st) {
			return true
		}
	}
	return false
}
