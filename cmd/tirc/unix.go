//go:build unix

package main

import (
	"os"
	"syscall"
	"time"
)

// What tirc asks of the operating system, on Unix (other.go elsewhere).

// endSignals end tirc after removing its temporary files (signals.go).
var endSignals = []os.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP}

// raise ends the process by signal s (its handler reset), as a shell
// expects of an interrupted command.
func raise(s os.Signal) {
	if sig, ok := s.(syscall.Signal); ok {
		syscall.Kill(os.Getpid(), sig)
		time.Sleep(time.Second) // delivery is asynchronous
		os.Exit(128 + int(sig))
	}
	os.Exit(exitFailure)
}

// checkWritable refuses an existing file the user may not write, by the
// same rule as open(2) (root may write any file, as with cp).
func checkWritable(path string) error {
	const wOK = 2
	if err := syscall.Access(path, wOK); err != nil {
		return err
	}
	return nil
}

// keepOwner gives the file name the owner and group of fi, the file it
// replaces, where allowed (root replacing another user's file); otherwise
// it stays the user's, as with any new file.
func keepOwner(name string, fi os.FileInfo) {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		os.Chown(name, int(st.Uid), int(st.Gid))
	}
}

// stdoutClosed reports whether tirc was started with standard output
// closed (tirc prog.mlir >&-). Go's runtime then opens /dev/null read-write
// in its place, which would swallow the output; a shell's >/dev/null opens
// it write-only.
func stdoutClosed() bool {
	var out, null syscall.Stat_t
	if syscall.Fstat(1, &out) != nil || syscall.Stat(os.DevNull, &null) != nil {
		return false
	}
	if out.Dev != null.Dev || out.Ino != null.Ino || out.Rdev != null.Rdev {
		return false
	}
	flags, _, errno := syscall.Syscall(syscall.SYS_FCNTL, 1, syscall.F_GETFL, 0)
	return errno == 0 && flags&syscall.O_ACCMODE == syscall.O_RDWR
}
