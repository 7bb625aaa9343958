"""The qemu command line LAVA's qemu device type runs for a job.

The device configuration is rendered from lava-server's own templates
(qemu.jinja2 and base.jinja2) with the job's context, as the scheduler
renders it; then the boot command is put together as lava-dispatcher
does: the binary, the device's options, its extra options (the job's
context extra_options), and each deployed image's image_arg with the
image's path put in.

usage: /usr/bin/python3 boards/lava/qemu-command.py JOB.yaml DEVICE-TYPES-DIR [LABEL=PATH]...

DEVICE-TYPES-DIR holds Debian's lava-server device types
(usr/share/lava-server/device-types: apt-get download lava-server, then
dpkg -x; tests/lava.sh does it).  LABEL=PATH gives an image's path
(kernel=..., ramdisk=...); an image without one keeps its label.  Prints
the command line; exit 2 with a message on a job or template it cannot
read."""
import sys

USAGE = __doc__.split("\n\n")[2]


def main(argv):
    if len(argv) < 3:
        print(USAGE, file=sys.stderr)
        return 2
    try:
        import jinja2
        import yaml
    except ImportError as e:
        print(f"{argv[0]}: {e}: needs Debian's python3 with python3-jinja2 and "
              "python3-yaml (run it with /usr/bin/python3)", file=sys.stderr)
        return 2
    job_path, types = argv[1], argv[2]
    paths = dict(a.split("=", 1) for a in argv[3:] if "=" in a)
    try:
        with open(job_path) as f:
            job = yaml.safe_load(f)
        env = jinja2.Environment(loader=jinja2.FileSystemLoader(types),
                                 trim_blocks=True, autoescape=False)
        device = yaml.safe_load(env.from_string("{% extends 'qemu.jinja2' %}")
                                .render(**(job.get("context") or {})))
    except (OSError, yaml.YAMLError, jinja2.TemplateError) as e:
        print(f"{argv[0]}: {e}", file=sys.stderr)
        return 2
    params = device["actions"]["boot"]["methods"]["qemu"]["parameters"]
    cmd = [params["command"].strip()]
    cmd += params.get("options", [])
    cmd += [str(x) for x in params.get("extra", [])]
    for action in job.get("actions", []):
        for label, image in (action.get("deploy") or {}).get("images", {}).items():
            if "image_arg" in image:
                cmd.append(image["image_arg"].replace("{%s}" % label,
                                                      paths.get(label, label)))
    print(" ".join(cmd))
    return 0


sys.exit(main(sys.argv))
