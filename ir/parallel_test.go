package ir_test

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/tirc/tirc/ir"
)

// TestParallelForPanic: a panic in a body reaches the caller (a recover
// there sees it, instead of the process dying in a worker goroutine), and
// it is the panic of the lowest failing index, whatever the scheduling.
func TestParallelForPanic(t *testing.T) {
	for run := 0; run < 50; run++ {
		got := func() (msg string) {
			defer func() {
				r := recover()
				e, ok := r.(*ir.InternalError)
				if !ok {
					msg = fmt.Sprintf("recovered %T %v, want *ir.InternalError", r, r)
					return
				}
				msg = fmt.Sprint(e.Value)
			}()
			ir.ParallelFor(64, func(i int) {
				if i%7 == 3 {
					panic(fmt.Sprintf("body %d", i))
				}
			})
			return "no panic"
		}()
		if diff := cmp.Diff("body 3", got); diff != "" {
			t.Fatalf("run %d (-want +got):\n%s", run, diff)
		}
	}
}
