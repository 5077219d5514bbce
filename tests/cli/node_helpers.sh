# Sourced by the tests of worker nodes. Needs $bin (actorbench) and $dir (a
# scratch directory); every node started here is killed when the test exits.
pids=()
trap 'for p in "${pids[@]}"; do kill -9 "$p" 2>/dev/null || true; done; rm -rf "$dir"' EXIT

# start_node NAME [OPTION...]: starts `actorbench node --listen 0 OPTION...`
# in the background and sets node_pid and node_port (the node prints the
# port it was given).
start_node() {
  local name=$1
  shift
  : >"$dir/$name.out" # exists before the node, for the polling below
  "$bin" node --listen 0 "$@" >>"$dir/$name.out" 2>&1 &
  node_pid=$!
  pids+=("$node_pid")
  for _ in $(seq 1 100); do
    node_port=$(sed -nE 's/^actorbench node listening on 127\.0\.0\.1:([0-9]+)( \(TLS\))?$/\1/p' "$dir/$name.out")
    [ -n "$node_port" ] && return 0
    sleep 0.1
  done
  echo "node $name did not start within 10 s: $(cat "$dir/$name.out")"
  exit 1
}

# expect_one_line FILE PATTERN: FILE holds exactly one line, matching PATTERN.
expect_one_line() {
  if [ "$(wc -l <"$1")" -ne 1 ] || ! grep -Eq -- "$2" "$1"; then
    echo "expected one line matching /$2/, got:"; cat "$1"; exit 1
  fi
}

# cpu_ticks PID: the user + system CPU PID has used, in clock ticks.
cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat" 2>/dev/null; }

# wait_for_cpu PID S: returns once PID has used S seconds of CPU more than
# when called (its work under way, however loaded the machine), at most 30 s.
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
