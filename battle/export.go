package battle

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strconv"

	"github.com/rearrank/rearrank/msg"
)

// ExportFormat is the version of the export file Export writes and
// ReadExport reads (docs/battle.md).
const ExportFormat = 1

// The limits of an export file ReadExport reads.
const (
	MaxExportSize   = 16 << 20 // bytes
	MaxExportEvents = 20_000
)

// ExportFile is a battle as one JSON document: its name, the format's
// version and its records, which replay to the same battle anywhere.
type ExportFile struct {
	Format  int      `json:"format"`
	Name    string   `json:"name"`
	Records []Record `json:"records"`
}

// Export writes battle name's records as an export file.
func Export(w io.Writer, name string, records []Record) error {
	if records == nil {
		records = []Record{}
	}
	b, err := json.MarshalIndent(ExportFile{Format: ExportFormat, Name: name, Records: records}, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// ReadExport reads an export file from r, at most MaxExportSize bytes and
// MaxExportEvents records, and checks it by replaying it: its records
// numbered 1, 2, 3... and every one fitting the battle as it then stands.
// file names the file in errors. An error names the record (its index in
// the file and its seq) and why, and wraps ErrExport.
func ReadExport(file string, r io.Reader) (*ExportFile, State, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxExportSize+1))
	if err != nil {
		return nil, State{}, msg.Errorf(ErrExport, "battle.export.read", file)
	}
	if len(data) > MaxExportSize {
		return nil, State{}, msg.Errorf(ErrExport, "battle.export.too_large", file, MaxExportSize>>20)
	}
	var x ExportFile
	d := json.NewDecoder(bytes.NewReader(data))
	d.DisallowUnknownFields()
	if err := d.Decode(&x); err != nil {
		return nil, State{}, msg.Errorf(ErrExport, "battle.export.json", file, jsonWhere(data, err), reason(err))
	}
	if _, err := d.Token(); err != io.EOF {
		return nil, State{}, msg.Errorf(ErrExport, "battle.export.trailing", file)
	}
	switch {
	case x.Format != ExportFormat:
		return nil, State{}, msg.Errorf(ErrExport, "battle.export.format", file, x.Format, ExportFormat)
	case x.Name == "":
		return nil, State{}, msg.Errorf(ErrExport, "battle.export.name", file)
	case len(x.Records) > MaxExportEvents:
		return nil, State{}, msg.Errorf(ErrExport, "battle.export.too_many", file, len(x.Records), MaxExportEvents)
	}
	s := State{}
	c := newCache()
	for i, rec := range x.Records {
		if rec.Seq != int64(i+1) {
			return nil, State{}, msg.Errorf(ErrExport, "battle.export.seq", file, i, int(rec.Seq), i+1)
		}
		n, err := apply(s, rec, c)
		if err != nil {
			return nil, State{}, &exportError{e: msg.Errorf(ErrExport, "battle.export.event", file, i, because{err}), cause: err}
		}
		s = n
	}
	return &x, s, nil
}

// exportError is an export's error that also unwraps to the replay's.
type exportError struct {
	e     *msg.Error
	cause error
}

func (x *exportError) Error() string          { return x.e.Error() }
func (x *exportError) Text(l msg.Lang) string { return x.e.Text(l) }
func (x *exportError) Unwrap() []error        { return []error{x.e, x.cause} }

// jsonWhere is the line:column of a JSON decoding error in data, or "1:1".
func jsonWhere(data []byte, err error) string {
	var off int64
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		off = se.Offset
	case errors.As(err, &te):
		off = te.Offset
	case errors.Is(err, io.ErrUnexpectedEOF):
		off = int64(len(data))
	}
	if off > int64(len(data)) {
		off = int64(len(data))
	}
	line, col := 1, 1
	for _, c := range data[:off] {
		if c == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return strconv.Itoa(line) + ":" + strconv.Itoa(col)
}
