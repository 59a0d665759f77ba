"""The one-line verdicts of the tests' Python checks: each check prints `ok: …`, and the first
failure prints `FAIL: …` and exits 1, so the Swift test shows what was expected and found."""
import sys


def fail(message):
    print("FAIL: " + message)
    sys.exit(1)


def check(condition, message):
    if not condition:
        fail(message)
    print("ok: " + message)
