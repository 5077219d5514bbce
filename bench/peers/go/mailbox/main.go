// mailbox: SENDERS goroutines each send MESSAGES_PER_SENDER messages (their
// id, a sequence number 0..M-1) to one receiver as fast as they can, without
// acknowledgement. The receiver checks every sender's sequence arrives
// 0..M-1 in order and ends when it has SENDERS*M messages.
//
// Usage: mailbox RUNS [SENDERS (100)] [MESSAGES_PER_SENDER (100000)]
package main

import (
	"actorbench/peers/internal/peer"
)

// message is one sender's numbered message.
type message struct {
	sender, seq int
}

// mailboxCapacity bounds the receiver's mailbox (a buffered channel): the
// senders block while it is full, as a Go program's producers would.
const mailboxCapacity = 1024

func send(id, m int, receiver chan<- message) {
	for seq := 0; seq < m; seq++ {
		receiver <- message{sender: id, seq: seq}
	}
}

// receive takes senders*m messages and counts those from an unknown sender
// or whose number is not their place in their sender's sequence, then every
// sender whose count is not m.
func receive(senders, m int, mailbox <-chan message) int {
	next := make([]int, senders)
	mismatches := 0
	for i := 0; i < senders*m; i++ {
		msg := <-mailbox
		if msg.sender < 0 || msg.sender >= senders {
			mismatches++
			continue
		}
		if msg.seq != next[msg.sender] {
			mismatches++
		}
		next[msg.sender]++
	}
	for _, n := range next {
		if n != m {
			mismatches++
		}
	}
	return mismatches
}

func run(sizes []int) int {
	senders, m := sizes[0], sizes[1]
	mailbox, result := make(chan message, mailboxCapacity), make(chan int)
	go func() { result <- receive(senders, m, mailbox) }()
	for id := 0; id < senders; id++ {
		go send(id, m, mailbox)
	}
	return <-result
}

func main() {
	peer.Program{Name: "mailbox", Sizes: []peer.Size{
		{Name: "SENDERS", Default: 100, Min: 1},
		{Name: "MESSAGES_PER_SENDER", Default: 100000, Min: 0},
	}, Run: run}.Main()
}
