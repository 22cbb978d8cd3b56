package main

import (
	"os"
	"os/signal"
	"sync"
)

// The temporary files of -o (output.go) are registered here while they
// exist, so that a signal ending tirc removes them instead of leaving
// dir/.tirc-out-NNNN behind. The registry's lock orders a signal against
// commit's rename: either the rename happens first (and the name is no
// longer registered) or the file is removed and commit never runs.
var temps struct {
	sync.Mutex
	names map[string]bool
}

// createTemp creates a registered temporary file in dir.
func createTemp(dir string) (*os.File, error) {
	temps.Lock()
	defer temps.Unlock()
	f, err := os.CreateTemp(dir, ".tirc-out-*")
	if err != nil {
		return nil, err
	}
	if temps.names == nil {
		temps.names = map[string]bool{}
	}
	temps.names[f.Name()] = true
	return f, nil
}

// renameTemp renames the temporary file name over target.
func renameTemp(name, target string) error {
	temps.Lock()
	defer temps.Unlock()
	delete(temps.names, name)
	return os.Rename(name, target)
}

// removeTemp removes the temporary file name.
func removeTemp(name string) {
	temps.Lock()
	defer temps.Unlock()
	delete(temps.names, name)
	os.Remove(name)
}

// removeTempsOnSignal makes SIGINT, SIGTERM and SIGHUP remove the
// temporary files, then end tirc by the same signal (so a shell sees it
// was interrupted).
func removeTempsOnSignal() {
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, endSignals...)
	go func() {
		s := <-sigs
		temps.Lock() // kept: no rename may follow
		for name := range temps.names {
			os.Remove(name)
		}
		signal.Reset(s)
		raise(s)
	}()
}
