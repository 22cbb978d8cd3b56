package main

import (
	"fmt"
	"os"
	"os/exec"
	"testing"
	"time"
)

// Some tests run tirc as a process: the test binary itself, which acts as
// tirc when TIRC_TEST_MAIN is set.

func TestMain(m *testing.M) {
	switch os.Getenv("TIRC_TEST_MAIN") {
	case "":
		os.Exit(m.Run())
	case "pause":
		// Stop once the output's temporary file exists, so that a test
		// can signal tirc there.
		testHookOutputOpen = func() {
			fmt.Fprintln(os.Stderr, "output open")
			for {
				time.Sleep(time.Hour)
			}
		}
	}
	main()
}

// tircCommand returns a command running the test binary as tirc.
func tircCommand(t *testing.T, mode string, args ...string) *exec.Cmd {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, args...)
	cmd.Env = append(os.Environ(), "TIRC_TEST_MAIN="+mode)
	return cmd
}
