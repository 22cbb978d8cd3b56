//go:build !unix

package main

import (
	"errors"
	"os"
)

// What tirc asks of the operating system elsewhere than on Unix (unix.go).

var endSignals = []os.Signal{os.Interrupt}

func raise(os.Signal) { os.Exit(exitFailure) }

func checkWritable(path string) error {
	fi, err := os.Stat(path)
	if err != nil {
		return err
	}
	if fi.Mode().Perm()&0o200 == 0 {
		return errors.New("permission denied")
	}
	return nil
}

func keepOwner(string, os.FileInfo) {}

func stdoutClosed() bool { return false }
