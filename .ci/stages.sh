# Stages for .ci/run, sourced. Each command a stage starts runs in a process group of its own (setsid), and
# the group is ended when the command ends and when the run stops (passed, failed, Ctrl-C or TERM), so no
# install or test process outlives the run and holds the locks the next run waits on. A server a test starts
# in a group of its own is ended by its watchdog (scripts/services/supervise.ts) when the test process dies.
# test/integration/ci/stages.test.ts fails a stage and interrupts one, and finds nothing of either left.

T0=$SECONDS
TIMES=()
FINISHED=false
# The process groups running now: the current stage's command, and the prepare beside it.
STAGE_GROUP=
BACKGROUND_GROUP=

# Whether a process of the group is still running. An ended process not yet reaped (a zombie) does not
# count: `kill -0` alone would see the group's leader until bash waits for it.
group_running() {
  local group=$1 file line fields
  kill -0 -- "-$group" 2>/dev/null || return 1
  for file in /proc/[0-9]*/stat; do
    { read -r line <"$file"; } 2>/dev/null || continue
    # After the command's name in parentheses: state, parent, process group, ...
    read -ra fields <<<"${line##*) }"
    [[ ${fields[2]} == "$group" && ${fields[0]} != Z ]] && return 0
  done
  return 1
}

# Ends a process group: TERM, then KILL whatever still runs after 10 s.
end_group() {
  local group=$1 tries=0
  [[ -n $group ]] || return 0
  kill -TERM -- "-$group" 2>/dev/null || return 0
  while group_running "$group"; do
    ((tries += 1))
    if ((tries > 100)); then
      kill -KILL -- "-$group" 2>/dev/null || true
      return 0
    fi
    sleep 0.1
  done
}

# Waits for a process started with `&` and returns its status, as `wait` does, but the trap of a signal
# to the run runs within a fifth of a second: bash can put off the trap of a signal that comes just as
# `wait` begins until the process ends (a Ctrl-C that waited out a whole stage).
wait_for() {
  local pid=$1
  while kill -0 "$pid" 2>/dev/null; do
    sleep 0.2 &
    wait "$!" || true
  done
  wait "$pid"
}

# Runs a command in a process group of its own and waits for it; the group ends with it. A signal to the
# run interrupts the wait (bash runs the trap), and the EXIT trap ends the group.
grouped() {
  local rc=0
  setsid "$@" </dev/null &
  STAGE_GROUP=$!
  wait_for "$STAGE_GROUP" || rc=$?
  end_group "$STAGE_GROUP"
  STAGE_GROUP=
  return "$rc"
}

# Starts a command beside the stages, in a process group of its own, its output into a file.
start_background() {
  local log=$1
  shift
  setsid "$@" >"$log" 2>&1 </dev/null &
  BACKGROUND_GROUP=$!
}

# Waits for the background command; its status is the function's.
wait_background() {
  local rc=0
  wait_for "$BACKGROUND_GROUP" || rc=$?
  end_group "$BACKGROUND_GROUP"
  BACKGROUND_GROUP=
  return "$rc"
}

stage() {
  local name=$1 t=$SECONDS
  shift
  echo "=== stage: ${name} (at $((SECONDS - T0)) s)"
  "$@" || {
    local rc=$?
    TIMES+=("$(printf '%-66s %5d s FAILED (exit %d)' "$name" $((SECONDS - t)) "$rc")")
    echo "=== stage: ${name} FAILED (exit ${rc}) after $((SECONDS - t)) s; total $((SECONDS - T0)) s"
    exit "$rc"
  }
  TIMES+=("$(printf '%-66s %5d s' "$name" $((SECONDS - t)))")
  echo "=== stage: ${name} took $((SECONDS - t)) s; total $((SECONDS - T0)) s"
}

# For the EXIT trap: ends every group still running; a run that stopped before its last stage never passes.
end_run() {
  local rc=$1
  end_group "$STAGE_GROUP"
  end_group "$BACKGROUND_GROUP"
  [[ $FINISHED == true ]] || ((rc != 0)) || rc=1
  echo "=== summary"
  for line in "${TIMES[@]}"; do echo "  ${line}"; done
  printf '  %-66s %5d s\n' "total" $((SECONDS - T0))
  return "$rc"
}
