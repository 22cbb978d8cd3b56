package ir_test

import _ "github.com/google/go-cmp/cmp"
