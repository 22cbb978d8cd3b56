// A chain of 40 broadcasting adds reads 41 operands: more than one nest
// may read (32), so the chain is cut into two nests; the numbers do not
// change. @chain is static (with a bare entry), @chain_dyn dynamic.
func.func @chain(%a: tensor<3x4xf32>, %b: tensor<4xf32>) -> tensor<3x4xf32> {
  %0 = "tir.add"(%a, %b) : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  %1 = "tir.add"(%0, %b) : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  %2 = "tir.add"(%1, %b) : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  %3 = "tir.add"(%2, %b) : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  %4 = "tir.add"(%3, %b) : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  %5 = "tir.add"(%4, %b) : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  %6 = "tir.add"(%5, %b) : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  %7 = "tir.add"(%6, %b) : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  %8 = "tir.add"(%7, %b) : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  %9 = "tir.add"(%8, %b) : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  %10 = "tir.add"(%9, %b) : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  %11 = "tir.add"(%10, %b) : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  %12 = "tir.add"(%11, %b) : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  %13 = "tir.add"(%12, %b) : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  %14 = "tir.add"(%13, %b) : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  %15 = "tir.add"(%14, %b) : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  %16 = "tir.add"(%15, %b) : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  %17 = "tir.add"(%16, %b) : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  %18 = "tir.add"(%17, %b) : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  %19 = "tir.add"(%18, %b) : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  %20 = "tir.add"(%19, %b) : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  %21 = "tir.add"(%20, %b) : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  %22 = "tir.add"(%21, %b) : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  %23 = "tir.add"(%22, %b) : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  %24 = "tir.add"(%23, %b) : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  %25 = "tir.add"(%24, %b) : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  %26 = "tir.add"(%25, %b) : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  %27 = "tir.add"(%26, %b) : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  %28 = "tir.add"(%27, %b) : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  %29 = "tir.add"(%28, %b) : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  %30 = "tir.add"(%29, %b) : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  %31 = "tir.add"(%30, %b) : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  %32 = "tir.add"(%31, %b) : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  %33 = "tir.add"(%32, %b) : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  %34 = "tir.add"(%33, %b) : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  %35 = "tir.add"(%34, %b) : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  %36 = "tir.add"(%35, %b) : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  %37 = "tir.add"(%36, %b) : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  %38 = "tir.add"(%37, %b) : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  %39 = "tir.add"(%38, %b) : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  return %39 : tensor<3x4xf32>
}
func.func @chain_dyn(%a: tensor<?x4xf32>, %b: tensor<4xf32>) -> tensor<?x4xf32> {
  %0 = "tir.add"(%a, %b) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  %1 = "tir.add"(%0, %b) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  %2 = "tir.add"(%1, %b) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  %3 = "tir.add"(%2, %b) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  %4 = "tir.add"(%3, %b) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  %5 = "tir.add"(%4, %b) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  %6 = "tir.add"(%5, %b) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  %7 = "tir.add"(%6, %b) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  %8 = "tir.add"(%7, %b) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  %9 = "tir.add"(%8, %b) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  %10 = "tir.add"(%9, %b) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  %11 = "tir.add"(%10, %b) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  %12 = "tir.add"(%11, %b) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  %13 = "tir.add"(%12, %b) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  %14 = "tir.add"(%13, %b) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  %15 = "tir.add"(%14, %b) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  %16 = "tir.add"(%15, %b) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  %17 = "tir.add"(%16, %b) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  %18 = "tir.add"(%17, %b) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  %19 = "tir.add"(%18, %b) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  %20 = "tir.add"(%19, %b) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  %21 = "tir.add"(%20, %b) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  %22 = "tir.add"(%21, %b) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  %23 = "tir.add"(%22, %b) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  %24 = "tir.add"(%23, %b) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  %25 = "tir.add"(%24, %b) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  %26 = "tir.add"(%25, %b) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  %27 = "tir.add"(%26, %b) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  %28 = "tir.add"(%27, %b) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  %29 = "tir.add"(%28, %b) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  %30 = "tir.add"(%29, %b) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  %31 = "tir.add"(%30, %b) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  %32 = "tir.add"(%31, %b) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  %33 = "tir.add"(%32, %b) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  %34 = "tir.add"(%33, %b) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  %35 = "tir.add"(%34, %b) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  %36 = "tir.add"(%35, %b) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  %37 = "tir.add"(%36, %b) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  %38 = "tir.add"(%37, %b) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  %39 = "tir.add"(%38, %b) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  return %39 : tensor<?x4xf32>
}
