// Package engine is the referee's machine: the rules of every ruleset
// written once, as the stages of one attack group (pipeline.go), each asking a
// dice.Roller for the dice it needs.
//
// The data a Machine reads and writes (Attack, Event, Tally...) are the
// types of package rearrank, at the module root: a library user's go doc
// shows them there, and this package imports them. Package referee runs a
// Machine to the end with a log. Package odds runs the same Machine over
// every face of every die (ClassBrancher), merges machines with equal
// AppendState, and takes the shortcuts of hooks.go; Monte Carlo runs it
// with dice.Seeded and no log. Nothing here is a public contract: it is
// internal so that the steps can change when a rule joins them.
package engine
