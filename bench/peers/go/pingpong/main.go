// pingpong: one pair of goroutines does ROUND_TRIPS round trips; pong echoes
// the round-trip number and ping checks it is the one it sent.
//
// Usage: pingpong RUNS [ROUND_TRIPS (1000000)]
package main

import (
	"actorbench/peers/internal/peer"
)

// pong echoes every number it receives until its mailbox is closed.
func pong(mailbox <-chan int, reply chan<- int) {
	for n := range mailbox {
		reply <- n
	}
}

// ping does the round trips and returns how many answers were not the number
// expected, plus one if fewer than n round trips were done.
func ping(n int, pongBox chan<- int, mailbox <-chan int) int {
	mismatches, done := 0, 0
	for i := 0; i < n; i++ {
		pongBox <- i
		if <-mailbox != i {
			mismatches++
		}
		done++
	}
	close(pongBox)
	if done != n {
		mismatches++
	}
	return mismatches
}

func run(sizes []int) int {
	n := sizes[0]
	// Each actor's mailbox is a buffered channel; one message is ever in
	// flight per direction, so a capacity of one never blocks a sender.
	pongBox, pingBox := make(chan int, 1), make(chan int, 1)
	result := make(chan int)
	go pong(pongBox, pingBox)
	go func() { result <- ping(n, pongBox, pingBox) }()
	return <-result
}

func main() {
	peer.Program{Name: "pingpong", Sizes: []peer.Size{{Name: "ROUND_TRIPS", Default: 1000000, Min: 1}}, Run: run}.Main()
}
