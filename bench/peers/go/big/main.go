// big (Savina's): each of ACTORS goroutines sends a ping to a random other
// actor and waits for its pong before the next ping, answering the others'
// pings meanwhile; after PINGS_PER_ACTOR pongs it reports to a sink. The sink
// checks ACTORS reports and every actor's count; at the end every actor says
// how many pings it answered and those must sum to ACTORS*PINGS_PER_ACTOR.
//
// Usage: big RUNS [ACTORS (120)] [PINGS_PER_ACTOR (20000)]
package main

import (
	"math/rand"

	"actorbench/peers/internal/peer"
)

// kind is what a message asks.
type kind int

const (
	ping kind = iota
	pong
	stop
)

// message is a ping, a pong (both name the actor that sent them) or a stop.
type message struct {
	kind kind
	from int
}

// report is what an actor tells the sink: after its pings, the pongs it got
// and how many of them came from a peer it had not pinged; after a stop, the
// pings it answered.
type report struct {
	pongs, strays, answered int
}

// actor does n ping/pong exchanges with random peers and reports to sink,
// then keeps answering pings until it is stopped. Each actor's mailbox is a
// buffered channel with room for one message per actor: every actor has at
// most one ping (or its pong) in flight, so no send ever blocks.
func actor(id, n int, boxes []chan message, sink chan<- report) {
	rng := rand.New(rand.NewSource(int64(id) + 1))
	pongs, strays, answered, target := 0, 0, 0, -1
	next := func() {
		target = rng.Intn(len(boxes) - 1)
		if target >= id {
			target++
		}
		boxes[target] <- message{ping, id}
	}
	if n > 0 {
		next()
	} else {
		sink <- report{}
	}
	for msg := range boxes[id] {
		switch msg.kind {
		case ping:
			answered++
			boxes[msg.from] <- message{pong, id}
		case pong:
			pongs++
			if msg.from != target {
				strays++
			}
			if pongs < n {
				next()
			} else {
				sink <- report{pongs: pongs, strays: strays}
			}
		case stop:
			sink <- report{answered: answered}
			return
		}
	}
}

// collect takes one report per actor and counts those with a wrong count or
// strays; then it stops the actors and checks every ping was answered.
func collect(n int, boxes []chan message, sink <-chan report) int {
	mismatches := 0
	for range boxes {
		if r := <-sink; r.pongs != n || r.strays != 0 {
			mismatches++
		}
	}
	for _, box := range boxes {
		box <- message{kind: stop}
	}
	answered := 0
	for range boxes {
		answered += (<-sink).answered
	}
	if answered != len(boxes)*n {
		mismatches++
	}
	return mismatches
}

func run(sizes []int) int {
	actors, n := sizes[0], sizes[1]
	boxes, sink := make([]chan message, actors), make(chan report, actors)
	for i := range boxes {
		boxes[i] = make(chan message, actors)
	}
	for i := range boxes {
		go actor(i, n, boxes, sink)
	}
	return collect(n, boxes, sink)
}

func main() {
	peer.Program{Name: "big", Sizes: []peer.Size{
		{Name: "ACTORS", Default: 120, Min: 2},
		{Name: "PINGS_PER_ACTOR", Default: 20000, Min: 0},
	}, Run: run}.Main()
}
