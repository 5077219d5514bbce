# Sourced by CLI tests that signal a process once it is working: a loaded or
# sanitized process can take longer than any fixed delay just to start.

# cpu_ticks PID: the user + system CPU PID has used (fields 14 and 15 of
# /proc/PID/stat), in clock ticks.
cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat" 2>/dev/null; }

# wait_for_cpu PID S: returns once PID has used S seconds of CPU more than
# when called, at most 30 s; exits 1 (the test fails) otherwise.
wait_for_cpu() {
  local want used
  want=$(( $(cpu_ticks "$1") + $(awk -v s="$2" -v hz="$(getconf CLK_TCK)" 'BEGIN { print int(s * hz) }') ))
  for _ in $(seq 1 1500); do
    used=$(cpu_ticks "$1") || { echo "process $1 ended before it had used $2 s of CPU"; exit 1; }
    [ "$used" -ge "$want" ] && return 0
    sleep 0.02
  done
  echo "process $1 did not use $2 s of CPU within 30 s"
  exit 1
}

# wait_for_handler PID SIGNAL: returns once PID catches SIGNAL (INT, TERM...;
# its bit in SigCgt of /proc/PID/status), at most 30 s; exits 1 otherwise. A
# background job of a script starts with SIGINT ignored, so a SIGINT sent
# before the handler is installed would be lost and the process run on.
wait_for_handler() {
  local bit caught
  bit=$(( 1 << ($(kill -l "$2") - 1) ))
  for _ in $(seq 1 1500); do
    caught=$(awk '/^SigCgt:/ { print $2 }' "/proc/$1/status" 2>/dev/null) \
      || { echo "process $1 ended before it caught SIG$2"; exit 1; }
    [ -n "$caught" ] || { echo "process $1 ended before it caught SIG$2"; exit 1; }
    (( 16#$caught & bit )) && return 0
    sleep 0.02
  done
  echo "process $1 did not catch SIG$2 within 30 s"
  exit 1
}

# wait_for_idle PID: returns once PID has used no CPU for 0.5 s (it has
# handled what was queued for it), at most 30 s; exits 1 otherwise.
wait_for_idle() {
  local before after
  for _ in $(seq 1 60); do
    before=$(cpu_ticks "$1") || { echo "process $1 ended while busy"; exit 1; }
    sleep 0.5
    after=$(cpu_ticks "$1") || { echo "process $1 ended while busy"; exit 1; }
    [ "$before" = "$after" ] && return 0
  done
  echo "process $1 was still busy after 30 s"
  exit 1
}
