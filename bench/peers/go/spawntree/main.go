// spawntree: every goroutine of a tree of depth DEPTH and branching
// BRANCHING spawns its children, sums their answers and replies to its
// parent; leaf i of the BRANCHING^DEPTH leaves (left to right) answers i.
// Check: the root's sum is L(L-1)/2 for L leaves.
//
// Usage: spawntree RUNS [BRANCHING (10)] [DEPTH (6)]
package main

import (
	"fmt"
	"math"

	"actorbench/peers/internal/peer"
)

// node answers to parent: a leaf (depth 0) its number first, an inner node
// the sum of its children's answers. Its mailbox is a buffered channel with
// room for every child's answer, so no child waits to reply.
func node(depth, branching int, first int64, parent chan<- int64) {
	if depth == 0 {
		parent <- first
		return
	}
	mailbox := make(chan int64, branching)
	width := leaves(branching, depth-1)
	for i := 0; i < branching; i++ {
		go node(depth-1, branching, first+int64(i)*width, mailbox)
	}
	var sum int64
	for i := 0; i < branching; i++ {
		sum += <-mailbox
	}
	parent <- sum
}

// maxLeaves bounds the tree so that its sum fits in an int64.
const maxLeaves = 1e9

// leaves is branching^depth.
func leaves(branching, depth int) int64 {
	l := int64(1)
	for i := 0; i < depth; i++ {
		l *= int64(branching)
	}
	return l
}

func run(sizes []int) int {
	branching, depth := sizes[0], sizes[1]
	l := leaves(branching, depth)
	root := make(chan int64, 1)
	go node(depth, branching, 0, root)
	if <-root != l*(l-1)/2 {
		return 1
	}
	return 0
}

// check refuses trees whose sum would not fit in an int64.
func check(s []int) error {
	if math.Pow(float64(s[0]), float64(s[1])) > maxLeaves {
		return fmt.Errorf("BRANCHING^DEPTH = %d^%d is more than %g leaves", s[0], s[1], maxLeaves)
	}
	return nil
}

func main() {
	peer.Program{Name: "spawntree", Sizes: []peer.Size{
		{Name: "BRANCHING", Default: 10, Min: 1},
		{Name: "DEPTH", Default: 6, Min: 0},
	}, Check: check, Run: run}.Main()
}
