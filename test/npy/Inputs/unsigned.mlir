// Signed and unsigned element types through the C driver (unsigned.test):
// NumPy's numbers for uint8..uint64 and int8..int64 (si), computed by
// Inputs/unsigned.py.
func.func @u8(%a: tensor<?xui8>, %b: tensor<?xui8>) -> (tensor<?xui8>, tensor<?xui8>, tensor<?xui8>, tensor<?xui8>, tensor<?xi1>, tensor<?xui8>, tensor<?xf32>, tensor<?xi16>) {
  %sum = tir.add %a, %b : (tensor<?xui8>, tensor<?xui8>) -> tensor<?xui8>
  %quo = tir.div %a, %b : (tensor<?xui8>, tensor<?xui8>) -> tensor<?xui8>
  %rem = tir.rem %a, %b : (tensor<?xui8>, tensor<?xui8>) -> tensor<?xui8>
  %big = tir.max %a, %b : (tensor<?xui8>, tensor<?xui8>) -> tensor<?xui8>
  %lt = tir.cmp %a, %b {predicate = "lt"} : (tensor<?xui8>, tensor<?xui8>) -> tensor<?xi1>
  %neg = tir.neg %a : tensor<?xui8>
  %f = tir.convert %a : (tensor<?xui8>) -> tensor<?xf32>
  %w = tir.convert %a : (tensor<?xui8>) -> tensor<?xi16>
  return %sum, %quo, %rem, %big, %lt, %neg, %f, %w : tensor<?xui8>, tensor<?xui8>, tensor<?xui8>, tensor<?xui8>, tensor<?xi1>, tensor<?xui8>, tensor<?xf32>, tensor<?xi16>
}

func.func @u64(%a: tensor<?xui64>, %b: tensor<?xui64>) -> (tensor<?xui64>, tensor<?xui64>, tensor<?xi1>, tensor<?xf64>) {
  %quo = tir.div %a, %b : (tensor<?xui64>, tensor<?xui64>) -> tensor<?xui64>
  %small = tir.min %a, %b : (tensor<?xui64>, tensor<?xui64>) -> tensor<?xui64>
  %ge = tir.cmp %a, %b {predicate = "ge"} : (tensor<?xui64>, tensor<?xui64>) -> tensor<?xi1>
  %f = tir.convert %a : (tensor<?xui64>) -> tensor<?xf64>
  return %quo, %small, %ge, %f : tensor<?xui64>, tensor<?xui64>, tensor<?xi1>, tensor<?xf64>
}

func.func @casts(%x: tensor<?xf32>, %s: tensor<?xsi8>) -> (tensor<?xui8>, tensor<?xui16>, tensor<?xui32>, tensor<?xsi16>) {
  %u = tir.convert %x : (tensor<?xf32>) -> tensor<?xui8>
  %w = tir.convert %s : (tensor<?xsi8>) -> tensor<?xui16>
  %v = tir.convert %s : (tensor<?xsi8>) -> tensor<?xui32>
  %t = tir.convert %s : (tensor<?xsi8>) -> tensor<?xsi16>
  return %u, %w, %v, %t : tensor<?xui8>, tensor<?xui16>, tensor<?xui32>, tensor<?xsi16>
}
