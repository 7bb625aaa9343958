"""Validates LAVA files with the schemas of Debian's lava-common: job
files (lava_common.schemas.validate, strict) and test definitions
(their testdef schema, strict: no keys LAVA does not know).
usage: python3 lava/validate.py FILE...   (exit 1 on the first error)"""
import sys

import yaml
from voluptuous import Invalid, Schema
from lava_common.schemas import validate
from lava_common.schemas.test.testdef import testdef


def check(path):
    with open(path) as f:
        data = yaml.safe_load(f)
    if not isinstance(data, dict):
        raise Invalid("expected a mapping at the top")
    if "actions" in data:
        validate(data, strict=True)
        return "job"
    Schema(testdef(), extra=False)(data)
    return "test definition"


status = 0
for p in sys.argv[1:]:
    try:
        print(f"{p}: a valid LAVA {check(p)}")
    except (Invalid, yaml.YAMLError, OSError) as e:
        print(f"{p}: not valid: {e}", file=sys.stderr)
        status = 1
sys.exit(status)
