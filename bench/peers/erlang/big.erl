%% big: the Erlang peer for actorbench's `big` suite scenario (Savina's big).
%%
%% W processes; each sends {ping, self()} to a random other process and waits
%% for that one's {pong, Peer} before its next ping, answering the pings of
%% others meanwhile. After its N pongs it reports {done, Id, Pongs} to the
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

%% Every wait gives up after this long: a lost message is an error, not a hang.
-define(TIMEOUT_MS, 60000).

%% One pinging process's state: whom to report to, which one it is, whom it
%% may ping, and what it has counted.
-record(actor, {sink, id, peers, pongs = 0, wrong = 0, served = 0}).

main() -> main([]).

main(Args) ->
    case catch [list_to_integer(atom_to_list(A)) || A <- Args] of
        [Runs | Sizes] when Runs >= 1, length(Sizes) =< 2 ->
            [W, N] = Sizes ++ lists:nthtail(length(Sizes), [120, 20000]),
            W >= 2 orelse fail("ACTORS must be >= 2, got ~b", [W]),
            N >= 1 orelse fail("PINGS_PER_ACTOR must be >= 1, got ~b", [N]),
            [report(run(W, N)) || _ <- lists:seq(1, Runs)],
            ok;
        _ ->
            fail("usage: big RUNS [ACTORS [PINGS_PER_ACTOR]]; got ~p", [Args])
    end.

%% One run in a fresh process, so runs share no heap or mailbox.
run(W, N) ->
    Self = self(),
    spawn_link(fun() -> Self ! {result, timed(W, N)} end),
    receive {result, Result} -> Result end.

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

%% Ping a random peer other than this one, then wait for its pong.
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

count_if(true) -> 1;
count_if(false) -> 0.

seconds_since(T0) ->
    erlang:convert_time_unit(erlang:monotonic_time() - T0, native, nanosecond) / 1.0e9.

report({Seconds, Mismatches}) ->
    io:format("seconds=~.6f mismatches=~b~n", [Seconds, Mismatches]).

fail(Format, Args) ->
    io:format(standard_error, Format ++ "~n", Args),
    erlang:halt(1).
