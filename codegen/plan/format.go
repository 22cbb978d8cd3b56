package plan

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/tirc/tirc/ir"
)

// Format writes the plan as text, one line per decision with its reason:
//
//	plan @f
//	  target: cpu host
//	  entry: general only (a dynamic shape)
//	  nest 0: tir.add at 3:8, fused 1, loops [parallel 4096, parallel ?], layout guarded (layout: argument #0's strides are known at run time)
//	  nest 0 store: non-temporal x16 (output 64 MiB >= 32 MiB)
//	  nest 0 threads: yes (16777216 elements >= 1048576)
//	  nest 0 fence: after its non-temporal stores
//	  rows 0: nests 1 2, blocks of 1 rows, rider, shared 1
//	  region 0: linalg.reduce at 5:8: vector fold, 16 lanes when operand 0 dim 1 has stride 1 at run time, else one by one (arith.maxsi on i32 is exact in any order)
//
// The text is stable: tests check it with FileCheck.
func (p *Func) Format(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "plan @%s\n", p.Name)
	if p.Target.Portable {
		b.WriteString("  target: portable (x86-64, x86-64-v3, x86-64-v4 chosen at the first call)\n")
	} else {
		fmt.Fprintf(&b, "  target: cpu %s\n", p.Target.CPU)
	}
	if p.Entry.Fast {
		fmt.Fprintf(&b, "  entry: fast and general (%s)\n", p.Entry.Reason)
	} else {
		fmt.Fprintf(&b, "  entry: general only (%s)\n", p.Entry.Reason)
	}
	at, groups, num := p.numbered()
	for i, n := range p.Nests {
		n.format(&b, i, num)
	}
	for i, g := range groups {
		fmt.Fprintf(&b, "  rows %d: nests", i)
		for _, m := range g.Members {
			if k, ok := at[m]; ok {
				fmt.Fprintf(&b, " %d", k)
			}
		}
		block, elements := g.Block, g.BlockElements
		if g.Rider {
			block, elements = g.PipeBlock, g.PipeElements
		}
		if block == Dynamic {
			fmt.Fprintf(&b, ", blocks of ? rows (max(1, %d / the first member's row), at run time)", elements)
		} else {
			fmt.Fprintf(&b, ", blocks of %d rows", block)
		}
		if g.Rider {
			b.WriteString(", rider")
		}
		if g.Shared > 0 {
			fmt.Fprintf(&b, ", shared %d", g.Shared)
		}
		if g.Fence {
			b.WriteString(", fence")
		}
		b.WriteString("\n")
	}
	for i, c := range p.Contracts {
		fmt.Fprintf(&b, "  contraction %d: %s at %s: %s\n", i, c.Op, c.At, c.Plan)
		c.formatPrologues(&b, i)
		if c.Into != "" {
			fmt.Fprintf(&b, "  contraction %d writes into: %s (computed in place, no temporary)\n", i, c.Into)
		}
		if len(c.Epilogue) > 0 {
			fmt.Fprintf(&b, "  contraction %d epilogue on each output tile: %s\n", i, strings.Join(c.Epilogue, ", "))
		}
		if c.Rows != "" {
			fmt.Fprintf(&b, "  contraction %d rows: %s\n", i, c.Rows)
		}
		if c.When != "" {
			fmt.Fprintf(&b, "  contraction %d fused when (at run time): %s; else unfused: nests%s\n", i, c.When, nestList(c.Fallback))
		}
	}
	for i, r := range p.Regions {
		r.format(&b, i)
	}
	for i, in := range p.Inserts {
		how := "into a copy of its destination"
		if in.InPlace {
			how = "in place"
		}
		fmt.Fprintf(&b, "  insert %d: %s at %s: %s (%s)\n", i, in.Op, in.At, how, in.Why)
	}
	for i, c := range p.Carries {
		fmt.Fprintf(&b, "  carry %d: %s at %s, %s: %s", i, c.Op, c.At, c.What, c.How)
		if c.Why != "" {
			fmt.Fprintf(&b, " (%s)", c.Why)
		}
		b.WriteString("\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// numbered is the place of each nest in p.Nests (its first), the row
// groups of which some member was emitted (a contraction's row fusion
// may compute a planned group's nests without them), and the number
// each of those is printed with, by its index in p.Groups.
func (p *Func) numbered() (map[*Nest]int, []*RowGroup, map[int]int) {
	at := map[*Nest]int{}
	for i, n := range p.Nests {
		if _, ok := at[n]; !ok {
			at[n] = i
		}
	}
	var groups []*RowGroup
	num := map[int]int{}
	for i, g := range p.Groups {
		for _, m := range g.Members {
			if _, ok := at[m]; ok {
				num[i] = len(groups)
				groups = append(groups, g)
				break
			}
		}
	}
	return at, groups, num
}

func (n *Nest) format(b *strings.Builder, i int, groups map[int]int) {
	fmt.Fprintf(b, "  nest %d: %s", i, n.Op)
	if n.At != "" {
		fmt.Fprintf(b, " at %s", n.At)
	}
	fmt.Fprintf(b, ", fused %d, loops %s", n.Fused, loops(n.Loops))
	layout := "row-major"
	if n.Layout == Guarded {
		layout = "guarded"
	}
	fmt.Fprintf(b, ", layout %s", layout)
	if n.Group >= 0 {
		fmt.Fprintf(b, ", rows %d", groups[n.Group])
	}
	if n.Layout == Guarded && n.LayoutWhy != "" {
		fmt.Fprintf(b, " (layout: %s)", n.LayoutWhy)
	}
	b.WriteString("\n")
	if n.Run != nil {
		fmt.Fprintf(b, "  nest %d runs: %s\n", i, loops(n.Run))
	}
	if r := n.Reduction; r != nil {
		fmt.Fprintf(b, "  nest %d reduction: %s, acc %s", i, r.Kind, r.Acc)
		if r.Kahan {
			b.WriteString(" compensated")
		}
		fmt.Fprintf(b, ", %d lanes x %d chains", r.Width, r.Chains)
		if r.Blocked {
			fmt.Fprintf(b, ", blocks of %d elements", r.BlockElements)
		}
		if r.Scratch {
			b.WriteString(", scratch rows")
		}
		if r.FourRows {
			b.WriteString(", four rows at a time")
		}
		if r.Index32 {
			b.WriteString(", i32 indices")
		}
		if r.CompareOnly {
			b.WriteString(", compare only (exact again on NaN)")
		}
		b.WriteString("\n")
	}
	if t := n.Tile; t != nil {
		fmt.Fprintf(b, "  nest %d tile: loops %d,%d in %dx%d blocks, transposed operands", i, t.Outer, t.Inner, t.Lanes, t.Lanes)
		for _, k := range t.Transposed {
			fmt.Fprintf(b, " %d", k)
		}
		b.WriteString("\n")
	}
	switch n.Store.Kind {
	case Ordinary:
		fmt.Fprintf(b, "  nest %d store: ordinary (%s)\n", i, n.Store.Reason)
	case NonTemporal:
		fmt.Fprintf(b, "  nest %d store: non-temporal x%d (%s)\n", i, n.Store.VF, n.Store.Reason)
	case NonTemporalIf:
		fmt.Fprintf(b, "  nest %d store: non-temporal x%d if (%s)\n", i, n.Store.VF, n.Store.Reason)
	}
	yes := "no"
	if n.Threads.May {
		yes = "yes"
	}
	fmt.Fprintf(b, "  nest %d threads: %s (%s)\n", i, yes, n.Threads.Reason)
	if n.Fence {
		fmt.Fprintf(b, "  nest %d fence: after its non-temporal stores\n", i)
	}
	if n.Copy != "" {
		fmt.Fprintf(b, "  nest %d %s: %s\n", i, map[bool]string{true: "fills", false: "copies"}[n.Op == "fill"], n.Copy)
	}
}

func size(n int64) string {
	if n == Dynamic {
		return "?"
	}
	return strconv.FormatInt(n, 10)
}

// loops prints loops as [parallel 4096, reduction ?].
func loops(ls []Loop) string {
	var b strings.Builder
	b.WriteString("[")
	for k, l := range ls {
		if k > 0 {
			b.WriteString(", ")
		}
		kind := "parallel"
		if l.Kind == ir.Reduction {
			kind = "reduction"
		}
		fmt.Fprintf(&b, "%s %s", kind, size(l.Extent))
	}
	b.WriteString("]")
	return b.String()
}

// nestList is " 0 1 2", or " none".
func nestList(ns []int) string {
	if len(ns) == 0 {
		return " none"
	}
	var b strings.Builder
	for _, n := range ns {
		fmt.Fprintf(&b, " %d", n)
	}
	return b.String()
}
