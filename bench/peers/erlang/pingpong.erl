%% pingpong: the Erlang peer for actorbench's `pingpong` suite scenario.
%%
%% One pair of processes: ping sends {ping, I, self()} for I = 1..N and waits
%% for pong's {pong, I} before the next one; ping counts every reply whose
%% round-trip number is not the one it expects. The check: N round trips
%% done, each echoing the number it was sent.
%%
%% Usage (arguments arrive as atoms):
%%   erl -noshell -pa DIR -s pingpong main RUNS [ROUND_TRIPS] -s init stop
%% ROUND_TRIPS defaults to 1000000. RUNS runs in one VM (the first is a
%% warm-up); each prints `seconds=X mismatches=Y`, timed from the first
%% spawn to the last check.
-module(pingpong).
-export([main/0, main/1]).

-include("peer.hrl").

main(Args) ->
    peer_main(Args, "pingpong RUNS [ROUND_TRIPS >= 1]", [1000000],
              fun([N]) -> N >= 1 end,
              fun([N]) -> timed(N) end).

timed(N) ->
    T0 = erlang:monotonic_time(),
    Pong = spawn_link(fun pong/0),
    Self = self(),
    spawn_link(fun() -> Self ! {done, ping(Pong, 1, N, 0)} end),
    Mismatches = receive
                     {done, {Trips, Bad}} -> Bad + count_if(Trips =/= N)
                 after ?TIMEOUT_MS -> fail("pingpong: no result from ping", [])
                 end,
    Pong ! stop,
    {seconds_since(T0), Mismatches}.

ping(_Pong, I, N, Bad) when I > N ->
    {I - 1, Bad};
ping(Pong, I, N, Bad) ->
    Pong ! {ping, I, self()},
    receive
        {pong, J} -> ping(Pong, I + 1, N, Bad + count_if(J =/= I))
    after ?TIMEOUT_MS -> fail("pingpong: no pong for round trip ~b", [I])
    end.

pong() ->
    receive
        {ping, I, From} -> From ! {pong, I}, pong();
        stop -> ok
    after ?TIMEOUT_MS -> fail("pingpong: pong got no ping", [])
    end.
