package dialect_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	_ "github.com/tirc/tirc/dialect"
	"github.com/tirc/tirc/ir"
)

// TestSuggestOpName runs the "did you mean" hint on typos users make,
// against the registered ops: NumPy's and XLA's names, slips of the
// keyboard, MLIR habits. "" means no hint: better none than a wrong one.
func TestSuggestOpName(t *testing.T) {
	tests := []struct{ typed, want string }{
		// Slips.
		{"tir.ad", "tir.add"},
		{"tir.mull", "tir.mul"},
		{"tir.nul", "tir.mul"},
		{"tir.sqtr", "tir.sqrt"},
		{"tir.tahn", "tir.tanh"},
		{"tir.exo", "tir.exp"},
		{"tir.xro", "tir.xor"},
		{"tir.slect", "tir.select"},
		{"tir.selcet", "tir.select"},
		{"tir.constnat", "tir.constant"},
		{"tir.convret", "tir.convert"},
		{"tir.broadcast_in_dims", "tir.broadcast_in_dim"},
		{"tir.brodcast_in_dim", "tir.broadcast_in_dim"},
		{"func.retrun", "func.return"},
		{"arith.adf", "arith.addf"},
		{"arith.constnt", "arith.constant"},
		{"tensor.cats", "tensor.cast"},
		// Other spellings of an op.
		{"tir.Add", "tir.add"},
		{"tir.broadcastInDim", "tir.broadcast_in_dim"},
		{"tir.maximum", "tir.max"},
		{"tir.minimum", "tir.min"},
		{"tir.subtract", "tir.sub"},
		{"tir.minus", "tir.sub"},
		{"tir.multiply", "tir.mul"},
		{"tir.divide", "tir.div"},
		{"tir.power", "tir.pow"},
		{"tir.negative", "tir.neg"},
		{"tir.negate", "tir.neg"},
		{"tir.absolute", "tir.abs"},
		{"tir.where", "tir.select"},
		{"tir.less", "tir.cmp"},
		{"tir.greater_equal", "tir.cmp"},
		{"tir.logical_and", "tir.and"},
		{"tir.astype", "tir.convert"},
		{"tir.cast", "tir.convert"},
		{"tir.convert_element_type", "tir.convert"},
		{"tir.broadcast", "tir.broadcast_in_dim"},
		{"tir.broadcast_to", "tir.broadcast_in_dim"},
		{"tir.const", "tir.constant"},
		{"tir.cmpf", "tir.cmp"},
		{"tir.addf", "tir.add"},
		{"tir.call", "func.call"},
		{"tri.add", "tir.add"},
		// Reductions: NumPy's names and words.
		{"tir.sum", "tir.reduce_sum"},
		{"tir.mean", "tir.reduce_mean"},
		{"tir.average", "tir.reduce_mean"},
		{"tir.prod", "tir.reduce_prod"},
		{"tir.product", "tir.reduce_prod"},
		{"tir.any", "tir.reduce_any"},
		{"tir.amax", "tir.reduce_max"},
		{"tir.amin", "tir.reduce_min"},
		{"tir.reducesum", "tir.reduce_sum"},
		{"tir.max_reduce", "tir.reduce_max"},
		{"tir.reduce_maximum", "tir.reduce_max"},
		{"tir.reduce_sm", "tir.reduce_sum"}, // a slip beats the shared word 'reduce'
		{"tir.arg_max", "tir.argmax"},
		{"tir.argmx", "tir.argmax"},
		{"tir.reduce", ""}, // which one?
		// No clear intent: no hint. (tir.sum must never get tir.sub.)
		{"tir.mux", ""},
		{"tir.relu", ""},
		{"tir.matmul", ""},
		{"arith.add", ""}, // addf or addi: the operand types decide
		{"tir.add", ""},   // registered
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, ir.SuggestOpName(tt.typed)); diff != "" {
			t.Errorf("SuggestOpName(%q) (-want +got):\n%s", tt.typed, diff)
		}
	}
	if got := ir.SuggestOpName("tir.sum"); got == "tir.sub" {
		t.Errorf("SuggestOpName(\"tir.sum\") = %q: a sum is not a subtraction", got)
	}
}
