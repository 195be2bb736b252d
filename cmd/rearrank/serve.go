package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"time"

	"github.com/rearrank/rearrank/internal/cli"
)

// serveCommand is the binary that serves the web page: rearrank serve runs
// it with its flags. It is a command of its own so that rearrank does not
// link net/http, which took more than half of the start of every other
// command (see cmd/rearrank-serve).
const serveCommand = "rearrank-serve"

// serveStopWait is how long rearrank serve waits for the server to finish
// after passing it SIGINT or SIGTERM: more than the server's own grace of
// 10 seconds for the requests in flight.
const serveStopWait = 30 * time.Second

// runServe runs rearrank-serve with args, its standard streams rearrank's,
// and passes SIGINT and SIGTERM (the end of ctx) on as an interrupt, on
// which it shuts down gracefully. Its failures it reports itself: rearrank
// exits with its status.
func runServe(ctx context.Context, args []string, e env) error {
	path, err := findServe()
	if err != nil {
		return err
	}
	cmd := exec.CommandContext(ctx, path, args...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = e.stdin, e.stdout, e.stderr
	cmd.Cancel = func() error { return cmd.Process.Signal(os.Interrupt) }
	cmd.WaitDelay = serveStopWait
	err = cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &exit) && exit.Exited():
		return cli.Exited{Status: exit.ExitCode()}
	case ctx.Err() != nil && cmd.ProcessState != nil && cmd.ProcessState.Success():
		return nil // stopped on the signal, gracefully
	}
	return fmt.Errorf("serve: %s: %w", path, err)
}

// findServe returns the path of rearrank-serve: beside the running rearrank
// (go install puts the two there), else on the PATH.
func findServe() (string, error) {
	if exe, err := os.Executable(); err == nil {
		if exe, err := filepath.EvalSymlinks(exe); err == nil {
			if path, err := exec.LookPath(filepath.Join(filepath.Dir(exe), serveCommand)); err == nil {
				return path, nil
			}
		}
	}
	if path, err := exec.LookPath(serveCommand); err == nil {
		return path, nil
	}
	return "", fmt.Errorf("serve: the web server is the command %[1]s, found neither beside rearrank nor on the PATH; "+
		"install it with: go install github.com/rearrank/rearrank/cmd/%[1]s@latest (in a checkout: go run ./cmd/%[1]s)", serveCommand)
}
