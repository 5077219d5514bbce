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

%% Every wait gives up after this long: a lost message is an error, not a hang.
-define(TIMEOUT_MS, 60000).

main() -> main([]).

main(Args) ->
    case catch [list_to_integer(atom_to_list(A)) || A <- Args] of
        [Runs | Sizes] when Runs >= 1, length(Sizes) =< 1 ->
            [N] = Sizes ++ lists:nthtail(length(Sizes), [1000000]),
            N >= 1 orelse fail("ROUND_TRIPS must be >= 1, got ~b", [N]),
            [report(run(N)) || _ <- lists:seq(1, Runs)],
            ok;
        _ ->
            fail("usage: pingpong RUNS [ROUND_TRIPS]; got ~p", [Args])
    end.

%% One run in a fresh process, so runs share no heap or mailbox.
run(N) ->
    Self = self(),
    spawn_link(fun() -> Self ! {result, timed(N)} end),
    receive {result, R} -> R end.

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

count_if(true) -> 1;
count_if(false) -> 0.

seconds_since(T0) ->
    erlang:convert_time_unit(erlang:monotonic_time() - T0, native, nanosecond) / 1.0e9.

report({Seconds, Mismatches}) ->
    io:format("seconds=~.6f mismatches=~b~n", [Seconds, Mismatches]).

fail(Format, Args) ->
    io:format(standard_error, Format ++ "~n", Args),
    erlang:halt(1).
