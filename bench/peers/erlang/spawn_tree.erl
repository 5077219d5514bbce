%% spawn_tree: the Erlang peer for actorbench's `spawn-tree` suite scenario
%% (SkyNet's shape: branching B, depth D, B^D leaves).
%%
%% Every inner process spawns its B children, sums their answers and replies
%% {answer, Sum, Leaves} to its parent; leaf i of the L = B^D leaves
%% (numbered 0..L-1 left to right) answers {answer, i, 1}. The check: the
%% root's sum is L(L-1)/2 and it counted L leaves.
%%
%% The default tree has 1,111,111 processes, more than the VM's default
%% process limit (262,144), so run it with `+P` above 1.1M, e.g. +P 2000000;
%% a run that needs more processes than the limit allows refuses to start.
%%
%% Usage (arguments arrive as atoms):
%%   erl +P 2000000 -noshell -pa DIR -s spawn_tree main RUNS [BRANCHING [DEPTH]] \
%%       -s init stop
%% BRANCHING defaults to 10, DEPTH to 6. RUNS runs in one VM (the first is a
%% warm-up); each prints `seconds=X mismatches=Y`, timed from the first
%% spawn to the last check.
-module(spawn_tree).
-export([main/0, main/1]).

-include("peer.hrl").

main(Args) ->
    peer_main(Args, "spawn_tree RUNS [BRANCHING >= 1 [DEPTH >= 0]]", [10, 6],
              fun([B, D]) -> B >= 1 andalso D >= 0 andalso fits_process_limit(B, D) end,
              fun([B, D]) -> timed(B, D) end).

%% The whole tree (plus this VM's own processes) may be alive at once; a
%% limit too low for it ends the program with the +P it needs.
fits_process_limit(B, D) ->
    Tree = lists:sum([pow(B, Level) || Level <- lists:seq(0, D)]),
    Limit = erlang:system_info(process_limit),
    Own = erlang:system_info(process_count) + 10,
    Tree + Own =< Limit orelse
        fail("spawn_tree: ~b processes need erl +P above ~b (the limit is ~b)",
             [Tree, Tree + Own, Limit]).

timed(B, D) ->
    T0 = erlang:monotonic_time(),
    Main = self(),
    spawn_link(fun() -> node(Main, B, D, 0) end),
    receive
        {answer, Sum, Leaves} ->
            L = pow(B, D),
            Mismatches = count_if(Sum =/= L * (L - 1) div 2) + count_if(Leaves =/= L),
            {seconds_since(T0), Mismatches}
    after ?TIMEOUT_MS -> fail("spawn_tree: the root never answered", [])
    end.

%% A process Levels above the leaves, the Index-th of its level from the left.
node(Parent, _B, 0, Index) ->
    Parent ! {answer, Index, 1};
node(Parent, B, Levels, Index) ->
    Self = self(),
    [spawn(fun() -> node(Self, B, Levels - 1, Index * B + K) end)
     || K <- lists:seq(0, B - 1)],
    Parent ! sum_answers(B, 0, 0).

sum_answers(0, Sum, Leaves) ->
    {answer, Sum, Leaves};
sum_answers(Left, Sum, Leaves) ->
    receive
        {answer, S, L} -> sum_answers(Left - 1, Sum + S, Leaves + L)
    after ?TIMEOUT_MS -> fail("spawn_tree: ~b children never answered", [Left])
    end.

pow(_Base, 0) -> 1;
pow(Base, Exp) -> Base * pow(Base, Exp - 1).
