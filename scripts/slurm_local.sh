#!/bin/sh
# slurm_local.sh - a single-node Slurm cluster on this machine, from
# Debian's packages (slurmctld, slurmd, slurm-client, munge), for running
# samgen regress --slurm against a real sbatch.
#
#   sh scripts/slurm_local.sh up DIR     install what is missing, write
#                                        DIR/slurm.conf, start munged,
#                                        slurmctld and slurmd, wait for the
#                                        node; prints SLURM_CONF=DIR/slurm.conf
#   sh scripts/slurm_local.sh down DIR   stop what `up` started
#
# Everything lives in DIR (state, spool, logs, pid files); the cluster has
# one partition, "local", with this machine as its one node.  Needs root
# (the daemons run as root, and packages are installed with apt-get).
# Exit 0 up, 1 a daemon did not start, 2 usage or not root, 3 the
# packages could not be installed.
set -u
cmd=$1 dir=$2
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
conf=$dir/slurm.conf
host=$(hostname -s 2>/dev/null || hostname)

stop_pid() {  # pid file
    [ -f "$1" ] || return 0
    p=$(cat "$1")
    kill "$p" 2>/dev/null
    i=0
    while kill -0 "$p" 2>/dev/null && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
    kill -9 "$p" 2>/dev/null
    rm -f "$1"
}

case $cmd in
down)
    stop_pid "$dir/slurmd.pid"
    stop_pid "$dir/slurmctld.pid"
    stop_pid "$dir/munged.pid"
    echo "slurm-local: stopped"
    exit 0 ;;
up) ;;
*) echo "usage: sh scripts/slurm_local.sh up|down DIR" >&2; exit 2 ;;
esac

if [ "$(id -u)" != 0 ]; then echo "slurm-local: needs root" >&2; exit 2; fi
if ! command -v slurmctld >/dev/null || ! command -v slurmd >/dev/null ||
   ! command -v sbatch >/dev/null || ! command -v munged >/dev/null; then
    echo "slurm-local: installing slurmctld slurmd slurm-client munge"
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
        slurmctld slurmd slurm-client munge >"$dir/apt.log" 2>&1 ||
        { echo "slurm-local: apt-get install failed (see $dir/apt.log)" >&2; exit 3; }
fi

# munge: a key of our own and a daemon on a socket in DIR
mkdir -p "$dir/munge" "$dir/state" "$dir/spool"
chmod 700 "$dir/munge"
key=$dir/munge/munge.key
[ -f "$key" ] || { dd if=/dev/urandom of="$key" bs=1024 count=1 status=none; chmod 400 "$key"; }
sock=$dir/munge/munge.socket
munged --force --key-file="$key" --socket="$sock" --pid-file="$dir/munged.pid" \
    --log-file="$dir/munged.log" --seed-file="$dir/munge/seed" >"$dir/munged.out" 2>&1 ||
    { echo "slurm-local: munged did not start:"; cat "$dir/munged.out" "$dir/munged.log" 2>/dev/null | tail -5; exit 1; }

cpus=$(nproc)
mem=$(awk '/^MemTotal:/ { printf "%d", $2 / 1024 * 0.9 }' /proc/meminfo)
cat >"$conf" <<C
# slurm.conf - one node, written by scripts/slurm_local.sh
ClusterName=samgen-local
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$sock
CredType=cred/munge
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
SlurmctldPort=${SLURM_LOCAL_PORT:-6817}
SlurmdPort=$(( ${SLURM_LOCAL_PORT:-6817} + 1 ))
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
MpiDefault=none
ReturnToService=2
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
NodeName=$host CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=local Nodes=$host Default=YES MaxTime=INFINITE State=UP
C
SLURM_CONF=$conf; export SLURM_CONF
slurmctld -f "$conf" >"$dir/slurmctld.out" 2>&1 ||
    { echo "slurm-local: slurmctld did not start:"; tail -5 "$dir/slurmctld.log" "$dir/slurmctld.out"; exit 1; }
slurmd -f "$conf" >"$dir/slurmd.out" 2>&1 ||
    { echo "slurm-local: slurmd did not start:"; tail -5 "$dir/slurmd.log" "$dir/slurmd.out"; exit 1; }
i=0
while [ $i -lt 60 ]; do
    st=$(sinfo -h -N -o '%t' 2>/dev/null | head -n 1)
    case $st in idle*|mix*|alloc*) break ;; esac
    sleep 0.5; i=$((i + 1))
done
case $st in
    idle*|mix*|alloc*) ;;
    *) echo "slurm-local: node $host not up (state '$st'):"; tail -5 "$dir/slurmctld.log" "$dir/slurmd.log"; exit 1 ;;
esac
echo "slurm-local: node $host up, $cpus CPUs, partition local"
echo "SLURM_CONF=$conf"
