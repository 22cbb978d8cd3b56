package codegen

// LLIROnly lets the external tests print through llir alone, the oracle
// of the faster printer (print.go).
var LLIROnly = &llirOnly
