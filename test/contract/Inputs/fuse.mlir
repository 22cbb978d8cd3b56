// Contractions with elementwise consumers (contract_epilogue.go), run by
// fuse.test.py against NumPy and against the same program with the
// matmul's result also returned (a second use, so it is not fused): an MLP
// block gelu_tanh(x @ w + b) (packed path, edge tiles, several KC blocks; and
// f64 on the small path), a residual add written to the function's result,
// a scaling and tanh over a batched matmul, an i32 residual add (the
// generic path: computed in place), and a transposed read, which must not
// be fused.
func.func @mlp(%x: tensor<100x700xf32>, %w: tensor<700x70xf32>, %b: tensor<70xf32>) -> (tensor<100x70xf32>) {
  %c = tir.constant dense<0.044715> : tensor<f32>
  %k = tir.constant dense<0.7978845608> : tensor<f32>
  %one = tir.constant dense<1.0> : tensor<f32>
  %half = tir.constant dense<0.5> : tensor<f32>
  %mm = tir.matmul %x, %w : (tensor<100x700xf32>, tensor<700x70xf32>) -> tensor<100x70xf32>
  %y = tir.add %mm, %b : (tensor<100x70xf32>, tensor<70xf32>) -> tensor<100x70xf32>
  %y2 = tir.mul %y, %y : (tensor<100x70xf32>, tensor<100x70xf32>) -> tensor<100x70xf32>
  %y3 = tir.mul %y2, %y : (tensor<100x70xf32>, tensor<100x70xf32>) -> tensor<100x70xf32>
  %cy3 = tir.mul %y3, %c : (tensor<100x70xf32>, tensor<f32>) -> tensor<100x70xf32>
  %in = tir.add %y, %cy3 : (tensor<100x70xf32>, tensor<100x70xf32>) -> tensor<100x70xf32>
  %s = tir.mul %in, %k : (tensor<100x70xf32>, tensor<f32>) -> tensor<100x70xf32>
  %t = tir.tanh %s : tensor<100x70xf32>
  %p = tir.add %t, %one : (tensor<100x70xf32>, tensor<f32>) -> tensor<100x70xf32>
  %h = tir.mul %y, %half : (tensor<100x70xf32>, tensor<f32>) -> tensor<100x70xf32>
  %r = tir.mul %h, %p : (tensor<100x70xf32>, tensor<100x70xf32>) -> tensor<100x70xf32>
  return %r : tensor<100x70xf32>
}
func.func @mlp_ref(%x: tensor<100x700xf32>, %w: tensor<700x70xf32>, %b: tensor<70xf32>) -> (tensor<100x70xf32>, tensor<100x70xf32>) {
  %c = tir.constant dense<0.044715> : tensor<f32>
  %k = tir.constant dense<0.7978845608> : tensor<f32>
  %one = tir.constant dense<1.0> : tensor<f32>
  %half = tir.constant dense<0.5> : tensor<f32>
  %mm = tir.matmul %x, %w : (tensor<100x700xf32>, tensor<700x70xf32>) -> tensor<100x70xf32>
  %y = tir.add %mm, %b : (tensor<100x70xf32>, tensor<70xf32>) -> tensor<100x70xf32>
  %y2 = tir.mul %y, %y : (tensor<100x70xf32>, tensor<100x70xf32>) -> tensor<100x70xf32>
  %y3 = tir.mul %y2, %y : (tensor<100x70xf32>, tensor<100x70xf32>) -> tensor<100x70xf32>
  %cy3 = tir.mul %y3, %c : (tensor<100x70xf32>, tensor<f32>) -> tensor<100x70xf32>
  %in = tir.add %y, %cy3 : (tensor<100x70xf32>, tensor<100x70xf32>) -> tensor<100x70xf32>
  %s = tir.mul %in, %k : (tensor<100x70xf32>, tensor<f32>) -> tensor<100x70xf32>
  %t = tir.tanh %s : tensor<100x70xf32>
  %p = tir.add %t, %one : (tensor<100x70xf32>, tensor<f32>) -> tensor<100x70xf32>
  %h = tir.mul %y, %half : (tensor<100x70xf32>, tensor<f32>) -> tensor<100x70xf32>
  %r = tir.mul %h, %p : (tensor<100x70xf32>, tensor<100x70xf32>) -> tensor<100x70xf32>
  return %r, %mm : tensor<100x70xf32>, tensor<100x70xf32>
}
func.func @mlp64(%x: tensor<24x40xf64>, %w: tensor<40x20xf64>, %b: tensor<20xf64>) -> (tensor<24x20xf64>) {
  %c = tir.constant dense<0.044715> : tensor<f64>
  %k = tir.constant dense<0.7978845608> : tensor<f64>
  %one = tir.constant dense<1.0> : tensor<f64>
  %half = tir.constant dense<0.5> : tensor<f64>
  %mm = tir.matmul %x, %w : (tensor<24x40xf64>, tensor<40x20xf64>) -> tensor<24x20xf64>
  %y = tir.add %mm, %b : (tensor<24x20xf64>, tensor<20xf64>) -> tensor<24x20xf64>
  %y2 = tir.mul %y, %y : (tensor<24x20xf64>, tensor<24x20xf64>) -> tensor<24x20xf64>
  %y3 = tir.mul %y2, %y : (tensor<24x20xf64>, tensor<24x20xf64>) -> tensor<24x20xf64>
  %cy3 = tir.mul %y3, %c : (tensor<24x20xf64>, tensor<f64>) -> tensor<24x20xf64>
  %in = tir.add %y, %cy3 : (tensor<24x20xf64>, tensor<24x20xf64>) -> tensor<24x20xf64>
  %s = tir.mul %in, %k : (tensor<24x20xf64>, tensor<f64>) -> tensor<24x20xf64>
  %t = tir.tanh %s : tensor<24x20xf64>
  %p = tir.add %t, %one : (tensor<24x20xf64>, tensor<f64>) -> tensor<24x20xf64>
  %h = tir.mul %y, %half : (tensor<24x20xf64>, tensor<f64>) -> tensor<24x20xf64>
  %r = tir.mul %h, %p : (tensor<24x20xf64>, tensor<24x20xf64>) -> tensor<24x20xf64>
  return %r : tensor<24x20xf64>
}
func.func @mlp64_ref(%x: tensor<24x40xf64>, %w: tensor<40x20xf64>, %b: tensor<20xf64>) -> (tensor<24x20xf64>, tensor<24x20xf64>) {
  %c = tir.constant dense<0.044715> : tensor<f64>
  %k = tir.constant dense<0.7978845608> : tensor<f64>
  %one = tir.constant dense<1.0> : tensor<f64>
  %half = tir.constant dense<0.5> : tensor<f64>
  %mm = tir.matmul %x, %w : (tensor<24x40xf64>, tensor<40x20xf64>) -> tensor<24x20xf64>
  %y = tir.add %mm, %b : (tensor<24x20xf64>, tensor<20xf64>) -> tensor<24x20xf64>
  %y2 = tir.mul %y, %y : (tensor<24x20xf64>, tensor<24x20xf64>) -> tensor<24x20xf64>
  %y3 = tir.mul %y2, %y : (tensor<24x20xf64>, tensor<24x20xf64>) -> tensor<24x20xf64>
  %cy3 = tir.mul %y3, %c : (tensor<24x20xf64>, tensor<f64>) -> tensor<24x20xf64>
  %in = tir.add %y, %cy3 : (tensor<24x20xf64>, tensor<24x20xf64>) -> tensor<24x20xf64>
  %s = tir.mul %in, %k : (tensor<24x20xf64>, tensor<f64>) -> tensor<24x20xf64>
  %t = tir.tanh %s : tensor<24x20xf64>
  %p = tir.add %t, %one : (tensor<24x20xf64>, tensor<f64>) -> tensor<24x20xf64>
  %h = tir.mul %y, %half : (tensor<24x20xf64>, tensor<f64>) -> tensor<24x20xf64>
  %r = tir.mul %h, %p : (tensor<24x20xf64>, tensor<24x20xf64>) -> tensor<24x20xf64>
  return %r, %mm : tensor<24x20xf64>, tensor<24x20xf64>
}
func.func @resid(%x: tensor<64x520xf32>, %w: tensor<520x48xf32>, %res: tensor<64x48xf32>) -> (tensor<64x48xf32>) {
  %mm = tir.matmul %x, %w : (tensor<64x520xf32>, tensor<520x48xf32>) -> tensor<64x48xf32>
  %r = tir.add %mm, %res : (tensor<64x48xf32>, tensor<64x48xf32>) -> tensor<64x48xf32>
  return %r : tensor<64x48xf32>
}
func.func @scale(%x: tensor<3x40x50xf32>, %w: tensor<50x60xf32>) -> (tensor<3x40x60xf32>) {
  %s = tir.constant dense<0.125> : tensor<f32>
  %mm = tir.matmul %x, %w : (tensor<3x40x50xf32>, tensor<50x60xf32>) -> tensor<3x40x60xf32>
  %m = tir.mul %mm, %s : (tensor<3x40x60xf32>, tensor<f32>) -> tensor<3x40x60xf32>
  %r = tir.tanh %m : tensor<3x40x60xf32>
  return %r : tensor<3x40x60xf32>
}
func.func @resid_ref(%x: tensor<64x520xf32>, %w: tensor<520x48xf32>, %res: tensor<64x48xf32>) -> (tensor<64x48xf32>, tensor<64x48xf32>) {
  %mm = tir.matmul %x, %w : (tensor<64x520xf32>, tensor<520x48xf32>) -> tensor<64x48xf32>
  %r = tir.add %mm, %res : (tensor<64x48xf32>, tensor<64x48xf32>) -> tensor<64x48xf32>
  return %r, %mm : tensor<64x48xf32>, tensor<64x48xf32>
}
func.func @scale_ref(%x: tensor<3x40x50xf32>, %w: tensor<50x60xf32>) -> (tensor<3x40x60xf32>, tensor<3x40x60xf32>) {
  %s = tir.constant dense<0.125> : tensor<f32>
  %mm = tir.matmul %x, %w : (tensor<3x40x50xf32>, tensor<50x60xf32>) -> tensor<3x40x60xf32>
  %m = tir.mul %mm, %s : (tensor<3x40x60xf32>, tensor<f32>) -> tensor<3x40x60xf32>
  %r = tir.tanh %m : tensor<3x40x60xf32>
  return %r, %mm : tensor<3x40x60xf32>, tensor<3x40x60xf32>
}
func.func @transposed(%x: tensor<300x64xf32>, %w: tensor<64x300xf32>, %y: tensor<300x300xf32>) -> tensor<300x300xf32> {
  %mm = tir.matmul %x, %w : (tensor<300x64xf32>, tensor<64x300xf32>) -> tensor<300x300xf32>
  %t = tir.transpose %mm {permutation = array<i64: 1, 0>} : (tensor<300x300xf32>) -> tensor<300x300xf32>
  %r = tir.add %t, %y : (tensor<300x300xf32>, tensor<300x300xf32>) -> tensor<300x300xf32>
  return %r : tensor<300x300xf32>
}
func.func @iresid(%x: tensor<33x30xi32>, %w: tensor<30x20xi32>, %y: tensor<33x20xi32>) -> tensor<33x20xi32> {
  %mm = tir.matmul %x, %w : (tensor<33x30xi32>, tensor<30x20xi32>) -> tensor<33x20xi32>
  %r = tir.add %mm, %y : (tensor<33x20xi32>, tensor<33x20xi32>) -> tensor<33x20xi32>
  return %r : tensor<33x20xi32>
}
func.func @iresid_ref(%x: tensor<33x30xi32>, %w: tensor<30x20xi32>, %y: tensor<33x20xi32>) -> (tensor<33x20xi32>, tensor<33x20xi32>) {
  %mm = tir.matmul %x, %w : (tensor<33x30xi32>, tensor<30x20xi32>) -> tensor<33x20xi32>
  %r = tir.add %mm, %y : (tensor<33x20xi32>, tensor<33x20xi32>) -> tensor<33x20xi32>
  return %r, %mm : tensor<33x20xi32>, tensor<33x20xi32>
}
// Epilogue leaves broadcast along N (a per-row scale, column stride 0)
// and per batch item (a bias that varies with the item), and f64 on the
// packed path.
func.func @rowscale(%x: tensor<50x200xf32>, %w: tensor<200x70xf32>, %s: tensor<50x1xf32>) -> tensor<50x70xf32> {
  %mm = tir.matmul %x, %w : (tensor<50x200xf32>, tensor<200x70xf32>) -> tensor<50x70xf32>
  %r = tir.mul %mm, %s : (tensor<50x70xf32>, tensor<50x1xf32>) -> tensor<50x70xf32>
  return %r : tensor<50x70xf32>
}
func.func @rowscale_ref(%x: tensor<50x200xf32>, %w: tensor<200x70xf32>, %s: tensor<50x1xf32>) -> (tensor<50x70xf32>, tensor<50x70xf32>) {
  %mm = tir.matmul %x, %w : (tensor<50x200xf32>, tensor<200x70xf32>) -> tensor<50x70xf32>
  %r = tir.mul %mm, %s : (tensor<50x70xf32>, tensor<50x1xf32>) -> tensor<50x70xf32>
  return %r, %mm : tensor<50x70xf32>, tensor<50x70xf32>
}
func.func @itembias(%x: tensor<4x30x400xf32>, %w: tensor<400x50xf32>, %b: tensor<4x1x50xf32>) -> tensor<4x30x50xf32> {
  %mm = tir.matmul %x, %w : (tensor<4x30x400xf32>, tensor<400x50xf32>) -> tensor<4x30x50xf32>
  %y = tir.add %mm, %b : (tensor<4x30x50xf32>, tensor<4x1x50xf32>) -> tensor<4x30x50xf32>
  %r = tir.tanh %y : tensor<4x30x50xf32>
  return %r : tensor<4x30x50xf32>
}
func.func @itembias_ref(%x: tensor<4x30x400xf32>, %w: tensor<400x50xf32>, %b: tensor<4x1x50xf32>) -> (tensor<4x30x50xf32>, tensor<4x30x50xf32>) {
  %mm = tir.matmul %x, %w : (tensor<4x30x400xf32>, tensor<400x50xf32>) -> tensor<4x30x50xf32>
  %y = tir.add %mm, %b : (tensor<4x30x50xf32>, tensor<4x1x50xf32>) -> tensor<4x30x50xf32>
  %r = tir.tanh %y : tensor<4x30x50xf32>
  return %r, %mm : tensor<4x30x50xf32>, tensor<4x30x50xf32>
}
func.func @resid64(%x: tensor<70x300xf64>, %w: tensor<300x40xf64>, %y: tensor<70x40xf64>) -> tensor<70x40xf64> {
  %mm = tir.matmul %x, %w : (tensor<70x300xf64>, tensor<300x40xf64>) -> tensor<70x40xf64>
  %r = tir.sub %y, %mm : (tensor<70x40xf64>, tensor<70x40xf64>) -> tensor<70x40xf64>
  return %r : tensor<70x40xf64>
}
func.func @resid64_ref(%x: tensor<70x300xf64>, %w: tensor<300x40xf64>, %y: tensor<70x40xf64>) -> (tensor<70x40xf64>, tensor<70x40xf64>) {
  %mm = tir.matmul %x, %w : (tensor<70x300xf64>, tensor<300x40xf64>) -> tensor<70x40xf64>
  %r = tir.sub %y, %mm : (tensor<70x40xf64>, tensor<70x40xf64>) -> tensor<70x40xf64>
  return %r, %mm : tensor<70x40xf64>, tensor<70x40xf64>
}
