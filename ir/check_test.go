package ir

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// checkFixture builds
//
//	func @f(%arg0) { %0 = x.neg %arg0; %1 = x.add %0, %arg0; x.ret %1 }
//
// of unregistered ops (this package registers none), in a module.
func checkFixture() (m *Module, f *Func, neg, add, ret *Op) {
	ty := Tensor(I32, 4)
	f = NewFunc("f", []Type{ty}, []Type{ty})
	neg = NewOp("x.neg", []*Value{f.Arg(0)}, []Type{ty}, nil)
	f.Append(neg)
	add = NewOp("x.add", []*Value{neg.Result(0), f.Arg(0)}, []Type{ty}, nil)
	f.Append(add)
	ret = NewOp("x.ret", []*Value{add.Result(0)}, nil, nil)
	f.Append(ret)
	m = NewModule()
	m.AddFunc(f)
	return m, f, neg, add, ret
}

// TestCheck breaks one invariant at a time and compares every problem
// Check reports.
func TestCheck(t *testing.T) {
	neg0, add1, ret2 := "@f op #0 'x.neg'", "@f op #1 'x.add'", "@f op #2 'x.ret'"
	tests := []struct {
		name   string
		break_ func(m *Module, f *Func, neg, add, ret *Op)
		want   []string
	}{
		{"sound", func(m *Module, f *Func, neg, add, ret *Op) {}, nil},
		{"erased-op-rewired", func(m *Module, f *Func, neg, add, ret *Op) {
			// a correct rewrite: RAUW then erase
			add.Result(0).ReplaceAllUsesWith(neg.Result(0))
			add.Erase()
		}, nil},
		{"use-list-dropped", func(m *Module, f *Func, neg, add, ret *Op) {
			neg.Result(0).uses = nil
		}, []string{add1 + " operand #0: missing from the use-list of result #0 of 'x.neg' (ID 1)"}},
		{"operand-written-directly", func(m *Module, f *Func, neg, add, ret *Op) {
			ret.operands[0] = neg.Result(0) // without SetOperand
		}, []string{
			"the use-list of result #0 of 'x.add' (ID 2): operand #0 of 'x.ret' holds result #0 of 'x.neg' (ID 1), want this value",
			ret2 + " operand #0: missing from the use-list of result #0 of 'x.neg' (ID 1)",
		}},
		{"use-listed-twice", func(m *Module, f *Func, neg, add, ret *Op) {
			v := add.Result(0)
			v.uses = append(v.uses, v.uses[0])
		}, []string{"the use-list of result #0 of 'x.add' (ID 2): operand #0 of 'x.ret' listed twice"}},
		{"use-before-definition", func(m *Module, f *Func, neg, add, ret *Op) {
			f.InsertAfter(add, neg)
		}, []string{"@f op #0 'x.add' operand #0: result #0 of 'x.neg' (ID 1) is used before its definition"}},
		{"operand-of-another-function", func(m *Module, f *Func, neg, add, ret *Op) {
			g := NewFunc("g", []Type{Tensor(I32, 4)}, nil)
			add.SetOperand(1, g.Arg(0))
		}, []string{add1 + " operand #1: argument #0 (ID 0) is not a value of @f (its Func is @g)"}},
		{"operand-of-an-erased-op", func(m *Module, f *Func, neg, add, ret *Op) {
			neg.Erase() // still used by add
		}, []string{
			"@f op #0 'x.add' operand #0: result #0 of 'x.neg' (ID 1) is not a value of @f (its Func is nil)",
		}},
		{"duplicate-id", func(m *Module, f *Func, neg, add, ret *Op) {
			add.Result(0).id = 1
		}, []string{
			add1 + " result #0: ID 1, which result #0 of 'x.neg' (ID 1) already has",
			ret2 + " operand #0: result #0 of 'x.add' (ID 1) is not a value of @f (its Func is @f)",
		}},
		{"id-out-of-range", func(m *Module, f *Func, neg, add, ret *Op) {
			f.Arg(0).id = 7
		}, []string{
			"@f argument #0: ID 7, want one in [0, 3)",
			neg0 + " operand #0: argument #0 (ID 7) is not a value of @f (its Func is @f)",
			add1 + " operand #1: argument #0 (ID 7) is not a value of @f (its Func is @f)",
		}},
		{"result-pointers", func(m *Module, f *Func, neg, add, ret *Op) {
			r := neg.Result(0)
			r.def, r.fn, r.index = add, f, 3
		}, []string{
			neg0 + " result #0: defined by 'x.add', want the op listing it",
			neg0 + " result #0: has an argument's Func (@f), want none (a result's Func is its op's)",
			neg0 + " result #0: Index 3, want 0",
		}},
		{"argument-pointers", func(m *Module, f *Func, neg, add, ret *Op) {
			a := f.Arg(0)
			a.fn, a.index = nil, 2
		}, []string{
			"@f argument #0: Func is nil, want @f",
			"@f argument #0: Index 2, want 0",
		}},
		{"links", func(m *Module, f *Func, neg, add, ret *Op) {
			ret.prev = neg
			f.numOps = 4
			add.fn = nil
		}, []string{
			add1 + ": Func is nil, want @f",
			ret2 + ": Prev is 'x.neg', want 'x.add'",
			"@f: NumOps 4, want 3 (the ops in the list)",
		}},
		{"last", func(m *Module, f *Func, neg, add, ret *Op) {
			f.last = add
		}, []string{"@f: Last is 'x.add', want the end of the op list ('x.ret')"}},
		{"cycle", func(m *Module, f *Func, neg, add, ret *Op) {
			ret.next = neg
		}, []string{
			"@f: op #3 is op #0 again (a cycle in the op list)",
		}},
		{"rows", func(m *Module, f *Func, neg, add, ret *Op) {
			neg.Def = &OpDef{Name: "x.neg"}
			add.Pos = Pos{}
		}, []string{
			neg0 + ": has a row (x.neg), but no op of that name is registered",
			"@f op #1 'x.add': no source position",
		}},
		{"types", func(m *Module, f *Func, neg, add, ret *Op) {
			neg.Result(0).typ = nil
			add.Result(0).typ = &TensorType{Shape: []int64{2}}
		}, []string{
			neg0 + " result #0: no type",
			add1 + " result #0: a tensor type without an element type",
			add1 + " operand #0: result #0 of 'x.neg' (ID 1) has no type",
		}},
		{"module", func(m *Module, f *Func, neg, add, ret *Op) {
			f.Module = nil
		}, []string{"@f: Module is nil, want the module holding it"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, f, neg, add, ret := checkFixture()
			tt.break_(m, f, neg, add, ret)
			var got []string
			if err := Check(m); err != nil {
				var ce *CheckError
				if !errors.As(err, &ce) {
					t.Fatalf("Check returned %T, want *CheckError", err)
				}
				got = ce.Problems
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Check problems (-want +got):\n%s", diff)
			}
		})
	}
}
