// Package testcorpus gives tests and fuzz targets the repository's own
// test inputs: every chunk (split at `// -----`, as -split-input-file
// does) of every test/**/*.mlir file, so seed corpora grow with the lit
// tests and no package walks test/ by hand.
package testcorpus
