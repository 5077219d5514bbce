%% cryptobench: the seed program (seeds/001) ported to OTP 25, as a peer
%% for actorbench.
%%
%% The seed spawns N processes; each decrypts an AES-128-CTR payload and
%% sends {hello, Id, Plaintext, Pid} to a collector that waits for all N.
%% Changes from the seed, and why:
%%   * crypto:aes_ctr_decrypt/3 and erlang:now/0 are gone in OTP 25; we use
%%     crypto:crypto_one_time/5 and erlang:monotonic_time/0.
%%   * Replies with the wrong plaintext are counted (the seed silently
%%     dropped them and then waited forever).
%%   * Two collectors: `seed` keeps the seed's guard length(State) == Count,
%%     which walks the whole list on every message (quadratic in N);
%%     `linear` counts down instead.
%%   * Each run happens in a fresh process so runs do not share a heap or a
%%     mailbox, and one VM start can do several runs.
%%
%% Usage (arguments may be atoms via -s or strings via -run):
%%   erl -noshell -pa DIR -s cryptobench main N on|off seed|linear [Runs] \
%%       -s init stop
%% Prints one line per run:
%%   peer=erlang-linear procs=100000 crypto=on seconds=0.2613 mismatches=0
-module(cryptobench).
-export([main/1, run/3]).

-define(PLAINTEXT, "Hello World!").
%% A collector gives up after this long without any message.
-define(SILENCE_MS, 60000).

main(Args) ->
    [N, Crypto, Collector | Rest] = [to_string(A) || A <- Args],
    Runs = case Rest of
               [] -> 1;
               [R | _] -> list_to_integer(R)
           end,
    Procs = list_to_integer(N),
    CryptoOn = case Crypto of "on" -> true; "off" -> false end,
    Kind = case Collector of "seed" -> seed; "linear" -> linear end,
    {ok, _} = application:ensure_all_started(crypto),
    lists:foreach(fun(_) -> print(Kind, Procs, Crypto, run(Procs, CryptoOn, Kind)) end,
                  lists:seq(1, Runs)).

to_string(A) when is_atom(A) -> atom_to_list(A);
to_string(A) when is_list(A) -> A.

print(Kind, Procs, Crypto, {Seconds, Mismatches}) ->
    io:format("peer=erlang-~s procs=~B crypto=~s seconds=~.4f mismatches=~B~n",
              [Kind, Procs, Crypto, Seconds, Mismatches]).

%% One timed run in a fresh process; returns {Seconds, Mismatches}.
run(Procs, CryptoOn, Kind) ->
    Parent = self(),
    {Pid, Ref} = spawn_monitor(fun() -> Parent ! {self(), timed_run(Procs, CryptoOn, Kind)} end),
    receive
        {Pid, Result} ->
            receive {'DOWN', Ref, process, Pid, _} -> ok end,
            Result;
        {'DOWN', Ref, process, Pid, Reason} ->
            erlang:error({run_failed, Reason})
    end.

timed_run(Procs, CryptoOn, Kind) ->
    %% As in the seed: encrypt once, before the clock starts.
    Payload = case CryptoOn of
                  true -> encrypt_text(?PLAINTEXT);
                  false -> ?PLAINTEXT
              end,
    Collector = self(),
    Start = erlang:monotonic_time(),
    lists:foreach(fun(Id) ->
                          spawn(fun() -> sendback(Collector, Id, Payload, CryptoOn) end)
                  end,
                  lists:seq(1, Procs)),
    Mismatches = case Kind of
                     seed -> seed_loop([], Procs, 0);
                     linear -> linear_loop(Procs, 0)
                 end,
    End = erlang:monotonic_time(),
    {erlang:convert_time_unit(End - Start, native, microsecond) / 1.0e6, Mismatches}.

sendback(To, Id, Payload, true) ->
    To ! {hello, Id, decrypt_text(Payload), self()};
sendback(To, Id, Payload, false) ->
    To ! {hello, Id, Payload, self()}.

%% The seed's collector: the guard recomputes length(State) on every
%% message. Unlike the seed, mismatching replies still count towards
%% Count (else it never ends) and are tallied.
seed_loop(State, Count, Bad) when length(State) == Count ->
    Bad;
seed_loop(State, Count, Bad) ->
    receive
        {hello, Id, ?PLAINTEXT, _SenderPid} -> seed_loop([Id | State], Count, Bad);
        {hello, Id, _Other, _SenderPid} -> seed_loop([Id | State], Count, Bad + 1)
    after ?SILENCE_MS ->
        Bad + Count - length(State)             % missing replies count as mismatches
    end.

%% Same protocol, but counts down instead of measuring a list.
linear_loop(0, Bad) ->
    Bad;
linear_loop(Left, Bad) ->
    receive
        {hello, _Id, ?PLAINTEXT, _SenderPid} -> linear_loop(Left - 1, Bad);
        {hello, _Id, _Other, _SenderPid} -> linear_loop(Left - 1, Bad + 1)
    after ?SILENCE_MS ->
        Bad + Left
    end.

%% Encryption utilities (same key and IV as the seed).

encryption_key() -> <<16#01,16#23,16#45,16#67,16#89,16#AB,16#CD,16#EF,
                      16#F0,16#12,16#34,16#56,16#78,16#9A,16#BC,16#DE>>.
encryption_iv() -> <<0:128>>.

encrypt_text(PlainText) ->
    crypto:crypto_one_time(aes_128_ctr, encryption_key(), encryption_iv(),
                           list_to_binary(PlainText), true).

decrypt_text(Encrypted) ->
    binary_to_list(crypto:crypto_one_time(aes_128_ctr, encryption_key(), encryption_iv(),
                                          Encrypted, false)).
