package codegen

import (
	"encoding/binary"
	"fmt"
	"strings"

	llvm "github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"github.com/tirc/tirc/codegen/llvmtext"
	"github.com/tirc/tirc/codegen/plan"
	"github.com/tirc/tirc/ir"
)

// Nests are shared. A nest's function depends on the fused tree it
// computes and on the pattern of the values it captures, never on which
// values they are: two nests whose trees compute the same ops on the same
// types with the same maps, and whose captured values are equal where the
// other's are equal and are the same constants where the other's are
// constants, have the same body. A module's second such nest is a call of
// the first one's function with its own arguments. In a long function
// most nests repeat one of a few hundred shapes (make bench's 100k-op
// module: 33,022 nests, 1,929 different), so sharing them cuts the text
// tirc builds and prints, and clang compiles, by more than half.
//
// nestKey is that description, written while walking the nest's inputs in
// a fixed order; each value gets the number of its first occurrence, so
// the walk also lists the values a nest can capture. The builder's
// captures are then numbered in that list, and a later nest with the same
// key passes its own values in their places. A nest capturing a value the
// walk does not list is not shared.
type nestKey struct {
	b    []byte
	ids  map[value.Value]int
	list []value.Value // the values by number
	// dst and root are the nest walked; the walk is b[:walked].
	dst    *view
	root   *node
	walked int
}

// sharedNest is a built nest another one with the same key calls.
type sharedNest struct {
	fn     *llvm.Func
	args   []int  // the walk's number of each captured value
	ntUsed bool   // a window nest with non-temporal stores (rowsEmitter.flush fences)
	built  *built // what building it decided (its plan)
	text   string
}

// checkSharedNests makes every nest that would be shared build anyway and
// compares the two functions' text: a test of the key (nestcache_test.go).
var checkSharedNests bool

// sharedNestsChecked counts the comparisons checkSharedNests made.
var sharedNestsChecked int

// The key is bytes only a machine reads: integers as varints, strings
// after their length, so no encoding is a prefix of another.
func (k *nestKey) str(s string) {
	k.b = binary.AppendUvarint(k.b, uint64(len(s)))
	k.b = append(k.b, s...)
}

func (k *nestKey) int(n int64) { k.b = binary.AppendVarint(k.b, n) }

func (k *nestKey) flag(f bool) {
	if f {
		k.b = append(k.b, 't')
	} else {
		k.b = append(k.b, 'f')
	}
}

// keyScan is how many values a key finds by comparing them in turn;
// beyond, ids holds them all (most nests capture fewer: a scan of a few
// pointers is faster than hashing an interface).
const keyScan = 16

// id is v's number in the walk, if it has one.
func (k *nestKey) id(v value.Value) (int, bool) {
	if len(k.list) > keyScan {
		id, ok := k.ids[v]
		return id, ok
	}
	for i, x := range k.list {
		if x == v {
			return i, true
		}
	}
	return 0, false
}

// val writes a value's number; the first time, also its type, or its
// text for a constant.
func (k *nestKey) val(v value.Value) {
	if v == nil {
		k.b = append(k.b, '-')
		return
	}
	id, seen := k.id(v)
	if !seen {
		id = len(k.list)
		k.list = append(k.list, v)
		if len(k.list) > keyScan {
			if len(k.ids) == 0 {
				for i, x := range k.list {
					k.ids[x] = i
				}
			}
			k.ids[v] = id
		}
	}
	k.b = append(k.b, 'v')
	k.int(int64(id))
	if seen {
		return
	}
	switch c := v.(type) {
	case *constant.Int:
		k.b = append(k.b, 'i')
		k.typ(c.Typ)
		if c.X.IsInt64() {
			k.int(c.X.Int64())
		} else {
			k.str(c.X.String())
		}
	case constant.Constant:
		k.b = append(k.b, 'c')
		k.str(c.String())
	default:
		k.b = append(k.b, 'x')
		k.typ(v.Type())
	}
}

// typ writes an LLVM type: integers and pointers to them or to floats
// without allocating, as most captured values are.
func (k *nestKey) typ(t types.Type) {
	switch t := t.(type) {
	case *types.IntType:
		k.b = append(k.b, 'i')
		k.int(int64(t.BitSize))
	case *types.FloatType:
		k.b = append(k.b, 'f')
		k.int(int64(t.Kind))
	case *types.PointerType:
		if t.AddrSpace != 0 || t.TypeName != "" {
			k.b = append(k.b, 't')
			k.str(t.String())
			return
		}
		k.b = append(k.b, '*')
		k.typ(t.ElemType)
	default:
		k.b = append(k.b, 't')
		k.str(t.String())
	}
}

func (k *nestKey) vals(vs []value.Value) {
	k.int(int64(len(vs)))
	for _, v := range vs {
		k.val(v)
	}
}

func (k *nestKey) ints(ns []int64) {
	k.int(int64(len(ns)))
	for _, n := range ns {
		k.int(n)
	}
}

func (k *nestKey) maps(ms []ir.DimMap) {
	k.int(int64(len(ms)))
	for _, m := range ms {
		k.int(int64(m.Loop))
		k.int(m.Stride)
		k.int(m.Offset)
		k.int(int64(m.Kind))
	}
}

func (k *nestKey) view(v *view) {
	if v == nil {
		k.str("-")
		return
	}
	k.str(v.elem.String())
	k.ints(v.shape)
	k.val(v.base)
	k.vals(v.sizes)
	k.vals(v.strides)
	k.flag(v.contiguous)
	k.flag(v.allocatedHere)
	k.flag(v.index)
}

// op writes what a kernel reads of an op: its name, attributes and types.
func (k *nestKey) op(op *ir.Op) { k.b = plan.AppendOpSig(k.b, op) }

func (k *nestKey) node(n *node) {
	k.b = append(k.b, '(')
	if n.op != nil { // markers keep op-less and loop-less nodes apart
		k.b = append(k.b, 'o')
		k.op(n.op)
	}
	if l := n.loops; l != nil {
		k.b = append(k.b, 'l')
		k.int(int64(len(l.Iter)))
		for _, it := range l.Iter {
			k.int(int64(it))
		}
	}
	k.b = append(k.b, 'e')
	k.str(n.elem.String())
	k.ints(n.shape)
	k.vals(n.sizes)
	k.vals(n.ext)
	k.maps(n.dimMap)
	k.view(n.view)
	k.val(n.scalar)
	k.int(int64(n.bit))
	k.int(int64(n.res))
	k.int(int64(len(n.kids)))
	for _, c := range n.kids {
		k.node(c)
	}
	k.int(int64(len(n.idx)))
	for _, c := range n.idx {
		k.node(c)
	}
	k.b = append(k.b, ')')
}

// nestKeyOf describes a nest built by buildNest without a rider. The
// walk of the fast version is reused for the strided one: only the
// flags, written last, differ.
func (fc *funcCtx) nestKeyOf(dst *view, root *node, s nestSpec) *nestKey {
	k := fc.mod.key
	if k == nil {
		k = &nestKey{ids: map[value.Value]int{}}
		fc.mod.key = k
	}
	if k.dst != dst || k.root != root {
		k.dst, k.root = dst, root
		k.b = k.b[:0]
		clear(k.ids)
		k.list = k.list[:0]
		k.maps(root.dimMap)
		k.view(dst)
		if b := s.blocks; b != nil {
			k.str("blocks")
			k.val(b.size)
			k.val(b.count)
			k.val(b.sums)
			k.val(b.idx)
		} else {
			k.str("-")
		}
		k.node(root)
		k.walked = len(k.b)
	}
	k.b = k.b[:k.walked]
	k.flag(s.fast)
	k.flag(s.window)
	k.flag(s.allowNT)
	k.int(int64(s.bits))
	return k
}

// rowsKey describes a row group's function (rowsEmitter.flush): its members'
// nest functions, the values it passes them, its rows, blocks and scratch
// buffers.
func rowsKey(g *rowGroup, calls []memberCall, ride, fence bool, rideFn *llvm.Func, rideA []value.Value) *nestKey {
	k := &nestKey{ids: map[value.Value]int{}}
	k.str("rows")
	k.flag(ride)
	k.flag(fence)
	k.val(g.rows)
	k.val(g.block)
	k.int(int64(len(g.scratch)))
	for _, s := range g.scratch {
		k.val(s.base)
		k.val(s.slot)
		k.val(s.row)
		k.val(s.threads)
		k.str(s.elem.String())
	}
	k.int(int64(len(calls)))
	for _, c := range calls {
		k.str(c.fast.Name())
		k.vals(c.fastA)
		if c.slow != nil {
			k.str(c.slow.Name())
			k.vals(c.slowA)
			k.val(c.guard)
		} else {
			k.str("-")
		}
	}
	if ride {
		k.str(rideFn.Name())
		k.vals(rideA)
	}
	return k
}

// share remembers a built nest under its key when every value it
// captured is in the walk.
func (mc *moduleCtx) share(k *nestKey, fn *llvm.Func, captured []value.Value, ntUsed bool, b *built, text string) {
	s := &sharedNest{fn: fn, args: make([]int, len(captured)), ntUsed: ntUsed, built: b, text: text}
	for i, v := range captured {
		id, ok := k.id(v)
		if !ok {
			return
		}
		s.args[i] = id
	}
	mc.publish(func() { mc.shared[string(k.b)] = s })
}

// sharedNest returns the nest built with key k, or nil (on this
// context's turn then: have).
func (mc *moduleCtx) sharedNest(k *nestKey) *sharedNest {
	var s *sharedNest
	mc.have(func() bool { s = mc.shared[string(k.b)]; return s != nil })
	return s
}

// argsOf are the values a nest with key k passes to a shared nest.
func (s *sharedNest) argsOf(k *nestKey) []value.Value {
	args := make([]value.Value, len(s.args))
	for i, id := range s.args {
		args[i] = k.list[id]
	}
	return args
}

// finishShared prints a nest built with key k and remembers it. Under
// checkSharedNests, a nest built although same has its key is compared
// with same (text and arguments), then dropped.
func (mc *moduleCtx) finishShared(k *nestKey, same *sharedNest, ns *nest) (*llvm.Func, []value.Value, error) {
	var text string
	if checkSharedNests {
		text = bodyText(ns.fn)
	}
	if same == nil {
		mc.share(k, ns.fn, ns.args, ns.ntUsed, ns.built, text)
		mc.finish(ns.fn)
		return ns.fn, ns.args, nil
	}
	mc.drop(ns.fn)
	args := same.argsOf(k)
	if text != same.text || len(args) != len(ns.args) {
		return nil, nil, fmt.Errorf("internal error: nest @%s differs from @%s, which has the same key:\n%s\n%s", ns.fn.Name(), same.fn.Name(), text, same.text)
	}
	for i := range args {
		if args[i] != ns.args[i] {
			return nil, nil, fmt.Errorf("internal error: nest @%s passes argument %d unlike @%s, which has the same key", ns.fn.Name(), i, same.fn.Name())
		}
	}
	sharedNestsChecked++
	return same.fn, args, nil
}

// bodyText is a function's text without its name.
func bodyText(f *llvm.Func) string {
	s := llvmtext.FunctionText(f)
	s = strings.Replace(s, "@"+f.Name()+"(", "@(", 1)
	return strings.ReplaceAll(s, "%"+f.Name()+".args", "%.args") // a packed function's struct
}

// drop forgets the nest just built, which is never printed, and its
// name and number.
func (mc *moduleCtx) drop(f *llvm.Func) {
	mc.mustTurn()
	delete(mc.symbols, f.Name())
	mc.nests--
	unlist(mc.m, f)
}
