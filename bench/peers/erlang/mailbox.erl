%% mailbox: the Erlang peer for actorbench's `mailbox` suite scenario.
%%
%% S sender processes each send M messages {Id, Seq} (Seq = 0..M-1) to one
%% receiver as fast as they can, with no acknowledgement. The receiver keeps
%% the next sequence number it expects from each sender, counts every
%% message that is not that one, and ends when it has S*M messages; then
%% every sender must have delivered exactly M.
%%
%% Usage (arguments arrive as atoms):
%%   erl -noshell -pa DIR -s mailbox main RUNS [SENDERS [MESSAGES_PER_SENDER]] \
%%       -s init stop
%% SENDERS defaults to 100, MESSAGES_PER_SENDER to 100000. RUNS runs in one
%% VM (the first is a warm-up); each prints `seconds=X mismatches=Y`, timed
%% from the first spawn to the last check.
-module(mailbox).
-export([main/0, main/1]).

-include("peer.hrl").

main(Args) ->
    peer_main(Args, "mailbox RUNS [SENDERS >= 1 [MESSAGES_PER_SENDER >= 1]]",
              [100, 100000],
              fun([S, M]) -> S >= 1 andalso M >= 1 end,
              fun([S, M]) -> timed(S, M) end).

timed(S, M) ->
    T0 = erlang:monotonic_time(),
    Main = self(),
    Next = maps:from_list([{Id, 0} || Id <- lists:seq(1, S)]),
    %% Off-heap messages: a garbage collection of the receiver then need not
    %% copy the (possibly millions of) queued messages each time, which is
    %% what OTP's documentation advises for a process that receives floods.
    Receiver = spawn_opt(fun() -> Main ! {received, receive_all(S * M, Next, 0)} end,
                         [link, {message_queue_data, off_heap}]),
    [spawn_link(fun() -> send(Receiver, Id, 0, M) end) || Id <- lists:seq(1, S)],
    receive
        {received, {Final, Bad}} ->
            Short = lists:sum([count_if(Seq =/= M) || Seq <- maps:values(Final)]),
            {seconds_since(T0), Bad + Short}
    after ?TIMEOUT_MS -> fail("mailbox: the receiver never got all messages", [])
    end.

send(_Receiver, _Id, M, M) ->
    ok;
send(Receiver, Id, Seq, M) ->
    Receiver ! {Id, Seq},
    send(Receiver, Id, Seq + 1, M).

%% Next maps each sender to the sequence number it must send next; a message
%% out of order (or from no sender) is counted and resynchronises on it.
receive_all(0, Next, Bad) ->
    {Next, Bad};
receive_all(Left, Next, Bad) ->
    receive
        {Id, Seq} ->
            case Next of
                #{Id := Seq} -> receive_all(Left - 1, Next#{Id := Seq + 1}, Bad);
                _ -> receive_all(Left - 1, Next#{Id => Seq + 1}, Bad + 1)
            end
    after ?TIMEOUT_MS -> fail("mailbox: ~b messages never arrived", [Left])
    end.
