package armylist

import (
	"archive/zip"
	"bytes"
	"errors"
	"io"
	"strings"

	"github.com/rearrank/rearrank/msg"
)

// errExpanded is what capReader returns past MaxExpanded bytes.
var errExpanded = errors.New("expanded size exceeded")

// capReader reads at most n bytes of r, then fails with errExpanded if r
// has more: a zip's header may lie about the size it expands to.
type capReader struct {
	r io.Reader
	n int64
}

func (c *capReader) Read(p []byte) (int, error) {
	if c.n <= 0 {
		var one [1]byte
		if k, _ := c.r.Read(one[:]); k > 0 {
			return 0, errExpanded
		}
		return 0, io.EOF
	}
	if int64(len(p)) > c.n {
		p = p[:c.n]
	}
	k, err := c.r.Read(p)
	c.n -= int64(k)
	return k, err
}

// readZip reads a .rosz: a zip of at most MaxEntries entries, one of
// them a .ros, read through capReader (docs/IMPORT.md 2 and 6).
func readZip(name string, data []byte) (*List, error) {
	z, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, msg.Errorf(errors.Join(ErrNotList, err), "armylist.error.zip", name)
	}
	if n := len(z.File); n > MaxEntries {
		return nil, msg.Errorf(ErrUnsafe, "armylist.error.zip_entries", name, n, MaxEntries)
	}
	var ros []*zip.File
	for _, f := range z.File {
		if strings.HasSuffix(strings.ToLower(f.Name), ".ros") {
			ros = append(ros, f)
		}
	}
	if len(ros) != 1 {
		return nil, msg.Errorf(ErrNotList, "armylist.error.zip_ros_count", name, len(ros))
	}
	entry := name + "/" + ros[0].Name
	rc, err := ros[0].Open()
	if err != nil {
		return nil, msg.Errorf(errors.Join(ErrNotList, err), "armylist.error.zip", entry)
	}
	defer rc.Close()
	return readXML(entry, &capReader{r: rc, n: MaxExpanded})
}
