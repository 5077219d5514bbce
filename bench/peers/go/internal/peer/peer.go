// Package peer holds what every Go peer program shares: the positional
// command line of the peers' common protocol (RUNS [SIZE...]) and the one
// output line per run.
package peer

import (
	"fmt"
	"os"
	"strconv"
	"time"
)

// Size is one positional size of a scenario: its name (for errors and the
// usage line), its default (actorbench's default size) and its least value.
type Size struct {
	Name    string
	Default int
	Min     int
}

// Program is one peer program: its name, its sizes, an optional check of
// the sizes together, and one run, which spawns the actors, checks the result
// and returns the number of failed checks.
type Program struct {
	Name  string
	Sizes []Size
	Check func(sizes []int) error
	Run   func(sizes []int) (mismatches int)
}

// Main parses `RUNS [SIZE...]`, does RUNS runs (the first is a warm-up the
// caller discards), prints `seconds=X mismatches=Y` per run, X being the
// run's wall time from its first spawn to its last check, and exits: 2 on a
// bad command line, 1 if any run had a mismatch (so a wrong result is never
// mistaken for a fast one), 0 otherwise.
func (p Program) Main() {
	runs, values, err := parse(os.Args[1:], p.Sizes)
	if err == nil && p.Check != nil {
		err = p.Check(values)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\nusage: %s RUNS%s\n", p.Name, err, p.Name, usage(p.Sizes))
		os.Exit(2)
	}
	failed := false
	for i := 0; i < runs; i++ {
		start := time.Now()
		mismatches := p.Run(values)
		elapsed := time.Since(start)
		fmt.Printf("seconds=%.6f mismatches=%d\n", elapsed.Seconds(), mismatches)
		failed = failed || mismatches != 0
	}
	if failed {
		fmt.Fprintf(os.Stderr, "%s: the result was wrong (mismatches > 0)\n", p.Name)
		os.Exit(1)
	}
}

// parse reads RUNS and then at most len(sizes) sizes, defaulting the rest.
func parse(args []string, sizes []Size) (int, []int, error) {
	if len(args) < 1 || len(args) > 1+len(sizes) {
		return 0, nil, fmt.Errorf("expected RUNS and at most %d sizes, got %d arguments", len(sizes), len(args))
	}
	runs, err := number("RUNS", args[0], 1)
	if err != nil {
		return 0, nil, err
	}
	values := make([]int, len(sizes))
	for i, s := range sizes {
		values[i] = s.Default
		if 1+i < len(args) {
			if values[i], err = number(s.Name, args[1+i], s.Min); err != nil {
				return 0, nil, err
			}
		}
	}
	return runs, values, nil
}

// number parses one decimal integer of at least min.
func number(name, text string, min int) (int, error) {
	v, err := strconv.Atoi(text)
	if err != nil || v < min {
		return 0, fmt.Errorf("%s '%s' is not an integer >= %d", name, text, min)
	}
	return v, nil
}

func usage(sizes []Size) string {
	s := ""
	for _, size := range sizes {
		s += fmt.Sprintf(" [%s (default %d)]", size.Name, size.Default)
	}
	return s
}
