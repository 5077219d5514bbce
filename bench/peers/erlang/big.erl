%% big: the Erlang peer for actorbench's `big` suite scenario (Savina's big).
%%
%% W processes; each sends {ping, self()} to a random other process and waits
%% for that one's {pong, Peer} before its next ping, answering the pings of
%% others meanwhile. After its N pongs it reports {done, Id, Pongs, Wrong} to the
%% sink (the run's main process) and keeps answering pings until the sink
%% stops everyone. The checks: W reports, one per process, each with N
%% pongs; every pong came from the process pinged; the pings answered over
%% all processes sum to W*N.
%%
%% Usage (arguments arrive as atoms):
%%   erl -noshell -pa DIR -s big main RUNS [ACTORS [PINGS_PER_ACTOR]] -s init stop
%% ACTORS defaults to 120, PINGS_PER_ACTOR to 20000. RUNS runs in one VM
%% (the first is a warm-up); each prints `seconds=X mismatches=Y`, timed
%% from the first spawn to the last check.
-module(big).
-export([main/0, main/1]).

-include("peer.hrl").

%% One pinging process's state: whom to report to, which one it is, whom it
%% may ping, and what it has counted.
-record(actor, {sink, id, peers, pongs = 0, wrong = 0, served = 0}).

main(Args) ->
    peer_main(Args, "big RUNS [ACTORS >= 2 [PINGS_PER_ACTOR >= 1]]", [120, 20000],
              fun([W, N]) -> W >= 2 andalso N >= 1 end,
              fun([W, N]) -> timed(W, N) end).

timed(W, N) ->
    T0 = erlang:monotonic_time(),
    Sink = self(),
    Pids = [spawn_link(fun() -> start(Sink, Id, N) end) || Id <- lists:seq(1, W)],
    Peers = list_to_tuple(Pids),
    [P ! {peers, Peers} || P <- Pids],
    Reports = [receive_report() || _ <- Pids],
    Ids = lists:usort([Id || {Id, _, _} <- Reports]),
    Bad = length([x || {_, Pongs, Wrong} <- Reports, Pongs =/= N orelse Wrong =/= 0]),
    [P ! {stop, self()} || P <- Pids],
    Served = lists:sum([receive_served(P) || P <- Pids]),
    Mismatches = Bad + count_if(Ids =/= lists:seq(1, W)) + count_if(Served =/= W * N),
    {seconds_since(T0), Mismatches}.

receive_report() ->
    receive
        {done, Id, Pongs, Wrong} -> {Id, Pongs, Wrong}
    after ?TIMEOUT_MS -> fail("big: a process never reported its pongs", [])
    end.

receive_served(P) ->
    receive
        {served, P, Served} -> Served
    after ?TIMEOUT_MS -> fail("big: a process never said how many pings it served", [])
    end.

start(Sink, Id, N) ->
    receive
        {peers, Peers} -> ping(#actor{sink = Sink, id = Id, peers = Peers}, N)
    after ?TIMEOUT_MS -> fail("big: a process never learnt its peers", [])
    end.

%% With pings left, ping a random peer other than this one and wait for its
%% pong; with none, report to the sink and go on serving.
ping(A = #actor{sink = Sink, id = Id, pongs = Pongs, wrong = Wrong}, 0) ->
    Sink ! {done, Id, Pongs, Wrong},
    serve(A#actor.served);
ping(A = #actor{id = Id, peers = Peers}, Left) ->
    Pick = rand:uniform(tuple_size(Peers) - 1),
    Peer = element(case Pick >= Id of true -> Pick + 1; false -> Pick end, Peers),
    Peer ! {ping, self()},
    wait(A, Peer, Left).

wait(A = #actor{served = Served}, Peer, Left) ->
    receive
        {ping, From} ->
            From ! {pong, self()},
            wait(A#actor{served = Served + 1}, Peer, Left);
        {pong, From} ->
            Wrong = A#actor.wrong + count_if(From =/= Peer),
            ping(A#actor{pongs = A#actor.pongs + 1, wrong = Wrong}, Left - 1)
    after ?TIMEOUT_MS -> fail("big: no pong came", [])
    end.

%% Done pinging: answer the others' pings until the sink says stop.
serve(Served) ->
    receive
        {ping, From} -> From ! {pong, self()}, serve(Served + 1);
        {stop, Sink} -> Sink ! {served, self(), Served}
    after ?TIMEOUT_MS -> fail("big: the sink never said stop", [])
    end.
