//go:build !unix

package main

import "errors"

// mkfifo: no named pipes here; the test case that needs one is skipped.
func mkfifo(path string) error { return errors.New("no named pipes on this system") }
