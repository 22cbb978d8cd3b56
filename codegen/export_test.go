package codegen

// LLIROnly lets the external tests print through llir alone, the oracle
// of the faster printer (print.go).
var LLIROnly = &llirOnly

// PrivateSymbol is the LLVM name of a private function (before it is made
// unique in its module).
var PrivateSymbol = privateSymbol
