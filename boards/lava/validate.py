"""Validates LAVA files with the schemas of Debian's lava-common: job
files (lava_common.schemas.validate, strict) and test definitions
(their testdef schema, strict: no keys LAVA does not know).

usage: /usr/bin/python3 boards/lava/validate.py FILE...

Exit 0 when every FILE is valid, 1 when one is not (each is named), 2
without a FILE or without lava-common (Debian's python3-voluptuous and
python3-yaml come with it: a python3 that is not Debian's lacks them)."""
import sys

USAGE = __doc__.split("\n\n")[1]


def check(path, yaml, Invalid, Schema, validate, testdef):
    with open(path) as f:
        data = yaml.safe_load(f)
    if not isinstance(data, dict):
        raise Invalid("expected a mapping at the top")
    if "actions" in data:
        validate(data, strict=True)
        return "job"
    Schema(testdef(), extra=False)(data)
    return "test definition"


def main(argv):
    if len(argv) < 2:
        print(USAGE, file=sys.stderr)
        return 2
    try:
        import yaml
        from voluptuous import Invalid, Schema
        from lava_common.schemas import validate
        from lava_common.schemas.test.testdef import testdef
    except ImportError as e:
        print(f"{argv[0]}: {e}: this python3 ({sys.executable}) has no "
              "lava-common; run it with Debian's, /usr/bin/python3, with "
              "lava-common installed (apt-get install lava-common)",
              file=sys.stderr)
        return 2
    status = 0
    for p in argv[1:]:
        try:
            kind = check(p, yaml, Invalid, Schema, validate, testdef)
            print(f"{p}: a valid LAVA {kind}")
        except (Invalid, yaml.YAMLError, OSError) as e:
            print(f"{p}: not valid: {e}", file=sys.stderr)
            status = 1
    return status


sys.exit(main(sys.argv))
