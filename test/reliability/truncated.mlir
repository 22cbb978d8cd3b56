// Truncated files: every cut of a valid file is a clear error with a
// location and exit code 1 (or, where the cut falls between functions, a
// valid module), never a crash. (ir's TestTruncatedInputs tries every
// prefix of every test file through the Go API; this drives the binary.)
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: %python -c "import sys; d = open(sys.argv[1], 'rb').read(); [open('%t.d/cut%%04d.mlir' %% n, 'wb').write(d[:n]) for n in range(d.rindex(b'func.func @trunc'), len(d), 7)]" %s
// RUN: for f in %t.d/cut*.mlir; do tirc -allow-unregistered-dialect $f >/dev/null 2>$f.err; echo "$? $(head -c 300 $f.err | head -n 1)"; done > %t.results
// RUN: FileCheck --check-prefix=RESULTS %s < %t.results
// Every run exits 1 with a located error message (0 only for the cut
// right before the function, an empty module).
// RUN: %python -c "import re, sys; bad = [l for l in open(sys.argv[1]) if not re.match(r'^(0 |1 \S+cut\d+\.mlir:\d+:\d+: error: )', l)]; print(''.join(bad)); sys.exit(1 if bad else 0)" %t.results
// RESULTS: 1 {{.*}}: error: expected '}' to close this function body
// A cut inside a string.
// RESULTS: 1 {{.*}}: error: expected '"' in string literal

func.func @trunc(%a: tensor<4x?xf32>, %b: tensor<f32>) -> tensor<4x?xf32> attributes {sym = "x"} {
  %0 = "tir.add"(%a, %b) {s = "a string", d = dense<[1.0, 2.0]> : tensor<2xf32>, v = array<i64: 1, 2>} : (tensor<4x?xf32>, tensor<f32>) -> tensor<4x?xf32> loc("f.mlir":1:2)
  %1:2 = "t.pair"(%0) : (tensor<4x?xf32>) -> (i1, tensor<4x?xf32>)
  %c = arith.constant dense<3> : tensor<2xi32>
  return %1#1 : tensor<4x?xf32>
}
