// A contraction's elementwise consumers run as its epilogue
// (contract_epilogue.go): on each output tile of the micro-kernel after its
// last K block, in the GEMM driver's store path, writing the consumers'
// value to their buffer; neither the product nor the consumers get a
// buffer or a nest of their own. A second use of the product, or a
// consumer that reads it transposed, keeps it in a buffer of its own.
// RUN: tirc -emit-llvm %s -o %t.ll
// RUN: FileCheck %s --check-prefix=FUSED < %t.ll
// RUN: FileCheck %s --check-prefix=KEPT < %t.ll
// RUN: FileCheck %s --check-prefix=EPI < %t.ll

// FUSED-NOT: @mlp.str{{[0-9]+}} = {{.*}}'tir.matmul' op: out of memory
// FUSED-NOT: @mlp.str{{[0-9]+}} = {{.*}}'tir.add' op: out of memory
// FUSED-NOT: @resid.str{{[0-9]+}} = {{.*}}'tir.matmul' op: out of memory
// FUSED-NOT: @resid.str{{[0-9]+}} = {{.*}}'tir.add' op: out of memory
// FUSED-NOT: @scale.str{{[0-9]+}} = {{.*}}'tir.matmul' op: out of memory

// KEPT-DAG: @mlp.str{{[0-9]+}} = {{.*}}'tir.matmul' op packing buffers: out of memory
// KEPT-DAG: @twice.str{{[0-9]+}} = {{.*}}'tir.matmul' op: out of memory
// KEPT-DAG: @transposed.str{{[0-9]+}} = {{.*}}'tir.matmul' op: out of memory

// The MLP block's driver: after the micro-kernel's call, on the tile's
// last K block, the bias (a vector of b, masked-loaded) and gelu_tanh's
// ops on the tile's vectors, stored back; then the columns left over one
// by one. The function itself calls the driver and has no nest.
// EPI-LABEL: define internal void @tirc.gemm.f32.{{.*}}.epi.mlp.{{[0-9]+}}(i8* %args)
// EPI: call void @tirc.gemm.kernel.f32
// EPI: [[LAST:%[0-9]+]] = icmp eq i64
// EPI-NEXT: br i1 [[LAST]], label %epi{{[0-9]*}}, label %epi.end
// EPI: epi.v.body{{[0-9]*}}:
// EPI: load <16 x float>
// EPI: call <16 x float> @llvm.masked.load.v16f32
// EPI-NEXT: [[Y:%[0-9]+]] = fadd <16 x float>
// EPI-NEXT: [[Y2:%[0-9]+]] = fmul <16 x float> [[Y]], [[Y]]
// EPI-NEXT: fmul <16 x float> [[Y2]], [[Y]]
// EPI: call <16 x float> @llvm.copysign.v16f32
// EPI: fmul <16 x float> [[Y]], <float 0.5,
// EPI: store <16 x float>
// EPI: epi.j.body{{[0-9]*}}:
// EPI-LABEL: define i32 @mlp(
// EPI-NOT: nest
// EPI: call void @tirc.gemm.f32.{{.*}}.epi.mlp.{{[0-9]+}}(i8*
// EPI-NOT: nest
// EPI: ret i32

// gelu_tanh(x @ w + b): the bias add is read four times, inside the epilogue.
func.func @mlp(%x: tensor<64x300xf32>, %w: tensor<300x96xf32>, %b: tensor<96xf32>) -> tensor<64x96xf32> {
  %c = tir.constant dense<0.044715> : tensor<f32>
  %k = tir.constant dense<0.7978845608> : tensor<f32>
  %one = tir.constant dense<1.0> : tensor<f32>
  %half = tir.constant dense<0.5> : tensor<f32>
  %mm = tir.matmul %x, %w : (tensor<64x300xf32>, tensor<300x96xf32>) -> tensor<64x96xf32>
  %y = tir.add %mm, %b : (tensor<64x96xf32>, tensor<96xf32>) -> tensor<64x96xf32>
  %y2 = tir.mul %y, %y : (tensor<64x96xf32>, tensor<64x96xf32>) -> tensor<64x96xf32>
  %y3 = tir.mul %y2, %y : (tensor<64x96xf32>, tensor<64x96xf32>) -> tensor<64x96xf32>
  %cy3 = tir.mul %y3, %c : (tensor<64x96xf32>, tensor<f32>) -> tensor<64x96xf32>
  %in = tir.add %y, %cy3 : (tensor<64x96xf32>, tensor<64x96xf32>) -> tensor<64x96xf32>
  %s = tir.mul %in, %k : (tensor<64x96xf32>, tensor<f32>) -> tensor<64x96xf32>
  %t = tir.tanh %s : tensor<64x96xf32>
  %p = tir.add %t, %one : (tensor<64x96xf32>, tensor<f32>) -> tensor<64x96xf32>
  %h = tir.mul %y, %half : (tensor<64x96xf32>, tensor<f32>) -> tensor<64x96xf32>
  %r = tir.mul %h, %p : (tensor<64x96xf32>, tensor<64x96xf32>) -> tensor<64x96xf32>
  return %r : tensor<64x96xf32>
}

// A residual add returned: the matmul writes the function's result.
func.func @resid(%x: tensor<64x300xf32>, %w: tensor<300x96xf32>, %y: tensor<64x96xf32>) -> tensor<64x96xf32> {
  %mm = tir.matmul %x, %w : (tensor<64x300xf32>, tensor<300x96xf32>) -> tensor<64x96xf32>
  %r = tir.add %mm, %y : (tensor<64x96xf32>, tensor<64x96xf32>) -> tensor<64x96xf32>
  return %r : tensor<64x96xf32>
}

// Scaling then tanh, inlined into one nest, over a batched matmul.
func.func @scale(%x: tensor<3x40x50xf32>, %w: tensor<50x60xf32>) -> tensor<3x40x60xf32> {
  %s = tir.constant dense<0.125> : tensor<f32>
  %mm = tir.matmul %x, %w : (tensor<3x40x50xf32>, tensor<50x60xf32>) -> tensor<3x40x60xf32>
  %m = tir.mul %mm, %s : (tensor<3x40x60xf32>, tensor<f32>) -> tensor<3x40x60xf32>
  %r = tir.tanh %m : tensor<3x40x60xf32>
  return %r : tensor<3x40x60xf32>
}

// Two uses: the product is kept.
func.func @twice(%x: tensor<64x300xf32>, %w: tensor<300x96xf32>, %y: tensor<64x96xf32>) -> (tensor<64x96xf32>, tensor<64x96xf32>) {
  %mm = tir.matmul %x, %w : (tensor<64x300xf32>, tensor<300x96xf32>) -> tensor<64x96xf32>
  %r = tir.add %mm, %y : (tensor<64x96xf32>, tensor<64x96xf32>) -> tensor<64x96xf32>
  return %r, %mm : tensor<64x96xf32>, tensor<64x96xf32>
}

// Read transposed: element (i, j) of the sum reads the product's (j, i),
// which an in-place update would already have overwritten.
func.func @transposed(%x: tensor<96x64xf32>, %w: tensor<64x96xf32>, %y: tensor<96x96xf32>) -> tensor<96x96xf32> {
  %mm = tir.matmul %x, %w : (tensor<96x64xf32>, tensor<64x96xf32>) -> tensor<96x96xf32>
  %t = tir.transpose %mm {permutation = array<i64: 1, 0>} : (tensor<96x96xf32>) -> tensor<96x96xf32>
  %r = tir.add %t, %y : (tensor<96x96xf32>, tensor<96x96xf32>) -> tensor<96x96xf32>
  return %r : tensor<96x96xf32>
}
