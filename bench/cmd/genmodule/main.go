package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/tirc/tirc/bench/genmod"
)

func main() {
	var o genmod.Options
	flag.IntVar(&o.Ops, "ops", 10000, "ops in the module")
	flag.IntVar(&o.Funcs, "funcs", 1, "functions to spread the ops over")
	flag.IntVar(&o.Dup, "dup", 0, "make every n-th op a duplicate of the op before it (for -cse)")
	flag.BoolVar(&o.TOSA, "tosa", false, "write the module's twin in the TOSA dialect (for mlir-opt-19 --tosa-infer-shapes)")
	flag.BoolVar(&o.MultiUse, "multiuse", false, "every third op reads the value two ops back (two users close together) instead of value i/2")
	flag.StringVar(&o.DAG, "dag", "", "write one function of -ops ops in this DAG shape instead: fanout, fanin, diamond or manyuse (see bench/genmod)")
	out := flag.String("o", "-", "output file ('-' is stdout)")
	flag.Parse()
	var w io.Writer = os.Stdout
	if *out != "-" {
		f, err := os.Create(*out)
		if err != nil {
			fmt.Fprintln(os.Stderr, "genmodule:", err)
			os.Exit(1)
		}
		defer f.Close()
		w = f
	}
	if err := genmod.Write(w, o); err != nil {
		fmt.Fprintln(os.Stderr, "genmodule:", err)
		os.Exit(1)
	}
}
