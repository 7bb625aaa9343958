"""csumbench on a labgrid target: build the binary, run a config there,
fetch the CSV pair and check it.

    pytest --lg-env boards/labgrid/board.yaml boards/labgrid/test_csumbench.py
    pytest --lg-env boards/labgrid/vboard-sam460ex.yaml boards/labgrid/test_csumbench.py

The target is reached through SSHDriver (a board, or sshd on 127.0.0.1)
or QEMUDriver (a virtual board: the harness runs as its initrd's init
and prints the files on the console, framed and checksummed).  The
environment's options say how to build: csumbench_make (make's
arguments, e.g. "ARCH=ppc32 CPU=464") and, for QEMU, csumbench_vboard
(the boards/ machine).  CSUMBENCH_CONFIG picks the config (default
tests/configs/good-tiny.conf); the pair lands in CSUMBENCH_RESULTS_DIR
(default results/), never over an existing file.
"""
import os
import re
import shlex
import shutil
import subprocess
import time
from pathlib import Path

from pexpect import TIMEOUT

ROOT = Path(__file__).resolve().parents[2]
CONFIG = Path(os.environ.get("CSUMBENCH_CONFIG", ROOT / "tests/configs/good-tiny.conf"))
RESULTS = Path(os.environ.get("CSUMBENCH_RESULTS_DIR", ROOT / "results"))
BOOT_LIMIT = float(os.environ.get("VBOARD_TIMEOUT", "1800"))


def make(args, *targets):
    """Runs make in the tree; returns its output's last line."""
    out = subprocess.run(["make", "-s", *shlex.split(args), *targets], cwd=ROOT,
                         check=True, capture_output=True, text=True).stdout
    return out.strip().splitlines()[-1] if out.strip() else ""


def place(files, stem):
    """Puts the fetched files into RESULTS under the first free suffix for
    the whole set (stem, stem-2, ...) with scripts/place.sh, as make
    bench does: each copied whole, flushed, compared, and renamed onto a
    name claimed first, so nothing there is replaced or left cut short.
    Returns the placed paths; on failure place.sh says what it kept."""
    out = subprocess.run([ROOT / "scripts/place.sh", RESULTS, stem, *files],
                         capture_output=True, text=True)
    assert out.returncode == 0, f"could not place the results: {out.stderr}"
    return out.stdout.split("\n")[:-1]


def safe(name):
    """name in the characters a board's files may have: the virtual
    board's init splits its commands at spaces."""
    s = re.sub(r"[^A-Za-z0-9._-]", "_", name)
    return s if re.match(r"[A-Za-z0-9]", s) else "x" + s


def config_kernels():
    """The kernels the config names (none for 'all')."""
    for line in CONFIG.read_text().splitlines():
        key, _, value = line.partition("=")
        if key.strip() == "kernels":
            names = [k.strip() for k in value.split("#")[0].split(",")]
            return [] if names == ["all"] else names
    return []


def check_pair(csv, samples, runner, emulated):
    """What a good run's pair holds."""
    text = csv.read_text()
    meta = [line for line in text.splitlines() if line.startswith("#")]
    rows = [line.split(",") for line in text.splitlines()
            if line and not line.startswith("#")]
    assert rows and rows[0][0] == "kernel", f"{csv}: no header row"
    head = rows[0]
    rows = rows[1:]
    cpb = head.index("cycles_per_byte")
    assert rows, f"{csv}: no results rows"
    assert f"# runner: {runner}" in meta, f"{csv}: no '# runner: {runner}'"
    assert f"# emulated: {'yes' if emulated else 'no'}" in meta
    assert not [m for m in meta if m.startswith("# failed:")], \
        f"{csv}: a kernel failed its gate: {[m for m in meta if m.startswith('# failed:')]}"
    timed = {r[0] for r in rows}
    for k in config_kernels():
        assert k in timed, f"{csv}: kernel {k} from {CONFIG} has no rows"
    for r in rows:
        if r[0] not in ("empty",) and r[cpb]:
            assert float(r[cpb]) > 0, f"{csv}: {r[0]} at {r[3]} B: cycles_per_byte {r[cpb]}"
    srows = [line.split(",") for line in samples.read_text().splitlines()
             if line and not line.startswith("#")]
    assert srows and srows[0][0] == "kernel", f"{samples}: no header row"
    assert {r[0] for r in srows[1:]} == timed, \
        f"{samples}: its kernels are not the results' kernels"


def run_ssh(target, env, tmp_path):
    """Every word the target's shell sees is ours or quoted, the results
    have fixed names there (out*.csv), and the target's folder goes
    whatever happens."""
    ssh = target.get_driver("SSHDriver")
    binary = ROOT / make(env.config.get_option("csumbench_make", ""), "all", "print-bin")
    stem = f"{CONFIG.stem}-labgrid-{target.name}-{time.strftime('%Y%m%d-%H%M%S')}"
    conf = safe(CONFIG.name)
    runner = f"labgrid:{target.name}"
    got = tmp_path / "got"
    got.mkdir()
    # A new folder made on the target by mktemp, the runner's alone: no
    # name another user there could have made first, no link in it.
    out = ssh.run_check("umask 077 && mktemp -d /tmp/csumbench-lg.XXXXXX")
    d = out[0] if len(out) == 1 else ""
    assert re.fullmatch(r"/tmp/csumbench-lg\.[A-Za-z0-9]+", d), \
        f"mktemp -d on the target gave {out!r}, not a new folder's name"
    try:
        ssh.run_check(f"mkdir {d}/results")
        ssh.put(str(binary), f"{d}/csumbench")
        ssh.put(str(CONFIG), f"{d}/{conf}")
        _, err, status = ssh.run(f"cd {d} && ./csumbench run -c {shlex.quote(conf)} "
                                 f"-o results/out.csv --set runner={shlex.quote(runner)}",
                                 timeout=BOOT_LIMIT)
        for n in ssh.run_check(f"cd {d}/results && ls"):
            assert re.fullmatch(r"out[A-Za-z0-9._-]*\.csv", n), f"{d}/results/{n}: not a result"
            ssh.get(f"{d}/results/{n}", str(got))
            os.rename(got / n, got / (stem + n[len("out"):]))
    finally:
        ssh.run(f"rm -rf {d}")
    assert status == 0, f"csumbench exited {status} on the target: {err[-5:]}"
    return got, stem, runner, False


def run_qemu(target, env, tmp_path):
    machine = env.config.get_option("csumbench_vboard", "sam460ex")
    binary = ROOT / make(env.config.get_option("csumbench_make", ""), "all", "print-bin")
    kdir = subprocess.run([ROOT / "scripts/vboard.sh", "kernel", machine], check=True,
                          capture_output=True, text=True).stdout.strip()
    kernel = Path(os.environ["LG_CSUMBENCH_KERNEL"])
    initrd = Path(os.environ["LG_CSUMBENCH_INITRD"])
    kernel.parent.mkdir(parents=True, exist_ok=True)
    # Copied whole, then renamed: a QEMU started meanwhile never reads half.
    part = kernel.with_name(f"{kernel.name}.{os.getpid()}")
    shutil.copyfile(Path(kdir) / "vmlinux", part)
    os.replace(part, kernel)
    # One name, in the characters the board takes, on both sides.
    stem = f"{safe(CONFIG.stem)}-labgrid-vboard-{machine}-{time.strftime('%Y%m%d-%H%M%S')}"
    conf = safe(CONFIG.name)
    runner = f"labgrid:vboard:{machine}"
    cmds = tmp_path / "cmds"
    cmds.write_text(f"/csumbench/csumbench run -c /csumbench/{conf} "
                    f"-o /results/{stem}.csv --set emulated=yes --set runner={runner}\n")
    subprocess.run([ROOT / "scripts/vboard.sh", "initrd", machine, initrd, cmds,
                    f"csumbench={binary}", f"{conf}={CONFIG}"], check=True)

    qemu = target.get_driver("QEMUDriver")
    qemu.on()
    log, end = b"", time.monotonic() + BOOT_LIMIT
    done = re.compile(rb"^@@csumbench-done \d+ files \d+ [\d.]+ s\r?$", re.M)
    try:
        while not done.search(log):
            assert time.monotonic() < end, f"the board did not finish in {BOOT_LIMIT} s"
            try:
                log += qemu.read(size=4096, timeout=5)
            except TIMEOUT:  # a quiet console
                pass
    finally:
        qemu.off()
    (tmp_path / "console.log").write_bytes(log)
    got = tmp_path / "got"
    subprocess.run([ROOT / "scripts/vboard.sh", "fetch", tmp_path / "console.log", got],
                   check=True, capture_output=True)
    return got, stem, runner, True


def test_config_on_target(target, env, tmp_path):
    drivers = {type(d).__name__ for d in target.drivers}
    if "QEMUDriver" in drivers:
        got, stem, runner, emulated = run_qemu(target, env, tmp_path)
    else:
        got, stem, runner, emulated = run_ssh(target, env, tmp_path)
    csv, samples = got / f"{stem}.csv", got / f"{stem}-samples.csv"
    assert csv.is_file() and samples.is_file(), \
        f"the pair did not come back: {sorted(p.name for p in got.iterdir())}"
    check_pair(csv, samples, runner, emulated)
    placed = place([csv, samples], stem)
    print("fetched", *placed)
