"""Paths the environment files name through !template, set before
labgrid reads them (its pytest_configure runs last)."""
import getpass
import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config):
    vb = ROOT / "build" / "vboard" / "labgrid"
    os.environ.setdefault("LG_CSUMBENCH_INITRD", str(vb / "initrd.gz"))
    os.environ.setdefault("LG_CSUMBENCH_KERNEL", str(vb / "vmlinux"))
    os.environ.setdefault("LG_CSUMBENCH_USER", getpass.getuser())
    os.environ.setdefault("LG_CSUMBENCH_KEY", str(Path.home() / ".ssh" / "id_ed25519"))
    env = getattr(config.option, "lg_env", None)
    if env:
        problems = ssh_problems(env)
        if problems:
            pytest.exit("\n".join(problems), returncode=2)


def ssh_problems(env):
    """An ssh target's key and port, checked before labgrid tries them:
    a missing key or a closed port is one clear line at once, not 30 s
    of SSHDriver retries."""
    import socket
    import string

    import yaml

    class Loader(yaml.SafeLoader):
        pass

    Loader.add_constructor(
        "!template",
        lambda loader, node: string.Template(
            loader.construct_scalar(node)).safe_substitute(os.environ))
    try:
        with open(env) as f:
            data = yaml.load(f, Loader=Loader) or {}
    except (OSError, yaml.YAMLError) as e:
        return ["%s: cannot read it: %s" % (env, e)]
    problems = []
    for name, target in (data.get("targets") or {}).items():
        def section(key):
            s = (target or {}).get(key) or {}
            if isinstance(s, list):  # labgrid takes a list of one-key maps too
                s = {k: v for item in s for k, v in (item or {}).items()}
            return s
        net = section("resources").get("NetworkService")
        ssh = section("drivers").get("SSHDriver")
        if net is None or ssh is None:
            continue
        key = (ssh or {}).get("keyfile")
        if key and not os.path.isfile(key):
            problems.append(
                "%s: target %s: the SSHDriver keyfile %s does not exist: set "
                "LG_CSUMBENCH_KEY to the private key the board accepts "
                "(docs/boards.md, \"labgrid\")" % (env, name, key))
        addr, port = net.get("address"), int(net.get("port", 22))
        try:
            socket.create_connection((addr, port), timeout=5).close()
        except OSError as e:
            problems.append(
                "%s: target %s: nothing answers ssh on %s:%d (%s): start the "
                "board's sshd%s (docs/boards.md, \"labgrid\")" % (
                    env, name, addr, port, e.strerror or e,
                    "; localhost.yaml wants one on 127.0.0.1:22022 that "
                    "takes LG_CSUMBENCH_KEY for LG_CSUMBENCH_USER"
                    if addr in ("127.0.0.1", "localhost") else ""))
    return problems
