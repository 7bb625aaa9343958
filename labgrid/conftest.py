"""Paths the environment files name through !template, set before
labgrid reads them (its pytest_configure runs last)."""
import getpass
import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config):
    vb = ROOT / "build" / "vboard" / "labgrid"
    os.environ.setdefault("LG_CSUMBENCH_INITRD", str(vb / "initrd.gz"))
    os.environ.setdefault("LG_CSUMBENCH_KERNEL", str(vb / "vmlinux"))
    os.environ.setdefault("LG_CSUMBENCH_USER", getpass.getuser())
    os.environ.setdefault("LG_CSUMBENCH_KEY", str(Path.home() / ".ssh" / "id_ed25519"))
