// -emit-c-header: one typedef per element type and rank, one prototype per
// public function (private ones are not entry points), tirc_free; the
// header compiles as C and C++.
// RUN: tirc -emit-c-header %s | FileCheck %s
// RUN: tirc -emit-c-header %s -o %t.h
// RUN: clang -fsyntax-only -Wall -Werror -x c %t.h
// RUN: clang -fsyntax-only -Wall -Werror -x c++ %t.h
// RUN: (tirc -emit-c-header -emit-llvm %s; echo "exit=$?") 2>&1 | FileCheck %s --check-prefix=BOTH
// REQUIRES: clang

// CHECK: typedef struct { uint16_t *allocated; uint16_t *aligned; int64_t offset; } tirc_desc_bf16_0d;
// CHECK: typedef struct { float *allocated; float *aligned; int64_t offset; int64_t sizes[2]; int64_t strides[2]; } tirc_desc_f32_2d;
// CHECK: typedef struct { uint8_t *allocated; uint8_t *aligned; int64_t offset; int64_t sizes[1]; int64_t strides[1]; } tirc_desc_i1_1d;
// CHECK: typedef struct { int64_t *allocated; int64_t *aligned; int64_t offset; int64_t sizes[1]; int64_t strides[1]; } tirc_desc_index_1d;
// CHECK: int32_t scale(const tirc_desc_f32_2d *x, float s, bool flag, tirc_desc_f32_2d *res0, tirc_desc_i1_1d *res1);
// CHECK: int32_t misc(const tirc_desc_bf16_0d *h, const float *v /* vector<4xf32> */, tirc_desc_index_1d *res0, float *res1 /* vector<4xf32> */, int64_t *res2);
// CHECK: int32_t names(float arg0, float arg1, float arg2, float arg3, float res0, float arg5, float ok_1, float *res0_);
// CHECK-NOT: hidden
// CHECK: void tirc_free(void *desc);
// BOTH: {{^}}tirc: error: -emit-llvm and -emit-c-header write different files; run tirc once for each
// BOTH-NEXT: exit=2

func.func @scale(%x: tensor<?x4xf32>, %s: f32, %flag: i1) -> (tensor<?x4xf32>, tensor<4xi1>) {
  %c = "tir.constant"() {value = dense<true> : tensor<4xi1>} : () -> tensor<4xi1>
  return %x, %c : tensor<?x4xf32>, tensor<4xi1>
}
func.func @misc(%h: tensor<bf16>, %v: vector<4xf32>) -> (tensor<2xindex>, vector<4xf32>, index) {
  %i = "tir.constant"() {value = dense<[1, 2]> : tensor<2xindex>} : () -> tensor<2xindex>
  %n = arith.constant 7 : index
  return %i, %v, %n : tensor<2xindex>, vector<4xf32>, index
}
func.func private @hidden(%x: tensor<f32>) -> tensor<f32> {
  return %x : tensor<f32>
}
// Parameter names: the source's where C and C++ accept them, else argN
// (a keyword, a number, a name ending in _t, a reserved _X), all distinct.
func.func @names(%int: f32, %0: f32, %size_t: f32, %_X: f32, %res0: f32, %arg1: f32, %ok_1: f32) -> f32 {
  return %ok_1 : f32
}
