// ring: ACTORS goroutines in a ring pass a token carrying the hops left,
// starting at actor 0 with HOPS; each passes it on decremented and the one
// that receives 0 ends the run. Checks: HOPS hops were done and actor k did
// HOPS/ACTORS hops, plus one if k < HOPS%ACTORS (so the counts sum to HOPS).
//
// Usage: ring RUNS [ACTORS (100)] [HOPS (1000000)]
package main

import (
	"actorbench/peers/internal/peer"
)

// member passes tokens on to next until its mailbox is closed, then sends its
// hop count to counts; a token of 0 goes to end instead.
func member(id int, mailbox <-chan int, next chan<- int, end chan<- struct{}, counts chan<- [2]int) {
	hops := 0
	for token := range mailbox {
		if token == 0 {
			end <- struct{}{}
			continue
		}
		hops++
		next <- token - 1
	}
	counts <- [2]int{id, hops}
}

// check counts the actors whose hop count is not their share of the hops.
func check(actors, hops int, counts <-chan [2]int) int {
	mismatches, total := 0, 0
	for i := 0; i < actors; i++ {
		c := <-counts
		want := hops / actors
		if c[0] < hops%actors {
			want++
		}
		if c[1] != want {
			mismatches++
		}
		total += c[1]
	}
	if total != hops {
		mismatches++
	}
	return mismatches
}

func run(sizes []int) int {
	actors, hops := sizes[0], sizes[1]
	// Each actor's mailbox is a buffered channel; there is one token, so a
	// capacity of one never blocks a sender.
	boxes := make([]chan int, actors)
	for i := range boxes {
		boxes[i] = make(chan int, 1)
	}
	end, counts := make(chan struct{}), make(chan [2]int, actors)
	for i := range boxes {
		go member(i, boxes[i], boxes[(i+1)%actors], end, counts)
	}
	boxes[0] <- hops
	<-end
	for _, box := range boxes {
		close(box)
	}
	return check(actors, hops, counts)
}

func main() {
	peer.Program{Name: "ring", Sizes: []peer.Size{
		{Name: "ACTORS", Default: 100, Min: 1},
		{Name: "HOPS", Default: 1000000, Min: 0},
	}, Run: run}.Main()
}
