# shellcheck shell=bash
# The shared state of jobs/ssdnvme-suite: every global that more than one
# of its files reads, declared here once with its meaning and its default.
# The runner sources this first; each library sources it too (once: the
# guard below), so that it can be read, tested and checked (shellcheck)
# on its own.  A variable is set by the one step named beside it.
# (Declared and documented here, read elsewhere: SC2034 does not apply.)
# shellcheck disable=SC2034
[ -z "${_ssdnvme_state:-}" ] || return 0
_ssdnvme_state=1

# ---- where things are (the runner sets JOBS and TOP before sourcing)
JOBS=${JOBS:-$(cd "${BASH_SOURCE[0]%/*}/.." && pwd)}  # the jobs/ directory
TOP=${TOP:-$(cd "$JOBS/.." && pwd)}                   # the source tree or PREFIX/share/ssdnvme

# ---- the command line (parse_args), with the defaults of --help
ALL_ARGS=()          # the runner's arguments as given
suite=""             # --suite; after validate_args "all" or the comma list
suites=""            # the suites to run, space-separated, in order (validate_args)
results=""           # --results DIR (absolute after write_manifest)
manifest=""          # DIR/manifest.json (jobs/lib/manifest.sh)
short=0              # --short
mode=""              # short or full (validate_args)
profiles_arg="" profiles=""   # --profiles as given; the profile ids (validate_args)
steps_arg="" steps=""         # --steps as given; the percentages (validate_args)
tq_steps_arg="" tq_steps=""   # --tq-steps as given; the steps (validate_args)
runtime="" ramp=""   # --runtime, --ramp (seconds)
region=25%           # --region
grow_file=0          # --grow-file
engine=ssdnvme       # --engine
wp_arg="" wp_qd=1 wp_rates=""  # --wp-mbps, --wp-qd; the MB/s steps (validate_args)
precond=published    # --precondition
spr_op=0.15          # --spr-op (sprandom's over-provisioning)
fill_passes="" precond_time="" precond_bs=4k   # --fill-passes, --precond-time, --precond-bs
ss_round_time="" ss_max_rounds="" ss_jobs=""   # --ss-round-time, --ss-max-rounds, --ss-jobs
ss_measures=iops     # --ss-measures: what must be steady, space-separated once checked
power_cut_cmd=""      # --power-cut-cmd (jobs/lib/power-cut.sh)
power_cut_after=5-30 # --power-cut-after MIN-MAX seconds; in hundredths:
pc_after_min="" pc_after_max=""  # (power_cut_args)
powercut_bin=""      # ssdnvme-powercut, beside fiorank (build/ or PREFIX/lib/ssdnvme)
purge=""             # --purge
setup_ns="" setup_lbaf=0 # --setup-namespaces, --setup-lbaf
setup_pending=0      # 1 until --setup-namespaces has run
hosts_arg=""         # --hosts as given
hosts=()             # the fio servers (validate_args); empty: this host
host_deadline=auto   # --host-deadline: seconds a --hosts run may go past its plan, auto or off
nhosts=1             # how many hosts share each step's rate
dry_run=0 resume=0   # --dry-run, --resume
confirm=()           # the --yes-destroy values
devices=()           # the targets as given

# ---- the tools (the runner: build/ of the source tree, or PREFIX's)
fio_bin="" fiorank="" engine_so=""

# ---- the plan (jobs/lib/plan.sh: build_plan; make_plan)
plan_id=() plan_suite=() plan_test=() plan_step=() plan_job=() plan_sect=() plan_est=() plan_kind=()
plan_n=0 plan_secs=0
step_secs=0          # runtime + ramp
total_steps=0 total_secs=0

# ---- the checks (jobs/lib/drive-checks.sh, preflight.sh)
writes=0             # 1 when the plan writes (check_devices)
needs_nn=0           # 1 when noisy neighbor runs
needs_ckpt=0         # 1 when checkpoint runs (nsid 1 written, 2 read)
ckpt_read_time=5 ckpt_shard=16G # checkpoint's reader window (s) and shard size
needs_copy=0         # 1 when the copy suite runs (jobs/lib/copy.sh)
drives_checked=0     # 1 only when check_drives ran to its end
drives_json="[]"     # the manifest's drives
merge=0              # 1: this suite joins a finished one's manifest (check_merge)
declare -A node_of=()     # label -> the node the runs use
declare -A nn_nodes=()    # label -> the six namespaces' generic nodes
declare -A nn_host=()     # label -> the host whose preflight set nn_nodes (remote.sh)
declare -A drive_summary=() # label -> the dry run's description
declare -A setup_ctrl=() setup_parent=() # label -> controller, its sysfs parent
declare -A file_new=()    # label -> a file target --grow-file creates
declare -A file_grows=()  # label -> the size a file target grows to
declare -A checks_made=() # local / host -> the checks made, one a line
declare -A pf_ident=()    # "HOST|DEVICE" -> its identity from the preflight (remote.sh)
declare -A pf_system=()   # host -> its name, kernel, CPU and fio (remote.sh)
declare -A pf_ns=()       # "HOST|DEVICE" -> "NSID NODE" lines: its controller's namespaces (remote.sh)
systems_json="{}"         # the manifest's "systems": pf_system by host
RUN_BYTES=${SSDNVME_RESULT_BYTES:-$((1024 * 1024))} # what a run leaves in the results
run_overhead=0 estimate_how="" # the dry run's per-run overhead (estimate_overhead)

# ---- the runs (jobs/lib/steps.sh, stop.sh)
failed=0             # 1 when a run failed
hosts_file=""        # the fio --client list (write_hosts_list)
clients_file=""      # the list this run goes to: hosts_file, or one lost host's (fleet-runs.sh)
run_hosts=()         # the hosts of clients_file
run_extra=""         # more members of the run's record (", \"hosts_lost\": [...]"...)
resume_hosts=()      # a partial run's lost hosts still to rerun alone (fleet-runs.sh)
host_lost_said=""    # "  ID: HOST (why)" of every host lost in this invocation
deadline_pid="" deadline_after="" # the --hosts run's watchdog; its seconds (fleet-deadline.sh)
deadline_hit=""      # the seconds after which the running run was stopped (on_deadline)
silent_hosts=()      # the hosts fio's client still waited for then
host_silent_said=""  # "  ID: HOSTS" of the run stopped at its deadline: the suite stops
errf=""              # the run's fio messages (<step>.stderr)
stop_signal=""       # INT or TERM once one came (stop.sh)
child_pid="" stop_pids=""  # the running child; those signalled
killer_pid=""        # stop_child's SIGKILL 15 s after its SIGTERM (stop.sh)
id=""                # the run in progress
