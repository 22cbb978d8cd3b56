// Package passes holds tirc's pass manager and its passes.
package passes

import _ "github.com/alecthomas/participle/v2" // the textual pass pipeline grammar
