%% chameneos: the Erlang peer for actorbench's `chameneos` suite scenario
%% (Savina's chameneos).
%%
%% C creatures (creature i starts blue, red or yellow as i mod 3) keep asking
%% a mall process to meet: {meet, Pid, Colour}. The mall holds the first of
%% a pair and forwards the second's request to it; that one takes
%% complement(its colour, the other's), counts a meeting and tells the other
%% {change, NewColour, ItsOldColour}, and the other counts a meeting, checks
%% NewColour against the rule (written a second way) applied to its own
%% colour and the old one it was sent, and takes it. After M meetings the
%% mall answers every request with stop; each creature then reports its
%% meetings and failed checks.
%% The checks: the mall counted M meetings, the creatures' counts sum to 2M,
%% and every colour change followed the rule.
%%
%% Usage (arguments arrive as atoms):
%%   erl -noshell -pa DIR -s chameneos main RUNS [CREATURES [MEETINGS]] -s init stop
%% CREATURES defaults to 100, MEETINGS to 200000. RUNS runs in one VM (the
%% first is a warm-up); each prints `seconds=X mismatches=Y`, timed from
%% the first spawn to the last check.
-module(chameneos).
-export([main/0, main/1]).

-include("peer.hrl").

main(Args) ->
    peer_main(Args, "chameneos RUNS [CREATURES >= 2 [MEETINGS >= 0]]", [100, 200000],
              fun([C, M]) -> C >= 2 andalso M >= 0 end,
              fun([C, M]) -> timed(C, M) end).

timed(C, M) ->
    T0 = erlang:monotonic_time(),
    Main = self(),
    Mall = spawn_link(fun() -> mall(Main, M, none, 0) end),
    Colours = {blue, red, yellow},
    [spawn_link(fun() -> creature(Main, Mall, element(I rem 3 + 1, Colours)) end)
     || I <- lists:seq(0, C - 1)],
    Held = receive
               {meetings, N} -> N
           after ?TIMEOUT_MS -> fail("chameneos: the mall never finished", [])
           end,
    {Meetings, Bad} = collect(C, 0, 0),
    Mall ! close,
    {seconds_since(T0), Bad + count_if(Held =/= M) + count_if(Meetings =/= 2 * M)}.

collect(0, Meetings, Bad) ->
    {Meetings, Bad};
collect(Left, Meetings, Bad) ->
    receive
        {faded, N, B} -> collect(Left - 1, Meetings + N, Bad + B)
    after ?TIMEOUT_MS -> fail("chameneos: ~b creatures never reported", [Left])
    end.

%% The mall: the last argument is the request of the creature holding for
%% a partner, or none.
mall(Main, 0, _Waiting, Held) ->
    Main ! {meetings, Held},
    closed();
mall(Main, Left, none, Held) ->
    receive
        {meet, _, _} = Meet -> mall(Main, Left, Meet, Held)
    after ?TIMEOUT_MS -> fail("chameneos: the mall got no request", [])
    end;
mall(Main, Left, {meet, First, _}, Held) ->
    receive
        {meet, _, _} = Meet ->
            First ! Meet,
            mall(Main, Left - 1, none, Held + 1)
    after ?TIMEOUT_MS -> fail("chameneos: the mall got no partner", [])
    end.

%% After the last meeting every request gets stop, until the run's process,
%% having heard from every creature, closes the mall.
closed() ->
    receive
        {meet, Creature, _} -> Creature ! stop, closed();
        close -> ok
    after ?TIMEOUT_MS -> fail("chameneos: the closed mall was never shut", [])
    end.

creature(Main, Mall, Colour) ->
    Mall ! {meet, self(), Colour},
    wait({Main, Mall}, Colour, 0, 0).

%% A creature's life: To is {the run's process, the mall}.
wait(To = {Main, Mall}, Colour, Meetings, Bad) ->
    receive
        {meet, Other, OtherColour} ->
            New = complement(Colour, OtherColour),
            Other ! {change, New, Colour},
            Mall ! {meet, self(), New},
            wait(To, New, Meetings + 1, Bad);
        {change, New, OtherColour} ->
            Mall ! {meet, self(), New},
            Broken = not follows_rule(Colour, OtherColour, New),
            wait(To, New, Meetings + 1, Bad + count_if(Broken));
        stop ->
            Main ! {faded, Meetings, Bad}
    after ?TIMEOUT_MS -> fail("chameneos: a creature heard nothing", [])
    end.

complement(Same, Same) -> Same;
complement(blue, red) -> yellow;
complement(blue, yellow) -> red;
complement(red, blue) -> yellow;
complement(red, yellow) -> blue;
complement(yellow, blue) -> red;
complement(yellow, red) -> blue.

%% The rule stated independently of complement/2, so that a wrong table
%% there shows: a pair of one colour keeps it, a pair of two takes the third.
follows_rule(Same, Same, New) ->
    New =:= Same;
follows_rule(A, B, New) ->
    lists:member(New, [blue, red, yellow]) andalso New =/= A andalso New =/= B.
