//go:build !race

package codegen

// raceEnabled: the tests run under the race detector (go test -race).
const raceEnabled = false
