package codegen

// PrivateSymbol is the LLVM name of a private function (before it is made
// unique in its module).
var PrivateSymbol = privateSymbol
