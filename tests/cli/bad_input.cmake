# The bad-input matrix of fan-out, cipher, keygen, report and diff: numbers
# out of range, wrong types, empty values, missing, unreadable or garbage
# files. Each must give one line on stderr naming the bad value and exit 2,
# never run with a default instead. Included from CMakeLists.txt
# (cli_error_test); other rows of the matrix sit beside the features they
# test there.
set(here ${CMAKE_CURRENT_SOURCE_DIR})
# Binary garbage (bytes 0..255, four times).
set(garbage ${here}/garbage.bin)

# -- fan-out: empty values (each would otherwise mean its default; <empty>: see expect)
foreach(option procs crypto backend cipher runs warmup threads policy spawn context timeout
        clock pin reference seed format output plot max-memory config)
  cli_error_test(bad_input.fanout.empty.${option} 2 "invalid --${option} ''" --${option} <empty>)
endforeach()
# -- fan-out: numbers out of range and wrong types
cli_error_test(bad_input.fanout.timeout_zero 2 "invalid --timeout '0'.*1 to 86400" --timeout 0)
cli_error_test(bad_input.fanout.timeout_word 2 "invalid --timeout 'soon'" --timeout soon)
cli_error_test(bad_input.fanout.timeout_absurd 2 "invalid --timeout '99999999999'" --timeout 99999999999)
cli_error_test(bad_input.fanout.warmup_word 2 "invalid --warmup 'x'" --warmup x)
cli_error_test(bad_input.fanout.warmup_absurd 2 "invalid --warmup '99999999'.*0 to 10000" --warmup 99999999)
cli_error_test(bad_input.fanout.reference_zero 2 "invalid --reference '0'" --reference 0)
cli_error_test(bad_input.fanout.reference_word 2 "invalid --reference 'x'" --reference x)
cli_error_test(bad_input.fanout.seed_negative 2 "invalid --seed '-1'" --shuffle --seed=-1)
cli_error_test(bad_input.fanout.seed_absurd 2 "invalid --seed '99999999999999999999999'" --shuffle --seed 99999999999999999999999)
cli_error_test(bad_input.fanout.policy_unknown 2 "invalid --policy 'fifo'.*stealing, sharing" --policy fifo)
cli_error_test(bad_input.fanout.procs_float_range 2 "invalid --procs '1e3'" --procs 1e3)
cli_error_test(bad_input.fanout.threads_range_from_zero 2 "invalid --threads '0..4'" --threads 0..4)
# -- fan-out: --max-memory, and runs beyond it refused before any work with the estimate
cli_error_test(bad_input.fanout.max_memory_zero 2 "invalid --max-memory '0': expected a size" --max-memory 0)
cli_error_test(bad_input.fanout.max_memory_word 2 "invalid --max-memory 'lots'" --max-memory lots)
cli_error_test(bad_input.fanout.max_memory_unit 2 "invalid --max-memory '1.5X'" --max-memory 1.5X)
cli_error_test(bad_input.fanout.max_memory_negative 2 "invalid --max-memory '-1G'" --max-memory=-1G)
cli_error_test(bad_input.fanout.max_memory_absurd 2 "invalid --max-memory '100P'" --max-memory 100P)
cli_error_test(bad_input.fanout.procs_beyond_max_memory 2
  "invalid --procs '1000000': 1000000 actors need about 61.0 MiB \\(64 bytes per actor\\) but --max-memory allows 10.0 MiB"
  --procs 1000000 --max-memory 10M)
cli_error_test(bad_input.fanout.procs_scan_beyond_max_memory 2 "invalid --procs '1000000': 1000000 actors need about"
  --procs 1000..1000000x10 --max-memory 10M)
# -- fan-out: scenario files missing, unreadable, garbage or with wrong values
cli_error_test(bad_input.fanout.config_directory 2 "invalid --config '.*': .*not readable" --config ${here})
cli_error_test(bad_input.fanout.config_garbage 2 "invalid --config '.*': .*parse" --config ${here}/garbage.toml)
cli_error_test(bad_input.fanout.config_binary 2 "invalid --config '.*': .*parse" --config ${garbage})
cli_error_test(bad_input.fanout.config_wrong_type 2 "invalid --procs 'many'" --config ${here}/wrong-type.toml)
cli_error_test(bad_input.fanout.config_empty_value 2 "invalid --config '.*': key 'threads' has no value" --config ${here}/empty-value.toml)

# -- cipher
foreach(option backend cipher context sizes threads warmup iterations time reference format output)
  cli_error_test(bad_input.cipher.empty.${option} 2 "invalid --${option} ''" cipher --${option} <empty>)
endforeach()
cli_error_test(bad_input.cipher.sizes_word 2 "invalid --sizes 'big'" cipher --sizes big)
cli_error_test(bad_input.cipher.sizes_absurd 2 "invalid --sizes '99999999999'.*1 to 64M" cipher --sizes 99999999999)
cli_error_test(bad_input.cipher.iterations_zero 2 "invalid --iterations '0'" cipher --iterations 0)
cli_error_test(bad_input.cipher.iterations_word 2 "invalid --iterations 'x'" cipher --iterations x)
cli_error_test(bad_input.cipher.warmup_negative 2 "invalid --warmup '-1'" cipher --warmup=-1)
cli_error_test(bad_input.cipher.time_absurd 2 "invalid --time '99999999'" cipher --time 99999999)
cli_error_test(bad_input.cipher.threads_absurd 2 "invalid --threads '99999'" cipher --threads 99999)
cli_error_test(bad_input.cipher.backend_unknown 2 "invalid --backend 'gnutls'" cipher --backend gnutls)
cli_error_test(bad_input.cipher.reference_zero 2 "invalid --reference '0'" cipher --reference 0)
cli_error_test(bad_input.cipher.format_unknown 2 "invalid --format 'xml'" cipher --format xml)
cli_error_test(bad_input.cipher.output_missing_dir 2 "invalid --output '/no/such/dir/x'" cipher --output /no/such/dir/x)

# -- keygen
foreach(option algo bits threads keys backend time-limit dump-keys format output plot max-memory)
  cli_error_test(bad_input.keygen.empty.${option} 2 "invalid --${option} ''" keygen --${option} <empty>)
endforeach()
cli_error_test(bad_input.keygen.bits_word 2 "invalid --bits 'many'" keygen --bits many)
cli_error_test(bad_input.keygen.bits_zero 2 "invalid --bits '0'" keygen --bits 0)
cli_error_test(bad_input.keygen.bits_absurd 2 "invalid --bits '99999999999999999999'" keygen --bits 99999999999999999999)
cli_error_test(bad_input.keygen.ec_curve_unknown 2 "invalid keygen request ec-512.*256.*384" keygen --algo ec --bits 512)
cli_error_test(bad_input.keygen.dh_too_small 2 "invalid keygen request dh-100" keygen --algo dh --bits 100)
cli_error_test(bad_input.keygen.keys_word 2 "invalid --keys 'x'" keygen --keys x)
cli_error_test(bad_input.keygen.keys_absurd 2 "invalid --keys '99999999'.*1 to 1000000" keygen --keys 99999999)
cli_error_test(bad_input.keygen.threads_absurd 2 "invalid --threads '5000'" keygen --threads 5000)
cli_error_test(bad_input.keygen.time_limit_zero 2 "invalid --time-limit '0'" keygen --time-limit 0)
cli_error_test(bad_input.keygen.time_limit_word 2 "invalid --time-limit 'soon'" keygen --time-limit soon)
cli_error_test(bad_input.keygen.backend_unknown 2 "invalid --backend 'gnutls'" keygen --backend gnutls)
cli_error_test(bad_input.keygen.dump_keys_missing_dir 2 "invalid --dump-keys '/no/such/dir/k.pem'" keygen --dump-keys /no/such/dir/k.pem)
cli_error_test(bad_input.keygen.dump_keys_directory 2 "invalid --dump-keys '/'.*directory" keygen --dump-keys /)
cli_error_test(bad_input.keygen.output_directory 2 "invalid --output '/'" keygen --output /)
cli_error_test(bad_input.keygen.max_memory_word 2 "invalid --max-memory 'lots'" keygen --max-memory lots)
cli_error_test(bad_input.keygen.keys_beyond_max_memory 2
  "invalid --keys '100000': 100000 keys need about 4.6 MiB \\(48 bytes per key\\) but --max-memory allows 1.0 MiB"
  keygen --keys 100000 --max-memory 1M)
# Kept for --dump-keys, each key counts: RSA-16384 about 20 KB.
cli_error_test(bad_input.keygen.dumped_keys_beyond_max_memory 2 "invalid --keys '1000': .* \\(20528 bytes per key\\)"
  keygen --bits 16384 --keys 1000 --dump-keys ${CMAKE_CURRENT_BINARY_DIR}/never-written.pem --max-memory 10M)

# -- report and diff: missing, unreadable, garbage, truncated, foreign and ill-typed files
cli_error_test(bad_input.report.no_file 2 "report needs a FILE" report)
cli_error_test(bad_input.report.empty_name 2 "cannot read ''" report <empty>)
# An empty file, made here: /dev/null is a device, which is refused as one.
file(WRITE ${CMAKE_CURRENT_BINARY_DIR}/empty.json "")
set(empty ${CMAKE_CURRENT_BINARY_DIR}/empty.json)
cli_error_test(bad_input.report.empty_file 2 "'.*/empty.json' is empty" report ${empty})
cli_error_test(bad_input.report.device 2 "^actorbench: cannot read '/dev/null': it is a device, not a regular file$" report /dev/null)
cli_error_test(bad_input.report.directory 2 "cannot read '.*': it is a directory, not readable as a file" report ${here})
cli_error_test(bad_input.report.binary 2 "is not JSON" report ${garbage})
cli_error_test(bad_input.report.truncated 2 "is not JSON.*unexpected end of input" report ${here}/truncated.json)
cli_error_test(bad_input.report.wrong_type 2 "results\\[0\\].params.procs is not a non-negative integer" report ${here}/wrong-type.json)
cli_error_test(bad_input.report.no_results 2 "results is not a list of at least one result" report ${here}/no-results.json)
cli_error_test(bad_input.report.format_empty 2 "invalid --format ''" report ${here}/wrong-type.json --format <empty>)
cli_error_test(bad_input.report.plot_missing_dir 2 "invalid --plot '/no/such/dir/x.svg'" report ${here}/wrong-type.json --plot /no/such/dir/x.svg)
cli_error_test(bad_input.diff.one_file 2 "diff takes two files, OLD and NEW, not 1" diff ${here}/wrong-type.json)
cli_error_test(bad_input.diff.missing_file 2 "cannot read '/no/such.json'" diff /no/such.json ${here}/wrong-type.json)
cli_error_test(bad_input.diff.foreign 2 "is not an actorbench result file" diff ${here}/foreign.json ${here}/foreign.json)
cli_error_test(bad_input.diff.empty_file 2 "'.*/empty.json' is empty" diff ${empty} ${empty})
cli_error_test(bad_input.diff.directory 2 "it is a directory" diff ${here} ${here})
cli_error_test(bad_input.diff.binary 2 "is not JSON" diff ${garbage} ${garbage})
cli_error_test(bad_input.diff.wrong_type 2 "results\\[0\\].params.procs" diff ${here}/wrong-type.json ${here}/wrong-type.json)
cli_error_test(bad_input.diff.format_unknown 2 "invalid --format 'xml'" diff ${here}/foreign.json ${here}/foreign.json --format xml)
cli_error_test(bad_input.diff.output_missing_dir 2 "invalid --output '/no/such/dir/x'" diff ${here}/foreign.json ${here}/foreign.json --output /no/such/dir/x)
