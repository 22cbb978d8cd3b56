// Errors in locations, with mlir-opt-19's messages (mlir-opt-19 agrees:
// locations-mlir-opt-19.test).
// RUN: tirc -split-input-file -verify-diagnostics %s

func.func @never_defined() {
  // expected-error @+1 {{operation location alias was never defined}}
  return loc(#loc3)
}

// -----

func.func @nested_forward() {
  // A nested alias must be defined before its use.
  // expected-error @+1 {{undefined symbol alias id 'loc3'}}
  return loc(fused[#loc3, "a":1:2])
}
#loc3 = loc("x")

// -----

#notloc = "x"
func.func @not_a_location() {
  // expected-error @+1 {{expected location, but found '"x"'}}
  return loc(#notloc)
}

// -----

func.func @bad_callsite() {
  // expected-error @+1 {{expected 'at' in callsite location}}
  return loc(callsite("a":1:2 "b":3:4))
}
