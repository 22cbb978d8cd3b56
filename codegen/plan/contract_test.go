package plan

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/tirc/tirc/ir"
)

func TestPlanContract(t *testing.T) {
	gemm := func(e *ir.Scalar, m, n, k int64) ContractShape {
		return ContractShape{Elem: e, Operands: 2, GEMM: true, Batch: 1, M: m, N: n, K: k}
	}
	tests := []struct {
		name   string
		shape  ContractShape
		target ContractTarget
		want   string
	}{
		{"sgemm AVX-512", gemm(ir.F32, 2048, 2048, 2048), TargetAVX512,
			"contract packed acc=f32 lanes=16 MRxNR=14x32 MC=252 KC=512 NC=4096 packA packB threads=M/N blocks small<=262144 smallMR=8"},
		{"sgemm AVX2", gemm(ir.F32, 2048, 2048, 2048), TargetAVX2,
			"contract packed acc=f32 lanes=8 MRxNR=6x16 MC=126 KC=512 NC=4096 packA packB threads=M/N blocks small<=262144 smallMR=4"},
		{"dgemm AVX-512", gemm(ir.F64, 2048, 2048, 2048), TargetAVX512,
			"contract packed acc=f64 lanes=8 MRxNR=14x16 MC=126 KC=512 NC=2048 packA packB threads=M/N blocks small<=262144 smallMR=8"},
		{"dgemm AVX2", gemm(ir.F64, 1000, 1000, 1000), TargetAVX2,
			"contract packed acc=f64 lanes=4 MRxNR=6x8 MC=60 KC=512 NC=2048 packA packB threads=M/N blocks small<=262144 smallMR=5"},
		{"batched 32x32", gemm(ir.F32, 32, 32, 32), TargetAVX512,
			"contract small acc=f32 lanes=16 MRxNR=14x32 MC=252 KC=512 NC=4096 packA packB threads=M/N blocks small<=262144 smallMR=8"},
		{"matvec", gemm(ir.F32, 4096, 1, 4096), TargetAVX512,
			"contract small acc=f32 lanes=16 MRxNR=14x32 MC=252 KC=512 NC=4096 packA packB threads=M/N blocks small<=262144 smallMR=8"},
		{"K 16", gemm(ir.F64, 4096, 4096, 16), TargetAVX2,
			"contract small acc=f64 lanes=4 MRxNR=6x8 MC=60 KC=512 NC=2048 packA packB threads=M/N blocks small<=262144 smallMR=4"},
		{"dynamic", gemm(ir.F32, -1, 64, 64), TargetAVX2,
			"contract runtime acc=f32 lanes=8 MRxNR=6x16 MC=126 KC=512 NC=4096 packA packB threads=M/N blocks small<=262144 smallMR=6"},
		{"f16 accumulates in f32", gemm(ir.F16, 512, 512, 512), TargetAVX512, "contract generic acc=f32"},
		{"integers", gemm(ir.I32, 512, 512, 512), TargetAVX512, "contract generic acc=i32"},
		{"three operands", ContractShape{Elem: ir.F32, Operands: 3, GEMM: false}, TargetAVX512, "contract generic acc=f32"},
		{"two reduction loops", ContractShape{Elem: ir.F64, Operands: 2, GEMM: false}, TargetAVX512, "contract generic acc=f64"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, NewContract(tc.shape, tc.target).String()); diff != "" {
				t.Errorf("plan (-want +got):\n%s", diff)
			}
		})
	}
}

func TestGEMMLoops(t *testing.T) {
	d, b := ir.Dim, ir.BroadcastDim
	type res struct {
		Batch   []int
		M, N, K int
		OK      bool
	}
	tests := []struct {
		name string
		l    *ir.Loops
		want res
	}{
		{"matmul", &ir.Loops{Iter: []ir.IterKind{ir.Parallel, ir.Parallel, ir.Reduction},
			Operands: [][]ir.DimMap{{d(0), d(2)}, {d(2), d(1)}}, Results: [][]ir.DimMap{{d(0), d(1)}}}, res{nil, 0, 1, 2, true}},
		{"broadcast batch", &ir.Loops{Iter: []ir.IterKind{ir.Parallel, ir.Parallel, ir.Parallel, ir.Parallel, ir.Reduction},
			Operands: [][]ir.DimMap{{b(0), b(1), d(2), d(4)}, {b(1), d(4), d(3)}}, Results: [][]ir.DimMap{{d(0), d(1), d(2), d(3)}}},
			res{[]int{0, 1}, 2, 3, 4, true}},
		{"matvec", &ir.Loops{Iter: []ir.IterKind{ir.Parallel, ir.Reduction},
			Operands: [][]ir.DimMap{{d(0), d(1)}, {d(1)}}, Results: [][]ir.DimMap{{d(0)}}}, res{nil, 0, -1, 1, true}},
		{"two K loops", &ir.Loops{Iter: []ir.IterKind{ir.Parallel, ir.Reduction, ir.Reduction},
			Operands: [][]ir.DimMap{{d(0), d(1), d(2)}, {d(1), d(2)}}, Results: [][]ir.DimMap{{d(0)}}}, res{OK: false, M: -1, N: -1, K: -1}},
		{"one-sided sum", &ir.Loops{Iter: []ir.IterKind{ir.Parallel, ir.Reduction},
			Operands: [][]ir.DimMap{{d(0), d(1)}, {d(0)}}, Results: [][]ir.DimMap{{d(0)}}}, res{OK: false, M: -1, N: -1, K: -1}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var got res
			got.Batch, got.M, got.N, got.K, got.OK = GEMMLoops(tc.l)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("gemmLoops (-want +got):\n%s", diff)
			}
		})
	}
}
