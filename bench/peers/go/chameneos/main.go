// chameneos (Savina's): CREATURES goroutines ask a mall (the broker) to meet;
// the mall pairs them until it has arranged MEETINGS meetings, then answers
// every request with exit. In a meeting the first creature takes
// complement(a, b) (a if a == b, else the third colour) and tells its partner,
// which checks the colour against the rule and takes it too. Creature i
// starts with colour i mod 3. Checks: the mall arranged MEETINGS meetings, the
// creatures' meeting counts sum to 2*MEETINGS, every new colour obeys the rule.
//
// Usage: chameneos RUNS [CREATURES (100)] [MEETINGS (200000)]
package main

import (
	"actorbench/peers/internal/peer"
)

// colour is blue (0), red (1) or yellow (2).
type colour int

// complement is the colour two creatures of colours a and b both take.
func complement(a, b colour) colour {
	if a == b {
		return a
	}
	return 3 - a - b
}

// follows says whether c obeys the rule for a and b, checked without
// complement: the same colour for a pair alike, else the one neither had.
func follows(a, b, c colour) bool {
	if a == b {
		return c == a
	}
	return c != a && c != b && c >= 0 && c <= 2
}

// toCreature is what a creature receives: its partner (from the mall), the
// colour its partner took with the partner's old colour, or exit.
type toCreature struct {
	kind        int // partnerMsg, changeMsg or exitMsg
	colour, old colour
	box         chan toCreature
}

const (
	partnerMsg = iota
	changeMsg
	exitMsg
)

// toMall is a meeting request (the creature's colour and mailbox) or, after
// exit, a creature's meeting count and how many colours broke the rule.
type toMall struct {
	meet             bool
	colour           colour
	box              chan toCreature
	meetings, broken int
}

// creature meets until the mall says exit, then reports its counts. Its
// mailbox is a buffered channel of one: a creature waits for one answer at a
// time (partner, change or exit), so no send to it ever blocks.
func creature(c colour, mall chan<- toMall) {
	box := make(chan toCreature, 1)
	meetings, broken := 0, 0
	mall <- toMall{meet: true, colour: c, box: box}
	for msg := range box {
		switch msg.kind {
		case partnerMsg:
			old := c
			c = complement(c, msg.colour)
			msg.box <- toCreature{kind: changeMsg, colour: c, old: old}
		case changeMsg:
			if !follows(c, msg.old, msg.colour) {
				broken++
			}
			c = msg.colour
		case exitMsg:
			mall <- toMall{meetings: meetings, broken: broken}
			return
		}
		meetings++
		mall <- toMall{meet: true, colour: c, box: box}
	}
}

// mall pairs requests until it has arranged n meetings, then sends exit to
// every requester; it returns the meetings arranged, the creatures' meeting
// counts summed and the colours that broke the rule, once all have exited.
func mall(creatures, n int, box <-chan toMall) (arranged, meetings, broken int) {
	var waiting *toMall
	for exited := 0; exited < creatures; {
		msg := <-box
		switch {
		case !msg.meet:
			exited++
			meetings += msg.meetings
			broken += msg.broken
		case arranged == n:
			msg.box <- toCreature{kind: exitMsg}
		case waiting == nil:
			waiting = &msg
		default:
			arranged++
			waiting.box <- toCreature{kind: partnerMsg, colour: msg.colour, box: msg.box}
			waiting = nil
		}
	}
	return arranged, meetings, broken
}

func run(sizes []int) int {
	creatures, n := sizes[0], sizes[1]
	// The mall's mailbox holds one message per creature: each has at most
	// one request (or its final count) outstanding.
	box := make(chan toMall, creatures)
	for i := 0; i < creatures; i++ {
		go creature(colour(i%3), box)
	}
	arranged, meetings, broken := mall(creatures, n, box)
	mismatches := broken
	if arranged != n {
		mismatches++
	}
	if meetings != 2*n {
		mismatches++
	}
	return mismatches
}

func main() {
	peer.Program{Name: "chameneos", Sizes: []peer.Size{
		{Name: "CREATURES", Default: 100, Min: 2},
		{Name: "MEETINGS", Default: 200000, Min: 0},
	}, Run: run}.Main()
}
