package plan_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/tirc/tirc/codegen/plan"
	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/ir/asm"
)

// loopsOf is the lowering's fusible ops for these tests: ops with loops
// and a ranked tensor result.
func loopsOf(op *ir.Op) *ir.Loops {
	if t, ok := op.Result(0).Type().(*ir.TensorType); !ok || t.Unranked {
		return nil
	}
	return ir.ComputableLoops(op)
}

// prepassText is the pre-pass's decisions on f, a line per nest: its op,
// loops, row run and group, threads, blocks, store and fence; then a
// line per row group: its block, threads, shared values, rider, fence
// and members in the order they run.
func prepassText(t *testing.T, src string, min int64) string {
	t.Helper()
	m, d := asm.ParseString(src, asm.ParseOptions{})
	if d != nil {
		t.Fatalf("parse: %v", d)
	}
	f := m.Funcs[len(m.Funcs)-1]
	p := &plan.Func{Name: f.Name}
	plan.Prepass(p, f, plan.NewFusion(f, loopsOf), plan.Facts{ParallelMin: min, NonTemporalMin: 1 << 20})
	var b strings.Builder
	for op := range f.Ops() {
		for r := range op.NumResults() {
			n := p.Planned(op, r)
			if n == nil {
				continue
			}
			fmt.Fprintf(&b, "%s loops %d run %d group %d threads %v", n.Op, len(n.Loops), n.RowRun, n.Group, n.Threads.May)
			if n.Reduction != nil && n.Reduction.Blocked {
				fmt.Fprintf(&b, " blocked at %d", n.Reduction.BlockLoop)
			}
			if n.Reduction == nil {
				fmt.Fprintf(&b, " store %d (%s)", n.Store.Kind, n.Store.Reason)
			}
			if n.Fence {
				b.WriteString(" fence")
			}
			b.WriteString("\n")
		}
	}
	for i, g := range p.Groups {
		fmt.Fprintf(&b, "group %d: %d nests, block %d, threads %v, shared %d", i, len(g.Planned), g.Block, g.Threads.May, g.Shared)
		if g.Rider {
			fmt.Fprintf(&b, ", rider in blocks of %d", g.PipeBlock)
		}
		if g.Fence {
			b.WriteString(", fence")
		}
		b.WriteString(", members")
		for _, m := range g.Members {
			fmt.Fprintf(&b, " %s", m.Op)
		}
		b.WriteString("\n")
	}
	return b.String()
}

func TestPrepass(t *testing.T) {
	tests := []struct {
		name, src string
		min       int64
		want      string
	}{{
		// Softmax over rows of a dynamic count: the nests see one
		// symbol for the rows, so they form one group, on threads by
		// a run-time test; exp(x - max), which two members compute, is
		// shared through scratch rows, and the row maximum rides one
		// row ahead in its nest.
		name: "softmax-dynamic-rows", min: 1 << 20,
		src: `func.func @f(%x: tensor<?x1000xf32>) -> tensor<?x1000xf32> {
  %m = tir.reduce_max %x {dims = array<i64: 1>, keepdims} : (tensor<?x1000xf32>) -> tensor<?x1xf32>
  %d = tir.sub %x, %m : (tensor<?x1000xf32>, tensor<?x1xf32>) -> tensor<?x1000xf32>
  %e = tir.exp %d : tensor<?x1000xf32>
  %s = tir.reduce_sum %e {dims = array<i64: 1>, keepdims} : (tensor<?x1000xf32>) -> tensor<?x1xf32>
  %y = tir.div %e, %s : (tensor<?x1000xf32>, tensor<?x1xf32>) -> tensor<?x1000xf32>
  return %y : tensor<?x1000xf32>
}`,
		want: `tir.reduce_max loops 2 run 0 group 0 threads true
tir.reduce_sum loops 2 run 0 group 0 threads true
tir.div loops 2 run 0 group 0 threads true store 2 (at run time: output >= 1 MiB)
group 0: 3 nests, block 65, threads true, shared 1, rider in blocks of 1, fence, members tir.reduce_max tir.exp tir.reduce_sum tir.div
`,
	}, {
		// Rows too short to pipeline: shared, no rider.
		name: "short-rows", min: 1 << 20,
		src: `func.func @f(%x: tensor<512x100xf32>) -> tensor<512x100xf32> {
  %m = tir.reduce_max %x {dims = array<i64: 1>, keepdims} : (tensor<512x100xf32>) -> tensor<512x1xf32>
  %d = tir.sub %x, %m : (tensor<512x100xf32>, tensor<512x1xf32>) -> tensor<512x100xf32>
  %e = tir.exp %d : tensor<512x100xf32>
  %s = tir.reduce_sum %e {dims = array<i64: 1>, keepdims} : (tensor<512x100xf32>) -> tensor<512x1xf32>
  %y = tir.div %e, %s : (tensor<512x100xf32>, tensor<512x1xf32>) -> tensor<512x100xf32>
  return %y : tensor<512x100xf32>
}`,
		want: `tir.reduce_max loops 2 run 0 group 0 threads false
tir.reduce_sum loops 2 run 0 group 0 threads false
tir.div loops 2 run 0 group 0 threads false store 0 (output 200 KiB < 1 MiB)
group 0: 3 nests, block 655, threads false, shared 1, members tir.reduce_max tir.exp tir.reduce_sum tir.div
`,
	}, {
		// Rows of two arguments' dynamic sizes may differ at run time:
		// two runs of one nest each, no group; each nest may stream
		// (at run time) and fences.
		name: "other-rows", min: 1 << 20,
		src: `func.func @f(%x: tensor<?x64xf32>, %y: tensor<?x64xf32>) -> (tensor<?x64xf32>, tensor<?x64xf32>) {
  %a = tir.exp %x : tensor<?x64xf32>
  %b = tir.exp %y : tensor<?x64xf32>
  return %a, %b : tensor<?x64xf32>, tensor<?x64xf32>
}`,
		want: `tir.exp loops 2 run 0 group -1 threads true store 2 (at run time: output >= 1 MiB) fence
tir.exp loops 2 run 1 group -1 threads true store 2 (at run time: output >= 1 MiB) fence
`,
	}, {
		// A member's output a later member reads stays in the cache;
		// the last member's output is large enough to stream: the
		// group fences, its members never.
		name: "read-later", min: 1 << 20,
		src: `func.func @f(%x: tensor<4096x1024xf32>) -> (tensor<4096x1024xf32>, tensor<4096x1024xf32>) {
  %a = tir.exp %x : tensor<4096x1024xf32>
  %b = tir.add %a, %x : tensor<4096x1024xf32>
  return %a, %b : tensor<4096x1024xf32>, tensor<4096x1024xf32>
}`,
		want: `tir.exp loops 2 run 0 group 0 threads true store 0 (read again by a later member of its row group)
tir.add loops 2 run 0 group 0 threads true store 1 (output 16 MiB >= 1 MiB)
group 0: 2 nests, block 64, threads true, shared 0, fence, members tir.exp tir.add
`,
	}, {
		// A member reading an earlier member's output at another row
		// (transposed) starts a run of its own.
		name: "transposed-read", min: 1 << 20,
		src: `func.func @f(%x: tensor<64x64xf32>) -> (tensor<64x64xf32>, tensor<64x64xf32>) {
  %a = tir.exp %x : tensor<64x64xf32>
  %t = tir.transpose %a {permutation = array<i64: 1, 0>} : (tensor<64x64xf32>) -> tensor<64x64xf32>
  %b = tir.add %t, %x : tensor<64x64xf32>
  return %a, %b : tensor<64x64xf32>, tensor<64x64xf32>
}`,
		want: `tir.exp loops 2 run 0 group -1 threads false store 0 (output 16 KiB < 1 MiB)
tir.add loops 2 run 1 group -1 threads false store 0 (output 16 KiB < 1 MiB)
`,
	}, {
		// A full reduction (a row reduction of one row is one) reduces
		// in blocks, on threads; rows of a reduction are split among
		// threads instead.
		name: "full-reduction", min: 1024,
		src: `func.func @f(%x: tensor<1x100000xf32>) -> (tensor<f32>, tensor<1x1xf32>, tensor<4x1xf32>) {
  %s = tir.reduce_sum %x {dims = array<i64: 0, 1>} : (tensor<1x100000xf32>) -> tensor<f32>
  %r = tir.reduce_max %x {dims = array<i64: 1>, keepdims} : (tensor<1x100000xf32>) -> tensor<1x1xf32>
  %y = tir.reshape %x : (tensor<1x100000xf32>) -> tensor<4x25000xf32>
  %q = tir.reduce_max %y {dims = array<i64: 1>, keepdims} : (tensor<4x25000xf32>) -> tensor<4x1xf32>
  return %s, %r, %q : tensor<f32>, tensor<1x1xf32>, tensor<4x1xf32>
}`,
		want: `tir.reduce_sum loops 2 run -1 group -1 threads true blocked at 1
tir.reduce_max loops 2 run -1 group -1 threads true blocked at 1
tir.reduce_max loops 2 run 0 group -1 threads true
`,
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if d := cmp.Diff(tt.want, prepassText(t, tt.src, tt.min)); d != "" {
				t.Errorf("pre-pass (-want +got):\n%s", d)
			}
		})
	}
}

// versionText is the pre-pass's decisions on the row-major versions of
// f's nests, a line per nest: its loops, tiles and reduction strategy.
func versionText(t *testing.T, src string) string {
	t.Helper()
	m, d := asm.ParseString(src, asm.ParseOptions{})
	if d != nil {
		t.Fatalf("parse: %v", d)
	}
	f := m.Funcs[len(m.Funcs)-1]
	p := &plan.Func{Name: f.Name}
	plan.Prepass(p, f, plan.NewFusion(f, loopsOf), plan.Facts{ParallelMin: 1 << 20, NonTemporalMin: 1 << 30})
	var b strings.Builder
	line := func(what string, n *plan.Nest) {
		fmt.Fprintf(&b, "%s%s decided %v runs", what, n.Op, n.Decided)
		for _, l := range n.Merged {
			fmt.Fprintf(&b, " %v", l.Dims)
		}
		if n.Tile != nil {
			fmt.Fprintf(&b, " tile %d,%d transposed %v", n.Tile.Outer, n.Tile.Inner, n.Tile.Transposed)
		}
		if r := n.Reduction; r != nil {
			fmt.Fprintf(&b, " scratch %v four %v index32 %v compare-only %v", r.Scratch, r.FourRows, r.Index32, r.CompareOnly)
		}
		b.WriteString("\n")
	}
	for op := range f.Ops() {
		for r := range op.NumResults() {
			if n := p.Planned(op, r); n != nil {
				line("", n)
			}
		}
	}
	for _, g := range p.Groups {
		for _, n := range g.SharedNests {
			line(fmt.Sprintf("group %d shares ", g.Index), n)
		}
	}
	return b.String()
}

// TestPrepassVersions: the pre-pass decides the loops, tiles and
// reduction strategy of each nest's row-major version from the views'
// sizes and maps.
func TestPrepassVersions(t *testing.T) {
	tests := []struct{ name, src, want string }{{
		// Dims every view reads alike merge into one loop.
		name: "merged-loops",
		src: `func.func @f(%x: tensor<8x16x32xf32>) -> tensor<8x16x32xf32> {
  %a = tir.exp %x : tensor<8x16x32xf32>
  return %a : tensor<8x16x32xf32>
}`,
		want: "tir.exp decided true runs [0 1 2]\n",
	}, {
		// Row group members keep their first loop (the group's rows); a
		// broadcast operand stops a merge where it starts to read.
		name: "member-and-broadcast",
		src: `func.func @f(%x: tensor<8x16x32xf32>, %z: tensor<8x1x32xf32>) -> (tensor<8x16x32xf32>, tensor<8x16x32xf32>) {
  %a = tir.exp %x : tensor<8x16x32xf32>
  %b = tir.add %x, %z : (tensor<8x16x32xf32>, tensor<8x1x32xf32>) -> tensor<8x16x32xf32>
  return %a, %b : tensor<8x16x32xf32>, tensor<8x16x32xf32>
}`,
		want: `tir.exp decided true runs [0] [1 2]
tir.add decided true runs [0] [1] [2]
`,
	}, {
		// A transposed operand is read through 8x8 tiles; dims of size
		// 1 get no loop.
		name: "tile",
		src: `func.func @f(%x: tensor<64x1x128xf32>) -> tensor<128x64xf32> {
  %r = tir.reshape %x : (tensor<64x1x128xf32>) -> tensor<64x128xf32>
  %t = tir.transpose %r {permutation = array<i64: 1, 0>} : (tensor<64x128xf32>) -> tensor<128x64xf32>
  %y = tir.exp %t : tensor<128x64xf32>
  return %y : tensor<128x64xf32>
}`,
		want: `tir.exp decided true runs [0] [1] tile 0,1 transposed [1]
`,
	}, {
		// Column sums run on scratch rows, four rows at a time for a
		// float sum; a row argmax carries i32 indices and compares only.
		name: "reductions",
		src: `func.func @f(%x: tensor<100x64xf32>) -> (tensor<64xf32>, tensor<64xf32>, tensor<100xi64>) {
  %s = tir.reduce_sum %x {dims = array<i64: 0>} : (tensor<100x64xf32>) -> tensor<64xf32>
  %m = tir.reduce_max %x {dims = array<i64: 0>} : (tensor<100x64xf32>) -> tensor<64xf32>
  %i = tir.argmax %x {dims = array<i64: 1>} : (tensor<100x64xf32>) -> tensor<100xi64>
  return %s, %m, %i : tensor<64xf32>, tensor<64xf32>, tensor<100xi64>
}`,
		want: `tir.reduce_sum decided true runs [0] [1] scratch true four true index32 false compare-only false
tir.reduce_max decided true runs [0] [1] scratch true four false index32 false compare-only false
tir.argmax decided true runs [0] [1] scratch false four false index32 true compare-only true
`,
	}, {
		// Softmax's rows: exp(x - max), which two members compute, has a
		// nest of its own writing scratch rows, planned like theirs.
		name: "shared-value",
		src: `func.func @f(%x: tensor<256x1000xf32>) -> tensor<256x1000xf32> {
  %m = tir.reduce_max %x {dims = array<i64: 1>, keepdims} : (tensor<256x1000xf32>) -> tensor<256x1xf32>
  %d = tir.sub %x, %m : (tensor<256x1000xf32>, tensor<256x1xf32>) -> tensor<256x1000xf32>
  %e = tir.exp %d : tensor<256x1000xf32>
  %s = tir.reduce_sum %e {dims = array<i64: 1>, keepdims} : (tensor<256x1000xf32>) -> tensor<256x1xf32>
  %y = tir.div %e, %s : (tensor<256x1000xf32>, tensor<256x1xf32>) -> tensor<256x1000xf32>
  return %y : tensor<256x1000xf32>
}`,
		want: `tir.reduce_max decided true runs [0] [1] scratch false four false index32 false compare-only false
tir.reduce_sum decided true runs [0] [1] scratch false four false index32 false compare-only false
tir.div decided true runs [0] [1]
group 0 shares tir.exp decided true runs [0] [1]
`,
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if d := cmp.Diff(tt.want, versionText(t, tt.src)); d != "" {
				t.Errorf("versions (-want +got):\n%s", d)
			}
		})
	}
}
