%% ring: the Erlang peer for actorbench's `ring` suite scenario.
%%
%% N processes in a ring pass one token {token, HopsLeft}, starting at
%% process 0 with R; a process that gets HopsLeft > 0 counts one hop and
%% passes {token, HopsLeft - 1} to the next; the one that gets 0 reports.
%% The check: every process's hop count is exactly its share of R (process
%% i of N does (R - i + N - 1) div N, i.e. R div N or R div N + 1) and the
%% counts sum to R.
%%
%% Usage (arguments arrive as atoms):
%%   erl -noshell -pa DIR -s ring main RUNS [ACTORS [HOPS]] -s init stop
%% ACTORS defaults to 100, HOPS to 1000000. RUNS runs in one VM (the first
%% is a warm-up); each prints `seconds=X mismatches=Y`, timed from the
%% first spawn to the last check.
-module(ring).
-export([main/0, main/1]).

-include("peer.hrl").

main(Args) ->
    peer_main(Args, "ring RUNS [ACTORS >= 1 [HOPS >= 0]]", [100, 1000000],
              fun([N, R]) -> N >= 1 andalso R >= 0 end,
              fun([N, R]) -> timed(N, R) end).

timed(N, R) ->
    T0 = erlang:monotonic_time(),
    Main = self(),
    Ring = [spawn_link(fun() -> member(Main) end) || _ <- lists:seq(1, N)],
    %% Each process learns its successor; the last one's is the first.
    Next = tl(Ring) ++ [hd(Ring)],
    lists:foreach(fun({P, Q}) -> P ! {next, Q} end, lists:zip(Ring, Next)),
    hd(Ring) ! {token, R},
    receive
        finished -> ok
    after ?TIMEOUT_MS -> fail("ring: the token never reached 0", [])
    end,
    Counts = [collect(P) || P <- Ring],
    Expected = [(R - I + N - 1) div N || I <- lists:seq(0, N - 1)],
    Mismatches = length([x || {C, E} <- lists:zip(Counts, Expected), C =/= E])
        + count_if(lists:sum(Counts) =/= R),
    {seconds_since(T0), Mismatches}.

member(Main) ->
    receive
        {next, Next} -> pass(Main, Next, 0)
    after ?TIMEOUT_MS -> fail("ring: a member never learnt its successor", [])
    end.

pass(Main, Next, Hops) ->
    receive
        {token, 0} -> Main ! finished, pass(Main, Next, Hops);
        {token, Left} -> Next ! {token, Left - 1}, pass(Main, Next, Hops + 1);
        {count, From} -> From ! {hops, self(), Hops}
    after ?TIMEOUT_MS -> fail("ring: a member got no token", [])
    end.

collect(P) ->
    P ! {count, self()},
    receive
        {hops, P, Hops} -> Hops
    after ?TIMEOUT_MS -> fail("ring: a member did not report its hops", [])
    end.
