// fjthrput (Savina's fork-join throughput): the main goroutine sends
// MESSAGES_PER_ACTOR messages to each of ACTORS goroutines (round robin);
// per message an actor does Savina's computation, r = sin(37.2)^2, counts it
// and adds r up. Checks: every actor counted MESSAGES_PER_ACTOR, and the sum
// of r over all messages is ACTORS*MESSAGES_PER_ACTOR*r within 1e-6 relative.
//
// Usage: fjthrput RUNS [ACTORS (60)] [MESSAGES_PER_ACTOR (10000)]
package main

import (
	"math"

	"actorbench/peers/internal/peer"
)

// theta is Savina's angle; a variable, so that nothing is computed ahead.
var theta = 37.2

// compute is Savina's small computation done per message.
func compute(theta float64) float64 {
	s := math.Sin(theta)
	return s * s
}

// tally is one actor's count of messages and its sum of r.
type tally struct {
	count int
	sum   float64
}

// mailboxCapacity bounds each actor's mailbox (a buffered channel); the main
// goroutine blocks on a full one, as a Go producer would.
const mailboxCapacity = 1024

// worker computes once per message until its mailbox is closed, then tallies.
func worker(mailbox <-chan struct{}, tallies chan<- tally) {
	var t tally
	for range mailbox {
		t.sum += compute(theta)
		t.count++
	}
	tallies <- t
}

// check counts the actors whose count is not n, plus one if the sum is off.
func check(actors, n int, tallies <-chan tally) int {
	mismatches, sum := 0, 0.0
	for i := 0; i < actors; i++ {
		t := <-tallies
		if t.count != n {
			mismatches++
		}
		sum += t.sum
	}
	want := float64(actors) * float64(n) * compute(theta)
	if math.Abs(sum-want) > 1e-6*math.Abs(want) {
		mismatches++
	}
	return mismatches
}

func run(sizes []int) int {
	actors, n := sizes[0], sizes[1]
	boxes, tallies := make([]chan struct{}, actors), make(chan tally, actors)
	for i := range boxes {
		boxes[i] = make(chan struct{}, mailboxCapacity)
		go worker(boxes[i], tallies)
	}
	for m := 0; m < n; m++ {
		for _, box := range boxes {
			box <- struct{}{}
		}
	}
	for _, box := range boxes {
		close(box)
	}
	return check(actors, n, tallies)
}

func main() {
	peer.Program{Name: "fjthrput", Sizes: []peer.Size{
		{Name: "ACTORS", Default: 60, Min: 1},
		{Name: "MESSAGES_PER_ACTOR", Default: 10000, Min: 0},
	}, Run: run}.Main()
}
