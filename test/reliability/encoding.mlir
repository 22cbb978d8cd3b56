// Invalid UTF-8 and NUL bytes, anywhere (code, strings, comments), are an
// error at the first bad byte with exit code 1; the echoed source line
// shows them as '?' so the terminal stays sane.
// RUN: %python -c "import sys; sys.stdout.buffer.write(b'func.func @f() {\n  // caf\xe9\n  return\n}\n')" > %t.latin1.mlir
// RUN: (tirc %t.latin1.mlir; echo "exit=$?") 2>&1 | FileCheck --check-prefix=LATIN1 --strict-whitespace %s
// LATIN1: latin1.mlir:2:9: error: invalid UTF-8 in input
// LATIN1-NEXT: {{^}}  // caf?{{$}}
// LATIN1-NEXT: {{^}}        ^{{$}}
// LATIN1: exit=1

// RUN: %python -c "import sys; sys.stdout.buffer.write(b'func.func @f() {\n  %%0 = \"t.x\"() {s = \"a\x00b\"} : () -> i1\n  return\n}\n')" > %t.nul.mlir
// RUN: (tirc -allow-unregistered-dialect %t.nul.mlir; echo "exit=$?") 2>&1 | FileCheck --check-prefix=NUL %s
// NUL: nul.mlir:2:23: error: unexpected NUL byte in input
// NUL: exit=1

// A NUL in the middle of a token, e.g. after `func`.
// RUN: %python -c "import sys; sys.stdout.buffer.write(b'func\x00.func @f() {\n  return\n}\n')" > %t.nul2.mlir
// RUN: (tirc %t.nul2.mlir; echo "exit=$?") 2>&1 | FileCheck --check-prefix=NUL2 %s
// NUL2: nul2.mlir:1:5: error: unexpected NUL byte in input
// NUL2: exit=1

// Overlong encodings, surrogates and truncated sequences are invalid too.
// RUN: %python -c "import sys; sys.stdout.buffer.write(b'func.func @f() {\n  return\n}\n// \xc0\xaf\n')" > %t.overlong.mlir
// RUN: (tirc %t.overlong.mlir; echo "exit=$?") 2>&1 | FileCheck --check-prefix=OVERLONG %s
// OVERLONG: overlong.mlir:4:4: error: invalid UTF-8 in input
// OVERLONG: exit=1
// RUN: %python -c "import sys; sys.stdout.buffer.write(b'func.func @f() {\n  return\n}\n// \xed\xa0\x80\n')" > %t.surrogate.mlir
// RUN: (tirc %t.surrogate.mlir; echo "exit=$?") 2>&1 | FileCheck --check-prefix=SURROGATE %s
// SURROGATE: surrogate.mlir:4:4: error: invalid UTF-8 in input
// SURROGATE: exit=1
// RUN: %python -c "import sys; sys.stdout.buffer.write(b'func.func @f() {\n  return\n}\n// \xe2\x82')" > %t.cut.mlir
// RUN: (tirc %t.cut.mlir; echo "exit=$?") 2>&1 | FileCheck --check-prefix=CUT %s
// CUT: cut.mlir:4:4: error: invalid UTF-8 in input
// CUT: exit=1

// In -split-input-file mode only the bad chunk fails (one error).
// RUN: %python -c "import sys; sys.stdout.buffer.write(b'func.func @f() {\n  return\n}\n// -----\nfunc.func @g() {\n  // \xff\n  return\n}\n')" > %t.split.mlir
// RUN: (tirc -split-input-file %t.split.mlir; echo "exit=$?") 2>&1 | FileCheck --check-prefix=SPLIT %s
// SPLIT: split.mlir:6:6: error: invalid UTF-8 in input
// SPLIT-NOT: error:
// SPLIT: exit=1

// Valid UTF-8 is fine, in comments and strings.
// RUN: %python -c "import sys; sys.stdout.buffer.write('func.func @f() {\n  // caf\u00e9 \u2200x \U0001F600\n  %%0 = \"t.x\"() {s = \"\u00e9\"} : () -> i1\n  return\n}\n'.encode())" > %t.utf8.mlir
// RUN: (tirc -allow-unregistered-dialect %t.utf8.mlir; echo "exit=$?") 2>&1 | FileCheck --check-prefix=UTF8 %s
// UTF8: s = "{{.*}}"
// UTF8: exit=0
