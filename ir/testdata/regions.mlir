func.func @f(%a: i32, %b: i32) -> i32 {
  %0 = "test.foo"(%a) ({
  ^bb0(%x: i32, %y: i32):
    %1 = "arith.addi"(%x, %a) : (i32, i32) -> i32
    "test.bar"(%1) ({
    ^bb0(%z: i32):
      %5 = "arith.addi"(%z, %1) : (i32, i32) -> i32
      "test.yield"(%5) : (i32) -> ()
    }) : (i32) -> ()
    "test.yield"(%1) : (i32) -> ()
  }, {
    %2 = "arith.muli"(%a, %a) : (i32, i32) -> i32
    "test.yield"(%2) : (i32) -> ()
  ^bb1(%q: i32):
    %3 = "arith.muli"(%q, %q) : (i32, i32) -> i32
    "test.yield"(%3) : (i32) -> ()
  }) : (i32) -> i32
  %4 = "test.empty"() ({
  }) : () -> i32
  %6 = "test.empty1"() ({
  ^bb0:
  }) : () -> i32
  %c = arith.constant 1 : i32
  %7 = "test.iso"() ({
    %c2 = arith.constant 2 : i32
    "test.yield"(%c2) : (i32) -> ()
  }) : () -> i32
  return %0 : i32
}
