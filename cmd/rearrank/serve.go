package main

import "context"

// runServe is replaced by the web server command.
func runServe(ctx context.Context, args []string, e env) error {
	return usagef("serve: not built yet")
}
