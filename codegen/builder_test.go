package codegen

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/llir/llvm/ir/types"
)

// TestSameType: sameType agrees with llir's Equal (which store skips).
func TestSameType(t *testing.T) {
	named := types.NewPointer(types.I8)
	named.SetName("p")
	named2 := types.NewPointer(types.I16)
	named2.SetName("p")
	st := types.NewStruct(types.I64)
	st.SetName("s")
	all := []types.Type{
		types.I1, types.I8, types.I32, types.I64, types.Float, types.Double,
		types.NewPointer(types.I8), types.NewPointer(types.I8), types.NewPointer(types.I32),
		types.NewPointer(types.NewPointer(types.I8)), types.NewPointer(types.NewPointer(types.I8)),
		types.NewPointer(types.Float), types.NewPointer(st), types.NewPointer(types.NewStruct(types.I64)),
		named, named2, st, types.NewStruct(types.I64), types.NewArray(2, types.I64),
		&types.PointerType{ElemType: types.I8, AddrSpace: 1},
	}
	var got, want [][2]int
	for i, a := range all {
		for j, b := range all {
			if sameType(a, b) {
				got = append(got, [2]int{i, j})
			}
			if a.Equal(b) {
				want = append(want, [2]int{i, j})
			}
		}
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("pairs of equal types (-llir +sameType):\n%s", diff)
	}
}
