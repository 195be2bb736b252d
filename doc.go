// Package rearrank holds the data of a wound resolution in tabletop
// wargames: the target unit as it stands (Unit, built by NewUnit from a
// unit.Spec), the attack groups a player describes (Attack, HitSpec), what
// the referee reports back (Event, Kind, Stage, Tally), the target numbers
// of an attack (Needs), the questions an owner may answer (SaveChooser,
// PacketChooser) and the errors a caller can test for with errors.Is and
// errors.As (ErrNoAttacks, ErrBatch, DiceNeeded).
//
// The work is done elsewhere: package referee resolves attacks die by die
// (referee.Resolve), package odds gives their exact distribution, and both
// run the stages of one internal machine that reads and writes these
// types. The types live here, at the root, rather than in referee, because
// that machine (internal/engine) needs them and referee imports it: Go
// forbids the import cycle that referee defining them would make. Each
// type is defined once, so go doc shows every field with its rule.
//
// A Unit's few methods read it; the allocation state machine that decides
// where wounds land and which model is removed, which the engine drives, is
// internal/alloc's, and a Unit is that machine's state under a public
// name. Beside it, this package imports only the game's vocabulary (dice,
// rules, unit) and nothing that resolves.
package rearrank
