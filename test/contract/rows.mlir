// Attention's row-block fusion (contract_rows.go): the function allocates
// per-thread row blocks instead of the score matrix and calls the row
// driver; the driver runs the first product's micro-kernel into the block,
// then per row the scaling and max, exp(x - max) and the sum (in f64), the
// division, and the second product's kernel reading the block.
// RUN: tirc -emit-llvm -target-cpu=skylake-avx512 %s -o %t.ll
// RUN: FileCheck %s < %t.ll

// CHECK-NOT: 'tir.matmul' op: out of memory
// CHECK-NOT: 'tir.exp' op: out of memory
// CHECK: @attention.str{{[0-9]+}} = {{.*}}c"{{.*}}'tir.matmul' op row blocks: out of memory
// CHECK-NOT: 'tir.matmul' op: out of memory
// CHECK-LABEL: define internal void @tirc.rows.f32.{{.*}}.attention.{{[0-9]+}}(i8* %args)
// CHECK: call void @tirc.gemm.kernel.f32.14x32
// CHECK: epi.v.body{{[0-9]*}}:
// CHECK: fmul <16 x float> %{{[0-9]+}}, <float 0.125,
// CHECK: rows.v.body{{[0-9]*}}:
// CHECK: fsub <16 x float>
// CHECK: fpext <16 x float> %{{[0-9]+}} to <16 x double>
// CHECK: rows.v.body{{[0-9]*}}:
// CHECK: fdiv <16 x float>
// CHECK: call void @tirc.gemm.direct.f32.14x32
// CHECK-LABEL: define i32 @attention(
// CHECK-NOT: nest
// CHECK: call void @tirc.rows.f32.{{.*}}.attention.{{[0-9]+}}(i8*
// CHECK-NOT: nest
// CHECK: ret i32
func.func @attention(%q: tensor<4x256x64xf32>, %kt: tensor<4x64x256xf32>, %v: tensor<4x256x64xf32>) -> tensor<4x256x64xf32> {
  %scale = tir.constant dense<0.125> : tensor<f32>
  %qk = tir.matmul %q, %kt : (tensor<4x256x64xf32>, tensor<4x64x256xf32>) -> tensor<4x256x256xf32>
  %s = tir.mul %qk, %scale : (tensor<4x256x256xf32>, tensor<f32>) -> tensor<4x256x256xf32>
  %m = tir.reduce_max %s {dims = array<i64: 2>, keepdims} : (tensor<4x256x256xf32>) -> tensor<4x256x1xf32>
  %d = tir.sub %s, %m : (tensor<4x256x256xf32>, tensor<4x256x1xf32>) -> tensor<4x256x256xf32>
  %e = tir.exp %d : tensor<4x256x256xf32>
  %z = tir.reduce_sum %e {dims = array<i64: 2>, keepdims} : (tensor<4x256x256xf32>) -> tensor<4x256x1xf32>
  %p = tir.div %e, %z : (tensor<4x256x256xf32>, tensor<4x256x1xf32>) -> tensor<4x256x256xf32>
  %r = tir.matmul %p, %v : (tensor<4x256x256xf32>, tensor<4x256x64xf32>) -> tensor<4x256x64xf32>
  return %r : tensor<4x256x64xf32>
}
