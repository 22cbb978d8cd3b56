package codegen

import (
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/metadata"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"github.com/tirc/tirc/codegen/plan"
)

// Non-temporal stores. An ordinary store first reads its cache line from
// memory (write-allocate), so a nest writing an output much larger than
// the last-level cache moves each output byte twice; streaming
// (non-temporal) stores skip that read. A store-bound nest — a large
// output from much smaller inputs, like W2's outer broadcast
// a[4096x1] + b[1x4096] — then runs at the speed of filling memory, and a
// copy-like one (W1, W3, W5) moves a third (copy) or a quarter (triad)
// fewer bytes: on the machine of BENCH.md streaming copies are 1.2-1.5×
// faster. Some machines are the other way round (../shared/BENCH.md
// measured streaming copies 10% slower on its VM): there
// Options.NonTemporalStoreBoundOnly (tirc -nontemporal-store-bound-only)
// keeps ordinary stores in copy-like nests; `make bench` prints the
// machine's copy and copy_nt rates.
//
// clang does not vectorize loops of scalar !nontemporal stores, so the
// innermost loop is emitted vectorized here: a scalar prologue up to a
// 64-byte aligned output address, a loop of 64-byte vector stores marked
// !nontemporal (inputs read as vectors, stride-0 inputs broadcast once per
// vector, others gathered), and a scalar epilogue.

// DefaultNonTemporalMin is the output size in bytes from which a nest
// uses non-temporal stores: beyond the last-level cache of common
// machines, so the output would not stay in the cache anyway.
const DefaultNonTemporalMin = 32 << 20

// ntPlan is the vector width of a nest's non-temporal loop, and the
// run-time condition to take it when sizes are dynamic (nil: always).
type ntPlan struct {
	vf   int64
	md   *metadata.Tuple
	cond value.Value
}

// planNonTemporal emits the nest's store decision: planned, the
// pre-pass's, else (a copy, a shared value's nest) plan.NewStore's on
// the sizes of its output (views[0]) and, with
// NonTemporalStoreBoundOnly, of its inputs. When the store is
// non-temporal only if a run-time test passes (plan.NonTemporalIf),
// the test is computed once at the nest's entry, and ntLoop falls back
// to its scalar loop when it fails.
func (ns *nest) planNonTemporal(views []*capturedView, planned *plan.Store) (*ntPlan, plan.Store) {
	bl := ns.bl
	opts := bl.mod.opts
	f := plan.StoreFacts{Min: opts.NonTemporalMin, BoundOnly: opts.NonTemporalStoreBoundOnly, ElemBytes: byteSize(views[0].v.elem)}
	decide := func() plan.Store {
		if planned != nil {
			return *planned
		}
		return plan.NewStore(f)
	}
	if f.Min <= 0 {
		return nil, decide()
	}
	count := func(sizes []value.Value) value.Value {
		var n value.Value = i64c(1)
		for _, s := range sizes {
			n = bl.mul(n, s)
		}
		return n
	}
	out := count(views[0].sizes)
	bytes := bl.mul(out, i64c(f.ElemBytes))
	f.OutElems, f.OutBytes = constOr(out), constOr(bytes)
	var bytesTest, in8 value.Value
	if f.OutBytes == plan.Dynamic {
		bytesTest = bl.b.NewICmp(enum.IPredSGE, bytes, i64c(f.Min))
	}
	if f.BoundOnly && plan.OutputMayStream(f) {
		var in value.Value = i64c(0)
		for _, c := range views[1:] {
			in = bl.add(in, count(c.sizes))
		}
		in8 = bl.mul(in, i64c(8))
		f.InElems8 = constOr(in8)
	}
	s := decide()
	if s.Kind == plan.Ordinary {
		return nil, s
	}
	p := &ntPlan{vf: s.VF, md: bl.mod.ntMetadata()}
	var cond value.Value = constant.True
	if s.CheckBytes(f) {
		cond = bytesTest
	}
	if s.CheckBound(f) {
		cond = bl.and(cond, bl.b.NewICmp(enum.IPredSLE, in8, out))
	}
	if _, static := cond.(*constant.Int); !static {
		p.cond = cond
	}
	return p, s
}

// constOr is a constant's value, or plan.Dynamic.
func constOr(v value.Value) int64 {
	if c, ok := constVal(v); ok {
		return c
	}
	return plan.Dynamic
}

// ntMetadata is the module's !{i32 1} of !nontemporal.
func (mc *moduleCtx) ntMetadata() *metadata.Tuple {
	var md *metadata.Tuple
	if mc.have(func() bool { md = mc.ntMD; return md != nil }) {
		return md
	}
	md = &metadata.Tuple{MetadataID: 0, // printed early by finish: a fixed ID
		Fields: []metadata.Field{constant.NewInt(types.I32, 1)}}
	mc.m.MetadataDefs = append(mc.m.MetadataDefs, md)
	mc.publish(func() { mc.ntMD = md })
	return md
}

// noUnrollMetadata is the module's loop ID that asks LLVM not to unroll
// a loop: distinct !{self, !{!"llvm.loop.unroll.disable"}}.
func (mc *moduleCtx) noUnrollMetadata() *metadata.Tuple {
	var md *metadata.Tuple
	if mc.have(func() bool { md = mc.noUnrollMD; return md != nil }) {
		return md
	}
	md = &metadata.Tuple{MetadataID: 1, Distinct: true} // a fixed ID, as ntMetadata's
	md.Fields = []metadata.Field{md, &metadata.Tuple{MetadataID: -1,
		Fields: []metadata.Field{&metadata.String{Value: "llvm.loop.unroll.disable"}}}}
	mc.m.MetadataDefs = append(mc.m.MetadataDefs, md)
	mc.publish(func() { mc.noUnrollMD = md })
	return md
}

// ntLoop emits the innermost loop over [from, to) with non-temporal
// vector stores; body is the scalar element code. When cond (nil: true)
// is false at run time, or the output is not aligned to its element size,
// the scalar prologue runs the whole range: an ordinary loop, which clang
// vectorizes.
func (ns *nest) ntLoop(from, to value.Value, g group, views []*capturedView, ptrs []value.Value, cond value.Value, body func([]value.Value)) {
	bl := ns.bl
	vf := ns.nt.vf
	ns.ntUsed = true
	dstElem := views[0].v.elem
	esz := byteSize(dstElem)
	at := func(j value.Value) []value.Value {
		out := make([]value.Value, len(ptrs))
		for k, c := range views {
			out[k] = ns.advance(c, ptrs[k], bl.mul(j, g.strides[k]))
		}
		return out
	}
	// Prologue: scalar elements up to a 64-byte aligned output address.
	first := bl.gep(storageType(dstElem), ptrs[0], from)
	addr := bl.b.NewPtrToInt(first, types.I64)
	peel := bl.b.NewUDiv(bl.b.NewAnd(bl.b.NewSub(i64c(64), bl.b.NewAnd(addr, i64c(63))), i64c(63)), i64c(esz))
	n := bl.b.NewSub(to, from)
	var peel2 value.Value = bl.b.NewSelect(bl.b.NewICmp(enum.IPredULT, peel, n), peel, n)
	if esz > 1 {
		// An output not aligned to its element size never reaches a
		// 64-byte boundary: the ordinary loop writes it (a streaming
		// store there would fault).
		odd := bl.b.NewICmp(enum.IPredNE, bl.b.NewAnd(addr, i64c(esz-1)), i64c(0))
		peel2 = bl.b.NewSelect(odd, n, peel2)
	}
	if cond != nil {
		peel2 = bl.b.NewSelect(cond, peel2, n)
	}
	vstart := bl.b.NewAdd(from, peel2)
	bl.loopFrom(from, vstart, "nt.pre", func(j value.Value) { body(at(j)) })
	nvec := bl.b.NewUDiv(bl.b.NewSub(to, vstart), i64c(vf))
	vend := bl.b.NewAdd(vstart, bl.b.NewMul(nvec, i64c(vf)))
	bl.loop(nvec, "nt", func(k value.Value) {
		j := bl.b.NewAdd(vstart, bl.b.NewMul(k, i64c(vf)))
		ps := at(j)
		leafPtr := map[*node]value.Value{}
		leafStride := map[*node]value.Value{}
		for i, c := range views[1:] {
			for _, l := range c.leaves {
				leafPtr[l], leafStride[l] = ps[i+1], g.strides[i+1]
			}
		}
		loaded := map[value.Value]value.Value{} // as in eval
		v, err := ns.evalWith(ns.root, func(l *node) value.Value {
			if l.view == nil {
				return ns.splat(ns.scalars[l], vf)
			}
			p := leafPtr[l]
			v, ok := loaded[p]
			if !ok {
				v = ns.vectorOf(l, p, leafStride[l], vf)
				loaded[p] = v
			}
			return v
		})
		if err != nil {
			return // reported by the scalar body, which shares the tree
		}
		sv := bl.ToStorage(v, dstElem)
		store := store(bl.b, sv, bl.b.NewBitCast(ps[0], types.NewPointer(sv.Type())))
		store.Align = 64
		store.Metadata = append(store.Metadata, &metadata.Attachment{Name: "nontemporal", Node: ns.nt.md})
	})
	bl.loopFrom(vend, to, "nt.post", func(j value.Value) { body(at(j)) })
}

// shortTrip reports whether trip is a constant below n: an innermost loop
// too short for non-temporal vectors (it would run its scalar prologue and
// epilogue only) keeps the ordinary loop, which clang vectorizes.
func shortTrip(trip value.Value, n int64) bool {
	c, ok := constVal(trip)
	return ok && c < n
}

// splat broadcasts a scalar to a vector of n lanes.
func (ns *nest) splat(x value.Value, n int64) value.Value {
	bl := ns.bl
	vt := types.NewVector(uint64(n), x.Type())
	if c, ok := x.(constant.Constant); ok {
		// A constant vector: max(x, 0) then sees a constant operand, as
		// in the scalar loop (maxMin).
		elems := make([]constant.Constant, n)
		for i := range elems {
			elems[i] = c
		}
		return constant.NewVector(vt, elems...)
	}
	ins := bl.b.NewInsertElement(constant.NewUndef(vt), x, i32c(0))
	mask := constant.NewZeroInitializer(types.NewVector(uint64(n), types.I32))
	return bl.b.NewShuffleVector(ins, constant.NewUndef(vt), mask)
}
