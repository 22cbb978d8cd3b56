package codegen

import (
	"bytes"
	"io"
	"runtime"
	"testing"

	"github.com/tirc/tirc/bench/genmod"
	"github.com/tirc/tirc/codegen/llvmtext"
	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/ir/asm"
)

// lowerMeasure is what lowering one long function cost: allocations and
// bytes allocated, and the growth of the heap held (live after a
// collection) per op printed over the second half of the function.

type lowerMeasure struct {
	mallocs, bytes uint64
	heldPerOp      float64
}

// measureLowering lowers m (one function of ops ops) to io.Discard,
// sampling the heap held when half and all of its ops are printed.
func measureLowering(t *testing.T, m *ir.Module, ops int) lowerMeasure {
	t.Helper()
	held := func() uint64 {
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		return ms.HeapAlloc
	}
	// The slope of a line fitted to the heap held at 8 points of the
	// second half (one sample can catch a chunk of text or a queue of
	// blocks not printed yet).
	const samples = 8
	calls, step := 0, max((ops-1)/2/(samples+1), 1)
	var xs, ys []float64
	onStream = func(kept, printed int) {
		calls++
		if calls > ops/2 && calls%step == 0 && len(xs) < samples {
			xs, ys = append(xs, float64(calls)), append(ys, float64(held()))
		}
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	ds, err := EmitTo(io.Discard, m, DefaultOptions())
	runtime.ReadMemStats(&after)
	onStream = nil
	if err != nil || ds.HasErrors() {
		t.Fatal(err, ds)
	}
	if len(xs) < samples {
		t.Fatalf("%d ops printed in %d steps: the heap was sampled %d times", ops, calls, len(xs))
	}
	return lowerMeasure{
		mallocs:   after.Mallocs - before.Mallocs,
		bytes:     after.TotalAlloc - before.TotalAlloc,
		heldPerOp: slope(xs, ys),
	}
}

// slope is the least-squares slope of y over x.
func slope(xs, ys []float64) float64 {
	var mx, my float64
	for i := range xs {
		mx, my = mx+xs[i], my+ys[i]
	}
	mx, my = mx/float64(len(xs)), my/float64(len(xs))
	var sxy, sxx float64
	for i := range xs {
		sxy += (xs[i] - mx) * (ys[i] - my)
		sxx += (xs[i] - mx) * (xs[i] - mx)
	}
	return sxy / sxx
}

// TestLoweringScalesLinearly lowers each DAG shape of genmod (fan-out,
// wide fan-in, diamonds, one value with many uses) at n and 4n ops: the
// allocations and bytes allocated must grow at most 4.5x, and the heap
// held while the function is lowered must not grow with the ops already
// printed (at most maxHeldPerOp bytes per op printed, past the bound of its tables: buffers no op reads again,
// printed instructions, their operands and old messages are let go). A
// heap that grows by kilobytes per op meets tirc's memory limit on a
// large input, and then the collector runs without pause: the time per
// op grows with the function.
func TestLoweringScalesLinearly(t *testing.T) {
	const n, maxHeldPerOp = 1000, 1024
	oldLimit, oldSpill := recentLimit, llvmtext.SpillAt
	recentLimit, llvmtext.SpillAt = 256, 0 // small tables reach their bound; no text held
	defer func() { recentLimit, llvmtext.SpillAt = oldLimit, oldSpill }()
	for _, shape := range genmod.DAGs {
		var ms [2]lowerMeasure
		for i, ops := range []int{n, 4 * n} {
			var src bytes.Buffer
			if err := genmod.Write(&src, genmod.Options{Ops: ops, DAG: shape}); err != nil {
				t.Fatal(err)
			}
			m, d := asm.ParseString(src.String(), asm.ParseOptions{})
			if d != nil {
				t.Fatal(d)
			}
			ms[i] = measureLowering(t, m, m.Funcs[0].NumOps())
		}
		if r := float64(ms[1].mallocs) / float64(ms[0].mallocs); r > 4.5 {
			t.Errorf("%s: %d allocations at %d ops, %d at %d: %.2fx, want at most 4.5x", shape, ms[0].mallocs, n, ms[1].mallocs, 4*n, r)
		}
		if r := float64(ms[1].bytes) / float64(ms[0].bytes); r > 4.5 {
			t.Errorf("%s: %d bytes allocated at %d ops, %d at %d: %.2fx, want at most 4.5x", shape, ms[0].bytes, n, ms[1].bytes, 4*n, r)
		}
		t.Logf("%s: %+v %+v", shape, ms[0], ms[1])
		if ms[1].heldPerOp > maxHeldPerOp { // past the tables' bound
			t.Errorf("%s, %d ops: the heap held grew %.0f bytes per op printed, want at most %d", shape, 4*n, ms[1].heldPerOp, maxHeldPerOp)
		}
	}
}
