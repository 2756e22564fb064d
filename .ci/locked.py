"""Checks that an environment holds exactly the versions a lock file pins.

    python .ci/locked.py [--python PATH] [--differences] requirements/test.txt

Every package the lock pins for that interpreter (its environment markers evaluated there) must be
installed at exactly that version, and nothing else may be installed but pip and tablee itself.
Prints one line per difference and exits 1 when there is any. ``--differences`` says so in the
words of an upgrade (what ``.ci/run --latest`` installed that the lock does not pin).
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from pathlib import Path

from packaging.markers import Marker
from packaging.utils import canonicalize_name

PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;\\]+)\s*(?:;\s*([^\\]+?))?\s*\\?\s*$")
ALWAYS_THERE = {"pip", "tablee"}

PROBE = """
import json, os, platform, sys
from importlib.metadata import distributions
info = sys.implementation
version = f"{info.version.major}.{info.version.minor}.{info.version.micro}"
if info.version.releaselevel != "final":
    version += info.version.releaselevel[0] + str(info.version.serial)
env = {
    "implementation_name": info.name, "implementation_version": version,
    "os_name": os.name, "platform_machine": platform.machine(),
    "platform_release": platform.release(), "platform_system": platform.system(),
    "platform_version": platform.version(),
    "python_full_version": platform.python_version(),
    "platform_python_implementation": platform.python_implementation(),
    "python_version": ".".join(platform.python_version_tuple()[:2]), "sys_platform": sys.platform,
}
installed = {d.metadata["Name"]: d.version for d in distributions()}
print(json.dumps({"env": env, "installed": installed}))
"""


def pins(lock: Path, env: dict[str, str]) -> dict[str, str]:
    """name -> version for every pin of ``lock`` whose marker holds in ``env``."""
    out = {}
    for line in lock.read_text(encoding="utf-8").splitlines():
        found = PIN.match(line)
        if not found:
            continue
        name, version, marker = found.groups()
        if marker and not Marker(marker).evaluate(env):
            continue
        out[canonicalize_name(name)] = version
    return out


def differences(lock: Path, python: str) -> list[str]:
    probe = json.loads(subprocess.run([python, "-c", PROBE], check=True, capture_output=True,
                                      text=True).stdout)
    wanted = pins(lock, probe["env"])
    if not wanted:
        return [f"{lock} pins nothing: is it a lock file?"]
    have = {canonicalize_name(k): v for k, v in probe["installed"].items()}
    out = []
    for name, version in sorted(wanted.items()):
        if name not in have:
            out.append(f"{name}=={version} is locked but not installed")
        elif have[name] != version:
            out.append(f"{name} is {have[name]}, the lock says {version}")
    for name in sorted(set(have) - set(wanted) - ALWAYS_THERE):
        out.append(f"{name}=={have[name]} is installed but not in the lock")
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("lock", type=Path)
    parser.add_argument("--python", default=sys.executable, help="the environment's interpreter")
    parser.add_argument("--differences", action="store_true",
                        help="list what differs from the lock (for --latest runs)")
    args = parser.parse_args()
    found = differences(args.lock, args.python)
    for line in found:
        print(("  " if args.differences else f"{args.lock}: ") + line)
    if not found:
        print(f"{args.lock}: every locked version installed, nothing else")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
