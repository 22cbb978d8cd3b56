package testcorpus

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/tirc/tirc/ir/asm"
)

// Chunk is one -split-input-file chunk of a test file.
type Chunk struct {
	Path string // the file, as found under root
	Text []byte // the chunk's bytes
}

// Chunks returns every chunk of every .mlir file below root, in walk
// (lexical) order.
func Chunks(root string) ([]Chunk, error) {
	var out []Chunk
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || !strings.HasSuffix(path, ".mlir") {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, c := range asm.SplitInput(data) {
			out = append(out, Chunk{Path: path, Text: data[c.Start:c.End]})
		}
		return nil
	})
	return out, err
}
