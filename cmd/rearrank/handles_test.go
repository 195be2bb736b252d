package main

import (
	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/internal/alloc"
)

// pub is a unit the engine holds, seen through the public type.
func pub(u *alloc.Unit) *rearrank.Unit { return (*rearrank.Unit)(u) }
