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
// loops, row run and group, threads and blocks.
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
			b.WriteString("\n")
		}
	}
	for i, g := range p.Groups {
		fmt.Fprintf(&b, "group %d: %d nests, block %d, threads %v, shared %d", i, len(g.Planned), g.Block, g.Threads.May, g.Shared)
		if g.Rider {
			fmt.Fprintf(&b, ", rider in blocks of %d", g.PipeBlock)
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
group 0: 3 nests, block 65, threads true, shared 1, rider in blocks of 1
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
group 0: 3 nests, block 655, threads false, shared 1
`,
	}, {
		// Rows of two arguments' dynamic sizes may differ at run time:
		// two runs of one nest each, no group.
		name: "other-rows", min: 1 << 20,
		src: `func.func @f(%x: tensor<?x64xf32>, %y: tensor<?x64xf32>) -> (tensor<?x64xf32>, tensor<?x64xf32>) {
  %a = tir.exp %x : tensor<?x64xf32>
  %b = tir.exp %y : tensor<?x64xf32>
  return %a, %b : tensor<?x64xf32>, tensor<?x64xf32>
}`,
		want: `tir.exp loops 2 run 0 group -1 threads true store 2 (at run time: output >= 1 MiB)
tir.exp loops 2 run 1 group -1 threads true store 2 (at run time: output >= 1 MiB)
`,
	}, {
		// A member's output a later member reads stays in the cache;
		// the last member's output is large enough to stream.
		name: "read-later", min: 1 << 20,
		src: `func.func @f(%x: tensor<4096x1024xf32>) -> (tensor<4096x1024xf32>, tensor<4096x1024xf32>) {
  %a = tir.exp %x : tensor<4096x1024xf32>
  %b = tir.add %a, %x : tensor<4096x1024xf32>
  return %a, %b : tensor<4096x1024xf32>, tensor<4096x1024xf32>
}`,
		want: `tir.exp loops 2 run 0 group 0 threads true store 0 (read again by a later member of its row group)
tir.add loops 2 run 0 group 0 threads true store 1 (output 16 MiB >= 1 MiB)
group 0: 2 nests, block 64, threads true, shared 0
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
