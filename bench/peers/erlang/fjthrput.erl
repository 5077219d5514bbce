%% fjthrput: the Erlang peer for actorbench's `fjthrput` suite scenario
%% (Savina's fork-join throughput).
%%
%% The run's process sends N messages {compute, Theta} (Theta = 37.2) to each
%% of A processes, round robin; each process, per message, does Savina's
%% computation s = sin(Theta), r = s*s and adds r to its sum, and after N
%% messages reports {done, Count, Sum}. The checks: every process counted
%% N, and the sum of r over all messages equals A*N*r (r computed once here)
%% within 1e-6 relative. Theta travels in the message so that the compiler
%% cannot fold the computation away.
%%
%% Usage (arguments arrive as atoms):
%%   erl -noshell -pa DIR -s fjthrput main RUNS [ACTORS [MESSAGES_PER_ACTOR]] \
%%       -s init stop
%% ACTORS defaults to 60, MESSAGES_PER_ACTOR to 10000. RUNS runs in one VM
%% (the first is a warm-up); each prints `seconds=X mismatches=Y`, timed
%% from the first spawn to the last check.
-module(fjthrput).
-export([main/0, main/1]).

-include("peer.hrl").

-define(THETA, 37.2).

main(Args) ->
    peer_main(Args, "fjthrput RUNS [ACTORS >= 1 [MESSAGES_PER_ACTOR >= 1]]", [60, 10000],
              fun([A, N]) -> A >= 1 andalso N >= 1 end,
              fun([A, N]) -> timed(A, N) end).

timed(A, N) ->
    T0 = erlang:monotonic_time(),
    Main = self(),
    %% Off-heap messages: the workers' queues grow to thousands of messages
    %% and a garbage collection then need not copy them each time, as OTP's
    %% documentation advises for a process that receives floods.
    Pids = [spawn_opt(fun() -> worker(Main, N, 0, 0.0) end,
                      [link, {message_queue_data, off_heap}])
            || _ <- lists:seq(1, A)],
    send_rounds(Pids, N),
    Reports = [receive_report() || _ <- Pids],
    S = math:sin(?THETA),
    Expected = A * N * (S * S),
    Sum = lists:sum([R || {_, R} <- Reports]),
    Miscounted = length([x || {Count, _} <- Reports, Count =/= N]),
    Mismatches = Miscounted + count_if(abs(Sum - Expected) > 1.0e-6 * abs(Expected)),
    {seconds_since(T0), Mismatches}.

send_rounds(_Pids, 0) ->
    ok;
send_rounds(Pids, Left) ->
    [P ! {compute, ?THETA} || P <- Pids],
    send_rounds(Pids, Left - 1).

worker(Main, N, N, Sum) ->
    Main ! {done, N, Sum};
worker(Main, N, Count, Sum) ->
    receive
        {compute, Theta} ->
            S = math:sin(Theta),
            worker(Main, N, Count + 1, Sum + S * S)
    after ?TIMEOUT_MS -> fail("fjthrput: a worker got only ~b messages", [Count])
    end.

receive_report() ->
    receive
        {done, Count, Sum} -> {Count, Sum}
    after ?TIMEOUT_MS -> fail("fjthrput: a worker never reported", [])
    end.
