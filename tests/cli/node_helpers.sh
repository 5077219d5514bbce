# Sourced by the tests of worker nodes. Needs $bin (actorbench) and $dir (a
# scratch directory); every node started here is killed when the test exits.
pids=()
trap 'for p in "${pids[@]}"; do kill -9 "$p" 2>/dev/null || true; done; rm -rf "$dir"' EXIT

# start_node NAME: starts `actorbench node --listen 0` in the background and
# sets node_pid and node_port (the node prints the port it was given).
start_node() {
  "$bin" node --listen 0 >"$dir/$1.out" 2>&1 &
  node_pid=$!
  pids+=("$node_pid")
  for _ in $(seq 1 100); do
    node_port=$(sed -n 's/^actorbench node listening on 127\.0\.0\.1:\([0-9]*\)$/\1/p' "$dir/$1.out")
    [ -n "$node_port" ] && return 0
    sleep 0.1
  done
  echo "node $1 did not start within 10 s: $(cat "$dir/$1.out")"
  exit 1
}

# expect_one_line FILE PATTERN: FILE holds exactly one line, matching PATTERN.
expect_one_line() {
  if [ "$(wc -l <"$1")" -ne 1 ] || ! grep -Eq -- "$2" "$1"; then
    echo "expected one line matching /$2/, got:"; cat "$1"; exit 1
  fi
}
