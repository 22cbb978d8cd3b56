package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// output is where the result goes, written atomically: for a regular file,
// a temporary file in the same directory is streamed into and renamed over
// the target only by commit, so a failed run never leaves a truncated or
// clobbered file (mlir-opt-19 deletes it). A symbolic link is followed: the
// file it points to is replaced (the temporary file is made in that file's
// directory), the link stays. An existing file the user may not write is
// refused, as cp refuses it, though the directory would allow replacing
// it. The temporary file is removed on SIGINT, SIGTERM and SIGHUP too
// (signals.go). Streaming keeps peak memory to
// the IR itself on million-op modules. Standard output ("" or "-") is
// buffered and written by commit, so a failed run prints nothing -- unless
// the caller knows nothing is written before the run has succeeded (one
// chunk, no -verify-diagnostics): then it is streamed too, which saves
// growing a buffer of the whole output (a tenth of the time at 1M ops). An
// existing non-regular target (/dev/null, a pipe) is written in place.
type output struct {
	path   string // as given
	target string // path with symbolic links resolved
	stdout io.Writer
	buf    bytes.Buffer // standard output
	tmp    *os.File     // regular file: the temporary file
	file   *os.File     // non-regular target opened in place
	w      *bufio.Writer
	// spool, when set, receives what was going to standard output or a
	// non-regular target (see spoolLater); commit copies it there.
	spool *os.File
	done  bool
}

func openOutput(path string, stdout io.Writer, streamStdout bool) (*output, error) {
	o := &output{path: path, stdout: stdout}
	if path == "" || path == "-" {
		if streamStdout {
			o.w = bufio.NewWriterSize(stdout, 1<<20)
		}
		return o, nil
	}
	target, err := resolveLinks(path)
	if err != nil {
		return nil, fmt.Errorf("cannot write output '%s': %v", path, unwrapPathError(err))
	}
	o.target = target
	if fi, err := os.Stat(target); err == nil {
		switch {
		case fi.IsDir():
			return nil, fmt.Errorf("cannot write output '%s': it is a directory", path)
		case !fi.Mode().IsRegular():
			f, err := os.OpenFile(target, os.O_WRONLY|os.O_TRUNC, 0)
			if err != nil {
				return nil, fmt.Errorf("cannot write output '%s': %v", path, unwrapPathError(err))
			}
			o.file, o.w = f, bufio.NewWriterSize(f, 1<<20)
			return o, nil
		}
		if err := checkWritable(target); err != nil {
			return nil, fmt.Errorf("cannot write output '%s': %v", path, err)
		}
	}
	tmp, err := createTemp(filepath.Dir(target))
	if err != nil {
		return nil, fmt.Errorf("cannot write output '%s': %v", path, unwrapPathError(err))
	}
	o.tmp, o.w = tmp, bufio.NewWriterSize(tmp, 1<<20)
	return o, nil
}

// maxLinks bounds the symbolic links followed (Linux's ELOOP limit).
const maxLinks = 40

// resolveLinks follows path's symbolic links to the file they name, which
// need not exist (a dangling link is written through, as cp does).
func resolveLinks(path string) (string, error) {
	for i := 0; i < maxLinks; i++ {
		fi, err := os.Lstat(path)
		if err != nil || fi.Mode()&os.ModeSymlink == 0 {
			return path, nil
		}
		dest, err := os.Readlink(path)
		if err != nil {
			return "", err
		}
		if !filepath.IsAbs(dest) {
			dest = filepath.Join(filepath.Dir(path), dest)
		}
		path = dest
	}
	return "", fmt.Errorf("too many levels of symbolic links")
}

// spoolLater makes every later write discardable by abort, as writes to a
// temporary file or to the standard output buffer are: streamed standard
// output and a non-regular target written in place get an unlinked
// temporary file that commit copies to them. -emit-llvm writes each
// function as soon as it is lowered and may find an error in a later one;
// a spool keeps its memory small (no text of the whole module) and its
// output all or nothing. If no temporary file can be made, standard
// output falls back to its buffer, and a target in place keeps being
// written in place.
func (o *output) spoolLater() {
	if o.w == nil || o.tmp != nil || o.spool != nil {
		return // buffered, or a temporary file already
	}
	if o.discards() {
		return // nothing written there can be seen
	}
	f, err := os.CreateTemp("", "tirc-*.out")
	if err != nil {
		if o.file == nil {
			o.w = nil // standard output: buffered
		}
		return
	}
	if err := os.Remove(f.Name()); err != nil { // unlinked: nothing to clean up
		f.Close()
		os.Remove(f.Name())
		if o.file == nil {
			o.w = nil
		}
		return
	}
	o.spool = f
	o.w = bufio.NewWriterSize(f, 1<<20)
}

// discards reports whether the destination is the null device (standard
// output redirected to it, or -o /dev/null).
func (o *output) discards() bool {
	dst, ok := o.stdout.(*os.File)
	if o.file != nil {
		dst, ok = o.file, true
	}
	if !ok || dst == nil {
		return false
	}
	fi, err := dst.Stat()
	if err != nil {
		return false
	}
	null, err := os.Stat(os.DevNull)
	return err == nil && os.SameFile(fi, null)
}

// unspool copies the spool to its destination.
func (o *output) unspool() error {
	defer o.spool.Close()
	if err := o.w.Flush(); err != nil {
		return fmt.Errorf("temporary file: %v", unwrapPathError(err))
	}
	if _, err := o.spool.Seek(0, io.SeekStart); err != nil {
		return fmt.Errorf("temporary file: %v", unwrapPathError(err))
	}
	dst := o.stdout
	if o.file != nil {
		dst = o.file
	}
	_, err := io.Copy(dst, o.spool)
	return err
}

func (o *output) Write(p []byte) (int, error) {
	if o.w == nil {
		return o.buf.Write(p)
	}
	return o.w.Write(p) // errors are sticky; commit reports them
}

// commit makes the output visible: it flushes standard output's buffer, or
// renames the complete temporary file over the target, keeping the
// target's permissions.
func (o *output) commit() error {
	o.done = true
	switch {
	case o.spool != nil && o.file == nil: // standard output
		if err := o.unspool(); err != nil {
			return stdoutError(err)
		}
		return nil
	case o.spool != nil:
		err := o.unspool()
		if cerr := o.file.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return fmt.Errorf("cannot write output '%s': %v", o.path, unwrapPathError(err))
		}
		return nil
	case o.w == nil:
		if _, err := o.stdout.Write(o.buf.Bytes()); err != nil {
			return stdoutError(err)
		}
		return nil
	case o.tmp == nil && o.file == nil: // streamed standard output
		if err := o.w.Flush(); err != nil {
			return stdoutError(err)
		}
		return nil
	case o.file != nil:
		err := o.w.Flush()
		if cerr := o.file.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return fmt.Errorf("cannot write output '%s': %v", o.path, unwrapPathError(err))
		}
		return nil
	}
	name := o.tmp.Name()
	err := o.w.Flush()
	if cerr := o.tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		mode := os.FileMode(0o644)
		if fi, serr := os.Stat(o.target); serr == nil {
			mode = fi.Mode().Perm()
			keepOwner(name, fi)
		}
		err = os.Chmod(name, mode)
	}
	if err == nil {
		err = renameTemp(name, o.target)
	}
	if err != nil {
		removeTemp(name)
		return fmt.Errorf("cannot write output '%s': %v", o.path, unwrapPathError(err))
	}
	return nil
}

// stdoutError is a failed write to standard output.
func stdoutError(err error) error {
	return fmt.Errorf("cannot write to standard output: %v", unwrapPathError(err))
}

// abort discards the output: the target is left as it was.
func (o *output) abort() {
	if o == nil || o.done {
		return
	}
	o.done = true
	if o.tmp != nil {
		o.tmp.Close()
		removeTemp(o.tmp.Name())
	}
	if o.file != nil {
		o.file.Close()
	}
	if o.spool != nil {
		o.spool.Close()
	}
}
