%% peer.hrl: the part of the common peer protocol every Erlang suite peer
%% shares (bench/peers/README.md): RUNS [SIZE...] arguments, one fresh
%% process per run, one `seconds=X mismatches=Y` line per run, and errors on
%% stderr with a non-zero exit. Included (not a module of its own) so that
%% each peer still compiles and runs as the one file compare-peers compiles.

%% Every wait gives up after this long: a lost message is an error, not a hang.
-define(TIMEOUT_MS, 60000).

%% `-s NAME main` with no arguments: say what is expected.
main() -> main([]).

%% Args are RUNS and up to length(Defaults) sizes (atoms, as `-s` passes
%% them); omitted sizes take Defaults. Valid(Sizes) says whether the sizes
%% are acceptable; Timed(Sizes) does one run and returns
%% {Seconds, Mismatches}.
peer_main(Args, Usage, Defaults, Valid, Timed) ->
    case catch [list_to_integer(atom_to_list(A)) || A <- Args] of
        [Runs | Sizes] when Runs >= 1, length(Sizes) =< length(Defaults) ->
            All = Sizes ++ lists:nthtail(length(Sizes), Defaults),
            Valid(All) orelse fail("usage: ~s; got ~p", [Usage, Args]),
            [report(run_fresh(fun() -> Timed(All) end)) || _ <- lists:seq(1, Runs)],
            ok;
        _ ->
            fail("usage: ~s; got ~p", [Usage, Args])
    end.

%% One run in a fresh process, so runs share no heap or mailbox.
run_fresh(Timed) ->
    Self = self(),
    spawn_link(fun() -> Self ! {result, Timed()} end),
    receive {result, Result} -> Result end.

count_if(true) -> 1;
count_if(false) -> 0.

seconds_since(T0) ->
    erlang:convert_time_unit(erlang:monotonic_time() - T0, native, nanosecond) / 1.0e9.

report({Seconds, Mismatches}) ->
    io:format("seconds=~.6f mismatches=~b~n", [Seconds, Mismatches]).

fail(Format, Args) ->
    io:format(standard_error, Format ++ "~n", Args),
    erlang:halt(1).
