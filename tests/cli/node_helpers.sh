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

source "$(dirname "${BASH_SOURCE[0]}")/cpu_wait.sh" # wait_for_cpu
