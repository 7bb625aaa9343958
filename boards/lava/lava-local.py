"""A LAVA job run here by lava-run, without a server (make lava-qemu).

usage: /usr/bin/python3 boards/lava/lava-local.py job TEMPLATE NAME=PATH... [no_kvm=true|false]
       /usr/bin/python3 boards/lava/lava-local.py device JOB DEVICE.jinja2 DEVICE-TYPES-DIR
       /usr/bin/python3 boards/lava/lava-local.py results LOG [RESULT.yaml]

job: TEMPLATE (boards/lava/job-qemu-x86_64.yaml) with its images and test
definition at these paths, as file:// URLs: kernel=PATH, ramdisk=PATH
(the deploy's images) and tests=PATH (the test definition's tarball);
no_kvm sets the context's.  Prints the job.

device: the device configuration a scheduler would give lava-run, the
device dictionary DEVICE.jinja2 (which extends lava-server's
qemu.jinja2) rendered with the job's context, the templates from
DEVICE-TYPES-DIR (Debian's lava-server's
usr/share/lava-server/device-types).  Prints it.

results: the test cases in lava-run's log LOG (its "results" lines),
one a line: "case NAME RESULT [MEASUREMENT UNITS]"; then LAVA's own
verdicts on the job and each test definition, and a count.  RESULT.yaml
is the result file lava-run writes in its output folder.  Exit 0 when
the job completed, every definition ran whole and every case passed; 1
otherwise (each cause said); 2 on a file it cannot read."""
import os
import sys

USAGE = __doc__.split("\n\n")[1]
ME = "lava-local.py"


class Refused(Exception):
    pass


def need_modules():
    try:
        import jinja2
        import yaml
    except ImportError as e:
        raise Refused(f"{e}: needs Debian's python3 with python3-jinja2 and "
                      "python3-yaml (run it with /usr/bin/python3)")
    return jinja2, yaml


def load_yaml(yaml, path, what):
    try:
        with open(path) as f:
            data = yaml.safe_load(f)
    except OSError as e:
        raise Refused(f"{path}: cannot read it: {e.strerror}")
    except yaml.YAMLError as e:
        raise Refused(f"{path}: not YAML ({what} expected): {e}")
    if not isinstance(data, dict):
        raise Refused(f"{path}: expected {what}, a mapping at the top")
    return data


def file_url(name, path):
    if not os.path.isfile(path):
        raise Refused(f"{name}={path}: no such file")
    full = os.path.abspath(path)
    # (lava-dispatcher takes the URL's path as it is, unquoted: a path
    # that urlparse would cut short is refused here)
    if any(c in full for c in "#?%\n"):
        raise Refused(f"{name}={path}: a path with # ? % or a newline "
                      "cannot be a file:// URL lava-dispatcher reads")
    return "file://" + full


def cmd_job(args):
    _, yaml = need_modules()
    if not args:
        raise Refused("job: expected TEMPLATE and kernel=, ramdisk=, tests=")
    job = load_yaml(yaml, args[0], "a LAVA job")
    given = {}
    for a in args[1:]:
        name, eq, value = a.partition("=")
        if not eq or name not in ("kernel", "ramdisk", "tests", "no_kvm"):
            raise Refused(f"job: '{a}': expected kernel=PATH, ramdisk=PATH, "
                          "tests=PATH or no_kvm=true|false")
        given[name] = value
    missing = [n for n in ("kernel", "ramdisk", "tests") if n not in given]
    if missing:
        raise Refused("job: no " + ", ".join(n + "=PATH" for n in missing))
    try:
        deploy = next(a["deploy"] for a in job["actions"] if "deploy" in a)
        test = next(a["test"] for a in job["actions"] if "test" in a)
        images = deploy["images"]
        images["kernel"]["url"] = file_url("kernel", given["kernel"])
        images["ramdisk"]["url"] = file_url("ramdisk", given["ramdisk"])
        test["definitions"][0]["repository"] = file_url("tests", given["tests"])
    except (KeyError, IndexError, TypeError, StopIteration):
        raise Refused(f"{args[0]}: expected a deploy with images kernel and "
                      "ramdisk, and a test with a definition")
    if "no_kvm" in given:
        if given["no_kvm"] not in ("true", "false"):
            raise Refused(f"job: no_kvm={given['no_kvm']}: expected true or false")
        job.setdefault("context", {})["no_kvm"] = given["no_kvm"] == "true"
    yaml.safe_dump(job, sys.stdout, sort_keys=False)


def cmd_device(args):
    jinja2, yaml = need_modules()
    if len(args) != 3:
        raise Refused("device: expected JOB DEVICE.jinja2 DEVICE-TYPES-DIR")
    job_path, dev_path, types = args
    job = load_yaml(yaml, job_path, "a LAVA job")
    if not os.path.isfile(os.path.join(types, "qemu.jinja2")):
        raise Refused(f"{types}: no qemu.jinja2 (lava-server's device types "
                      "expected: usr/share/lava-server/device-types)")
    # The device dictionary's folder first, then the device types, as
    # lava-server looks a device up: its dictionary extends its type.
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader([os.path.dirname(os.path.abspath(dev_path)), types]),
        trim_blocks=True, autoescape=False)
    try:
        text = env.get_template(os.path.basename(dev_path)).render(
            **(job.get("context") or {}))
    except jinja2.TemplateNotFound as e:
        raise Refused(f"{dev_path}: template {e} not found (in "
                      f"{os.path.dirname(dev_path) or '.'} or {types})")
    except jinja2.TemplateError as e:
        raise Refused(f"{dev_path}: {e}")
    try:
        device = yaml.safe_load(text)
        device["actions"]["boot"]["methods"]["qemu"]["parameters"]["command"]
    except (yaml.YAMLError, KeyError, TypeError) as e:
        raise Refused(f"{dev_path}: rendered, it is not a qemu device "
                      f"(actions.boot.methods.qemu.parameters.command expected): {e!r}")
    sys.stdout.write(text)


def log_records(yaml, path):
    """lava-run's log, a record a line: (level, message), in order."""
    try:
        with open(path, errors="replace") as f:
            lines = f.readlines()
    except OSError as e:
        raise Refused(f"{path}: cannot read it: {e.strerror}")
    out = []
    for line in lines:
        # (records are one-line YAML mappings; anything else in the log,
        # such as a Python traceback, is left alone)
        if not line.startswith('{"dt": '):
            continue
        try:
            rec = yaml.safe_load(line)
        except yaml.YAMLError:
            continue
        if isinstance(rec, dict) and "lvl" in rec:
            out.append((rec["lvl"], rec.get("msg")))
    return out


def cmd_results(args):
    _, yaml = need_modules()
    if len(args) not in (1, 2):
        raise Refused("results: expected LOG [RESULT.yaml]")
    log = log_records(yaml, args[0])
    records = [m for lvl, m in log if lvl == "results" and isinstance(m, dict)]
    problems = []
    cases = [r for r in records if r.get("definition") != "lava"]
    lava = [r for r in records if r.get("definition") == "lava"]
    for r in cases:
        line = f"case {r.get('case')} {r.get('result')}"
        if "measurement" in r:
            line += f" {r['measurement']} {r.get('units', '')}".rstrip()
        print(line)
        if r.get("result") != "pass":
            problems.append(f"case {r.get('case')}: {r.get('result')}")
    names = {r.get("definition") for r in cases}
    # LAVA's verdict on each test definition it ran (its case in the
    # "lava" set, named after the definition) and on the job.
    for r in lava:
        if r.get("case") in names or r.get("case") == "job":
            extra = f" ({r.get('error_type')}: {r['error_msg']})" if r.get("error_msg") else ""
            print(f"lava {r['case']} {r.get('result')}{extra}")
    job = [r for r in lava if r.get("case") == "job"]
    if len(args) == 2:
        job = [load_yaml(yaml, args[1], "lava-run's result")]
    if not job:
        problems.append("the log has no job result (lava-run stopped before its end?)")
    elif job[-1].get("result") != "pass":
        problems.append("the job did not complete: " +
                        str(job[-1].get("error_msg") or job[-1].get("result")))
    for n in sorted(names, key=str):
        verdict = [r for r in lava if r.get("case") == n]
        if not verdict or verdict[-1].get("result") != "pass":
            problems.append(f"test definition {n}: "
                            + (str(verdict[-1].get("result")) if verdict else "no verdict"))
    if not cases:
        problems.append("no test cases came back")
    measured = sum(1 for r in cases if "measurement" in r)
    passed = sum(1 for r in cases if r.get("result") == "pass")
    print(f"{len(cases)} cases: {passed} passed, {len(cases) - passed} failed;"
          f" {measured} with a measurement")
    for p in problems:
        print(f"{ME}: {p}", file=sys.stderr)
    if problems:
        # What lava-run said went wrong, and where the device got to.
        for lvl, m in log:
            if lvl in ("error", "exception"):
                print(f"{ME}: lava-run: {str(m).strip()[:300]}", file=sys.stderr)
        console = "".join(m if m.endswith("\n") else m + "\n"
                          for lvl, m in log if lvl == "target" and isinstance(m, str))
        tail = console.splitlines()[-12:]
        if tail:
            print(f"{ME}: the device's console, its last {len(tail)} lines:", file=sys.stderr)
            for line in tail:
                print("  " + line[:200], file=sys.stderr)
    return 1 if problems else 0


def main(argv):
    commands = {"job": cmd_job, "device": cmd_device, "results": cmd_results}
    if len(argv) < 2 or argv[1] not in commands:
        print(USAGE, file=sys.stderr)
        return 2
    try:
        return commands[argv[1]](argv[2:]) or 0
    except Refused as e:
        print(f"{ME}: {e}", file=sys.stderr)
        return 2


sys.exit(main(sys.argv))
